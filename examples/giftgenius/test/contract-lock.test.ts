/**
 * GiftGenius' released contract: the committed `contract.lock.json` is what `npm run
 * contract:lock` writes for the current contract, so the build's check (which fails a breaking
 * change without a major bump) compares against what was released. The kit's own check and diff
 * tests are the kit's (test/build/contract-check.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeContractLock } from "mcp-widget-kit/build";
import { giftGenius } from "../contract.ts";

const work = mkdtempSync(join(tmpdir(), "giftgenius-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("GiftGenius contract lock", () => {
  it("the committed lock is the current GiftGenius contract's", () => {
    const fresh = join(work, "contract.lock.json");
    writeContractLock(giftGenius, fresh);
    const committed = new URL("../contract.lock.json", import.meta.url);
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(
      JSON.parse(readFileSync(fresh, "utf8")),
    );
  });
});

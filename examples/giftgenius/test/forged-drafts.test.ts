/**
 * Drafts forged with the public development secret: a valid signature must not be enough to
 * place an order, and the server must not start outside development on that secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadGifts } from "../server/catalog/catalog.ts";
import { readConfig } from "../server/config.ts";
import { createDraftSigner } from "../server/drafts.ts";
import { multiplyAmount } from "../server/tools/shared.ts";
import { spawnServer } from "../../../scripts/spawn-server.ts";
import { callerScope } from "mcp-widget-kit/server";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";
import { createTestIssuer } from "../../../test/server/test-issuer.ts";

const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const YEAR = 365 * 24 * 3600_000;
// The built-in secret, as anyone can read it in the source.
const forger = createDraftSigner(readConfig({}).draftSecret);
const gift = loadGifts().find((item) => !item.discontinued)!;
const price = gift.prices.USD;

describe("commit_order re-validates a signed draft", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ dailyLimit: 1_000 }, { now: () => NOW });
  });
  afterAll(() => h.close());

  const forged = {
    "quantity 0 (total 0.00)": {
      request: { quantity: 0, total: multiplyAmount(price, 0) },
      at: NOW,
      code: "DRAFT_NOT_FOUND",
    },
    "quantity 999 (prepare refuses more than 10)": {
      request: { quantity: 999, total: multiplyAmount(price, 999) },
      at: NOW,
      code: "DRAFT_NOT_FOUND",
    },
    "an expiry a year away": {
      request: { quantity: 1, total: price },
      at: NOW + YEAR,
      code: "DRAFT_NOT_FOUND",
    },
    "a total that is not the catalog's": {
      request: { quantity: 1, total: "0.01" },
      at: NOW,
      code: "PRICE_CHANGED",
    },
  };

  for (const [name, { request, at, code }] of Object.entries(forged)) {
    it(`refuses ${name} with a ToolError and charges nothing`, async () => {
      const client = await h.connect();
      // Forged for the very person who sends it: only the owner can be right here.
      const owner = callerScope({ issuer: h.issuer.issuer, subject: "alice", scopes: [] });
      const { draftId } = forger.issue({ giftId: gift.id, currency: "USD", ...request }, at, owner);
      const before = await h.app.payments.countCharges();
      const result = await call(client, "commit_order", {
        draft_id: draftId,
        idempotency_key: `forged-${code}-${request.quantity}-${at}`,
      });
      expect(result.isError).toBe(true);
      expect(sc(result)).toMatchObject({
        ok: false,
        error: { code, retryable: false, changes: "none" },
      });
      expect(sc(result).order).toBeUndefined();
      expect(await h.app.payments.countCharges()).toBe(before);
    });
  }

  it("still places the order of a genuine draft, at the catalog total", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, gift.id, 3);
    const result = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "genuine-key-1",
    });
    expect(sc(result)).toMatchObject({
      ok: true,
      order: { total: { amount: multiplyAmount(price, 3), currency: "USD" } },
    });
  });
});

describe("the draft secret at start-up", () => {
  const app = fileURLToPath(new URL("..", import.meta.url));

  it.each(["production", "staging", undefined])(
    "refuses to start in production (NODE_ENV %s) without GIFTGENIUS_SECRET, in one line naming it and the issuer",
    async (mode) => {
      const env: { [key: string]: string | undefined } = { ...process.env, NODE_ENV: mode };
      delete env.GIFTGENIUS_SECRET;
      delete env.AUTH_ISSUER;
      delete env.AUTH_AUDIENCE;
      delete env.PUBLIC_ORIGIN;
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: app,
        env: { ...env, PORT: "0" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).not.toBe(0);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /needs GIFTGENIUS_SECRET, AUTH_ISSUER, AUTH_AUDIENCE, PUBLIC_ORIGIN;/,
      );
    },
    90_000,
  );

  it("starts in production once GIFTGENIUS_SECRET is set (and an issuer to trust, and its public origin)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "giftgenius-secret-"));
    const issuer = await createTestIssuer({ serve: true });
    const server = await spawnServer(
      {
        ...issuer.env(),
        NODE_ENV: "production",
        GIFTGENIUS_SECRET: "a-real-secret-for-this-test-7fQ2xLk9",
        PUBLIC_ORIGIN: "https://giftgenius.example",
        SQLITE_FILE: join(dir, "idem.sqlite"),
        WIDGET_DIST: join(dir, "dist"),
      },
      80_000,
    );
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    } finally {
      await server.stop();
      await issuer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

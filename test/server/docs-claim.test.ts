/**
 * docs/server.md says how each store claims a key; the claim is what makes a write run once,
 * so the sentence must describe the code (it once promised an IMMEDIATE transaction the
 * SQLite store never opened).
 */
import { readFileSync } from "node:fs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("docs/server.md on the idempotency claim", () => {
  const docs = read("docs/server.md");
  const claim = /claimed atomically before the side effect[\s\S]*?\n2\./.exec(docs)?.[0] ?? "";
  // Both stores run the one SQL text of sql-store.ts on their own driver.
  const stores = {
    sqlite: read("src/server/idempotency/sqlite-store.ts"),
    postgres: read("src/server/idempotency/postgres-store.ts"),
    shared: read("src/server/idempotency/sql-store.ts"),
  };

  it("describes the claim step", () => {
    expect(claim).not.toBe("");
  });

  it("promises a transaction kind only where a store opens one", () => {
    for (const [name, source] of Object.entries(stores)) {
      const opensImmediate = /\bIMMEDIATE\b|\.immediate\(/.test(source);
      if (!opensImmediate)
        expect(claim, name).not.toMatch(
          /uses? an `?IMMEDIATE`? transaction|in an `IMMEDIATE` transaction/,
        );
    }
  });

  it("names the statement both stores run", () => {
    expect(claim).toMatch(/INSERT … ON CONFLICT/);
    expect(stores.shared).toMatch(/INSERT INTO [\s\S]*ON CONFLICT \(scope, key\) DO UPDATE/);
    for (const name of ["sqlite", "postgres"] as const)
      expect(stores[name], name).toMatch(/createSqlStore\(/);
  });
});

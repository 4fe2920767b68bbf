/**
 * The fixture app as its own process, through the kit's `serveApp` — how the kit's stdio,
 * multi-process and PostgreSQL tests start a real server (`tsx test/fixture-app/main.ts`,
 * `--stdio` for stdio) without GiftGenius. The settings are serveApp's own (`PORT`,
 * `SQLITE_FILE`, `DATABASE_URL`, `AUTH_ISSUER`, `AUTH_AUDIENCE`, `IDEMPOTENCY_LEASE_SECONDS`, …)
 * and three of the fixture's, for those tests: `IDEMPOTENCY_WAIT_MS`, `FIXTURE_PLACE_DELAY_MS`
 * (each purchase's effect waits this long: concurrent calls overlap) and
 * `FIXTURE_PREPARE_LIMIT` (drafts per caller and day). It logs `listening` with its URL.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { serveApp } from "../../src/server/index.ts";
import { createFixtureTools, FIXTURE_SCOPE } from "./app.ts";

/** A whole number setting, or undefined when unset (a test sets only what it needs). */
function whole(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new Error(`${name} must be a whole number`);
  return Number(text);
}

const lease = whole("IDEMPOTENCY_LEASE_SECONDS");
const wait = whole("IDEMPOTENCY_WAIT_MS");
const delay = whole("FIXTURE_PLACE_DELAY_MS");
const prepareLimit = whole("FIXTURE_PREPARE_LIMIT");

await serveApp({
  name: "fixture-shop",
  title: "Fixture shop",
  scopes: [FIXTURE_SCOPE],
  port: 0,
  dist: new URL("./dist/", import.meta.url),
  sqliteFile: new URL("./data/fixture-shop.sqlite", import.meta.url),
  open: ({ widget, store, log }) =>
    createFixtureTools({
      store: store(),
      log,
      widget: widget(),
      timing: {
        ...(lease !== undefined ? { leaseMs: lease * 1000 } : {}),
        ...(wait !== undefined ? { waitMs: wait } : {}),
      },
      ...(delay ? { beforePlace: () => sleep(delay) } : {}),
      ...(prepareLimit !== undefined ? { prepareLimit } : {}),
    }).tools,
});

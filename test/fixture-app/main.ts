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
import { readSettings, serveApp } from "../../src/server/index.ts";
import { createFixtureTools, FIXTURE_SCOPE } from "./app.ts";

/**
 * The fixture's own settings through the kit's reader, each within its bounds, or undefined
 * when unset (a test sets only what it needs). Read in `check` too: a value outside its bounds
 * is serveApp's one-line refusal (test/server/settings-refused.test.ts).
 */
function fixtureSettings() {
  const unset = -1;
  const { numbers } = readSettings({
    port: 0,
    numbers: {
      IDEMPOTENCY_WAIT_MS: { fallback: unset, min: 0, max: 120_000, unit: "ms" },
      FIXTURE_PLACE_DELAY_MS: { fallback: unset, min: 0, max: 120_000, unit: "ms" },
      FIXTURE_PREPARE_LIMIT: { fallback: unset, min: 0, max: 1_000_000, unit: "drafts a day" },
    },
  });
  const given = (value: number) => (value === unset ? undefined : value);
  return {
    wait: given(numbers.IDEMPOTENCY_WAIT_MS),
    delay: given(numbers.FIXTURE_PLACE_DELAY_MS),
    prepareLimit: given(numbers.FIXTURE_PREPARE_LIMIT),
  };
}

await serveApp({
  name: "fixture-shop",
  title: "Fixture shop",
  scopes: [FIXTURE_SCOPE],
  port: 0,
  dist: new URL("./dist/", import.meta.url),
  sqliteFile: new URL("./data/fixture-shop.sqlite", import.meta.url),
  // Before anything starts (the sign-in, the store): a refusal is then the only line.
  check: () => void fixtureSettings(),
  open: ({ widget, store, log, settings }) => {
    const lease = process.env.IDEMPOTENCY_LEASE_SECONDS
      ? settings.idempotency.leaseSeconds
      : undefined;
    const { wait, delay, prepareLimit } = fixtureSettings();
    return createFixtureTools({
      store: store(),
      log,
      widget: widget(),
      timing: {
        ...(lease !== undefined ? { leaseMs: lease * 1000 } : {}),
        ...(wait !== undefined ? { waitMs: wait } : {}),
      },
      ...(delay ? { beforePlace: () => sleep(delay) } : {}),
      ...(prepareLimit !== undefined ? { prepareLimit } : {}),
    }).tools;
  },
});

/**
 * The fixture app as its own process, through the kit's `serveApp` — how the kit's stdio,
 * multi-process and PostgreSQL tests start a real server (`tsx test/fixture-app/main.ts`,
 * `--stdio` for stdio) without GiftGenius. The settings are serveApp's own (`PORT`,
 * `SQLITE_FILE`, `DATABASE_URL`, `AUTH_ISSUER`, `AUTH_AUDIENCE`, …); it prints its endpoint URL
 * on stdout.
 */
import { serveApp } from "../../src/server/index.ts";
import { createFixtureTools, FIXTURE_SCOPE } from "./app.ts";

await serveApp({
  name: "fixture-shop",
  title: "Fixture shop",
  scopes: [FIXTURE_SCOPE],
  port: 0,
  dist: new URL("./dist/", import.meta.url),
  sqliteFile: new URL("./data/fixture-shop.sqlite", import.meta.url),
  open: ({ widget, store, protectedResource, log }) =>
    createFixtureTools({
      store: store(),
      log,
      widget: widget(),
      ...(protectedResource ? { protectedResource } : {}),
    }).tools,
});

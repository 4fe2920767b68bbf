/**
 * `npx tsx test/fixture-app/record.ts`: records the fixture shop's tool results into
 * test/fixture-app/fixtures/ — a list, an empty list, a draft (the record the person
 * confirms), a placed purchase and its replay, and the errors a write can end in — for the
 * kit's DOM snapshots (test/snapshots/dom.test.tsx). In process, on a free port, with a fixed
 * clock and request ids and one named local caller, through the kit's `recordFixtures`, which
 * checks each result against the contract before writing `<state>--<name>.json`.
 */
import { fileURLToPath } from "node:url";
import { CONFIRMATION_META } from "../../src/contract/index.ts";
import { createSqliteStore, serveHttp, silentLogger } from "../../src/server/index.ts";
import { widgetResources } from "../../src/server/widget/widget-resources.ts";
import { recordFixtures, type RecordedResult } from "../../src/testing/index.ts";
import { shop } from "../support/shop-contract.ts";
import { createFixtureTools, FIXTURE_SCOPE, GOOD_LIST } from "./app.ts";

let requests = 0;
const store = createSqliteStore(":memory:");
await store.init();
const fixture = createFixtureTools({
  store,
  log: silentLogger,
  widget: widgetResources({
    dist: "/nonexistent",
    log: silentLogger,
    fallbackName: "fixture-shop",
  }),
  now: () => Date.parse("2030-04-30T10:00:00Z"),
  requestId: () => `req-fixture-${++requests}`,
});
// Writes need a verified caller: every connection here is one named local person.
const principal = { issuer: "local", subject: "recorder", scopes: [FIXTURE_SCOPE] };
const endpoint = await serveHttp({
  createServer: (context) => fixture.tools.createServer(context, { principal }),
  log: silentLogger,
  port: 0,
});
/** A draft as the widget places it: its id, and the proof the result's `_meta` carried. */
const draftOf = (result: RecordedResult) => ({
  draft_id: (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id,
  confirmation: (result._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META],
});
try {
  const report = await recordFixtures({
    contract: shop,
    server: endpoint.url,
    dir: fileURLToPath(new URL("./fixtures/", import.meta.url)),
    async scenarios(rec) {
      rec.record("results", "list-products", await rec.call("list_products", GOOD_LIST));
      rec.record("empty", "no-match", await rec.call("list_products", { tags: ["garden"] }));
      rec.record("error", "validation-failed", await rec.call("list_products", { tags: [] }));
      rec.record(
        "error",
        "product-not-found",
        await rec.call("prepare_purchase", { product_id: "p-gone" }),
      );
      const prepared = await rec.call("prepare_purchase", { product_id: "p-lamp", quantity: 2 });
      const place = { ...draftOf(rec.record("confirm", "prepare-purchase", prepared)) };
      const first = { ...place, idempotency_key: "recorded-key-1" };
      rec.record("committed", "place-purchase", await rec.call("place_purchase", first));
      rec.record("committed", "replay", await rec.call("place_purchase", first));
      const other = draftOf(await rec.call("prepare_purchase", { product_id: "p-mug" }));
      const reused = await rec.call("place_purchase", { ...first, ...other });
      rec.record("error", "idempotency-key-reused", reused);
      const unconfirmed = { draft_id: other.draft_id, idempotency_key: "recorded-key-2" };
      rec.record("error", "confirmation-required", await rec.call("place_purchase", unconfirmed));
    },
  });
  console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
} finally {
  await endpoint.close();
  await store.close();
}

/**
 * One "process" of test/server/one-write-per-thing.test.ts: opens the SQLite file named in
 * argv, uses the draft named there with the event as its thing, and prints the use's state.
 */
import { createDraftStore, createSqliteStore } from "../../src/server/index.ts";

const [file, name, scope, draftId, useKey] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const store = createSqliteStore(file);
const drafts = createDraftStore<{ event_id: string }>(store, { name, ttlMs: 60_000 });
const use = await drafts.use(scope, draftId, useKey, {
  thing: (draft) => `event:${draft.event_id}`,
});
process.stdout.write(use.state);
await store.close();

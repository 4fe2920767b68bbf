/**
 * `mcp-widget-kit reconcile --app server/reconcile.ts` on a created app with two writes: the
 * payments app as `create --template payments` writes it, given a second write as a new user
 * would add one (a copy of its send, renamed: `quote_refund` / `refund_transfer`, paying the
 * amount back), listed beside the first in `server/tools.ts` — and `server/reconcile.ts` left
 * as the template wrote it. One run of the command finishes an in-doubt record of each write,
 * each with its own write's effect, from the app's one definition (the tool server's
 * `reconciler`); the money moves once per write. A module that hands the command one write's
 * hooks instead (the old dispatch) leaves the other's record in doubt and says so (`unowned`).
 *
 * The app is written under the repository's `.tmp/` so that its imports resolve to the kit's
 * sources and installs here (as `templates/*` tests do); the command runs in process.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/cli/create.ts";
import { runReconcile } from "../../src/cli/reconcile.ts";
import { callerScope, createSqliteStore, silentLogger } from "../../src/server/index.ts";
import { callAsWidget } from "../../src/testing/index.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, ".tmp", `reconcile-two-writes-${randomUUID()}`);
mkdirSync(work, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const app = createApp({ dir: "tickets", cwd: work, template: "payments" }).dir;
const file = (path: string) => join(app, path);
const read = (path: string) => readFileSync(file(path), "utf8");

/** Replaces each `from` in `text`, failing when the template no longer has it. */
function edit(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.reduce((out, [from, to]) => {
    if (!out.includes(from)) throw new Error(`the template no longer has: ${from}`);
    return out.replaceAll(from, to);
  }, text);
}

// The second write: the send, copied and renamed, paying the amount back (ids `rf_…`).
writeFileSync(
  file("server/refund.ts"),
  edit(read("server/transfer.ts"), [
    ["quote_transfer", "quote_refund"],
    ["send_transfer", "refund_transfer"],
    ["transfer_quotes", "refund_quotes"],
    ["export function sendTransfer", "export function sendRefund"],
    ["const cents = draft.amount_cents + draft.fee_cents;", "const cents = -draft.amount_cents;"],
    ["`tr_${", "`rf_${"],
  ]),
);
// Listed beside the first in the app's one tool server; server/reconcile.ts is not touched.
writeFileSync(
  file("server/tools.ts"),
  edit(read("server/tools.ts"), [
    [
      'import { eur, sendTransfer, TRANSFER_SCOPE } from "./transfer.ts";',
      'import { eur, sendTransfer, TRANSFER_SCOPE } from "./transfer.ts";\nimport { sendRefund } from "./refund.ts";',
    ],
    [
      "const { prepare, commit, purges } = sendTransfer({ ...options, provider });",
      "const { prepare, commit, purges } = sendTransfer({ ...options, provider });\n  const refund = sendRefund({ ...options, provider });",
    ],
    [
      "tools: [listContacts(options), getBalance(options, provider), prepare, commit],",
      "tools: [listContacts(options), getBalance(options, provider), prepare, commit, refund.prepare, refund.commit],",
    ],
  ]),
);
// The old dispatch, for contrast: one write's hooks handed to the command.
writeFileSync(
  file("server/reconcile-sends-only.ts"),
  `import { appReconciliation } from "mcp-widget-kit/server";
import { fakeProvider } from "./provider.ts";
import { sendTransfer } from "./transfer.ts";

export const openReconciliation = appReconciliation({ name: "payments" }, (options) => ({
  store: options.store,
  ...sendTransfer({ ...options, provider: fakeProvider(options.store) }).reconciler,
}));
`,
);

const widget = { uris: { skybridge: "ui://widget/t.html", mcpApp: "ui://widget/t.mcp-app.html" } };
const origin = { principal: { issuer: "local", subject: "alice", scopes: ["transfers:write"] } };

/** The created app's own modules. */
async function modules() {
  const { createPaymentsServer } = (await import(file("server/tools.ts"))) as {
    createPaymentsServer: (options: object) => Parameters<typeof callAsWidget>[0];
  };
  const { fakeProvider } = (await import(file("server/provider.ts"))) as {
    fakeProvider: (store: ReturnType<typeof createSqliteStore>) => {
      fail(...faults: string[]): void;
      balance(account: string): Promise<number>;
    };
  };
  const { payments } = (await import(file("contract.ts"))) as {
    payments: { parse(value: unknown): { state: string; [key: string]: unknown } };
  };
  return { createPaymentsServer, fakeProvider, payments };
}

/** The app on `database`: its tool server as the widget calls it, and its provider. */
async function openApp(database: string) {
  const { createPaymentsServer, fakeProvider, payments } = await modules();
  const store = createSqliteStore(database);
  const provider = fakeProvider(store);
  const tools = createPaymentsServer({ widget, log: silentLogger, store, provider });
  const { view } = callAsWidget(tools, { parse: payments.parse, origin });
  const balance = () => provider.balance(callerScope(origin.principal));
  return { store, provider, view, balance };
}

type Opened = Awaited<ReturnType<typeof openApp>>;
type Shown = {
  state: string;
  data?: { quote?: { draft_id: string }; transfer?: { transfer_id: string }; replayed?: boolean };
  error?: { code: string; changes?: string };
};

/** Quotes and commits through one write; the provider's answer is lost when `lost`. */
async function confirm(opened: Opened, write: "transfer" | "refund", key: string, lost: boolean) {
  const [quote, commit] =
    write === "transfer"
      ? ["quote_transfer", "send_transfer"]
      : ["quote_refund", "refund_transfer"];
  const quoted = (await opened.view(quote, { contact_id: "c-101", amount_cents: 2000 })) as Shown;
  if (quoted.state !== "confirm") throw new Error(JSON.stringify(quoted));
  if (lost) opened.provider.fail("timeout");
  const args = { draft_id: quoted.data!.quote!.draft_id, idempotency_key: key };
  return { commit, args, shown: (await opened.view(commit, args)) as Shown };
}

/**
 * The command on `database`. Its clock moves 5 ms each time it is read, as a loaded machine's
 * does between passes: a record one pass left in doubt is due again in the next, and must be
 * counted once however many passes saw it.
 */
let at = 0;
const clock = () => (at = Math.max(at + 5, Date.now()));
const reconcile = (database: string, module = "server/reconcile.ts") =>
  runReconcile({
    app: file(module),
    graceMs: 0,
    env: { SQLITE_FILE: database, NODE_ENV: "test" },
    now: clock,
  });

describe("mcp-widget-kit reconcile on a created app with two writes", () => {
  it("one run finishes an in-doubt record of each write, with that write's own effect", async () => {
    const database = join(work, `both-${randomUUID()}.sqlite`);
    const opened = await openApp(database);
    const before = await opened.balance();
    // Each write's provider moves the money and loses the answer: both records in doubt.
    const send = await confirm(opened, "transfer", "tickets-send-1", true);
    const refund = await confirm(opened, "refund", "tickets-refund-1", true);
    for (const { shown } of [send, refund])
      expect(shown).toMatchObject({ state: "error", error: { changes: "unknown" } });

    // The command, beside the app (its own store on the same database), nobody retrying.
    expect(await reconcile(database)).toMatchObject({
      completed: 2,
      unowned: 0,
      retry_later: 0,
      lost: 0,
    });
    expect(await reconcile(database)).toMatchObject({ completed: 0, unowned: 0 });

    // The widget's late retries replay what each write's own effect made: a transfer, a refund.
    const sent = (await opened.view(send.commit, send.args)) as Shown;
    const refunded = (await opened.view(refund.commit, refund.args)) as Shown;
    expect(sent.data).toMatchObject({ replayed: true });
    expect(sent.data?.transfer?.transfer_id).toMatch(/^tr_/);
    expect(refunded.data).toMatchObject({ replayed: true });
    expect(refunded.data?.transfer?.transfer_id).toMatch(/^rf_/);
    // 20.00 and its 0.50 fee out, 20.00 back: each moved once.
    expect(await opened.balance()).toBe(before - 2050 + 2000);
    await opened.store.close();
  });

  it("one write's hooks alone (the old dispatch) leave the other's record in doubt, and say so", async () => {
    const database = join(work, `one-${randomUUID()}.sqlite`);
    const opened = await openApp(database);
    await confirm(opened, "transfer", "tickets-send-2", true);
    await confirm(opened, "refund", "tickets-refund-2", true);
    await opened.store.close();

    expect(await reconcile(database, "server/reconcile-sends-only.ts")).toMatchObject({
      completed: 1,
      unowned: 1,
    });
    // The app's own module, next, finishes the refund.
    expect(await reconcile(database)).toMatchObject({ completed: 1, unowned: 0 });
  });
});

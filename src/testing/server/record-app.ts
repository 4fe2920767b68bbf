/**
 * `recordApp()`: an app's `npm run record` in one declaration. It serves the app's own tool
 * server on a free loopback port for one signed-in person, on a fresh in-memory store, with a
 * fixed clock and request ids, and records the scenarios through `recordFixtures` (each result
 * checked against the contract). A commit carries the proof its prepare result gave, as the
 * widget sends it; ids the server makes at random (the kit's draft ids, and the app's own
 * `stableIds`) are renamed in order of first appearance (`drf_0…01`), and a renamed draft's
 * proof is signed again for its recorded id — so recording twice writes the same files.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { callerScope } from "../../server/auth/caller.ts";
import { createConfirmationSigner } from "../../server/write/confirmation.ts";
import { serveHttp } from "../../server/http/serve-http.ts";
import { createSqliteStore } from "../../server/idempotency/sqlite-store.ts";
import type { IdempotencyStore } from "../../server/idempotency/store.ts";
import { silentLogger, type ServerLogger } from "../../server/runtime/log.ts";
import type { ToolServer } from "../../server/tool-server.ts";
import { CONFIRMATION_META } from "../../contract/confirmation.ts";
import { recordFixtures, type Recorder } from "../record-fixtures.ts";
import type { RecordedResult } from "../tool-caller.ts";
import { callAsWidget } from "../widget-caller.ts";
import { FIXED_NOW } from "../fixed-clock.ts";

/** The ids of the kit's draft store: `drf_` and 32 random hex digits. */
const KIT_DRAFT_IDS = /\bdrf_[0-9a-f]{32}\b/g;

/** Options of {@link recordApp}. */
export interface RecordAppOptions<State extends string> {
  /** The app's contract (`defineContract`'s): every result must parse to its scenario's state. */
  readonly contract: { parse(structuredContent: unknown): { readonly state: State } };
  /**
   * The fixture folder; it belongs to the recorder. Default: `fixtures/` in the working
   * directory — the app's folder, where `npm run record` runs.
   */
  readonly dir?: URL | string;
  /** The scopes of the recording's signed-in person (the app's write scopes). */
  readonly scopes: readonly string[];
  /**
   * The fixed clock of the recording (ms since the epoch). Default: 2030-01-01T10:00:00Z, the
   * instant `snapshotFixtures` renders at, so a recorded draft is shown as fresh as it was.
   */
  readonly now?: number;
  /**
   * Opens the app's tool server on `store`, with the clock, request ids and (silent) logger to
   * use: `(server) => createAppServer({ widget, ...server })`.
   */
  open(options: {
    readonly store: IdempotencyStore;
    readonly now: () => number;
    readonly requestId: () => string;
    readonly log: ServerLogger;
  }): ToolServer;
  /**
   * The app's own ids made at random or from the effect key (e.g. `/\brp_[0-9a-f]{16}\b/g`),
   * renamed like the kit's draft ids: `<prefix>_` kept, the rest a counter of the same length.
   */
  readonly stableIds?: RegExp;
  /**
   * The scenarios, as `recordFixtures`' script: `call` sends a commit's proof by itself, and
   * `proof` signs one for an id nobody prepared (a scenario that reaches the draft check).
   */
  scenarios(
    recorder: Pick<Recorder<NoInfer<State>>, "call" | "record"> & {
      proof(draftId: string): string;
    },
  ): Promise<void>;
}

/** The draft id of a result's one entry that has one. */
function draftIdOf(result: RecordedResult): string | undefined {
  const body = result.structuredContent;
  if (typeof body !== "object" || body === null) return undefined;
  const ids = Object.values(body)
    .map((entry) => (entry as { draft_id?: unknown } | null)?.draft_id)
    .filter((id): id is string => typeof id === "string");
  return ids.length === 1 ? ids[0] : undefined;
}

/**
 * Records the app's fixtures (see the file comment) and prints what it did; resolves with
 * `recordFixtures`' report. Development mode unless `NODE_ENV` says otherwise: the kit's
 * built-in confirmation secret signs the proofs, so no secret is needed.
 */
export async function recordApp<State extends string>(options: RecordAppOptions<State>) {
  process.env.NODE_ENV ??= "development";
  const instant = options.now ?? FIXED_NOW;
  const now = () => instant;
  let requests = 0;
  const store = createSqliteStore(":memory:");
  const tools = options.open({
    store,
    now,
    requestId: () => `req-${++requests}`,
    log: silentLogger,
  });
  const principal = { issuer: "local", subject: "recorder", scopes: [...options.scopes] };
  const endpoint = await serveHttp({
    createServer: (context) => tools.createServer(context, { principal }),
    log: silentLogger,
    port: 0,
  });
  const signer = createConfirmationSigner({ now });
  const renamed = new Map<string, string>();
  const counts = new Map<string, number>();
  const rename = (id: string) => {
    let name = renamed.get(id);
    if (name === undefined) {
      const cut = id.lastIndexOf("_") + 1;
      const prefix = id.slice(0, cut);
      const count = (counts.get(prefix) ?? 0) + 1;
      counts.set(prefix, count);
      renamed.set(id, (name = prefix + String(count).padStart(id.length - cut, "0")));
    }
    return name;
  };
  /** The result with stable ids, and a renamed draft's proof signed for its new id. */
  const stable = (result: RecordedResult): RecordedResult => {
    let text = JSON.stringify(result).replace(KIT_DRAFT_IDS, rename);
    if (options.stableIds) text = text.replace(options.stableIds, rename);
    const recorded = JSON.parse(text) as RecordedResult;
    const draftId = draftIdOf(recorded);
    const meta = recorded._meta as { [key: string]: unknown } | undefined;
    if (draftId !== undefined && draftId !== draftIdOf(result) && meta?.[CONFIRMATION_META])
      meta[CONFIRMATION_META] = signer.issue(draftId, callerScope(principal));
    return recorded;
  };
  try {
    const report = await recordFixtures({
      contract: options.contract,
      server: endpoint.url,
      dir:
        options.dir === undefined
          ? resolve("fixtures")
          : typeof options.dir === "string"
            ? options.dir
            : fileURLToPath(options.dir),
      scenarios: (recorder) => {
        const widget = callAsWidget(
          {
            callTool: (name, args) => recorder.call(name, args as never),
            listTools: () => tools.listTools(),
          },
          { parse: options.contract.parse },
        );
        return options.scenarios({
          call: (tool, args = {}) => widget.call(tool, args),
          record: (state, name, result) => recorder.record(state, name, stable(result)),
          proof: (draftId) => signer.issue(draftId, callerScope(principal)),
        });
      },
    });
    console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
    return report;
  } finally {
    await endpoint.close();
    await store.close();
  }
}

/**
 * What an app writes a tool as (`ToolDefinition`, usually through `defineTool`), what its
 * handler gets (`ToolContext`) and answers (`ToolOutcome`), and who calls (`CallOrigin`). Types
 * only: the tool server (tool-server.ts) and the checks it runs (confirmation, access) read
 * them from here, so none of them imports another back.
 */
import type { AuthInfo, ToolAnnotations } from "@modelcontextprotocol/server";
import type { Principal } from "./auth/principal.ts";
import type { ToolAuth } from "./auth/tool-access.ts";
import type { IdempotencyStore } from "./idempotency/store.ts";
import type { ServerLogger } from "./runtime/log.ts";
import type { ToolErrorBody } from "./tool-failure.ts";
import type { ArgumentSpec } from "./validate-arguments/index.ts";

/** What a handler gets besides its validated arguments. */
export interface ToolContext {
  /** Ties the result to the server log. */
  readonly requestId: string;
  /** The caller scope (see `callerScope`): `user:…` for a verified principal, else `anonymous`. */
  readonly caller: string;
  /** The verified caller (a token's issuer and subject, or stdio's local principal). */
  readonly principal?: Principal | undefined;
  /** The server's logger; log under `requestId`. */
  readonly log: ServerLogger;
  /** Aborted when the client cancels the request. */
  readonly signal: AbortSignal;
  /**
   * The verified access token of an HTTP request, as the HTTP layer's `authenticate` hook
   * returned it; absent when anonymous and on stdio.
   */
  readonly auth?: AuthInfo | undefined;
}

/** Who is calling, as the transport knows it (see `callerScope`). */
export interface CallOrigin {
  /** The verified caller; absent = anonymous. */
  principal?: Principal | undefined;
  /** The verified access token, if any. */
  auth?: AuthInfo | undefined;
  /** The request carried a token that failed verification. */
  refused?: boolean;
  /** Aborted when the call is cancelled (default: never). */
  signal?: AbortSignal;
}

/** A handler's answer: success data, or a failure (e.g. a replayed stored failure). */
export type ToolOutcome =
  | {
      ok: true;
      data: { [key: string]: unknown };
      text: string;
      /**
       * Fields for the widget only (`recordKind`'s `widgetOnly`): sent in the result's `_meta`,
       * which hosts hand to the widget and never to the model.
       */
      widgetOnly?: { [key: string]: unknown };
    }
  | {
      ok: false;
      error: ToolErrorBody & { request_id?: string };
      extra?: { [key: string]: unknown };
    };

/** One tool: its MCP description, its arguments, its result kind and its handler. */
export interface ToolDefinition<T = unknown> {
  /** The tool name (snake_case), unique in the server. */
  name: string;
  /** A human title for hosts that list tools. */
  title?: string;
  /** What the tool does and when to call it, for the model. */
  description: string;
  /** MCP hints: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`. */
  annotations: ToolAnnotations;
  /** Tool `_meta` (output template, widget access, invocation texts, ...). */
  meta?: { [key: string]: unknown };
  /** The contract kind of its `structuredContent`. */
  kind: string;
  /** JSON Schema of the result (`kindJsonSchema(contract, kind)`). */
  outputSchema: { [key: string]: unknown };
  /** The argument schema, its examples and cross-field rules. */
  arguments: ArgumentSpec<T>;
  /**
   * A write tool: every failure says whether anything changed (`changes`), and it always needs
   * a verified caller (never the anonymous scope), even without `auth`.
   */
  writes?: boolean;
  /** What the caller must prove (scopes); absent = anyone (anonymous too) unless it writes. */
  auth?: ToolAuth;
  /**
   * Who confirms this write (a write must say): `{ prepare: "prepare_booking" }` — the person,
   * in the widget: the tool is hidden from the model and runs only with the proof `prepare`'s
   * result carried in `_meta` — or `"model"` (text-only clients; nothing proves the person
   * saw the draft). See docs/server.md, "The person confirms".
   */
  confirm?:
    | {
        /**
         * The prepare tool: the commit is hidden from the model and needs the proof that its
         * result carried (its draft id is the commit's `draft_id` argument, and the prepare
         * data's draft entry: the one entry of its kind that is an object with a `draft_id`,
         * whatever it is called; none or several stops the server at start-up).
         */
        readonly prepare: string;
        /**
         * The handler runs its write through `runCommit` before anything else, so the
         * idempotency record may answer first: a call without a valid proof still gets its
         * finished record replayed, or its in-doubt record finished from what the person
         * confirmed (a dropped secret, a proof past its life), and is refused
         * `CONFIRMATION_REQUIRED` for anything that would start a write. The handler runs
         * under that rule; if it never reaches `runCommit`, the answer is the refusal.
         */
        readonly recordFirst?: boolean;
        /**
         * The confirmation form a client without the widget shows the person, for a commit
         * declared by hand (`defineWrite` gives each of its commits one): the draft the person
         * reads — the app's words, then the draft's fields as lines, `total` last — or why it
         * cannot be confirmed; each answered form is spent once in `store`. Without it such a
         * client is refused. See docs/server.md, "Confirmation in every client".
         */
        readonly form?: {
          readonly store: IdempotencyStore;
          draft(
            draftId: string,
            caller: string,
          ): Promise<
            { readonly words: string; readonly draft: object } | "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED"
          >;
        };
      }
    | "model";
  /** Runs the call on validated arguments. */
  handler(args: T, context: ToolContext): Promise<ToolOutcome>;
}

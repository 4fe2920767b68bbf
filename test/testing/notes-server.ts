/**
 * A tiny app for the recorder's tests: a "notes" contract and an MCP server on the kit's own
 * helpers (`createToolServer` + `serveHttp`, SDK v2) on 127.0.0.1 with an ephemeral port.
 * `search_notes` finds notes by a word; `add_note` echoes the note it adds, so a later call
 * can use an id from an earlier result.
 */
import * as v from "valibot";
import { defineContract, listKind, recordKind } from "../../src/contract/index.ts";
import { createToolServer, serveHttp, silentLogger, ToolFailure } from "../../src/server/index.ts";
import type { HttpAuthOutcome } from "../../src/server/http/fetch-handler.ts";

const Note = v.object({ id: v.string(), text: v.string() });

export const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note, reason: "no_results_reason" }),
    note_saved: recordKind({ state: "committed", entries: { note: Note } }),
  },
});

const NOTES = [
  { id: "n1", text: "buy milk" },
  { id: "n2", text: "call mum" },
  { id: "n3", text: "milk the cows" },
];

/** Starts the notes server; `label` ends up in every result, so two servers tell apart. */
export async function startNotesServer(label = "main") {
  let counter = 0;
  const NOTES_USER = { issuer: "local", subject: "notes-user", scopes: [] };
  const tools = createToolServer({
    info: { name: `notes-${label}`, version: "1.0.0" },
    contract: notes,
    log: silentLogger,
    requestId: () => `req_${label}_${++counter}`,
    tools: [
      {
        name: "search_notes",
        description: "Finds notes containing a word.",
        annotations: { readOnlyHint: true },
        kind: "note_list",
        outputSchema: { type: "object" },
        arguments: {
          schema: v.strictObject({ query: v.pipe(v.string(), v.minLength(1)) }),
          repair: () => ({ query: "milk" }),
        },
        handler: async (args, context) => {
          const { query } = args as { query: string };
          if (query === "boom")
            throw new ToolFailure({
              code: "UPSTREAM_UNAVAILABLE",
              message: "The notes store is down.",
              retryable: true,
            });
          const found = NOTES.filter((note) => note.text.includes(query));
          // The caller's identity, from the header the test's authenticate hook read.
          const owner = context.auth?.clientId ?? "anonymous";
          return {
            ok: true,
            data: found.length
              ? { notes: found.map((note) => ({ ...note, text: `${note.text} (${owner})` })) }
              : { notes: [], no_results_reason: `nothing matches "${query}" on ${label}` },
            text: `${found.length} notes`,
          };
        },
      },
      {
        name: "add_note",
        description: "Adds a note.",
        annotations: {},
        kind: "note_saved",
        outputSchema: { type: "object" },
        writes: true,
        confirm: "model",
        arguments: {
          schema: v.strictObject({ text: v.string(), after: v.optional(v.string()) }),
          repair: () => ({ text: "note" }),
        },
        handler: async (args) => {
          const { text, after } = args as { text: string; after?: string };
          return {
            ok: true,
            data: { note: { id: `${after ?? "n0"}+1`, text } },
            text: "saved",
          };
        },
      },
    ],
  });
  const endpoint = await serveHttp({
    // Its write tool needs a verified caller: every connection is one fixed local person.
    createServer: (context) => tools.createServer(context, { principal: NOTES_USER }),
    log: silentLogger,
    port: 0,
    // Stands in for token verification: the `x-user` header becomes the verified caller.
    authenticate: async (request): Promise<HttpAuthOutcome> => {
      const user = request.headers.get("x-user");
      return user !== null ? { auth: { token: "t", clientId: user, scopes: [] } } : {};
    },
  });
  return endpoint;
}

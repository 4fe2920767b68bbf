/**
 * The page's MCP client: the official SDK `Client` over `StreamableHTTPClientTransport`,
 * bundled for the browser. It speaks the current revision (2026-07-28, probed with
 * `server/discover`) and falls back to the 2025 handshake against an older server. Two settings keep it inside the page's strict CSP (no
 * 'unsafe-eval'): zod runs jitless (see zod-jitless.ts), and tool output is passed through unvalidated — which is also what ChatGPT
 * does; checking `structuredContent` is the widget's parser's job, and the dev host exists to
 * show what the widget does with whatever arrives.
 */
import { ZOD_JITLESS } from "./zod-jitless.ts";
import { isRecord } from "../../core/is-record.ts";
import {
  auth,
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type CallToolResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type ReadResourceResult,
  type Tool,
} from "@modelcontextprotocol/client";
import type { PageSignIn } from "./sign-in.ts";
import type { FormAnswer, Protocol } from "./settings.ts";

/** How the page answers a server's forms: as a text-only client with form elicitation. */
export interface PageForms {
  /** Whether the client declares form elicitation (the text-only client does). */
  declared(): boolean;
  /** The person's answer to one form. */
  ask(params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult>;
  /** The client's fault of the moment, for the retry that carries an answer. */
  fault(): FormAnswer;
  /** Says what a fault did (the page's event log). */
  notice(text: string): void;
}

/** True when a POST body is a 2026-07-28 retry carrying the person's answers to a form. */
function carriesAnswers(body: unknown): boolean {
  if (typeof body !== "string") return false;
  try {
    const message = JSON.parse(body) as unknown;
    return isRecord(message) && isRecord(message.params) && "inputResponses" in message.params;
  } catch {
    return false;
  }
}

/**
 * The transport's fetch, with the client faults the fault switch plays on a retry that carries
 * answers: lost on the way (never sent), or sent twice (the first answer lost, the second
 * read). Every other request goes out untouched.
 */
function faultyFetch(forms: PageForms | undefined): typeof fetch {
  return async (input, init) => {
    const fault = forms?.fault();
    if (
      !forms ||
      !carriesAnswers(init?.body) ||
      (fault !== "drop-retry" && fault !== "retry-twice")
    )
      return fetch(input, init);
    if (fault === "drop-retry") {
      forms.notice("the retry with the form's answer was dropped (fault switch)");
      throw new TypeError("The retry with the form's answer was lost (fault switch).");
    }
    forms.notice("the retry with the form's answer is sent twice (fault switch)");
    await fetch(input, init).then((first) => first.body?.cancel());
    return fetch(input, init);
  };
}

const passThroughValidator: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** The page's connection to the app's MCP server. */
export interface McpConnection {
  readonly tools: readonly Tool[];
  /**
   * Calls a tool (with `meta` as the request's `_meta`, e.g. ChatGPT's client hints); when it
   * needs sign-in, signs in (popup) and calls it again.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    meta?: Record<string, string>,
  ): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  /** Starts over with a fresh client (after signing out, so the next call signs in anew). */
  reconnect(): Promise<void>;
  /** Signs in now (discovery, registration, popup, token), before any call needs it. */
  signInNow(): Promise<void>;
  /**
   * After a widget rebuild: forgets the cached widget HTML and lists the tools again (their
   * template URIs may carry the new build's hash).
   */
  refresh(): Promise<void>;
}

/** The challenge a tool result carries when the host should start sign-in (Apps SDK). */
function challengeOf(result: CallToolResult): string | undefined {
  const list = (result._meta as Record<string, unknown> | undefined)?.["mcp/www_authenticate"];
  const first = Array.isArray(list) ? (list[0] as unknown) : undefined;
  return typeof first === "string" ? first : undefined;
}

function challengeParam(challenge: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(challenge)?.[1];
}

/**
 * Connects to the MCP endpoint at `path` on this page's origin and lists its tools, telling
 * `waiting` which request it waits for. With
 * `signIn`, calls that need auth run the OAuth flow (discovery → registration → authorize with
 * PKCE and `resource` → token, as ChatGPT links an account) and are retried once.
 */
export async function connectMcp(
  path: string,
  signIn?: PageSignIn,
  waiting: (request: "initialize" | "tools/list", url: URL) => void = () => {},
  forms?: PageForms,
): Promise<McpConnection> {
  if (!ZOD_JITLESS) throw new Error("zod must run jitless under the page's CSP");
  const url = new URL(path, window.location.origin);
  let transport: StreamableHTTPClientTransport;
  let client: Client;
  const open = async () => {
    const withForms = forms?.declared() === true;
    client = new Client(
      { name: "mcp-widget-kit-devhost", version: "1.0.0" },
      {
        jsonSchemaValidator: passThroughValidator,
        versionNegotiation: { mode: "auto" },
        capabilities: withForms ? { elicitation: { form: {} } } : {},
      },
    );
    // A 2026-07-28 input request and an older server's elicitation/create both land here.
    if (withForms && forms)
      client.setRequestHandler("elicitation/create", async (request, ctx) => {
        const params = request.params;
        if (params.mode === "url") return { action: "decline" };
        if (forms.fault() === "decline") {
          forms.notice("the client declined the form without showing it (fault switch)");
          return { action: "decline" };
        }
        return forms.ask(params, ctx.mcpReq.signal);
      });
    transport = new StreamableHTTPClientTransport(url, {
      ...(signIn ? { authProvider: signIn } : {}),
      fetch: faultyFetch(forms),
    });
    await client.connect(transport);
  };
  waiting("initialize", url);
  await open();
  waiting("tools/list", url);
  let { tools } = await client!.listTools();
  const resources = new Map<string, Promise<ReadResourceResult>>();

  const call = async (name: string, args: Record<string, unknown>, meta?: Record<string, string>) =>
    (await client.callTool({
      name,
      arguments: args,
      ...(meta ? { _meta: meta } : {}),
    })) as CallToolResult;

  /** Waits for the popup's code, trades it for tokens, and starts a client that sends them. */
  const completeSignIn = async () => {
    if (!signIn) throw new Error("no sign-in configured");
    await transport.finishAuth(await signIn.authorizationResponse());
    await client.close().catch(() => {});
    await open();
  };

  return {
    get tools() {
      return tools;
    },
    async callTool(name, args, meta) {
      let result: CallToolResult;
      try {
        result = await call(name, args, meta);
      } catch (error) {
        // A 401/403: the SDK transport ran discovery and registration and opened the popup.
        if (!(error instanceof UnauthorizedError) || !signIn) throw error;
        await completeSignIn();
        return call(name, args, meta);
      }
      const challenge = signIn ? challengeOf(result) : undefined;
      if (!challenge || !signIn) return result;
      // A result that asks for sign-in (the Apps SDK's tool-level challenge).
      const metadata = challengeParam(challenge, "resource_metadata");
      const scope = challengeParam(challenge, "scope");
      const started = await auth(signIn, {
        serverUrl: url,
        ...(metadata ? { resourceMetadataUrl: new URL(metadata) } : {}),
        ...(scope ? { scope } : {}),
      });
      if (started === "REDIRECT") await completeSignIn();
      return call(name, args, meta);
    },
    async reconnect() {
      await client.close().catch(() => {});
      await open();
    },
    async signInNow() {
      if (!signIn) throw new Error("no sign-in configured");
      if ((await auth(signIn, { serverUrl: url })) === "REDIRECT") await completeSignIn();
    },
    async refresh() {
      resources.clear();
      tools = (await client.listTools()).tools;
    },
    readResource(uri) {
      // The widget HTML is fixed per URI (its name carries a content hash), like a host's cache.
      let read = resources.get(uri);
      if (!read) {
        read = client.readResource({ uri });
        read.catch(() => resources.delete(uri));
        resources.set(uri, read);
      }
      return read;
    },
  };
}

/**
 * The widget template a tool declares for a protocol: ChatGPT's `openai/outputTemplate`, or
 * MCP Apps' `ui.resourceUri` (and its older flat `ui/resourceUri`) — each host reads its own
 * key first and the other as a fallback.
 */
export function widgetTemplateUri(tool: Tool | undefined, protocol: Protocol): string | undefined {
  // A client without widgets reads none of them.
  if (protocol === "text") return undefined;
  const meta = (tool?._meta ?? {}) as Record<string, unknown>;
  const ui = meta.ui as { resourceUri?: unknown } | undefined;
  const openai = [meta["openai/outputTemplate"]];
  const mcpApps = [ui?.resourceUri, meta["ui/resourceUri"]];
  for (const candidate of protocol === "openai"
    ? [...openai, ...mcpApps]
    : [...mcpApps, ...openai]) {
    if (typeof candidate === "string" && candidate.startsWith("ui://")) return candidate;
  }
  return undefined;
}

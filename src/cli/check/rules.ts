/**
 * What ChatGPT's review refuses that a kit can see first, as rules over what a server lists
 * (its instructions, tools and widget resources) and what it answered (recorded results).
 * Pure: `mcp-widget-kit check` gathers the snapshot (check.ts) and prints the findings; the
 * rules and their words live here only. docs/commands.md lists them.
 */
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from "../../core/mcp-app-mime-type.ts";

/** One finding: the rule it breaks, where, and what to change. */
export interface Finding {
  rule: RuleId;
  where: string;
  message: string;
}

/** A tool as `tools/list` gives it (only what the rules read). */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: { properties?: { [name: string]: unknown }; required?: string[] };
  outputSchema?: unknown;
  annotations?: { [hint: string]: unknown };
  _meta?: { [key: string]: unknown };
}

/** A widget resource as `resources/read` gives its content. */
export interface ListedResource {
  uri: string;
  mimeType?: string;
  _meta?: { [key: string]: unknown };
}

/** What the check reads from a running server. */
export interface ServerSnapshot {
  instructions?: string;
  /** The server's `capabilities.extensions` (initialize or server/discover). */
  extensions?: { [id: string]: unknown };
  tools: ListedTool[];
  resources: ListedResource[];
}

/** The rules, each with the sentence `check` prints in its summary and docs list. */
export const RULES = {
  "tool-title": "every tool has a title",
  "tool-output-schema": "every tool declares an outputSchema",
  "tool-hints": "every tool sets readOnlyHint, destructiveHint and openWorldHint",
  "hint-read-only": "a tool that changes state is not readOnlyHint: true",
  "hint-destructive": "a confirmed or keyed write is destructiveHint: true",
  "deprecated-key": "no deprecated keys (openai/visibility: use _meta.ui.visibility)",
  "invocation-text": "invoking/invoked texts are at most 64 characters",
  instructions: "the server's instructions fit in the 512 characters ChatGPT reads first",
  "file-params": "openai/fileParams inputs have the fixed file schema",
  "csp-wildcard": "no wildcard in a widget's CSP domains",
  "ui-domain": "every widget resource declares its own _meta.ui.domain",
  "apps-capability": "a server with widgets declares the MCP Apps extension",
  "text-fallback": "every tool with a widget names an MCP Apps resource the server serves",
  "result-secret": "no token, key or password in a recorded result",
  "result-internals": "no stack trace, SQL or private address in a recorded result",
} as const;

/** A rule's id. */
export type RuleId = keyof typeof RULES;

/** What the check cannot know from a server and its recordings, said once per run. */
export const CANNOT_KNOW = [
  "whether a write reaches an outside system (openWorldHint: true): the tools do not say; read each write tool",
  "whether the server is public HTTPS on a stable origin: run the check against the deployed URL",
  "whether the app sells physical goods only (commerce review)",
] as const;

const HINTS = ["readOnlyHint", "destructiveHint", "openWorldHint"] as const;
const MAX_INVOCATION_TEXT = 64;
const MAX_INSTRUCTIONS = 512;

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A write the kit can see: an app-only commit, one taking the kit's proof, or a keyed one. */
function isWrite(tool: ListedTool): boolean {
  const ui = tool._meta?.ui;
  const visibility = isObject(ui) ? ui.visibility : undefined;
  const appOnly = Array.isArray(visibility) && !visibility.includes("model");
  const properties = tool.inputSchema?.properties ?? {};
  return appOnly || "confirmation" in properties || "idempotency_key" in properties;
}

function toolFindings(tool: ListedTool): Finding[] {
  const where = `tool ${tool.name}`;
  const out: Finding[] = [];
  const add = (rule: RuleId, message: string) => out.push({ rule, where, message });
  const annotations = tool.annotations ?? {};
  if (!tool.title && !annotations.title) add("tool-title", "has no title: give it a short one.");
  if (!tool.outputSchema)
    add("tool-output-schema", "has no outputSchema: declare its structuredContent.");
  const missing = HINTS.filter((hint) => typeof annotations[hint] !== "boolean");
  if (missing.length > 0) add("tool-hints", `sets no ${missing.join(", ")}.`);
  const write = isWrite(tool);
  if (write && annotations.readOnlyHint === true)
    add(
      "hint-read-only",
      "writes (it takes an idempotency key or a confirmation) but says readOnlyHint: true.",
    );
  if (write && annotations.destructiveHint !== true)
    add("hint-destructive", "is a write the person confirms, so set destructiveHint: true.");
  if (!write && annotations.readOnlyHint === true && annotations.destructiveHint === true)
    add("hint-destructive", "says both readOnlyHint and destructiveHint: true.");
  const meta = tool._meta ?? {};
  if ("openai/visibility" in meta)
    add("deprecated-key", 'carries _meta["openai/visibility"]; use _meta.ui.visibility.');
  for (const key of ["openai/toolInvocation/invoking", "openai/toolInvocation/invoked"]) {
    const text = meta[key];
    if (typeof text === "string" && text.length > MAX_INVOCATION_TEXT)
      add(
        "invocation-text",
        `${key} is ${text.length} characters (at most ${MAX_INVOCATION_TEXT}).`,
      );
  }
  const files = meta["openai/fileParams"];
  if (files !== undefined)
    for (const name of Array.isArray(files) ? files : [files]) {
      const schema = tool.inputSchema?.properties?.[String(name)];
      const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
      const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
      const ok =
        typeof name === "string" &&
        ["download_url", "file_id", "mime_type", "file_name"].every((p) => p in properties) &&
        ["download_url", "file_id"].every((p) => required.includes(p));
      if (!ok)
        add(
          "file-params",
          `file input ${JSON.stringify(name).slice(0, 40)} needs an object schema with download_url and file_id (required), mime_type and file_name.`,
        );
    }
  return out;
}

/** Every domain list of a widget's CSP, in both hosts' forms. */
function cspDomains(meta: { [key: string]: unknown }): string[] {
  const lists: unknown[] = [];
  const openai = meta["openai/widgetCSP"];
  if (isObject(openai)) lists.push(...Object.values(openai));
  const ui = meta.ui;
  if (isObject(ui) && isObject(ui.csp)) lists.push(...Object.values(ui.csp));
  return lists.flatMap((list) => (Array.isArray(list) ? list.map(String) : []));
}

function resourceFindings(resource: ListedResource): Finding[] {
  const where = `resource ${resource.uri}`;
  const meta = resource._meta ?? {};
  const out: Finding[] = [];
  const wild = cspDomains(meta).filter((domain) => domain.includes("*"));
  if (wild.length > 0)
    out.push({
      rule: "csp-wildcard",
      where,
      message: `lists ${wild.slice(0, 3).join(", ")}: name each domain exactly.`,
    });
  const ui = meta.ui;
  const domain = isObject(ui) ? ui.domain : undefined;
  if (typeof domain !== "string" || domain.length === 0)
    out.push({
      rule: "ui-domain",
      where,
      message: "has no _meta.ui.domain: give it the app's own origin.",
    });
  return out;
}

/** The `_meta.ui.resourceUri` of a tool with a widget (`""` when only ChatGPT's key names one). */
function widgetOf(tool: ListedTool): string | undefined {
  const meta = tool._meta ?? {};
  const ui = meta.ui;
  const uri = isObject(ui) ? ui.resourceUri : undefined;
  if (typeof uri === "string") return uri;
  return typeof meta["openai/outputTemplate"] === "string" ? "" : undefined;
}

/** Where an MCP Apps host would show a tool's results as text, and why. */
function textFallbacks(snapshot: ServerSnapshot): Finding[] {
  const out: Finding[] = [];
  const widgets = snapshot.tools.filter((tool) => widgetOf(tool) !== undefined);
  if (widgets.length > 0 && !isObject(snapshot.extensions?.[MCP_APPS_EXTENSION]))
    out.push({
      rule: "apps-capability",
      where: "server capabilities",
      message: `have no extensions["${MCP_APPS_EXTENSION}"]: some MCP Apps hosts then show every tool's results as text only.`,
    });
  for (const tool of widgets) {
    const uri = widgetOf(tool)!;
    const served = snapshot.resources.some(
      (resource) => resource.uri === uri && resource.mimeType === MCP_APP_MIME_TYPE,
    );
    if (!served)
      out.push({
        rule: "text-fallback",
        where: `tool ${tool.name}`,
        message:
          uri === ""
            ? "has a ChatGPT widget (openai/outputTemplate) but no _meta.ui.resourceUri: MCP Apps hosts show its results as text only."
            : `names ${uri.slice(0, 100)}, which the server does not serve as ${MCP_APP_MIME_TYPE}: MCP Apps hosts show its results as text only.`,
      });
  }
  return out;
}

/** The findings for a server's listing. */
export function checkServer(snapshot: ServerSnapshot): Finding[] {
  const out = snapshot.tools.flatMap(toolFindings);
  out.push(...textFallbacks(snapshot));
  const instructions = snapshot.instructions ?? "";
  if (instructions.length > MAX_INSTRUCTIONS)
    out.push({
      rule: "instructions",
      where: "server instructions",
      message: `are ${instructions.length} characters: ChatGPT reads the first ${MAX_INSTRUCTIONS}; put what matters there and shorten.`,
    });
  for (const resource of snapshot.resources) out.push(...resourceFindings(resource));
  return out;
}

/** Secrets in results: bearer tokens, JWTs, well-known key prefixes, private keys, passwords. */
const SECRET =
  /\bBearer\s+[\w.~+/-]{16,}=*(?![\w="\\])|\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}|\b(?:sk|rk|pk)_(?:live|test)_\w{8,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|\b(?:password|passwd|secret|api_key|client_secret)"?\s*[:=]\s*"?[^\s",]{4,}/i;
/** Internals: a stack frame, SQL, a private-network or internal host. */
const INTERNALS =
  /\bat (?:async )?[\w.<>$]+ \((?:file:|node:|\/)[^)]*:\d+:\d+\)|\bnode:internal\b|\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^"]{0,80}\b(?:FROM|VALUES|SET|WHERE)\b|\/\/(?:10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|[\w-]+\.internal)\b/;

/** The findings for recorded results: `files` maps a file name to its text. */
export function checkRecordings(files: ReadonlyMap<string, string>): Finding[] {
  const out: Finding[] = [];
  for (const [name, text] of files) {
    const where = `recording ${name}`;
    const secret = SECRET.exec(text);
    if (secret)
      out.push({
        rule: "result-secret",
        where,
        message: `holds what looks like a credential ("${secret[0].slice(0, 12)}…"): keep it out of results.`,
      });
    const internal = INTERNALS.exec(text);
    if (internal)
      out.push({
        rule: "result-internals",
        where,
        message: `holds internals ("${internal[0].slice(0, 40)}"): log them under the request id, return a code and a sentence.`,
      });
  }
  return out;
}

/**
 * `mcp-widget-kit check`: reads what an app's server lists (instructions, tools, widget
 * resources) and its recorded results, and prints one line per thing ChatGPT's review would
 * refuse (check/rules.ts), then what it cannot know. Exits 1 when it found anything. The
 * server is reached by URL, or started with `--command` (in development mode, as `dev` does).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { importOptionalPeer } from "../peer-deps/optional-peer.ts";
import { UsageError } from "./create.ts";
import { startServer, stopServer } from "./dev/server-process.ts";
import {
  CANNOT_KNOW,
  checkRecordings,
  checkServer,
  type Finding,
  type ListedResource,
  type ListedTool,
  type ServerSnapshot,
} from "./check/rules.ts";

/** Options of `runCheck`. */
export interface CheckOptions {
  /** The MCP endpoint URL of a running server. */
  server?: string | undefined;
  /** Starts the server (it prints its URL), instead of `server`. */
  command?: string | undefined;
  /** A folder of recorded results (`.json`, searched below it); default `fixtures`. */
  recordings?: string | undefined;
  /** Where to print; default the console. */
  print?: (line: string) => void;
}

/** Reads the listing of the server at `url` with the SDK client. */
export async function snapshotServer(url: string): Promise<ServerSnapshot> {
  const sdk = await importOptionalPeer(
    "@modelcontextprotocol/client",
    "mcp-widget-kit check",
    () => import("@modelcontextprotocol/client"),
  );
  const client = new sdk.Client({ name: "mcp-widget-kit-check", version: "1.0.0" });
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url)));
  try {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...(page.tools as ListedTool[]));
      cursor = page.nextCursor;
    } while (cursor);
    const resources: ListedResource[] = [];
    const listed = await client.listResources().catch(() => ({ resources: [] }));
    for (const entry of listed.resources) {
      if (!String(entry.mimeType ?? "").startsWith("text/html")) continue;
      const read = await client.readResource({ uri: entry.uri }).catch((error: unknown) => {
        throw new UsageError(
          `the server could not serve its widget ${entry.uri}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      for (const content of read.contents)
        resources.push({
          uri: content.uri,
          mimeType: content.mimeType,
          _meta: { ...(entry._meta ?? {}), ...(content._meta ?? {}) },
        });
    }
    const instructions = client.getInstructions();
    const extensions = client.getServerCapabilities()?.extensions;
    return {
      tools,
      resources,
      ...(instructions ? { instructions } : {}),
      ...(extensions ? { extensions } : {}),
    };
  } finally {
    await client.close();
  }
}

/** Every `.json` file below `dir`, by its path relative to it. */
function readRecordings(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
}

/** Runs the check; resolves with the findings (printed as it goes). */
export async function runCheck(options: CheckOptions): Promise<Finding[]> {
  const print = options.print ?? ((line: string) => console.log(line));
  // The server's own log is not the check's output.
  const started = options.command
    ? startServer(options.command, process.cwd(), {}, () => {})
    : undefined;
  try {
    const url = started ? await started.url : options.server;
    if (!url) throw new UsageError("name the server: --server <mcp-url> or --command <starts it>");
    const findings = checkServer(await snapshotServer(url));
    const dir = options.recordings ?? "fixtures";
    let recordings = 0;
    try {
      const files = readRecordings(dir);
      recordings = files.size;
      findings.push(...checkRecordings(files));
    } catch {
      if (options.recordings) throw new UsageError(`no recordings folder at ${dir}`);
    }
    for (const finding of findings) print(`${finding.rule}: ${finding.where} ${finding.message}`);
    print(
      `${findings.length} finding(s) in ${url} and ${recordings} recording(s).` +
        ` Not checked (cannot know here): ${CANNOT_KNOW.join("; ")}.`,
    );
    return findings;
  } finally {
    if (started) stopServer(started.child);
  }
}

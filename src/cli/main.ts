/**
 * The `mcp-widget-kit` command: `create` writes a new app, `dev` serves the local host page for
 * an app's MCP server while rebuilding its widget, `sign-in` runs the development sign-in on
 * its own (an issuer for trying production mode on one machine), `check` reports what review
 * would refuse. `bin/mcp-widget-kit.js` runs this (built to
 * lib/cli/main.js); see docs/commands.md.
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { createApp, createdMessage, UsageError } from "./create.ts";
import { runDev } from "./dev.ts";
import { runReconcile } from "./reconcile.ts";
import { DEV_PAGE_DEFAULT_PORT, portSetting } from "../server/app/port-settings.ts";
import { StartupRefusal } from "../server/runtime/mode.ts";

const USAGE = `Usage:
  mcp-widget-kit create <folder> [--template flights | replies | payments] [--name <package-name>]
                    [--kit <version-range | path to .tgz>]
  mcp-widget-kit dev (--command "<starts the MCP server>" | --server <mcp-url>) [--port <n>]
  mcp-widget-kit dev --app-page --command "<starts a server that serves the dev page itself>"
  mcp-widget-kit reconcile --app <module> [--grace-ms <n>]
  mcp-widget-kit check (--server <mcp-url> | --command "<starts the MCP server>")
                    [--recordings <folder of recorded results>]
  mcp-widget-kit sign-in --resource <mcp-url> --scopes <a,b> [--port <n>] [--name <app>]

create  writes a new app into a new or empty folder: contract, widget, MCP server, fixtures,
        story, tests. --template flights (default): search, book a flight (money);
        replies: list tickets, draft a reply, confirm, send it once (no money).
dev     builds the widget on every change (vite build --watch), starts or reaches the app's
        MCP server, and serves the local host page (default http://127.0.0.1:8789/;
        --port or DEV_PAGE_PORT moves it, 0 picks a free one; the server gets PORT=0
        unless PORT is set, its sign-in AUTH_DEV_PORT).
        --app-page: the server serves the page itself; dev tells it of each rebuild.
reconcile  finishes the in-doubt writes nobody retried (completes or compensates each, as
        the app's module says: it exports openReconciliation(env)) and prints the counts.
        A .ts module loads through the app's tsx.
check   reports, one line each, what ChatGPT's review would refuse in the server's tools,
        widget resources and recorded results (default folder: fixtures); exits 1 if any.
sign-in the development sign-in on its own (test users, no passwords, loopback only) for the
        MCP server at --resource: prints its issuer URL for AUTH_ISSUER (default port 8790).
`;

function create(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: "string" }, kit: { type: "string" }, template: { type: "string" } },
  });
  if (positionals.length !== 1)
    throw new UsageError("Name exactly one folder: mcp-widget-kit create <folder>.");
  const app = createApp({
    dir: positionals[0]!,
    name: values.name,
    kit: values.kit,
    template: values.template,
  });
  console.log(createdMessage(app, relative(process.cwd(), app.dir) || "."));
}

/** `DEV_PAGE_PORT`, else 8789: the host page's port when `--port` is not given. */
function devPagePort(): number {
  try {
    return portSetting(process.env, "DEV_PAGE_PORT", DEV_PAGE_DEFAULT_PORT);
  } catch (error) {
    throw error instanceof StartupRefusal ? new UsageError(error.message) : error;
  }
}

async function dev(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      command: { type: "string" },
      server: { type: "string" },
      port: { type: "string" },
      "app-page": { type: "boolean", default: false },
    },
  });
  const port = values.port === undefined ? devPagePort() : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not "${values.port}".`);
  await runDev({
    command: values.command,
    server: values.server,
    port,
    appPage: values["app-page"],
  });
}

async function reconcile(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { app: { type: "string" }, "grace-ms": { type: "string" } },
  });
  if (!values.app)
    throw new UsageError("Name the app's module: mcp-widget-kit reconcile --app <module>.");
  const grace = values["grace-ms"];
  if (grace !== undefined && !/^\d{1,10}$/.test(grace))
    throw new UsageError("--grace-ms must be a whole number of milliseconds.");
  const counts = await runReconcile({
    app: values.app,
    ...(grace === undefined ? {} : { graceMs: Number(grace) }),
  });
  console.log(JSON.stringify({ event: "reconciled", ...counts }));
  // A record the module does not own was left in doubt: its money is not settled by this run.
  if (counts.unowned > 0)
    console.error(
      `${counts.unowned} in-doubt record(s) belong to a write or a way of paying the --app module does not reconcile (a payment sheet's, another write's): left untouched. Build the module's options from the same definition the server runs.`,
    );
  if (counts.retry_later > 0 || counts.unowned > 0) process.exitCode = 2;
}

async function check(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: "string" },
      command: { type: "string" },
      recordings: { type: "string" },
    },
  });
  if (!values.server === !values.command)
    throw new UsageError(
      'Name the server once: mcp-widget-kit check --server <mcp-url>, or --command "<starts it>".',
    );
  const { runCheck } = await import("./check.ts");
  const findings = await runCheck(values);
  if (findings.length > 0) process.exitCode = 1;
}

async function signIn(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      resource: { type: "string" },
      scopes: { type: "string" },
      port: { type: "string", default: "8790" },
      name: { type: "string" },
    },
  });
  if (!values.resource || !values.scopes)
    throw new UsageError(
      "Name the MCP server and its scopes: mcp-widget-kit sign-in --resource <mcp-url> --scopes <a,b>.",
    );
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not "${values.port}".`);
  // Loaded here: only this command needs oidc-provider (an optional peer).
  const [{ startDevAuthorizationServer }, { createJsonLogger }] = await Promise.all([
    import("../server/auth/dev-authorization-server.ts"),
    import("../server/runtime/log.ts"),
  ]);
  const issuer = await startDevAuthorizationServer({
    resource: values.resource,
    scopes: values.scopes
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean),
    port,
    log: createJsonLogger(),
    ...(values.name ? { appName: values.name } : {}),
  });
  console.log(issuer.issuer);
  const stop = () => void issuer.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "create") create(rest);
  else if (command === "dev") await dev(rest);
  else if (command === "reconcile") await reconcile(rest);
  else if (command === "sign-in") await signIn(rest);
  else if (command === "check") await check(rest);
  else if (command === undefined || command === "help" || command === "--help" || command === "-h")
    process.stdout.write(USAGE);
  else throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  // A usage mistake (or an option parseArgs refused) is the person's to fix: the message alone.
  const usage =
    error instanceof UsageError ||
    (error instanceof TypeError &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS"));
  console.error(
    `mcp-widget-kit: ${usage ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
}

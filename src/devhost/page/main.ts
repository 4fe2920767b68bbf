/**
 * The dev host page: a ChatGPT-like column for any app's MCP server. It talks MCP to the
 * server, shows what the model would read, logs every call, and runs each tool's widget in a
 * sandboxed frame under either host protocol. See docs/devhost.md.
 */
import { asHostReturns } from "./host-quirks.ts";
import { ZOD_JITLESS } from "./zod-jitless.ts";
import type { CallToolResult } from "@modelcontextprotocol/client";
import "./styles.css";
import type { CallLog } from "./call-log.ts";
import { clientHints } from "./client-hints.ts";
import { createDevPage, type DevPage } from "./dev-page.ts";
import { byId, h } from "./dom.ts";
import { setUpFaultSwitch } from "./fault-switch.ts";
import { askPerson } from "./input-form.ts";
import { connectMcp, type McpConnection, type PageForms } from "./mcp-connection.ts";
import { finishSignInPopup, PageSignIn } from "./sign-in.ts";
import type { DisplayMode } from "./settings.ts";
import { skeletonArgs } from "./skeleton-args.ts";
import { Turn, type TurnServices } from "./turn.ts";
import { mayCall, refusalOf, sideOf, type CallSide } from "./tool-visibility.ts";
import { callIdFrom, clearWidgetStates, newCallId } from "./widget-state-store.ts";
import { isRecord } from "../../core/is-record.ts";

interface DevHostConfig {
  appName: string;
  mcpPath: string;
  exampleArgs: Record<string, Record<string, unknown>>;
  faults: { known: string[] } | null;
  liveReload: boolean;
}

function followUp(log: CallLog, text: string): void {
  log.event({ kind: "message", text: text.slice(0, 500) });
  byId("turns").append(
    h(
      "div",
      { class: "bubble user", role: "note", "aria-label": "Message from the widget" },
      text.slice(0, 2000),
    ),
  );
}

/**
 * Whether this host lets `side` call `tool`: a widget host reads `_meta.ui.visibility`; a
 * client without widgets reads no `_meta`, so its model is shown every tool — an app-only
 * commit too, which then asks the person by form (docs/devhost.md, "Text only").
 */
function listsTool(page: DevPage, tool: McpConnection["tools"][number], side: CallSide): boolean {
  return page.settings().protocol === "text" || mayCall(tool, side);
}

/** The text-only client's forms: shown to the person, or answered by the fault switch. */
function pageForms(page: DevPage): PageForms {
  return {
    declared: () => page.settings().protocol === "text",
    ask: askPerson,
    fault: () => page.settings().formAnswer,
    notice: (text) => page.log.event({ kind: "notice", text }),
  };
}

function services(page: DevPage, connection: McpConnection): TurnServices {
  const { log } = page;
  return {
    connection,
    log,
    settings: page.settings,
    requestDisplayMode(mode: DisplayMode) {
      log.event({ kind: "display-mode", text: `granted ${mode}` });
      page.changeSettings({ displayMode: mode });
      return page.settings().displayMode;
    },
    followUp: (text) => followUp(log, text),
    async callTool(source, name, args): Promise<CallToolResult> {
      const record = log.start(source, page.settings().protocol, name, args);
      const startedAt = performance.now();
      // As ChatGPT and MCP Apps hosts do: the model never reaches an app-only tool (a commit
      // the person confirms), and the widget only reaches tools an app may call.
      const side = sideOf(source);
      const listed = connection.tools.find((tool) => tool.name === name);
      if (listed && !listsTool(page, listed, side)) {
        const refusal = refusalOf(name, side);
        log.finish(record, { failure: refusal }, startedAt);
        throw new Error(refusal);
      }
      try {
        const result = await connection.callTool(
          name,
          args,
          clientHints(page.settings(), navigator.userAgent),
        );
        log.finish(
          record,
          {
            result: {
              structuredContent: result.structuredContent,
              content: result.content,
              _meta: result._meta,
            },
            isError: result.isError === true,
          },
          startedAt,
        );
        const returned = asHostReturns(result, source, page.settings().resultMeta);
        if (returned !== result)
          log.event({ kind: "notice", text: `${name}: _meta dropped (as MCPJam's inspector)` });
        return returned;
      } catch (error) {
        log.finish(
          record,
          { failure: error instanceof Error ? error.message : String(error) },
          startedAt,
        );
        throw error;
      }
    },
  };
}

/** The account panel: who is signed in, and buttons to sign in, switch user or sign out. */
function setUpAccount(log: CallLog, connection: McpConnection, signIn: PageSignIn): void {
  const status = byId<HTMLParagraphElement>("account-status");
  const signInButton = byId<HTMLButtonElement>("sign-in");
  const switchButton = byId<HTMLButtonElement>("switch-user");
  const signOutButton = byId<HTMLButtonElement>("sign-out");
  const render = () => {
    const who = signIn.signedInAs();
    status.textContent = who ? `Signed in as ${who}.` : "Not signed in.";
    status.dataset.signedIn = who ?? "";
    signInButton.hidden = Boolean(who);
    switchButton.hidden = signOutButton.hidden = !who;
  };
  const run = (action: () => Promise<void>) => () => {
    action().catch((error: unknown) =>
      log.event({
        kind: "notice",
        text: `sign-in: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  };
  signIn.onChange = () => {
    render();
    log.event({
      kind: "notice",
      text: signIn.signedInAs() ? `signed in as ${signIn.signedInAs()}` : "signed out",
    });
  };
  signIn.onPopupBlocked = (open) => {
    // A popup opened without a click is blocked by browsers: the person opens it instead.
    status.textContent = "Sign-in needed: ";
    status.append(h("button", { type: "button", id: "open-sign-in" }, "Open sign-in"));
    byId<HTMLButtonElement>("open-sign-in").addEventListener("click", open, { once: true });
  };
  signInButton.addEventListener(
    "click",
    run(() => connection.signInNow()),
  );
  switchButton.addEventListener(
    "click",
    run(async () => {
      signIn.signOut();
      await connection.reconnect();
      await connection.signInNow();
    }),
  );
  signOutButton.addEventListener(
    "click",
    run(async () => {
      signIn.signOut();
      await connection.reconnect();
    }),
  );
  render();
}

/**
 * Runs one call as a new turn (a message) and puts a link that reproduces it — its call id
 * included, so a reload gives the widget back its own state — in the address bar.
 */
function runTurn(
  page: DevPage,
  shared: TurnServices,
  tool: string,
  args: Record<string, unknown>,
  callId = newCallId(),
): Promise<void> {
  const url = new URL(window.location.href);
  url.searchParams.set("tool", tool);
  url.searchParams.set("args", JSON.stringify(args));
  url.searchParams.set("call", callId);
  history.replaceState(null, "", url);
  const turn = new Turn(shared, tool, args, callId);
  page.addTurn(turn);
  byId("turns").append(turn.element);
  turn.element.scrollIntoView({ block: "start" });
  return turn.run();
}

/**
 * Live reload: after each rebuild the server announces (`mcp-widget-kit dev`), every turn mounts
 * the new widget with the input, output and widget state it had. EventSource reconnects by
 * itself when the dev server restarts.
 */
function listenForRebuilds(page: DevPage, shared: TurnServices): void {
  const { log } = page;
  const events = new EventSource("/devhost/events");
  let reloading = Promise.resolve();
  events.addEventListener("widget-rebuilt", () => {
    reloading = reloading
      .then(async () => {
        await shared.connection.refresh();
        await Promise.all(page.turns.map((turn) => turn.reload()));
        log.event({ kind: "notice", text: "widget rebuilt: frames reloaded" });
        document.body.dataset.widgetReloads = String(
          Number(document.body.dataset.widgetReloads ?? 0) + 1,
        );
      })
      .catch((error: unknown) =>
        log.event({ kind: "notice", text: `live reload failed: ${String(error)}` }),
      );
  });
}

function parseArgs(text: string): Record<string, unknown> | string {
  try {
    const value = JSON.parse(text) as unknown;
    return isRecord(value) ? value : "Arguments must be a JSON object.";
  } catch (error) {
    return `Arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function setUpToolForm(page: DevPage, shared: TurnServices, config: DevHostConfig): void {
  const { search } = page;
  const toolSelect = byId<HTMLSelectElement>("tool-name");
  const argsInput = byId<HTMLTextAreaElement>("tool-args");
  const formError = byId<HTMLParagraphElement>("form-error");
  const description = byId<HTMLParagraphElement>("tool-description");
  // The form is the model: it lists only the tools a host lists to the model.
  const names: string[] = [];
  const list = () => {
    const chosen = toolSelect.value;
    names.splice(
      0,
      names.length,
      ...shared.connection.tools
        .filter((tool) => listsTool(page, tool, "model"))
        .map((tool) => tool.name),
    );
    toolSelect.replaceChildren(...names.map((name) => h("option", { value: name }, name)));
    if (names.includes(chosen)) toolSelect.value = chosen;
  };
  list();
  // A text-only client lists every tool; a widget host hides the app-only ones again.
  byId("setting-protocol").addEventListener("change", list);
  const describe = () => {
    const tool = shared.connection.tools.find((t) => t.name === toolSelect.value);
    description.textContent = tool?.description ?? "";
    return tool;
  };
  const prefill = () => {
    const tool = describe();
    const example = config.exampleArgs[toolSelect.value] ?? skeletonArgs(tool?.inputSchema);
    argsInput.value = JSON.stringify(example, null, 2);
  };
  // The app's first example is the tool to try first.
  toolSelect.value =
    Object.keys(config.exampleArgs).find((n) => names.includes(n)) ?? names[0] ?? "";
  prefill();
  toolSelect.addEventListener("change", prefill);
  argsInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      byId<HTMLFormElement>("tool-form").requestSubmit();
    }
  });
  byId<HTMLFormElement>("tool-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const args = parseArgs(argsInput.value);
    if (typeof args === "string") {
      formError.textContent = args;
      argsInput.setAttribute("aria-invalid", "true");
      argsInput.focus();
      return;
    }
    formError.textContent = "";
    argsInput.removeAttribute("aria-invalid");
    // A new message, whatever the arguments: its widget starts with a fresh state.
    void runTurn(page, shared, toolSelect.value, args);
  });
  const initialTool = search.get("tool");
  if (initialTool) {
    const args = parseArgs(search.get("args") ?? "{}");
    if (typeof args === "string") formError.textContent = `The link's args: ${args}`;
    else {
      toolSelect.value = names.includes(initialTool) ? initialTool : toolSelect.value;
      describe();
      argsInput.value = JSON.stringify(args, null, 2);
      // Anyone can make a link, and another site can open it: only a tool that declares itself
      // read-only runs from the address; any other waits for the person's own click.
      if (names.includes(initialTool) && runsFromLink(shared.connection.tools, initialTool))
        void runTurn(page, shared, initialTool, args, callIdFrom(search.get("call")));
      else
        byId("link-notice").textContent = names.includes(initialTool)
          ? `The link filled in a call to ${initialTool}, which may change data: check the arguments, then press “Call tool”.`
          : shared.connection.tools.some((tool) => tool.name === initialTool)
            ? "The link names an app-only tool: the model cannot call it; the widget does, when the person confirms."
            : "The link names a tool this server does not list.";
    }
  }
}

/** True when `name` is a tool whose `tools/list` entry says `readOnlyHint: true`. */
function runsFromLink(tools: McpConnection["tools"], name: string): boolean {
  return tools.find((tool) => tool.name === name)?.annotations?.readOnlyHint === true;
}

async function start(): Promise<void> {
  document.body.dataset.zodJitless = String(ZOD_JITLESS);
  const page = createDevPage(new URLSearchParams(window.location.search));
  const { log } = page;
  byId<HTMLButtonElement>("clear-log").addEventListener("click", () => log.clear());
  byId<HTMLButtonElement>("clear-state").addEventListener("click", () => {
    clearWidgetStates();
    log.event({ kind: "notice", text: "widget state cleared" });
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    log.event({
      kind: "csp-violation",
      text: `page: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
    });
  });
  const status = waitingStatus(byId<HTMLParagraphElement>("connection-status"));
  try {
    status.wait("Waiting for the dev host's settings at /devhost/config");
    const config = (await (await fetch("/devhost/config")).json()) as DevHostConfig;
    document.title = `${config.appName} — dev host`;
    byId("app-name").textContent = config.appName;
    const signIn = new PageSignIn();
    const connection = await connectMcp(
      config.mcpPath,
      signIn,
      (request, url) =>
        status.wait(`Waiting for the app's server at ${url.href} to answer ${request}`),
      pageForms(page),
    );
    // The client's capabilities are fixed at connect: switching to or from text only (which
    // declares form elicitation) connects again.
    let textOnly = page.settings().protocol === "text";
    byId("setting-protocol").addEventListener("change", () => {
      if ((page.settings().protocol === "text") === textOnly) return;
      textOnly = !textOnly;
      connection
        .reconnect()
        .catch((error: unknown) =>
          log.event({ kind: "notice", text: `reconnect failed: ${String(error)}` }),
        );
    });
    let connected = "";
    setUpAccount(log, connection, signIn);
    // A sign-in holds the call until the person signs in: say so, then what was there before.
    signIn.onWaiting = (authorization) =>
      status.wait(`Waiting for you to sign in at ${authorization.origin} (the sign-in window)`);
    const onChange = signIn.onChange;
    signIn.onChange = () => {
      onChange();
      if (connected) status.done(connected);
    };
    const shared = services(page, connection);
    await setUpFaultSwitch(config.faults !== null, log).catch((error: unknown) =>
      log.event({ kind: "notice", text: `fault switch unavailable: ${String(error)}` }),
    );
    setUpToolForm(page, shared, config);
    if (config.liveReload) listenForRebuilds(page, shared);
    // Said last, once the form is prefilled: "Connected" means ready to use.
    connected = `Connected to ${config.mcpPath}: ${connection.tools.length} tools.`;
    status.done(connected);
    document.body.dataset.ready = "true";
  } catch (error) {
    status.done(`Could not connect: ${error instanceof Error ? error.message : String(error)}`);
    status.element.setAttribute("role", "alert");
  }
}

/**
 * The status line: what the page waits for, with the seconds it has waited, until `done`
 * says how it ended. The tool list says it is waiting too, until it is filled.
 */
function waitingStatus(element: HTMLElement) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tools = byId<HTMLSelectElement>("tool-name");
  return {
    element,
    wait(what: string) {
      clearInterval(timer);
      const since = Date.now();
      const show = () => {
        const seconds = Math.floor((Date.now() - since) / 1000);
        element.textContent = `${what}…${seconds > 0 ? ` (${seconds} s)` : ""}`;
      };
      show();
      timer = setInterval(show, 1000);
      if (tools.options.length === 0 || tools.dataset.waiting === "true") {
        tools.dataset.waiting = "true";
        tools.replaceChildren(h("option", { value: "" }, "Waiting for the app's tools…"));
      }
    },
    done(text: string) {
      clearInterval(timer);
      element.textContent = text;
      if (tools.dataset.waiting === "true") {
        delete tools.dataset.waiting;
        if (!tools.value) tools.replaceChildren();
      }
    },
  };
}

// In the sign-in popup the page only hands the answer back to its opener.
if (!finishSignInPopup()) void start();

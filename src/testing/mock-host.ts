/**
 * A host for tests and stories. It implements `Host`, validates globals like a real host,
 * notifies only the keys that changed, records every call, and can be told to be slow, to
 * fail, to never answer, or to deliver the tool output late. `installAsOpenAI()` puts a fake
 * `window.openai` on a window that behaves as ChatGPT does, so the real openai adapter can be
 * driven by it.
 */
import { ALL_CAPABILITIES } from "../bridge/capabilities.ts";
import { looksLikeToolResult, normalizeCallToolResult } from "../bridge/call-result.ts";
import { deepEqual } from "../bridge/globals.ts";
import { OPENAI_GLOBAL_KEYS, SET_GLOBALS_EVENT } from "../bridge/openai.ts";
import { createGlobalStore, type RawGlobals } from "../bridge/store.ts";
import type { CallToolResult, DisplayMode, Host, HostCapabilities } from "../bridge/types.ts";

/** The mock host: a `Host` plus the controls tests and stories drive it with. */
export interface MockHost extends Host {
  /**
   * Every call made through the host, oldest first: the `Host` method and its positional
   * arguments (`callTool` → `[name, args]`).
   */
  readonly calls: readonly {
    readonly method:
      | "callTool"
      | "setWidgetState"
      | "sendFollowUpMessage"
      | "openExternal"
      | "requestDisplayMode"
      | "requestClose"
      | "requestModal"
      | "updateModelContext"
      | "notifyHeight"
      | "requestCheckout";
    readonly args: readonly unknown[];
  }[];
  /** Delay of every asynchronous answer, in ms; may be changed at any time. */
  latencyMs: number;
  /** Applies raw globals (validated), notifying only the keys whose value changed. */
  setGlobals(partial: { readonly [key: string]: unknown }): void;
  /** Sets (or replaces) the handler of one tool (as in `createMockHost`'s `tools`). */
  setTool(name: string, handler: (args: { readonly [key: string]: unknown }) => unknown): void;
  /**
   * Makes the next call(s) fail or hang. Failures queue up in order.
   *
   * @param failure - `method`: which method fails (`callTool` by default); `error`: what it
   *   rejects with (an Error by default); `times`: how many calls fail (1 by default); `hang`:
   *   never answer instead of rejecting (exercises timeouts).
   */
  failNext(failure?: {
    readonly method?: MockHost["calls"][number]["method"];
    readonly error?: unknown;
    readonly times?: number;
    readonly hang?: boolean;
  }): void;
  /** The recorded calls of one method. */
  callsOf(method: MockHost["calls"][number]["method"]): MockHost["calls"];
  /** The recorded tool calls as `{ name, args }`, optionally of one tool only. */
  toolCalls(
    name?: string,
  ): ReadonlyArray<{ readonly name: string; readonly args: { readonly [key: string]: unknown } }>;
  /** Forgets the recorded calls. */
  clearCalls(): void;
  /**
   * Puts a fake `window.openai` on `win` that behaves as ChatGPT: globals are plain
   * properties, and each change sets them and then dispatches `openai:set_globals` whose
   * `detail.globals` holds only the changed keys. Methods delegate to (and are recorded by)
   * this mock; methods whose capability is off are absent. Returns the uninstall function.
   */
  installAsOpenAI(win?: Window): () => void;
}

/** A Host method the mock records. */
type MockMethod = MockHost["calls"][number]["method"];
/** One recorded call. */
type MockCall = MockHost["calls"][number];
/** How the next call(s) to a method fail. */
type MockFailure = NonNullable<Parameters<MockHost["failNext"]>[0]>;

/**
 * Creates a mock host: give it to `HostProvider` (or {@link renderWidget}'s `host`) and drive
 * it from the test.
 *
 * @example
 * ```ts
 * const host = createMockHost({ globals: { toolOutput: payload, theme: "dark" }, latencyMs: 300 });
 * host.failNext({ method: "callTool", times: 2 });
 * expect(host.toolCalls("book_flight")).toHaveLength(1);
 * ```
 */
export function createMockHost(
  options: {
    /**
     * Raw initial globals (`toolOutput`, `locale`, `theme`, …), validated like a real host's: a
     * wrong type reads as the default.
     */
    readonly globals?: { readonly [key: string]: unknown };
    /**
     * Tool handlers by name. A handler returns a whole `CallToolResult`-like object (one with
     * `structuredContent`, `content`, `isError` or `_meta`) or a bare `structuredContent`; it
     * throws (or rejects) to make the host call fail.
     */
    readonly tools?: {
      readonly [name: string]: (args: { readonly [key: string]: unknown }) => unknown;
    };
    /** Delay of every asynchronous answer, in ms (0 = next microtask). */
    readonly latencyMs?: number;
    /** Capabilities to switch off (all are on by default). */
    readonly capabilities?: Partial<HostCapabilities>;
    /**
     * Deliver `globals.toolOutput` only after this many ms (it reads `null` until then),
     * as a host does when the widget loads before the tool has answered.
     */
    readonly toolOutputDelayMs?: number;
    /**
     * Plays ChatGPT's payment sheet on `installAsOpenAI`'s `window.openai.requestCheckout`:
     * the person pays with a token from `token()` — the sheet calls the `complete_checkout`
     * tool and resolves with its result, or rejects when the sheet shows a refusal
     * (`payment_declined`, `requires_3ds`) and the person closes it — or, with `cancel`,
     * closes the sheet without paying (a rejection). Without it there is no sheet.
     */
    readonly checkout?: { readonly token?: () => string; readonly cancel?: boolean };
  } = {},
): MockHost {
  const capabilities: HostCapabilities = Object.freeze({
    ...ALL_CAPABILITIES,
    ...options.capabilities,
  });
  const delayedOutput =
    options.toolOutputDelayMs !== undefined && options.globals && "toolOutput" in options.globals;
  const raw: Record<string, unknown> = { ...options.globals };
  if (delayedOutput) raw.toolOutput = null;
  const store = createGlobalStore(raw);
  const tools = new Map(Object.entries(options.tools ?? {}));
  const calls: MockCall[] = [];
  const failures: MockFailure[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const installs = new Set<(changed: RawGlobals) => void>();

  /** The payment sheet as ChatGPT plays it (see `checkout`), recorded as `requestCheckout`. */
  const playCheckout =
    (sheet: NonNullable<typeof options.checkout>) =>
    (session: unknown): Promise<unknown> =>
      act("requestCheckout", [session], async () => {
        if (sheet.cancel) throw new Error("The person closed the payment sheet.");
        const s = (typeof session === "object" && session !== null ? session : {}) as {
          id?: unknown;
          payment_provider?: { provider?: unknown };
        };
        const result = await mock.callTool("complete_checkout", {
          checkout_session_id: s.id,
          buyer: { name: "Test Buyer", email: "buyer@example.com", phone_number: null },
          payment_data: {
            token: sheet.token?.() ?? `tok_sim_${calls.length}`,
            provider: s.payment_provider?.provider,
            billing_address: null,
          },
        });
        const content = result.structuredContent as { messages?: { code?: unknown }[] } | null;
        const shown = content?.messages?.find(
          (m) => m.code === "payment_declined" || m.code === "requires_3ds",
        );
        if (shown) throw new Error(`The sheet showed ${String(shown.code)}; the person closed it.`);
        return {
          structuredContent: result.structuredContent,
          content: result.content,
          isError: result.isError,
          _meta: result.meta,
        };
      });

  function later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  /** Records the call, applies a queued failure, waits the latency, then runs `answer`. */
  function act<T>(method: MockMethod, args: unknown[], answer: () => T | Promise<T>): Promise<T> {
    calls.push({ method, args });
    const index = failures.findIndex((f) => (f.method ?? "callTool") === method);
    const failure = index >= 0 ? failures.splice(index, 1)[0] : undefined;
    if (failure && (failure.times ?? 1) > 1)
      failures.splice(index, 0, { ...failure, times: (failure.times ?? 1) - 1 });
    return new Promise<T>((resolve, reject) => {
      if (failure?.hang) return;
      const run = () => {
        if (failure) return reject(failure.error ?? new Error(`Mock host: ${method} failed.`));
        try {
          Promise.resolve(answer()).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      };
      if (mock.latencyMs > 0) later(run, mock.latencyMs);
      else queueMicrotask(run);
    });
  }

  function setGlobals(partial: RawGlobals): void {
    const changedRaw: Record<string, unknown> = {};
    for (const key of Object.keys(partial)) {
      if (!deepEqual(raw[key], partial[key])) changedRaw[key] = raw[key] = partial[key];
    }
    store.set(partial);
    if (Object.keys(changedRaw).length > 0) for (const notify of installs) notify(changedRaw);
  }

  function runTool(
    name: string,
    args: { readonly [key: string]: unknown },
  ): Promise<CallToolResult> {
    const handler = tools.get(name);
    if (!handler) return Promise.reject(new Error(`Mock host: no tool named "${name}".`));
    return Promise.resolve(handler(args)).then((value) =>
      looksLikeToolResult(value)
        ? normalizeCallToolResult(value)
        : { structuredContent: value ?? null, content: [], isError: false, meta: {} },
    );
  }

  const mock: MockHost = {
    kind: "mock",
    capabilities,
    calls,
    latencyMs: options.latencyMs ?? 0,
    get: store.get,
    subscribe: store.subscribe,
    callTool: (name, args) => act("callTool", [name, args], () => runTool(name, args)),
    setWidgetState(state) {
      setGlobals({ widgetState: state }); // visible at once, like a real host
      return act("setWidgetState", [state], () => undefined);
    },
    sendFollowUpMessage: (prompt) => act("sendFollowUpMessage", [prompt], () => undefined),
    openExternal: (href) => act("openExternal", [href], () => undefined),
    requestDisplayMode: (mode: DisplayMode) =>
      act("requestDisplayMode", [mode], () => {
        setGlobals({ displayMode: mode });
        return store.get("displayMode");
      }),
    requestClose: () => act("requestClose", [], () => undefined),
    requestModal: (request) => act("requestModal", [request], () => undefined),
    updateModelContext: (context) => act("updateModelContext", [context], () => undefined),
    notifyHeight(height) {
      calls.push({ method: "notifyHeight", args: [height] });
    },
    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      store.clear();
    },
    setGlobals,
    setTool: (name, handler) => void tools.set(name, handler),
    failNext: (failure = {}) => void failures.push(failure),
    callsOf: (method) => calls.filter((call) => call.method === method),
    toolCalls: (name) =>
      calls
        .filter(
          (call) => call.method === "callTool" && (name === undefined || call.args[0] === name),
        )
        .map((call) => ({
          name: call.args[0] as string,
          args: call.args[1] as { readonly [key: string]: unknown },
        })),
    clearCalls: () => void calls.splice(0),
    installAsOpenAI(win = window) {
      const target = win as Window & { openai?: unknown };
      const previous = target.openai;
      const openai: Record<string, unknown> = {};
      for (const key of OPENAI_GLOBAL_KEYS) openai[key] = raw[key] ?? null;
      if (capabilities.callTool)
        openai.callTool = (name: string, args: { readonly [key: string]: unknown }) =>
          mock.callTool(name, args).then((r) => ({
            structuredContent: r.structuredContent,
            content: r.content,
            isError: r.isError,
            _meta: r.meta,
          }));
      if (capabilities.widgetState)
        openai.setWidgetState = (state: unknown) => mock.setWidgetState(state);
      if (capabilities.sendFollowUpMessage)
        openai.sendFollowUpMessage = (req: { prompt: string }) =>
          mock.sendFollowUpMessage(req.prompt);
      if (capabilities.openExternal)
        openai.openExternal = (req: { href: string }) => mock.openExternal(req.href);
      if (capabilities.requestDisplayMode)
        openai.requestDisplayMode = (req: { mode: DisplayMode }) =>
          mock.requestDisplayMode(req.mode).then((mode) => ({ mode }));
      if (capabilities.requestClose) openai.requestClose = () => mock.requestClose();
      if (capabilities.notifyIntrinsicHeight)
        openai.notifyIntrinsicHeight = (req: { height: number }) => mock.notifyHeight(req.height);
      if (options.checkout) openai.requestCheckout = playCheckout(options.checkout);
      if (capabilities.requestModal)
        openai.requestModal = (req: {
          params?: { readonly [key: string]: unknown };
          template?: string;
        }) => mock.requestModal!(req);
      const notify = (all: RawGlobals) => {
        const changed = Object.fromEntries(
          Object.entries(all).filter(([key]) =>
            (OPENAI_GLOBAL_KEYS as readonly string[]).includes(key),
          ),
        );
        if (Object.keys(changed).length === 0) return;
        Object.assign(openai, changed);
        win.dispatchEvent(new CustomEvent(SET_GLOBALS_EVENT, { detail: { globals: changed } }));
      };
      installs.add(notify);
      target.openai = openai;
      return () => {
        installs.delete(notify);
        if (target.openai === openai) {
          if (previous === undefined) delete target.openai;
          else target.openai = previous;
        }
      };
    },
  };

  if (delayedOutput)
    later(
      () => setGlobals({ toolOutput: options.globals?.toolOutput }),
      options.toolOutputDelayMs ?? 0,
    );
  return mock;
}

/** The options of {@link createMockHost} (the kit's own tests and stories name them). */
export type MockHostOptions = NonNullable<Parameters<typeof createMockHost>[0]>;

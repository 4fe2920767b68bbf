/**
 * The log of every tool call (who made it, arguments, result, `isError`, time taken) and of
 * every host event (follow-up messages, links, display-mode requests, CSP violations, frame
 * errors). Tool calls survive a reload, so "one order after a burst of clicks" stays visible.
 */
import { h, prettyJson } from "./dom.ts";
import { isRecord } from "../../core/is-record.ts";
import { sideOf } from "./tool-visibility.ts";

/** One tool call as the host saw it. */
export interface CallRecord {
  readonly id: number;
  readonly at: string;
  /** `page` = the form (the "model"); `widget` = the widget's own callTool / tools/call. */
  readonly source: "page" | "widget";
  readonly protocol: string;
  readonly tool: string;
  readonly args: unknown;
  result?: unknown;
  isError?: boolean;
  /** Transport or protocol failure (no result at all). */
  failure?: string;
  ms?: number;
}

/** A host event worth a line in the log. */
export interface HostEvent {
  readonly kind:
    | "csp-violation"
    | "frame-error"
    | "message"
    | "open-link"
    | "display-mode"
    | "widget-state"
    | "model-context"
    | "approval"
    | "notice";
  readonly text: string;
}

const STORAGE_KEY = "devhost:call-log";
const KEEP = 100;

function entryView(record: CallRecord): HTMLElement {
  const status = record.failure
    ? "failed"
    : record.result === undefined
      ? "pending"
      : record.isError
        ? "isError"
        : "ok";
  const time = record.ms === undefined ? "" : ` · ${record.ms} ms`;
  return h(
    "li",
    {
      "data-tool": record.tool,
      "data-source": record.source,
      "data-side": sideOf(record.source),
      "data-status": status,
      "data-is-error": record.isError === true ? "true" : "false",
    },
    h(
      "details",
      {},
      h(
        "summary",
        {},
        h("span", { class: `status status-${status}` }, status),
        ` ${record.tool} `,
        h(
          "span",
          { class: "muted" },
          `${sideOf(record.source) === "model" ? "model (the form)" : "app (the widget)"} · ${record.protocol} · ${record.at.slice(11, 23)}${time}`,
        ),
      ),
      h("p", { class: "log-label" }, "Arguments"),
      h("pre", { tabindex: 0 }, prettyJson(record.args)),
      h("p", { class: "log-label" }, record.failure ? "Failure" : "Result"),
      h(
        "pre",
        { class: "log-result", tabindex: 0 },
        record.failure ?? (record.result === undefined ? "…" : prettyJson(record.result)),
      ),
    ),
  );
}

/** The call log and the event log, rendered into two lists. */
export class CallLog {
  private records: CallRecord[] = [];
  private nextId = 1;

  constructor(
    private readonly callList: HTMLOListElement,
    private readonly eventList: HTMLOListElement,
  ) {
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
      if (Array.isArray(saved))
        this.records = saved.filter(
          (r): r is CallRecord => isRecord(r) && typeof r.tool === "string",
        );
    } catch {
      this.records = [];
    }
    this.nextId = this.records.reduce((max, r) => Math.max(max, Number(r.id) || 0), 0) + 1;
    this.render();
  }

  /** Starts a record; finish it with {@link CallLog.finish}. */
  start(source: CallRecord["source"], protocol: string, tool: string, args: unknown): CallRecord {
    const record: CallRecord = {
      id: this.nextId++,
      at: new Date().toISOString(),
      source,
      protocol,
      tool,
      args,
    };
    this.records.push(record);
    this.records = this.records.slice(-KEEP);
    this.render();
    return record;
  }

  /** Completes a record with its result or failure and the time it took. */
  finish(
    record: CallRecord,
    outcome: { result?: unknown; isError?: boolean; failure?: string },
    startedAt: number,
  ): void {
    Object.assign(record, outcome, { ms: Math.round(performance.now() - startedAt) });
    this.persist();
    this.render();
  }

  /** Adds a host event line (not persisted: events describe this page load). */
  event(event: HostEvent): void {
    // Counters tests and people can read at a glance: `data-csp-violations`, `data-frame-errors`.
    if (event.kind === "csp-violation" || event.kind === "frame-error") {
      const key = event.kind === "csp-violation" ? "cspViolations" : "frameErrors";
      document.body.dataset[key] = String(Number(document.body.dataset[key] ?? 0) + 1);
    }
    this.eventList.prepend(
      h(
        "li",
        { "data-event": event.kind },
        h("span", { class: `event event-${event.kind}` }, event.kind),
        " ",
        event.text,
      ),
    );
  }

  /** Forgets every call. */
  clear(): void {
    this.records = [];
    this.persist();
    this.render();
    this.eventList.replaceChildren();
  }

  private persist(): void {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.records));
    } catch {
      // Too big to keep: the on-screen log still has it.
    }
  }

  private render(): void {
    this.callList.replaceChildren(...this.records.slice().reverse().map(entryView));
  }
}

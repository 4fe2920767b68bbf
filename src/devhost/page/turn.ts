/**
 * One turn of the conversation: a tool call the "model" (the form) made, the text the model
 * would read back (`content` and `next_action`), and the tool's widget in its frame.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { CallLog, HostEvent } from "./call-log.ts";
import { h, prettyJson } from "./dom.ts";
import { widgetTemplateUri, type McpConnection } from "./mcp-connection.ts";
import { effectiveMaxHeight, type DisplayMode, type HostSettings } from "./settings.ts";
import { mountWidget, type MountedWidget } from "./widget-frame.ts";
import { widgetKey, widgetSessionId } from "./widget-state-store.ts";
import { modelContextText } from "./model-context.ts";

/** What every turn shares with the page. */
export interface TurnServices {
  readonly connection: McpConnection;
  readonly log: CallLog;
  settings(): HostSettings;
  requestDisplayMode(mode: DisplayMode): DisplayMode;
  followUp(text: string): void;
  /** Calls a tool for `source`, logged; throws only when there is no result at all. */
  callTool(
    source: "page" | "widget",
    name: string,
    args: Record<string, unknown>,
  ): Promise<CallToolResult>;
}

function nextAction(structured: unknown): string | undefined {
  if (!structured || typeof structured !== "object") return undefined;
  const record = structured as { next_action?: unknown; error?: { next_action?: unknown } };
  const value = record.error?.next_action ?? record.next_action;
  return typeof value === "string" ? value : undefined;
}

/** A turn in the conversation column. */
export class Turn {
  readonly element: HTMLElement;
  private readonly modelText: HTMLElement;
  private readonly widgetSlot: HTMLElement;
  private readonly exitButton: HTMLButtonElement;
  private readonly cspDetails: HTMLDetailsElement;
  private readonly modelContext: HTMLElement;
  private readonly approval: HTMLElement;
  /** This turn's input waits for the person's approval (and has not had it yet). */
  private awaitingApproval: boolean;
  private tool: Tool | undefined;
  private result: CallToolResult | undefined;
  private widget: MountedWidget | undefined;

  constructor(
    private readonly services: TurnServices,
    private readonly toolName: string,
    private readonly args: Record<string, unknown>,
    /** This call's id (one message): its widget state is its own. */
    private readonly callId: string,
  ) {
    this.tool = services.connection.tools.find((tool) => tool.name === toolName);
    this.modelText = h(
      "div",
      { class: "model-text", "aria-live": "polite" },
      h("p", { class: "muted" }, "Calling…"),
    );
    this.exitButton = h(
      "button",
      { type: "button", class: "exit-display-mode", hidden: true },
      "Back to inline",
    );
    this.exitButton.addEventListener("click", () => this.services.requestDisplayMode("inline"));
    this.widgetSlot = h("div", {
      class: "widget-slot",
      "data-display-mode": services.settings().displayMode,
    });
    this.cspDetails = h("details", { class: "frame-csp", hidden: true });
    // ChatGPT asks before a tool that is not read-only runs (when the page emulates it).
    this.awaitingApproval =
      services.settings().protocol === "openai" &&
      services.settings().approval === "ask" &&
      this.tool?.annotations?.readOnlyHint !== true;
    this.approval = h("div", { class: "bubble approval", hidden: true });
    this.modelContext = h(
      "section",
      {
        class: "bubble model-context",
        "aria-label": "Model context from the widget",
        "data-model-context-updates": 0,
        hidden: true,
      },
      h("h3", {}, "Model context (ui/update-model-context)"),
    );
    this.element = h(
      "article",
      {
        class: "turn",
        "data-tool": toolName,
        "data-status": "calling",
        "aria-label": `Tool call ${toolName}`,
      },
      h("h2", { class: "visually-hidden" }, `Tool call ${toolName}`),
      h(
        "div",
        { class: "bubble call" },
        h("span", { class: "muted" }, "Tool call "),
        h("code", {}, toolName),
        h("pre", { class: "args", tabindex: 0, "aria-label": "Arguments" }, prettyJson(args)),
      ),
      h(
        "section",
        { class: "bubble model", "aria-label": "What the model reads" },
        h("h3", {}, "Model-visible result"),
        this.modelText,
      ),
      this.approval,
      h("div", { class: "widget-wrap" }, this.exitButton, this.widgetSlot),
      this.modelContext,
      this.cspDetails,
    );
  }

  /** Calls the tool and shows its widget; the widget appears at once, its output when it lands. */
  async run(): Promise<void> {
    const templateUri = widgetTemplateUri(this.tool, this.services.settings().protocol);
    const mounting = templateUri ? this.mount(templateUri) : Promise.resolve();
    try {
      if (this.awaitingApproval) {
        await this.approved();
        await mounting;
        this.awaitingApproval = false;
        this.widget?.session.deliverInput();
      }
      this.result = await this.services.callTool("page", this.toolName, this.args);
      this.showModelText(this.result);
      this.element.dataset.status = this.result.isError ? "error" : "done";
      await mounting;
      this.widget?.session.deliverResult(this.forWidget(this.result));
      if (!templateUri) this.showNoWidget();
    } catch (error) {
      this.element.dataset.status = "failed";
      this.modelText.replaceChildren(
        h(
          "p",
          { role: "alert" },
          `The call failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  /**
   * Shows "Approve" and resolves when the person clicks it. Until then the widget has no tool
   * input (`toolInput: null`, no `tool-input` notification) and the tool has not run.
   */
  private approved(): Promise<void> {
    this.element.dataset.status = "awaiting-approval";
    const button = h("button", { type: "button", "data-action": "approve" }, "Approve");
    this.approval.replaceChildren(
      h("p", {}, h("code", {}, this.toolName), " wants to run. The widget has no input yet."),
      button,
    );
    this.approval.hidden = false;
    return new Promise((resolve) =>
      button.addEventListener(
        "click",
        () => {
          this.approval.hidden = true;
          this.element.dataset.status = "calling";
          this.services.log.event({ kind: "approval", text: `approved ${this.toolName}` });
          resolve();
        },
        { once: true },
      ),
    );
  }

  /** Shows what the widget told the model (each update replaces the one before). */
  private showModelContext(update: unknown): void {
    const text = modelContextText(update);
    const count = Number(this.modelContext.dataset.modelContextUpdates ?? 0) + 1;
    this.modelContext.dataset.modelContextUpdates = String(count);
    this.modelContext.hidden = false;
    this.modelContext.replaceChildren(
      h("h3", {}, "Model context (ui/update-model-context)"),
      h("pre", { tabindex: 0, "data-model-context": "" }, text),
    );
    this.services.log.event({ kind: "model-context", text: text.slice(0, 300) });
  }

  /** Mounts the widget again (after a protocol switch), with the result it already has. */
  async remount(): Promise<void> {
    const templateUri = widgetTemplateUri(this.tool, this.services.settings().protocol);
    if (this.element.dataset.status === "calling") return;
    if (!templateUri) {
      this.widget?.session.dispose();
      this.widget = undefined;
      this.showNoWidget();
      return;
    }
    await this.mount(templateUri);
    if (this.result) this.widget?.session.deliverResult(this.forWidget(this.result));
  }

  /**
   * After a rebuild: mounts the new build of the widget with the same tool input and output
   * (and the widget state the page keeps per widget), so an edit shows where it was.
   */
  async reload(): Promise<void> {
    this.tool = this.services.connection.tools.find((tool) => tool.name === this.toolName);
    await this.remount();
  }

  /** Passes changed settings to the widget and applies display mode to the frame. */
  updateSettings(changed: Partial<HostSettings>): void {
    this.applyLayout();
    this.widget?.session.updateSettings(changed);
  }

  /** What stands where a widget would: none declared, or a client that shows none. */
  private showNoWidget(): void {
    this.widgetSlot.replaceChildren(
      h(
        "p",
        { class: "muted" },
        this.services.settings().protocol === "text"
          ? "A client without widgets shows the text above only."
          : "This tool declares no widget template.",
      ),
    );
  }

  /** Stops the widget's host. */
  dispose(): void {
    this.widget?.session.dispose();
  }

  private async mount(templateUri: string): Promise<void> {
    this.widget?.session.dispose();
    this.widget = undefined;
    try {
      const event = (e: HostEvent) => this.services.log.event(e);
      this.widget = await mountWidget(
        this.services.connection,
        templateUri,
        this.widgetSlot,
        {
          toolName: this.toolName,
          tool: this.tool,
          args: this.args,
          widgetKey: widgetKey(this.callId, this.toolName, this.args),
          inputGated: this.awaitingApproval,
          modelContext: (update) => this.showModelContext(update),
          settings: this.services.settings,
          callTool: (name, args) => this.services.callTool("widget", name, args),
          event,
          requestDisplayMode: this.services.requestDisplayMode,
          followUp: this.services.followUp,
          setHeight: (height) => this.setHeight(height),
        },
        undefined,
      );
      this.cspDetails.replaceChildren(
        h("summary", {}, "Frame CSP"),
        h("pre", { tabindex: 0 }, this.widget.csp.split("; ").join(";\n")),
      );
      this.cspDetails.hidden = false;
      this.applyLayout();
    } catch (error) {
      this.widgetSlot.replaceChildren(
        h(
          "p",
          { role: "alert" },
          `The widget could not load: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  /** The result as the widget gets it: `_meta` carries the widget's session id, as in ChatGPT. */
  private forWidget(result: CallToolResult): CallToolResult {
    const key = widgetKey(this.callId, this.toolName, this.args);
    return {
      ...result,
      _meta: { ...(result._meta ?? {}), "openai/widgetSessionId": widgetSessionId(key) },
    };
  }

  private contentHeight = 160;

  private setHeight(height: number): void {
    this.contentHeight = Math.max(40, Math.round(height));
    this.applyLayout();
  }

  private applyLayout(): void {
    const settings = this.services.settings();
    const { displayMode } = settings;
    const maxHeight = effectiveMaxHeight(settings);
    this.widgetSlot.dataset.displayMode = displayMode;
    this.exitButton.hidden = displayMode === "inline";
    const frame = this.widget?.frame;
    if (!frame) return;
    // The frame's own height (its border is outside it: styles.css), never more than the widget
    // was told it may take.
    frame.style.height =
      displayMode === "fullscreen" ? "" : `${Math.min(this.contentHeight, maxHeight)}px`;
  }

  private showModelText(result: CallToolResult): void {
    const texts = (result.content ?? []).flatMap((block) =>
      block.type === "text" && typeof block.text === "string"
        ? [block.text]
        : [`[${block.type} content]`],
    );
    const action = nextAction(result.structuredContent);
    this.modelText.replaceChildren(
      h(
        "p",
        { class: "result-flags" },
        h(
          "span",
          { class: result.isError ? "status status-isError" : "status status-ok" },
          result.isError ? "isError: true" : "isError: false",
        ),
      ),
      ...texts.map((text) => h("p", { class: "content-text" }, text)),
      ...(action
        ? [h("p", { class: "next-action" }, h("strong", {}, "next_action: "), action)]
        : []),
    );
  }
}

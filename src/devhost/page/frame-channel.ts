/**
 * The page's end of the messages the frame bootstrap sends (`devhost: 1`): readiness, height,
 * CSP violations, frame errors and — for the `openai` protocol — relayed method calls. Only
 * messages whose `source` is this frame's window are read; the frame's origin is opaque
 * (`"null"`), so the window identity is what proves who sent them.
 */
import { isRecord } from "../../core/is-record.ts";

/** A relayed `window.openai` method call. */
export interface RelayedCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** What the channel reports to the frame's owner. */
export interface FrameChannelHandlers {
  onReady?(): void;
  onHeight?(height: number): void;
  onCspViolation(text: string): void;
  onFrameError(text: string): void;
  /** The frame's emulated localStorage changed; `items` is untrusted. */
  onStorage(items: unknown): void;
  onCall?(call: RelayedCall): Promise<unknown>;
}

function text(value: unknown, max = 300): string {
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** Listens to one frame's bootstrap; returns the means to post to it and to stop. */
export class FrameChannel {
  private ready = false;
  private readonly queue: unknown[] = [];
  private readonly listener = (event: MessageEvent): void => this.receive(event);

  constructor(
    private readonly frame: HTMLIFrameElement,
    private readonly handlers: FrameChannelHandlers,
  ) {
    window.addEventListener("message", this.listener);
  }

  /** Posts to the bootstrap, after it said it is ready (earlier posts would hit about:blank). */
  post(message: Record<string, unknown>): void {
    const data = { devhost: 1, ...message };
    if (this.ready) this.frame.contentWindow?.postMessage(data, "*");
    else this.queue.push(data);
  }

  /** Stops listening. */
  dispose(): void {
    window.removeEventListener("message", this.listener);
  }

  private receive(event: MessageEvent): void {
    if (event.source === null || event.source !== this.frame.contentWindow) return;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== "object" || data.devhost !== 1) return;
    switch (data.type) {
      case "ready":
        this.ready = true;
        for (const queued of this.queue.splice(0))
          this.frame.contentWindow?.postMessage(queued, "*");
        this.handlers.onReady?.();
        break;
      case "height":
        if (typeof data.height === "number" && Number.isFinite(data.height) && data.height >= 0)
          this.handlers.onHeight?.(data.height);
        break;
      case "csp-violation":
        this.handlers.onCspViolation(
          `${text(data.directive, 60)} blocked ${text(data.blocked, 200) || "inline"}${data.sample ? ` (${text(data.sample, 80)})` : ""}`,
        );
        break;
      case "frame-error":
        this.handlers.onFrameError(text(data.message));
        break;
      case "storage":
        this.handlers.onStorage(data.items);
        break;
      case "call":
        void this.answer(data.id, text(data.method, 60), data.params);
        break;
    }
  }

  private async answer(id: unknown, method: string, params: unknown): Promise<void> {
    if (typeof id !== "number" || !this.handlers.onCall) return;
    const safeParams = isRecord(params) ? params : {};
    try {
      const value = await this.handlers.onCall({ method, params: safeParams });
      this.post({ type: "reply", id, ok: true, value });
    } catch (error) {
      this.post({
        type: "reply",
        id,
        ok: false,
        error: error instanceof Error ? error.message : "host call failed",
      });
    }
  }
}

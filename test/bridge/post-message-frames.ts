/**
 * Test support: a child frame in jsdom, with postMessage completed the way browsers do it.
 * jsdom's `postMessage` sets neither `event.source` nor clones `data` (see its Window.js
 * TODOs), and both the adapter and ext-apps' PostMessageTransport check `event.source`.
 * This fills in exactly those two things; everything else is the real message event path.
 */
type MessageWindow = Window & { MessageEvent: typeof MessageEvent };

function completePostMessage(target: Window, source: Window): void {
  target.postMessage = ((data: unknown) => {
    const cloned = structuredClone(data);
    setTimeout(() => {
      const Event = (target as MessageWindow).MessageEvent;
      target.dispatchEvent(new Event("message", { data: cloned, source }));
    }, 0);
  }) as Window["postMessage"];
}

/**
 * Appends an iframe; returns its window and its `parent` (jsdom's own window object, which
 * under vitest is not the `window` global, though events on it reach global listeners).
 */
export function createChildFrame(): { child: Window; parent: Window; remove(): void } {
  const iframe = document.createElement("iframe");
  document.body.append(iframe);
  const child = iframe.contentWindow!;
  const parent = child.parent;
  const original = parent.postMessage;
  completePostMessage(parent, child);
  completePostMessage(child, parent);
  return {
    child,
    parent,
    remove() {
      parent.postMessage = original;
      iframe.remove();
    },
  };
}

/** Delivers `data` to `target` as if posted by `source` (a foreign frame, say). */
export function deliverFrom(target: Window, source: Window | null, data: unknown): void {
  const Event = (target as MessageWindow).MessageEvent;
  target.dispatchEvent(new Event("message", { data, source }));
}

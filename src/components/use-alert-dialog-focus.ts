/**
 * Keyboard focus for a modal alert dialog, as the WAI-ARIA alertdialog pattern asks (and
 * Radix's AlertDialog does): focus moves in on open, to the least destructive action; Tab and
 * Shift+Tab cycle inside; Escape cancels; focus goes back to what had it before, on close.
 *
 * A few dozen lines instead of a focus-trap dependency: the widget ships every byte inline,
 * and a dialog made of buttons needs no more than this.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";

// What Tab may land on inside the dialog, before disabled controls and a negative tabindex
// are left out (`tabbablesIn`).
const FOCUSABLE = "a[href],button,input:not([type=hidden]),select,textarea,summary,[tabindex]";

/** Options of `useAlertDialogFocus`. */
export interface AlertDialogFocusOptions {
  /** The dialog element; it needs `tabIndex={-1}` to hold focus while its buttons are off. */
  readonly dialog: RefObject<HTMLElement | null>;
  /** The least destructive action (Cancel): focused on open and whenever focus is lost. */
  readonly leastDestructive: RefObject<HTMLElement | null>;
  /** False once the dialog has given way to something else (its result): focus is let go. */
  readonly open: boolean;
  /** Escape. The caller decides whether cancelling is possible right now. */
  readonly onEscape: () => void;
}

function isUsable(element: HTMLElement | null | undefined): element is HTMLElement {
  return !!element?.isConnected && !element.matches(":disabled");
}

/** Cancel if it can be used, else the dialog itself (while its buttons are disabled). */
function focusInside(dialog: HTMLElement | null, leastDestructive: HTMLElement | null): void {
  (isUsable(leastDestructive) ? leastDestructive : dialog)?.focus();
}

function tabbablesIn(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      isUsable(element) &&
      // Content of a closed <details> is not reachable; its summary is.
      (element.tagName === "SUMMARY" || !element.closest("details:not([open])")),
  );
}

/** Focus management of an open modal dialog: see the file comment. */
export function useAlertDialogFocus({
  dialog,
  leastDestructive,
  open,
  onEscape,
}: AlertDialogFocusOptions): void {
  // What had focus before the dialog rendered (read once, at the first render, while the
  // element that opened it is still in the document).
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  // The latest props, for the listeners and the unmount below (which outlive a render).
  const latest = useRef({ onEscape, open });
  useLayoutEffect(() => {
    latest.current = { onEscape, open };
  });

  // Focus moves in on open, and comes back after any render that left it outside or lost it:
  // a focused button that a render disabled or removed (Confirm while committing, the
  // dialog's body changing to an error) would otherwise drop it on <body>.
  useLayoutEffect(() => {
    const root = dialog.current;
    if (!open || !root) return;
    const active = root.ownerDocument.activeElement as HTMLElement | null;
    if (
      !root.contains(active) ||
      !isUsable(active) ||
      (active === root && isUsable(leastDestructive.current))
    )
      focusInside(root, leastDestructive.current);
  });

  // Tab wraps around inside the dialog; Escape cancels.
  useEffect(() => {
    const root = dialog.current;
    if (!open || !root) return;
    const doc = root.ownerDocument;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        latest.current.onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const tabbables = tabbablesIn(root);
      const first = tabbables[0];
      const last = tabbables.at(-1);
      const active = doc.activeElement;
      const outside = !root.contains(active) || active === root;
      // Nothing to tab to: the dialog itself; else round from one end to the other.
      const next = !first
        ? root
        : event.shiftKey
          ? (outside || active === first) && last
          : (outside || active === last) && first;
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    doc.addEventListener("keydown", onKeyDown);
    return () => doc.removeEventListener("keydown", onKeyDown);
  }, [dialog, open]);

  // Focus goes back on close: when the dialog unmounts while open (cancelled, or the app
  // moved on), to the element that had it, if that is still there and nothing took focus.
  useEffect(
    () => () => {
      if (!latest.current.open || !opener?.isConnected) return;
      const active = opener.ownerDocument.activeElement;
      if (!active || active === opener.ownerDocument.body) opener.focus();
    },
    [opener],
  );
}

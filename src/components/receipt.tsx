import { useEffect, useId, useRef, type ReactNode } from "react";
import type { Money } from "../contract/index.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** Props of `Receipt`. */
export interface ReceiptProps {
  /** The heading (default: the kit's `committedTitle`, "Done"). */
  readonly title?: string;
  /** The id of what was written, shown so the person can quote it. */
  readonly reference: string;
  /** What it cost, when it cost something. */
  readonly total?: Money;
  /** The server replayed an earlier commit of the same key: said calmly, not as an error. */
  readonly replayed?: boolean;
  /** Moves focus to the heading on mount (after a confirm, where the buttons vanished). */
  readonly focusOnMount?: boolean;
  /** Extra actions, e.g. a checkout link. */
  readonly children?: ReactNode;
}

/** A money total's line ("Total  €40.00"), when there is one: the receipt's and the draft's. */
export const totalLine = (total: Money | undefined, label: string, money: (m: Money) => string) =>
  total ? (
    <p className="wk-total">
      <span>{label}</span>
      <span>{money(total)}</span>
    </p>
  ) : null;

/**
 * A done write (`data-state="committed"`) — an order, a sent message, a booking: its
 * reference, its total if it had one, and whether it was a replay.
 */
export function Receipt({
  title,
  reference,
  total,
  replayed = false,
  focusOnMount = false,
  children,
}: ReceiptProps) {
  const { m, money } = useI18n();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section className="wk-panel wk-stack" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="wk-success wk-focus-target">
        {title ?? m.committedTitle}
      </h2>
      <p>
        {m.reference} <span className="wk-code">{reference}</span>
      </p>
      {totalLine(total, m.total, money)}
      {replayed ? <p className="wk-muted">{m.replayed}</p> : null}
      {children}
    </section>
  );
}
if (IS_DEV) (Receipt as DevNamed).displayName = "Receipt";

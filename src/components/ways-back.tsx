/**
 * The ways back after a write ended (a final error, or a committed write): back to the list
 * (`data-action="back"`), and the list's read run again (`data-action="refresh"`), so going
 * back does not show a stale list. Each shows only when given.
 */
import { useI18n } from "../i18n/use-i18n.ts";

/** Props of `WaysBack`. */
export interface WaysBackProps {
  readonly onBack?: () => unknown;
  readonly onRefresh?: () => unknown;
}

/** One way out (`data-action` back or refresh), when given; ConfirmDraft's too. */
export const wayButton = (action: string, label: string, run?: () => unknown) =>
  run ? (
    <button type="button" className="wk-button" data-action={action} onClick={() => void run()}>
      {label}
    </button>
  ) : null;

/** Back and refresh buttons; nothing when neither is given. */
export function WaysBack({ onBack, onRefresh }: WaysBackProps) {
  const { m } = useI18n();
  if (!onBack && !onRefresh) return null;
  return (
    <div className="wk-row">
      {wayButton("back", m.back, onBack)}
      {wayButton("refresh", m.refresh, onRefresh)}
    </div>
  );
}

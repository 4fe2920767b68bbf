/**
 * The ways back after a write ended (a final error, or a committed write): back to the list
 * (`data-action="back"`), the list's read run again (`data-action="refresh"`), or, where no
 * list is under a refused write, Cancel (`data-action="cancel"`), which ends it. Each shows
 * only when given.
 */
import { useI18n } from "../i18n/use-i18n.ts";

/** Props of `WaysBack`. */
export interface WaysBackProps {
  /** Back to the list (`data-action="back"`). */
  readonly onBack?: () => unknown;
  /** The list's read again (`data-action="refresh"`). */
  readonly onRefresh?: () => unknown;
  /** Cancel (`data-action="cancel"`): ends a refused write with no list under it. */
  readonly onCancel?: () => unknown;
}

/** One way out (`data-action` back, refresh or cancel), when given; ConfirmDraft's too. */
export const wayButton = (action: string, label: string, run?: () => unknown) =>
  run ? (
    <button type="button" className="wk-button" data-action={action} onClick={() => void run()}>
      {label}
    </button>
  ) : null;

/** Back, refresh and cancel buttons, each when given; nothing when none is. */
export function WaysBack({ onBack, onRefresh, onCancel }: WaysBackProps) {
  const { m } = useI18n();
  if (!onBack && !onRefresh && !onCancel) return null;
  return (
    <div className="wk-row">
      {wayButton("cancel", m.cancel, onCancel)}
      {wayButton("back", m.back, onBack)}
      {wayButton("refresh", m.refresh, onRefresh)}
    </div>
  );
}

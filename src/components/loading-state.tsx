import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** Shown while the host has not delivered a tool output yet: a polite, busy status. */
export function LoadingState() {
  const { m } = useI18n();
  return (
    <div className="wk-row wk-muted" role="status" aria-busy="true">
      <span className="wk-spinner" aria-hidden="true" />
      {m.loading}
    </div>
  );
}
if (IS_DEV) (LoadingState as DevNamed).displayName = "LoadingState";

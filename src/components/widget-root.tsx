/**
 * The element that carries the DOM contract: `data-state`, `data-theme` and `lang`. A
 * descendant that owns a phase the parent can't see (ConfirmPurchase: `committing`) reports
 * it up through context instead of every parent threading it down.
 */
import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { clsx } from "clsx";
import { useAutoHeight } from "../hooks/use-auto-height.ts";
import { useMaxHeight } from "../hooks/use-max-height.ts";
import { useTheme } from "../hooks/use-theme.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { DomState } from "./dom-state.ts";

type ReportState = (state: DomState | null) => void;
const ReportStateContext = createContext<ReportState | null>(null);
ReportStateContext.displayName = "WidgetRootStateContext";

/** Props of `WidgetRoot`. */
export interface WidgetRootProps {
  /** The `data-state` to show unless a descendant reports another one. */
  readonly state: DomState;
  readonly className?: string;
  readonly children?: ReactNode;
}

/**
 * The widget's root element: themed from the host, `lang` from the host locale, height kept
 * within the host's `maxHeight` (content scrolls inside) and reported to the host.
 */
export function WidgetRoot({ state, className, children }: WidgetRootProps) {
  const theme = useTheme();
  const maxHeight = useMaxHeight();
  const { locale } = useI18n();
  const [reported, setReported] = useState<DomState | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useAutoHeight(ref);
  return (
    <ReportStateContext.Provider value={setReported}>
      <div
        ref={ref}
        className={clsx("wk-root", className)}
        data-state={reported ?? state}
        data-theme={theme}
        lang={locale}
        style={maxHeight === undefined ? undefined : { maxHeight }}
      >
        {children}
      </div>
    </ReportStateContext.Provider>
  );
}
WidgetRoot.displayName = "WidgetRoot";

/**
 * Shows `state` as the nearest WidgetRoot's `data-state` while the caller is mounted (and
 * `state` is not null). Outside a WidgetRoot it does nothing.
 */
export function useReportDomState(state: DomState | null): void {
  const report = useContext(ReportStateContext);
  useLayoutEffect(() => {
    if (!report || state === null) return;
    report(state);
    return () => report(null);
  }, [report, state]);
}

/**
 * The element that carries the DOM contract: `data-state`, `data-theme` and `lang`.
 *
 * WidgetRoot is the one owner of `data-state`, by one rule: the latest state a mounted
 * descendant reports with `useReportDomState`, else the `state` prop. The component that
 * renders the root gives the state it knows as the prop (ResultView: the parsed view's
 * state, which already is a DOM name); a descendant that owns a phase the parent can't see
 * (ConfirmDraft: `committing`, RenderGuard's fallback: `invalid`) reports it through
 * context instead of every parent threading it down. Nothing else writes `data-state`.
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useAutoHeight } from "../hooks/use-auto-height.ts";
import { useDocumentStyleVariables } from "../hooks/use-document-style-variables.ts";
import { useHostGlobal } from "../hooks/use-host-global.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { DomState } from "../contract/states.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** One descendant's report: its own token, so withdrawing it never removes another's. */
interface Report {
  readonly reporter: object;
  readonly state: DomState;
}

/** Files (or with `null` withdraws) the report of `reporter`. */
type ReportState = (reporter: object, state: DomState | null) => void;
const ReportStateContext = createContext<ReportState | null>(null);
if (IS_DEV) (ReportStateContext as DevNamed).displayName = "WidgetRootStateContext";

/**
 * The widget's root element: themed from the host (its theme, and its style variables written
 * onto the document), `lang` from the host locale, height kept within the host's `maxHeight`
 * (content scrolls inside) and reported to the host.
 */
export function WidgetRoot({
  state,
  className,
  children,
}: {
  /** The `data-state` to show while no descendant reports one (`useReportDomState`). */
  readonly state: DomState;
  /** Extra classes on the root element (beside the kit's). */
  readonly className?: string;
  /** The widget's content. */
  readonly children?: ReactNode;
}) {
  const theme = useHostGlobal("theme");
  const maxHeight = useHostGlobal("maxHeight");
  const { locale } = useI18n();
  const [reports, setReports] = useState<readonly Report[]>([]);
  const report = useCallback<ReportState>((reporter, reported) => {
    setReports((current) => {
      const others = current.filter((entry) => entry.reporter !== reporter);
      return reported === null ? others : [...others, { reporter, state: reported }];
    });
  }, []);
  const ref = useRef<HTMLDivElement>(null);
  useAutoHeight(ref);
  useDocumentStyleVariables();
  return (
    <ReportStateContext.Provider value={report}>
      <div
        ref={ref}
        className={className ? `wk-root ${className}` : "wk-root"}
        data-state={reports.at(-1)?.state ?? state}
        data-theme={theme}
        lang={locale}
        style={maxHeight === undefined ? undefined : { maxHeight }}
      >
        {children}
      </div>
    </ReportStateContext.Provider>
  );
}
if (IS_DEV) (WidgetRoot as DevNamed).displayName = "WidgetRoot";

/**
 * Reports `state` to the nearest WidgetRoot, which shows it as `data-state` while the caller
 * is mounted (and `state` is not null). The latest report wins; when it is withdrawn, the
 * one before it (or the root's own `state`) shows again. Outside a WidgetRoot it does nothing.
 */
export function useReportDomState(state: DomState | null): void {
  const report = useContext(ReportStateContext);
  const [reporter] = useState(() => ({}));
  useLayoutEffect(() => {
    if (!report || state === null) return;
    report(reporter, state);
    return () => report(reporter, null);
  }, [report, reporter, state]);
}

/**
 * mcp-widget-kit, widget side: host hooks, components and i18n. The contract (defineContract,
 * parse, ToolError, Money, toolRefs, …) has one home, `mcp-widget-kit/contract`, and is not
 * repeated here; taking money is `mcp-widget-kit/checkout`; server, build and testing helpers
 * have their own entries so they never reach the widget bundle.
 */
// First on purpose: modules run (and are bundled) in import order, and this one pulls in
// react-dom. With react-dom ahead of the kit the gzipped widget is 1.6 kB smaller than with
// react-dom between the kit's catalogs and components (measured with npm run bench).
export { mountWidget } from "./components/mount-widget.tsx";
// Not exports (the contract's home is mcp-widget-kit/contract; the write layer is internal):
// these two imports keep the bundle's module order, contract second and the write layer after
// the hooks, as it was while this entry re-exported them. Without them the gzipped widget is
// 485 B larger with the same code (npm run build:lib && npx tsx bench/build.ts).
import "./contract/index.ts";
export type {
  AppInfo,
  CallToolResult,
  Host,
  HostCapabilities,
  HostGlobals,
} from "./bridge/types.ts";
export {
  type CallOutcome,
  type CallToolState,
  HostProvider,
  useCallTool,
  useHost,
  useHostGlobal,
  useOpenExternal,
  useTheme,
  useToolOutput,
  useWidgetState,
  useWriteFlow,
  type WriteFlow,
  type WriteFlowOptions,
} from "./hooks/index.ts";
import "./write/index.ts"; // module order: see the contract's import above
export {
  type CommitOutcome,
  ConfirmDraft,
  type ConfirmDraftProps,
  type Draft,
  type EmptyStateProps,
  type ErrorClass,
  type ErrorWords,
  ErrorState,
  type ErrorStateProps,
  ItemList,
  type ItemListProps,
  Receipt,
  type ReceiptProps,
  type RecordsOf,
  type ResultsOf,
  ResultView,
  type ResultViewProps,
  WriteView,
  type WriteViewProps,
} from "./components/index.ts";
export {
  type AppMessages,
  defineMessages,
  en,
  type I18n,
  type Language,
  MessagesProvider,
  useI18n,
} from "./i18n/index.ts";

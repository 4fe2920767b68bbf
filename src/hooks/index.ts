/**
 * React hooks over the host bridge, each a thin layer over `useHost()`. A host global without
 * a hook of its own (tool input, locale, display mode, max height, safe area, user agent, view,
 * response metadata, cancellation, style variables) is `useHostGlobal(key)`, typed by its key.
 * The host's actions are `useHost()`'s methods; `useOpenExternal` adds the https-only,
 * never-rejecting link an app draws.
 */
export { HostProvider, useHost } from "./host-context.tsx";
export { useHostGlobal } from "./use-host-global.ts";
export { useToolOutput } from "./use-tool-output.ts";
export { useWidgetState } from "./use-widget-state.ts";
export { useCallTool, type CallToolState, type CallOutcome } from "./use-call-tool.ts";
export { useTheme } from "./use-theme.ts";
export { useSendFollowUpMessage } from "./use-send-follow-up-message.ts";
export { useOpenExternal } from "./use-open-external.ts";
export { useWriteFlow, type WriteFlowOptions } from "./use-write-flow.ts";
export type { WriteFlow } from "../write/write-flow.ts";
export { useAutoHeight } from "./use-auto-height.ts";

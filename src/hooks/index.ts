/**
 * React hooks over the host bridge, each a thin layer over `useHost()`. A host global without
 * a hook of its own (locale, display mode, max height, safe area, user agent, view, response
 * metadata, cancellation, style variables) is `useHostGlobal(key)`, typed by its key.
 */
export { HostProvider, useHost } from "./host-context.tsx";
export { useHostGlobal } from "./use-host-global.ts";
export { useToolOutput } from "./use-tool-output.ts";
export { useToolInput } from "./use-tool-input.ts";
export { useWidgetState } from "./use-widget-state.ts";
export { useCallTool, type CallToolState, type CallOutcome } from "./use-call-tool.ts";
export { useTheme } from "./use-theme.ts";
export { useRequestDisplayMode } from "./use-request-display-mode.ts";
export { useSendFollowUpMessage } from "./use-send-follow-up-message.ts";
export { useOpenExternal } from "./use-open-external.ts";
export { useRequestClose } from "./use-request-close.ts";
export { useWriteFlow, type WriteFlowOptions } from "./use-write-flow.ts";
export type { WriteFlow } from "../write/write-flow.ts";
export { useAutoHeight } from "./use-auto-height.ts";

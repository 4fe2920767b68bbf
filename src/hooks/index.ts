/** React hooks over the host bridge: one per concern, each a thin layer over `useHost()`. */
export { HostProvider, useHost, type HostProviderProps } from "./host-context.tsx";
export { useHostGlobal } from "./use-host-global.ts";
export { useToolOutput } from "./use-tool-output.ts";
export { useToolInput } from "./use-tool-input.ts";
export { useToolResponseMetadata } from "./use-tool-response-metadata.ts";
export { useWidgetState, type WidgetStateOptions } from "./use-widget-state.ts";
export {
  useCallTool,
  type CallToolOptions,
  type CallToolState,
  type CallToolStatus,
  type CallOutcome,
  type TypedCallOutcome,
  type TypedCallToolState,
} from "./use-call-tool.ts";
export { HOST_CALL_FAILED } from "../contract/error-codes.ts";
export { useTheme } from "./use-theme.ts";
export { useLocale } from "./use-locale.ts";
export { useDisplayMode } from "./use-display-mode.ts";
export { useMaxHeight } from "./use-max-height.ts";
export { useSafeArea } from "./use-safe-area.ts";
export { useUserAgent } from "./use-user-agent.ts";
export { useView } from "./use-view.ts";
export { useToolCancelled } from "./use-tool-cancelled.ts";
export { useStyleVariables } from "./use-style-variables.ts";
export { useRequestDisplayMode } from "./use-request-display-mode.ts";
export { useSendFollowUpMessage } from "./use-send-follow-up-message.ts";
export { useOpenExternal } from "./use-open-external.ts";
export { useRequestClose } from "./use-request-close.ts";
export {
  useWriteFlow,
  type WriteFlow,
  type WriteFlowCommitArgs,
  type WriteFlowOptions,
} from "./use-write-flow.ts";
export type { WriteFlowArgs, WriteFlowContract, WriteFlowView } from "../write/call-view.ts";
export { useAutoHeight } from "./use-auto-height.ts";

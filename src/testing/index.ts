/** Test and story helpers (`mcp-widget-kit/testing`): the mock host, fixture recording and snapshot tests. */
export {
  createMockHost,
  type MockHost,
  type MockHostOptions,
  type MockCall,
  type MockMethod,
  type MockFailure,
  type MockToolHandler,
} from "./mock-host.ts";
export { DEFAULT_GLOBALS } from "../bridge/globals.ts";
export type { RawGlobals } from "../bridge/store.ts";
export type {
  Host,
  HostGlobals,
  HostCapabilities,
  HostKind,
  HostView,
  GlobalKey,
  CallToolResult,
  ContentBlock,
  DisplayMode,
  SafeArea,
  Theme,
  UserAgent,
} from "../bridge/types.ts";
export { readFixtures, toFixture, type Fixture } from "./fixture-files.ts";
export {
  snapshotFixtures,
  withStableIds,
  type SnapshotFixturesOptions,
  type SnapshotVariant,
  type SnapshotVitest,
} from "./snapshot-fixtures.tsx";
export {
  recordFixtures,
  type RecordFixturesOptions,
  type RecordReport,
  type RecordScenario,
  type RecordCall,
  type RecordScript,
  type Recorder,
  type FixtureContract,
} from "./record-fixtures.ts";
export type { RecordServer, RecordedResult, ToolCaller, ToolArguments } from "./tool-caller.ts";
export { renderWidget, type RenderWidgetOptions, type RenderedWidget } from "./render-widget.tsx";
export {
  callAsWidget,
  type CallAsWidgetOptions,
  type CallableToolServer,
  type WidgetCaller,
  type WidgetCallResult,
} from "./widget-caller.ts";
export { MissingPeerError } from "../peer-deps/optional-peer.ts";

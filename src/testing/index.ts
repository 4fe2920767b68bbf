/**
 * Test and story helpers: the mock host, a widget rendered under it, a server's tools called
 * as the widget calls them, fixture recording and DOM snapshot tests. Host types (`Host`,
 * `HostGlobals`, `HostCapabilities`, …) come from `mcp-widget-kit`.
 *
 * @packageDocumentation
 */
export { createMockHost, type MockHost } from "./mock-host.ts";
export { renderWidget, type RenderedWidget } from "./render-widget.tsx";
export { callAsWidget } from "./widget-caller.ts";
export { recordFixtures, type RecordFixturesOptions, type Recorder } from "./record-fixtures.ts";
export type { RecordedResult, RecordServer } from "./tool-caller.ts";
export { snapshotFixtures } from "./snapshot-fixtures.tsx";
export { readFixtures, type Fixture } from "./fixture-files.ts";

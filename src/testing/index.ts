/**
 * Test and story helpers: the mock host, a widget rendered under it, a server's tools called
 * as the widget calls them, fixture recording, DOM snapshot tests, a recorded result's story
 * (`recordedStory`) and the kit's checks of an app's widget (`checkWidget`). Host types (`Host`,
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
export { checkWidget, type CheckWidgetOptions } from "./check-widget.tsx";
export { recordedStory } from "./recorded-story.tsx";
export type { Fixture } from "./fixture-files.ts";

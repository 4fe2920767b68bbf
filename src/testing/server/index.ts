/**
 * Test helpers of the server half, apart from `mcp-widget-kit/testing` (which a widget's tests
 * and stories load without Node): the kit's write promises proved against an app's own server
 * (`checkWrite`), and an app's fixtures recorded from its server (`recordApp`).
 *
 * @packageDocumentation
 */
export { checkWrite, type CheckWriteOptions } from "./check-write.ts";
export { recordApp, type RecordAppOptions } from "./record-app.ts";

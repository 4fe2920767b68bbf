/** What stories and story tests use from the Storybook host machinery. */
export { withMockHost } from "./with-mock-host.tsx";
export { mockHostOf } from "./registry.ts";
export type { StoryHostParameters, StoryProtocol, RawHostGlobals } from "./parameters.ts";

/**
 * Must be the page's first import. zod decides whether to compile parsers with `new Function`
 * when each schema is built — and the SDK builds its schemas when its modules load — so the
 * switch has to be thrown before any of them. The page's CSP has no 'unsafe-eval'; without
 * this, zod's eval probe shows up as a CSP violation on every load.
 */
import { config } from "zod/v4/core";

/**
 * `true` once zod is jitless. An export the page reads, because package.json declares only CSS
 * as having side effects: a bare `import "./zod-jitless.ts"` would be dropped by the bundler.
 */
export const ZOD_JITLESS: boolean = config({ jitless: true }).jitless === true;

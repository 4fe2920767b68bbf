/**
 * Must be the page's first import. zod decides whether to compile parsers with `new Function`
 * when each schema is built — and the SDK builds its schemas when its modules load — so the
 * switch has to be thrown before any of them. The page's CSP has no 'unsafe-eval'; without
 * this, zod's eval probe shows up as a CSP violation on every load.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

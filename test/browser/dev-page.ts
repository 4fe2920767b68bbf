/**
 * The dev page the dev-host suites load, built from the kit's sources (`dist/devhost/`, as
 * `npm run build:devhost` builds it), so a suite always checks what the package would ship.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The kit's repository root (this file is `test/browser/dev-page.ts`). */
export const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** Builds the dev page (`dist/devhost/`) from the sources. */
export function buildDevPage(): void {
  execFileSync(
    join(REPO, "node_modules/.bin/vite"),
    ["build", "-c", "vite.devhost.config.ts", "--logLevel", "warn"],
    { cwd: REPO, stdio: "inherit" },
  );
}

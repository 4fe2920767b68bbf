/** The repository root, for kit tests that read files by their path in the repository. */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is `test/support/repo-root.ts`). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

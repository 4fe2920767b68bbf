/** The widget builds the browser suite checks, and where they live. */
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** One build of the widget: React (the default) or Preact. */
export interface WidgetTarget {
  name: "react" | "preact";
  dir: string;
  /** Extra `vite build` arguments that produce it. */
  buildArgs: string[];
}

const distRoot = join(REPO, process.env.WIDGET_OUT_DIR ?? "dist");

export const TARGETS: readonly WidgetTarget[] = [
  { name: "react", dir: distRoot, buildArgs: [] },
  { name: "preact", dir: join(distRoot, "preact"), buildArgs: ["--mode", "preact"] },
];

/** The widget builds the browser suite checks, and where they live. */
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** GiftGenius' package: its vite.config.ts builds the widget these tests load. */
export const GIFTGENIUS = join(REPO, "examples/giftgenius");

/** One build of the widget: React (the default) or Preact. */
export interface WidgetTarget {
  name: "react" | "preact";
  dir: string;
  /** Extra `vite build` arguments that produce it. */
  buildArgs: string[];
}

const distRoot = process.env.WIDGET_OUT_DIR
  ? join(REPO, process.env.WIDGET_OUT_DIR)
  : join(GIFTGENIUS, "dist");

export const TARGETS: readonly WidgetTarget[] = [
  { name: "react", dir: distRoot, buildArgs: [] },
  { name: "preact", dir: join(distRoot, "preact"), buildArgs: ["--mode", "preact"] },
];

/** The widget builds GiftGenius' browser suite checks, and where they live. */
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";

/** GiftGenius' package: its vite.config.ts builds the widget these tests load. */
export const GIFTGENIUS = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The kit's repository, which holds this package as a workspace: its node_modules (hoisted
 * bins), the kit's build and its dev page.
 */
export const REPO = join(GIFTGENIUS, "../..");

/** One build of the widget: React (the default) or Preact. */
export interface WidgetTarget {
  name: "react" | "preact";
  dir: string;
  /** Extra `vite build` arguments that produce it. */
  buildArgs: string[];
}

const distRoot = process.env.WIDGET_OUT_DIR
  ? resolve(GIFTGENIUS, process.env.WIDGET_OUT_DIR)
  : join(GIFTGENIUS, "dist");

export const TARGETS: readonly WidgetTarget[] = [
  { name: "react", dir: distRoot, buildArgs: [] },
  { name: "preact", dir: join(distRoot, "preact"), buildArgs: ["--mode", "preact"] },
];

/** `vite build` → dist/widget.html, dist/widget.manifest.json, dist/contract.json. */
import { defineConfig } from "vite";
import { widgetKit } from "mcp-widget-kit/build";
import widget from "./widget.config.ts";

export default defineConfig({
  root: "widget",
  plugins: [widgetKit({ config: widget, contractLock: false })],
  build: { outDir: "../dist", emptyOutDir: true },
});

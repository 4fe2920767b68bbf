/**
 * The widget half of `mcp-widget-kit dev`: the app's own vite.config.ts in watch mode, so a save
 * rebuilds dist/ (the server reads the build on each request) and the open dev page, told of
 * the rebuild, reloads its widget frames.
 */
import { UsageError } from "../create.ts";

/**
 * Builds the widget once, then again on every change, calling `onRebuilt` after each
 * successful rebuild; resolves after the first build.
 */
export async function watchWidget(onRebuilt: () => void = () => {}): Promise<{
  close(): Promise<void>;
}> {
  const vite = await import("vite").catch(() => {
    throw new UsageError(
      "mcp-widget-kit dev builds the widget with vite: npm install --save-dev vite",
    );
  });
  // No `root`: the app's vite.config.ts (found in the working folder) sets its own.
  const watcher = await vite.build({ logLevel: "warn", build: { watch: {} } });
  if (!("on" in watcher)) throw new Error("vite did not start a watcher");
  await new Promise<void>((resolve, reject) => {
    let built = false;
    let failed = false;
    watcher.on("event", (event) => {
      if (event.code === "BUNDLE_END") void event.result.close();
      if (event.code === "ERROR") {
        void event.result.close();
        if (built)
          console.error(`mcp-widget-kit dev: the widget did not build: ${event.error.message}`);
        // A widget that never built leaves nothing to serve: stop watching and report it.
        else {
          failed = true;
          void watcher.close().finally(() => reject(event.error));
        }
      }
      if (event.code === "END" && !failed) {
        if (built) {
          console.log("mcp-widget-kit dev: widget rebuilt; the dev page reloads it");
          onRebuilt();
        }
        built = true;
        resolve();
      }
    });
  });
  return { close: () => watcher.close() };
}

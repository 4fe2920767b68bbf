/**
 * How every Chromium suite launches the browser: Debian's system Chromium (a downloaded one
 * is not available here), headless, with the flags that keep it from reaching the network on
 * its own (these machines refuse such connections, and Chromium would retry them).
 */

/** `/usr/bin/chromium`, or `CHROMIUM_PATH`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The launch flags every suite uses. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Options for playwright-core's `chromium.launch()`. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

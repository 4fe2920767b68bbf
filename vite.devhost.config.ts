import { defineConfig } from "vite";

// Builds the dev host page (src/devhost/page) into dist/devhost. The server serves index.html
// at `GET /` and the hashed assets under /devhost/assets/, all under a CSP with no inline code.
export default defineConfig({
  root: "src/devhost/page",
  base: "/devhost/",
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "../../../dist/devhost",
    emptyOutDir: true,
    // The preload polyfill is an inline script; the page's CSP allows none.
    modulePreload: { polyfill: false },
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});

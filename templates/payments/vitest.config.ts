/** `npm test`: the tests under test/ (vite.config.ts is the widget build, rooted in widget/). */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["test/**/*.test.{ts,tsx}"] },
});

/**
 * Shared by the jsdom story tests: the project's preview annotations (the mock-host decorator,
 * the globals) applied to composed stories. Axe is not run here: jsdom has no layout, so
 * colour contrast can't be checked; the Chromium story tests (`npm run test:stories`) do it.
 */
import { setProjectAnnotations } from "@storybook/react-vite";
import preview from "../../.storybook/preview.tsx";

setProjectAnnotations(preview);

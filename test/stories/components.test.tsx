// @vitest-environment jsdom
/**
 * Every component story, composed with `composeStories` and run in jsdom: rendered under the
 * mock-host decorator with its `play` function (burst of clicks, retry countdown, remount
 * keeping the idempotency key, ...). The same stories run in Chromium with axe in
 * `npm run test:stories`.
 */
import { composeStories } from "@storybook/react-vite";
import "./compose.ts";
import * as confirmPurchase from "../../stories/components/confirm-purchase.stories.tsx";
import * as emptyState from "../../stories/components/empty-state.stories.tsx";
import * as errorState from "../../stories/components/error-state.stories.tsx";
import * as resultView from "../../stories/components/result-view.stories.tsx";
import * as retryButton from "../../stories/components/retry-button.stories.tsx";
import * as hostGlobals from "../../stories/host/host-globals.stories.tsx";

const files = { confirmPurchase, emptyState, errorState, resultView, retryButton, hostGlobals };

describe.each(Object.entries(files))("%s stories", (_, file) => {
  const stories = Object.entries(composeStories(file));
  it("has stories", () => expect(stories.length).toBeGreaterThan(0));
  it.each(stories)("%s", async (_, Story) => {
    await Story.run();
  });
});

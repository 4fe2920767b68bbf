// @vitest-environment jsdom
/**
 * Every component and widget story, composed with `composeStories` and run in jsdom: rendered under the
 * mock-host decorator with its `play` function (burst of clicks, retry countdown, remount
 * keeping the idempotency key, ...). The same stories run in Chromium with axe in
 * `npm run test:stories`.
 */
import { composeStories } from "@storybook/react-vite";
import "./compose.ts";
import * as confirmDraft from "../../stories/components/confirm-draft.stories.tsx";
import * as emptyState from "../../stories/components/empty-state.stories.tsx";
import * as errorState from "../../stories/components/error-state.stories.tsx";
import * as resultView from "../../stories/components/result-view.stories.tsx";
import * as retryButton from "../../stories/components/retry-button.stories.tsx";
import * as hostGlobals from "../../stories/host/host-globals.stories.tsx";

/** What a composed story offers this test: render it and run its play function. */
type RunnableStory = { run(): Promise<void> };

const files: ReadonlyArray<readonly [string, ReadonlyArray<[string, RunnableStory]>]> = [
  ["ConfirmDraft", Object.entries(composeStories(confirmDraft))],
  ["EmptyState", Object.entries(composeStories(emptyState))],
  ["ErrorState", Object.entries(composeStories(errorState))],
  ["ResultView", Object.entries(composeStories(resultView))],
  ["RetryButton", Object.entries(composeStories(retryButton))],
  ["Host globals", Object.entries(composeStories(hostGlobals))],
];

describe.each(files)("%s stories", (_, stories) => {
  it("has stories", () => expect(stories.length).toBeGreaterThan(0));
  it.each(stories)("%s", async (_, Story) => {
    await Story.run();
  });
});

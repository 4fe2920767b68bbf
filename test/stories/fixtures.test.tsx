// @vitest-environment jsdom
/**
 * Every recorded result of the kit's fixture app (test/fixture-app/fixtures), through the same
 * story and check as the generated fixture stories, in jsdom. The file list comes from the
 * same marker the Storybook indexer reads, so both see the same files.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { composeStory } from "@storybook/react-vite";
import "./compose.ts";
import { fixtureFolderOf, jsonFilesIn } from "../../.storybook/fixture-stories.ts";
import recorded from "../../stories/fixtures/recorded.fixtures.stories.tsx";
import { repoRoot } from "../support/repo-root.ts";

function filesOf(storyFile: string): string[] {
  const absolute = path.join(repoRoot, storyFile);
  const folder = fixtureFolderOf(readFileSync(absolute, "utf8"), absolute);
  if (!folder) throw new Error(`${storyFile} has no fixture-stories marker`);
  return jsonFilesIn(folder);
}

const recordedFiles = filesOf("stories/fixtures/recorded.fixtures.stories.tsx");

describe.each([["recorded tool outputs", recorded, recordedFiles]] as const)(
  "%s",
  (_, meta, files) => {
    it("are there", () => expect(files.length).toBeGreaterThan(0));
    it.each(files.map((file) => [path.basename(file), file]))("%s", async (name, file) => {
      const fixture: unknown = JSON.parse(readFileSync(file, "utf8"));
      const Story = composeStory({ name, args: { fixture, file: name } }, meta);
      await Story.run();
    });
  },
);

/**
 * Every tool output recorded from the GiftGenius server (`npm run record` writes
 * test/fixtures/<state>--<scenario>.json), one story and one story test per file: the exports
 * are generated from the folder named below (see the kit repository's
 * .storybook/fixture-stories.ts), so a new recording gets a story without editing this file.
 * Each story shows the widget on a mock host whose tool output is the recording's
 * `structuredContent` (and its `_meta`), and checks that the widget reaches `<state>` and turned
 * no payload text into markup or script.
 */
import type { Meta, StoryContext } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { App } from "../widget/app.tsx";

// fixture-stories: ../test/fixtures

/** Args of a generated story: the file's JSON and its name. */
interface RecordedArgs {
  readonly fixture: unknown;
  readonly file: string;
}

type Json = { readonly [key: string]: unknown };
const asRecord = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** The widget under the recording's host, captioned with the file name. */
function Recorded({ file }: RecordedArgs) {
  return (
    <figure style={{ margin: 0 }}>
      <App />
      <figcaption style={{ marginTop: 8, fontSize: 12 }}>{file}</figcaption>
    </figure>
  );
}

/** The widget reaches the state the file's name starts with, and no payload became markup. */
async function checkRecorded({ canvasElement, args }: StoryContext<RecordedArgs>) {
  if (args.fixture === null) return;
  const state = args.file.split("--")[0];
  if (!args.file.includes("--")) throw new Error(`${args.file}: name it <state>--<scenario>.json`);
  await waitFor(() =>
    expect(canvasElement.querySelector("[data-state]")).toHaveAttribute("data-state", state),
  );
  await expect(
    canvasElement.querySelector(
      "script, iframe, object, embed, [href^='javascript:' i], [src^='javascript:' i]",
    ),
  ).toBeNull();
}

const meta = {
  title: "GiftGenius/Recorded tool outputs",
  component: Recorded,
  args: { fixture: null, file: "" },
  parameters: {
    host: {
      globalsFromArgs: (args: Json) => ({
        toolOutput: asRecord(args.fixture).structuredContent ?? null,
        toolResponseMetadata: asRecord(args.fixture)._meta ?? null,
      }),
    },
  },
  play: checkRecorded,
} satisfies Meta<typeof Recorded>;

export default meta;

/**
 * The GiftGenius widget: the kit used the way an app uses it. Suggestions → Buy
 * (`prepare_order`) → confirm → Confirm (`commit_order`) → committed, with the host's tools
 * answered by the mock host (.storybook/preview.tsx) with the server's recorded outputs
 * (test/fixtures), which records each call.
 */
import type { CSSProperties } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor } from "storybook/test";
import type { MockHost } from "mcp-widget-kit/testing";
import { App } from "../widget/app.tsx";
import suggestions from "../test/fixtures/results--suggest-gifts.json";
import noMatch from "../test/fixtures/empty--no-match.json";
import draft from "../test/fixtures/confirm--prepare-order.json";
import order from "../test/fixtures/committed--commit.json";

const SUGGESTIONS = suggestions.structuredContent;
const GIFTS = SUGGESTIONS.gifts.length;

const meta = {
  title: "GiftGenius/Widget",
  component: App,
  parameters: {
    host: {
      globals: {
        toolOutput: SUGGESTIONS,
        toolInput: { interests: ["running"], budget_min: 10, budget_max: 50, currency: "USD" },
      },
      tools: { prepare_order: () => draft, commit_order: () => order },
      latencyMs: 30,
    },
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The story's mock host (made by .storybook/preview.tsx's loader). */
const hostOf = (loaded: { readonly [key: string]: unknown }) => loaded.host as MockHost;

/** Waits until the widget root shows `state`. */
async function waitForState(canvasElement: HTMLElement, state: string): Promise<void> {
  await waitFor(() =>
    expect(canvasElement.querySelector("[data-state]")).toHaveAttribute("data-state", state),
  );
}

const buyButtons = (root: HTMLElement) =>
  root.querySelectorAll<HTMLButtonElement>('[data-action="prepare"]');

/** The recorded suggestions, each with a Buy button. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(canvasElement.querySelectorAll("[data-gift-id]").length).toBeGreaterThan(0);
    await expect(buyButtons(canvasElement).length).toBeGreaterThan(0);
  },
};

/** Nothing found: the reason and follow-ups. */
export const NothingFound: Story = {
  parameters: { host: { globals: { toolOutput: noMatch.structuredContent } } },
  play: async ({ canvasElement }) => waitForState(canvasElement, "empty"),
};

/** The whole purchase: Buy prepares a draft, Confirm commits it once, with the draft's id. */
export const BuyAndConfirm: Story = {
  play: async ({ canvasElement, loaded }) => {
    await waitForState(canvasElement, "results");
    await userEvent.click(buyButtons(canvasElement)[0]!);
    await waitForState(canvasElement, "confirm");
    await userEvent.click(
      canvasElement.querySelector<HTMLButtonElement>('[data-action="confirm"]')!,
    );
    await waitForState(canvasElement, "committed");
    const host = hostOf(loaded);
    await expect(host.toolCalls("prepare_order").map((call) => call.args.gift_id)).toEqual([
      SUGGESTIONS.gifts[0]!.id,
    ]);
    const commits = host.toolCalls("commit_order");
    await expect(commits).toHaveLength(1);
    await expect(commits[0]?.args.draft_id).toBe(draft.structuredContent.draft.draft_id);
  },
};

/** Cancel on the confirmation goes back to the suggestions and sends no commit. */
export const BuyThenCancel: Story = {
  play: async ({ canvasElement, loaded }) => {
    await waitForState(canvasElement, "results");
    await userEvent.click(buyButtons(canvasElement)[1]!);
    await waitForState(canvasElement, "confirm");
    await userEvent.click(
      canvasElement.querySelector<HTMLButtonElement>('[data-action="cancel"]')!,
    );
    await waitForState(canvasElement, "results");
    await waitFor(() => expect(hostOf(loaded).toolCalls("commit_order")).toHaveLength(0));
  },
};

/** The confirmation in each non-English locale the kit ships (`lang` on the root, translated buttons). */
function inLocale(locale: string, lang: string, confirmLabel: string): Story {
  return {
    parameters: {
      host: {
        globals: { locale, toolOutput: draft.structuredContent, toolResponseMetadata: draft._meta },
      },
    },
    play: async ({ canvasElement }) => {
      await waitForState(canvasElement, "confirm");
      await expect(canvasElement.querySelector("[data-state]")).toHaveAttribute("lang", lang);
      await expect(canvasElement.querySelector('[data-action="confirm"]')).toHaveTextContent(
        confirmLabel,
      );
    },
  };
}

/** Russian. */
export const ConfirmInRussian = inLocale("ru-RU", "ru-RU", "Подтвердить покупку");
/** Chinese. */
export const ConfirmInChinese = inLocale("zh-CN", "zh-CN", "确认购买");
/** Vietnamese. */
export const ConfirmInVietnamese = inLocale("vi-VN", "vi-VN", "Xác nhận mua");

/** The same suggestions under two hosts' design tokens: an MCP Apps host's `styles.variables`. */
export const UnderMcpAppsHostTokens: Story = {
  parameters: {
    host: {
      globals: {
        toolOutput: SUGGESTIONS,
        styleVariables: {
          "--color-text-primary": "#1f2a44",
          "--color-background-primary": "#fbf8f1",
          "--color-background-secondary": "#f1ead9",
          "--color-background-info": "#7a4b00",
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    // Only a host that sends style variables has them (the mock host here does, ChatGPT does
    // not): the widget writes them onto <html>, where the kit's tokens read them. The real
    // AppBridge case is test/browser/host-look.test.ts.
    const sent = document.documentElement.style.getPropertyValue("--color-text-primary");
    await expect(["", "#1f2a44"]).toContain(sent);
  },
};

/** …and ChatGPT's: the semantic variables `@openai/apps-sdk-ui` defines (its light theme). */
export const UnderAppsSdkUiTokens: Story = {
  decorators: [
    (Story) => (
      <div
        style={
          {
            "--color-text": "#0d0d0d",
            "--color-surface": "#ffffff",
            "--color-surface-secondary": "#f9f9f9",
            "--color-border": "rgb(13 13 13 / 10%)",
            "--color-background-primary-solid": "#181818",
            "--color-text-inverse": "#ffffff",
          } as CSSProperties
        }
      >
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(buyButtons(canvasElement)).toHaveLength(GIFTS);
  },
};

/** Fullscreen: the suggestions as a grid, no carousel and no Show all. */
export const Fullscreen: Story = {
  parameters: { host: { globals: { toolOutput: SUGGESTIONS, displayMode: "fullscreen" } } },
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(canvasElement.querySelector(".wk-carousel")).toBeNull();
    await expect(canvasElement.querySelectorAll("[data-gift-id]")).toHaveLength(GIFTS);
  },
};

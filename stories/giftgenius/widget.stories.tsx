/**
 * The GiftGenius widget (examples/giftgenius/widget): the kit used the way an app uses it.
 * Suggestions → Buy (`prepare_order`) → confirm → Confirm (`commit_order`) → committed, with
 * the host's tools answered by the mock host, which records each call.
 */
import type { CSSProperties } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor } from "storybook/test";
import { App } from "../../examples/giftgenius/widget/app.tsx";
import { waitForState } from "../support/in-widget-root.tsx";
import { mockHostOf } from "../support/registry.ts";
import { draftOutput, NO_SUGGESTIONS, orderOutput, SUGGESTIONS } from "../support/samples.ts";

const meta = {
  title: "GiftGenius/Widget",
  component: App,
  parameters: {
    host: {
      globals: {
        toolOutput: SUGGESTIONS,
        toolInput: { interests: ["running"], budget_min: 10, budget_max: 50, currency: "USD" },
      },
      tools: {
        prepare_order: () => draftOutput("d-7"),
        commit_order: (args: { [key: string]: unknown }) => orderOutput(String(args.draft_id)),
      },
      latencyMs: 30,
    },
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

const buyButtons = (root: HTMLElement) =>
  root.querySelectorAll<HTMLButtonElement>('[data-action="prepare"]');

/** Three suggestions, each with a Buy button. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(canvasElement.querySelectorAll("[data-gift-id]")).toHaveLength(3);
    await expect(buyButtons(canvasElement)).toHaveLength(3);
  },
};

/** Nothing found: the reason and follow-ups. */
export const NothingFound: Story = {
  parameters: { host: { globals: { toolOutput: NO_SUGGESTIONS } } },
  play: async ({ canvasElement }) => waitForState(canvasElement, "empty"),
};

/** The whole purchase: Buy prepares a draft, Confirm commits it once, with the draft's id. */
export const BuyAndConfirm: Story = {
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await userEvent.click(buyButtons(canvasElement)[0]!);
    await waitForState(canvasElement, "confirm");
    await userEvent.click(
      canvasElement.querySelector<HTMLButtonElement>('[data-action="confirm"]')!,
    );
    await waitForState(canvasElement, "committed");
    const host = mockHostOf(canvasElement);
    await expect(host.toolCalls("prepare_order").map((call) => call.args)).toEqual([
      { gift_id: "g-101" },
    ]);
    const commits = host.toolCalls("commit_order");
    await expect(commits).toHaveLength(1);
    await expect(commits[0]?.args.draft_id).toBe("d-7");
  },
};

/** Cancel on the confirmation goes back to the suggestions and sends no commit. */
export const BuyThenCancel: Story = {
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await userEvent.click(buyButtons(canvasElement)[1]!);
    await waitForState(canvasElement, "confirm");
    await userEvent.click(
      canvasElement.querySelector<HTMLButtonElement>('[data-action="cancel"]')!,
    );
    await waitForState(canvasElement, "results");
    await waitFor(() =>
      expect(mockHostOf(canvasElement).toolCalls("commit_order")).toHaveLength(0),
    );
  },
};

/** The confirmation in each non-English locale the kit ships (`lang` on the root, translated buttons). */
function inLocale(locale: string, lang: string, confirmLabel: string): Story {
  return {
    globals: { locale },
    parameters: { host: { globals: { toolOutput: draftOutput("d-7") } } },
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
  // These colours are a made-up host's, not the kit's: under the toolbar's other theme or
  // protocol they can miss axe's contrast ratio, which no kit code could fix. Every other rule
  // still runs (open: pick host palettes that pass under every toolbar setting).
  parameters: {
    a11y: { config: { rules: [{ id: "color-contrast", enabled: false }] } },
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
    // Only a host that sends style variables has them (the toolbar's ChatGPT protocol does
    // not): the widget writes them onto <html>, where the kit's tokens read them. The real
    // AppBridge case is test/browser/host-look.test.ts.
    const sent = document.documentElement.style.getPropertyValue("--color-text-primary");
    await expect(["", "#1f2a44"]).toContain(sent);
  },
};

/** …and ChatGPT's: the semantic variables `@openai/apps-sdk-ui` defines (its light theme). */
export const UnderAppsSdkUiTokens: Story = {
  // These colours are a made-up host's, not the kit's: under the toolbar's other theme or
  // protocol they can miss axe's contrast ratio, which no kit code could fix. Every other rule
  // still runs (open: pick host palettes that pass under every toolbar setting).
  parameters: {
    a11y: { config: { rules: [{ id: "color-contrast", enabled: false }] } },
  },
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
    await expect(buyButtons(canvasElement)).toHaveLength(3);
  },
};

/** Fullscreen: the suggestions as a grid, no carousel and no Show all. */
export const Fullscreen: Story = {
  globals: { displayMode: "fullscreen" },
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(canvasElement.querySelector(".wk-carousel")).toBeNull();
    await expect(canvasElement.querySelectorAll("[data-gift-id]")).toHaveLength(3);
  },
};

/**
 * EmptyState: nothing found is a result, not an error (`ok: true`, an empty list, a reason).
 * Follow-up suggestions go to the conversation through the host, once per result.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor } from "storybook/test";
import { EmptyState } from "../../src/components/empty-state.tsx";
import { EMPTY_STATE_DOCS } from "../support/docs-tables.ts";
import { inWidgetRoot, widgetRootOf } from "../support/in-widget-root.tsx";
import { mockHostOf } from "../support/registry.ts";

const meta = {
  title: "Components/EmptyState",
  component: EmptyState,
  tags: ["autodocs"],
  parameters: EMPTY_STATE_DOCS,
  decorators: [inWidgetRoot("empty")],
  args: {
    reason: "Nothing under 5 USD matches “sailing”.",
    suggestions: [
      { label: "Widen the search", prompt: "Please widen the search a little and try again." },
      { label: "Other keywords", prompt: "Please try some other keywords." },
    ],
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server's reason and the app's follow-ups. */
export const WithReason: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "empty");
    await expect(canvas.getByText(/Nothing under 5 USD/)).toBeVisible();
  },
};

/** No reason given: the title and the follow-ups only. */
export const WithoutReason: Story = {
  args: { reason: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { name: "Nothing found" })).toBeVisible();
    // Over MCP Apps the follow-ups wait for the host's capabilities (the handshake).
    await expect(await canvas.findAllByRole("button")).toHaveLength(2);
    // The hint is the only paragraph: no empty or made-up reason stands in for the missing one.
    const paragraphs = [...canvasElement.querySelectorAll("section p")];
    await expect(paragraphs.map((p) => p.textContent)).toEqual(["You could try:"]);
  },
};

/** No follow-ups (the kit offers none of its own): the title and the reason only. */
export const NoSuggestions: Story = {
  args: { suggestions: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Nothing found" })).toBeVisible();
    await expect(canvas.getByText(/Nothing under 5 USD/)).toBeVisible();
    await expect(canvas.queryByText("You could try:")).toBeNull();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** A double click on a suggestion posts one follow-up message, not two. */
export const OneFollowUpPerResult: Story = {
  play: async ({ canvas, canvasElement }) => {
    // Over MCP Apps the host's capabilities (can it post messages?) arrive with the handshake.
    const button = await canvas.findByRole("button", { name: "Widen the search" });
    await userEvent.dblClick(button);
    await waitFor(() =>
      expect(mockHostOf(canvasElement).callsOf("sendFollowUpMessage")).toHaveLength(1),
    );
    await expect(mockHostOf(canvasElement).callsOf("sendFollowUpMessage")[0]?.args[0]).toBe(
      "Please widen the search a little and try again.",
    );
    await expect(button).toBeDisabled();
  },
};

/** A host that can't post messages: no suggestion buttons are offered. */
export const HostWithoutFollowUps: Story = {
  parameters: { host: { capabilities: { sendFollowUpMessage: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

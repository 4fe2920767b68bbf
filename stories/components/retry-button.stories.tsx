/**
 * RetryButton (`data-action="retry"`): absent when the error is not retryable, counts down
 * `retry_after_seconds` before it enables, runs one retry at a time, and gives up after
 * `maxAttempts`.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor } from "storybook/test";
import { RetryButton } from "../../src/components/retry-button.tsx";
import { RETRY_BUTTON_DOCS } from "../support/docs-tables.ts";
import { inWidgetRoot } from "../support/in-widget-root.tsx";

const meta = {
  title: "Components/RetryButton",
  component: RetryButton,
  tags: ["autodocs"],
  parameters: RETRY_BUTTON_DOCS,
  decorators: [inWidgetRoot("error")],
  args: { retryable: true, onRetry: fn() },
} satisfies Meta<typeof RetryButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Retryable now: a click runs the retry. */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
  },
};

/**
 * `retry_after_seconds: 2`: disabled with a countdown, then enabled. The test checks the order
 * of the two states, not the time between them.
 */
export const Countdown: Story = {
  args: { retryAfterSeconds: 2 },
  play: async ({ canvas, canvasElement, args }) => {
    const button = canvasElement.querySelector<HTMLButtonElement>('[data-action="retry"]')!;
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent(/Try again in [12] s/);
    await expect(canvas.getByText("You can try again in 2 seconds.")).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 5_000 });
    await expect(button).toHaveTextContent("Try again");
    await expect(canvas.getByText("You can try again now.")).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
  },
};

/** A retry in flight: a burst of clicks runs it once, and the button waits for it to settle. */
export const OneRetryAtATime: Story = {
  args: { onRetry: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const button = canvasElement.querySelector<HTMLButtonElement>('[data-action="retry"]')!;
    await userEvent.tripleClick(button);
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent("Trying again…");
  },
};

/** Not retryable: nothing is rendered. */
export const NotRetryable: Story = {
  args: { retryable: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/** After `maxAttempts` failed retries the button gives way to "try again later". */
export const Exhausted: Story = {
  args: { maxAttempts: 1 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(canvas.getByText("This keeps failing. Please try again later.")).toBeVisible(),
    );
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/**
 * ErrorState: a ToolError for the person. The root shows `data-state="error"`; a retry is a
 * `data-action="retry"` button, present only for a retryable error with a retry handler.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor } from "storybook/test";
import { ErrorState } from "../../src/components/error-state.tsx";
import { HOST_CALL_FAILED } from "../../src/contract/error-codes.ts";
import { ERROR_STATE_DOCS } from "../support/docs-tables.ts";
import { inWidgetRoot, widgetRootOf } from "../support/in-widget-root.tsx";
import {
  COMMIT_FAILED_NOTHING_CREATED,
  COMMIT_OUTCOME_UNKNOWN,
  HOSTILE_ERROR,
  RATE_LIMITED,
  UPSTREAM_UNAVAILABLE,
  VALIDATION_ERROR,
} from "../support/samples.ts";

const meta = {
  title: "Components/ErrorState",
  component: ErrorState,
  tags: ["autodocs"],
  parameters: ERROR_STATE_DOCS,
  decorators: [inWidgetRoot("error")],
  args: { error: UPSTREAM_UNAVAILABLE, onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Input validation: a sentence for the person, the fields in plain words in a disclosure; the
 * model's `message` and `next_action` stay in the tool result. No retry (the call must change).
 */
export const ValidationManyFields: Story = {
  args: { error: VALIDATION_ERROR },
  play: async ({ canvas, canvasElement }) => {
    await expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "error");
    await expect(canvas.getByText(/Some details need to change/)).toBeVisible();
    await userEvent.click(canvas.getByText("Details to check"));
    for (const field of ["age", "budget min", "relationship type"])
      await expect(canvas.getByText(new RegExp(`^${field}`))).toBeVisible();
    await expect(canvasElement.textContent).not.toMatch(/Fix the listed fields|budget_min/);
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/** The upstream is down: retryable now. */
export const UpstreamUnavailable: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
  },
};

/** Rate limited: the retry counts down `retry_after_seconds` first. */
export const RateLimited: Story = {
  args: { error: RATE_LIMITED },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeDisabled();
  },
};

/** A failed write that created nothing, and says so. */
export const WriteFailedNothingCreated: Story = {
  args: { error: COMMIT_FAILED_NOTHING_CREATED },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Nothing was changed.")).toBeVisible();
  },
};

/**
 * A write whose outcome is unknown: said before anything else about the error (not "nothing
 * was created", not the outage sentence its code would get), and retrying with the same
 * request is offered as safe.
 */
export const WriteOutcomeUnknown: Story = {
  args: { error: COMMIT_OUTCOME_UNKNOWN },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText("It may have gone through — it is safe to retry with the same request."),
    ).toBeVisible();
    await expect(canvas.queryByText("Nothing was created.")).toBeNull();
    await expect(canvas.queryByText(/service is not available/)).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
  },
};

/** The host call itself failed: the kit's own message, in the person's language. */
export const HostCallFailed: Story = {
  args: { error: { code: HOST_CALL_FAILED, message: "timeout", retryable: true } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("The request could not reach the app. Please try again."),
    ).toBeVisible();
  },
};

/** Retryable, but the app gave no retry handler: no button. */
export const RetryableWithoutHandler: Story = {
  args: { onRetry: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/** Markup in every field is shown as text: no element is created and no script runs. */
export const HostileText: Story = {
  args: { error: HOSTILE_ERROR },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/Some details need to change/)).toBeVisible();
    await userEvent.click(canvas.getByText("Details to check"));
    await expect(canvas.getByText(/<i>name/)).toBeVisible();
    await expect(canvasElement.querySelector("img, script, a[href^='javascript']")).toBeNull();
    await expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  },
};

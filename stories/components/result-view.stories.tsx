/**
 * ResultView renders any contract's tool output in its state. The root carries `data-state`:
 * `loading | results | empty | error | invalid | unsupported`, or a record kind's state
 * through `renderRecord` (a draft shows as `confirm`). Here it renders the kit's fixture
 * shop contract (test/support/shop-contract.ts) with a deliberately plain `renderResults`, to
 * show that the kit knows no app's items.
 * The tool output comes from the host (`parameters.host.globals.toolOutput`).
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor } from "storybook/test";
import { ResultView, type ResultsOf, type RecordsOf } from "../../src/components/result-view.tsx";
import { shop } from "../../test/support/shop-contract.ts";
import { RESULT_VIEW_DOCS } from "../support/docs-tables.ts";
import { waitForState, widgetRootOf } from "../support/in-widget-root.tsx";
import {
  draftOutput,
  errorOutput,
  NO_PRODUCTS,
  PRODUCT_LIST,
  PRODUCTS,
  RATE_LIMITED,
  UPSTREAM_UNAVAILABLE,
  VALIDATION_ERROR,
} from "../support/samples.ts";

type ShopView = ReturnType<typeof shop.parse>;

function renderProductTitles(view: ResultsOf<ShopView>) {
  return (
    <ul className="wk-stack">
      {view.items.map((product, index) => (
        <li key={index} data-product-id={product.id}>
          {product.title}
        </li>
      ))}
    </ul>
  );
}

function renderDraftSummary(view: RecordsOf<ShopView>) {
  return view.state === "confirm" ? (
    <p className="wk-panel">Draft {view.data.draft.draft_id}: confirm in the app.</p>
  ) : null;
}

/**
 * Each story sets its whole output: Storybook deep-merges parameters, so a default output in
 * the meta would be merged into every story's object.
 */
const withOutput = (toolOutput: unknown) => ({ host: { globals: { toolOutput } } });

const meta = {
  title: "Components/ResultView",
  component: ResultView,
  tags: ["autodocs"],
  parameters: RESULT_VIEW_DOCS,
  args: {
    contract: shop,
    // ResultView is generic over the contract's view; Meta cannot carry a type parameter.
    renderResults: renderProductTitles as never,
    renderRecord: renderDraftSummary as never,
    onRetry: fn(),
    header: <h1>Products</h1>,
  },
} satisfies Meta<typeof ResultView>;

export default meta;
type Story = StoryObj<typeof meta>;

const productCount = (root: HTMLElement) => root.querySelectorAll("[data-product-id]").length;
const stateOf = (root: HTMLElement) => widgetRootOf(root).getAttribute("data-state");

/** Every valid item rendered, in a list that scrolls within the host's max height. */
export const Results: Story = {
  parameters: withOutput(PRODUCT_LIST),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(productCount(canvasElement)).toBe(3);
  },
};

/** The host has not delivered the tool output yet (`toolOutput: null`): `loading`, not an error. */
export const Loading: Story = {
  parameters: withOutput(null),
  play: async ({ canvasElement }) => {
    await expect(stateOf(canvasElement)).toBe("loading");
  },
};

/** The output arrives after the widget mounted: `loading`, then `results`. */
export const LoadingThenResults: Story = {
  parameters: { host: { globals: { toolOutput: PRODUCT_LIST }, toolOutputDelayMs: 300 } },
  play: async ({ canvasElement }) => {
    await expect(stateOf(canvasElement)).toBe("loading");
    await waitForState(canvasElement, "results");
  },
};

/** One malformed item among good ones is dropped and counted, never fatal. */
export const ResultsWithDroppedItem: Story = {
  parameters: withOutput({ ...PRODUCT_LIST, products: [...PRODUCTS, { id: 7, title: null }] }),
  play: async ({ canvas, canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(productCount(canvasElement)).toBe(3);
    await expect(canvas.getByText("1 item could not be shown.")).toBeVisible();
  },
};

/** Forty items under a 320 px max height: all rendered, the list scrolls inside the widget. */
export const LongListWithinMaxHeight: Story = {
  globals: { maxHeight: "320" },
  parameters: withOutput({
    ...PRODUCT_LIST,
    products: Array.from({ length: 40 }, (_, i) => ({
      ...PRODUCTS[i % 3],
      id: `p-${i}`,
      title: `Product ${i + 1}`,
    })),
  }),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "results");
    await expect(productCount(canvasElement)).toBe(40);
    await expect(widgetRootOf(canvasElement).getBoundingClientRect().height).toBeLessThanOrEqual(
      320,
    );
  },
};

/** Nothing found: `ok: true`, an empty list and the reason. */
export const Empty: Story = {
  parameters: withOutput(NO_PRODUCTS),
  play: async ({ canvas, canvasElement }) => {
    await waitForState(canvasElement, "empty");
    await expect(canvas.getByText(/No products for a 5 USD budget/)).toBeVisible();
  },
};

/** A retryable upstream error, with a retry. */
export const ErrorRetryable: Story = {
  parameters: withOutput(errorOutput("product_list", UPSTREAM_UNAVAILABLE)),
  play: async ({ canvasElement, args }) => {
    await waitForState(canvasElement, "error");
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('[data-action="retry"]')!);
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
  },
};

/**
 * Rate limited: the rate-limit sentence, and the retry waits `retry_after_seconds`. A wait of
 * a minute keeps the button disabled for the whole check on a slow machine. The content is
 * checked, not only the state: ResultView renders inside RenderGuard, which would turn a
 * throw into `invalid` and still render something.
 */
export const ErrorRateLimited: Story = {
  parameters: withOutput(errorOutput("product_list", { ...RATE_LIMITED, retry_after_seconds: 60 })),
  play: async ({ canvas, canvasElement }) => {
    await waitForState(canvasElement, "error");
    await expect(
      canvas.getByText("Too many requests at once. Please wait a moment."),
    ).toBeVisible();
    const retry = canvasElement.querySelector('[data-action="retry"]');
    await expect(retry).toBeDisabled();
    await expect(retry).toHaveTextContent(/^Try again in \d+ s$/);
  },
};

/** Bad arguments: every field problem, no retry. */
export const ErrorValidation: Story = {
  parameters: withOutput(errorOutput("product_list", VALIDATION_ERROR)),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "error");
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/** Not the contract's shape at all: `invalid`, with a calm message (details go to the console). */
export const Invalid: Story = {
  parameters: withOutput({ hello: "world" }),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "invalid");
  },
};

/** A newer major version of the contract: `unsupported`. */
export const Unsupported: Story = {
  parameters: withOutput({ ...PRODUCT_LIST, contract_version: "2.0" }),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "unsupported");
  },
};

/** A record kind rendered by the app's `renderRecord`: a draft is `confirm`. */
export const RecordDraft: Story = {
  parameters: withOutput(draftOutput()),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "confirm");
  },
};

/** The app's render function throws: the guard shows `invalid`, never a blank widget. */
export const RenderErrorBecomesInvalid: Story = {
  args: {
    renderResults: (() => {
      throw new Error("a bug in the app's renderResults");
    }) as never,
  },
  parameters: withOutput(PRODUCT_LIST),
  play: async ({ canvasElement }) => {
    await waitForState(canvasElement, "invalid");
  },
};

/**
 * ConfirmDraft: the human confirmation before a write, here a purchase of the kit's fixture
 * shop (test/fixture-app). The root's `data-state` goes `confirm` → `committing` → `committed`
 * (or `error`). The commit goes through the host's `place_purchase` tool, which the mock host
 * records: the play functions check that a burst of clicks sends one call, and that a retry or
 * a remount sends the same idempotency key.
 */
import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor } from "storybook/test";
import { ConfirmDraft, type Draft } from "../../src/components/confirm-draft.tsx";
import { WidgetRoot } from "../../src/components/widget-root.tsx";
import { useWriteFlow } from "../../src/hooks/use-write-flow.ts";
import { tools } from "../../test/fixture-app/widget.tsx";
import { shop } from "../../test/support/shop-contract.ts";
import { CONFIRM_DRAFT_DOCS } from "../support/docs-tables.ts";
import { widgetRootOf } from "../support/in-widget-root.tsx";
import { mockHostOf } from "../support/registry.ts";
import { COMMIT_FAILED_NOTHING_CREATED, errorOutput, purchaseOutput } from "../support/samples.ts";

const DRAFT: Draft = {
  id: "d-7",
  title: "Trail running headlamp",
  lines: [{ label: "Trail running headlamp", value: "× 1" }],
  total: { amount: "34.90", currency: "USD" },
  expiresAt: "2099-01-01T00:00:00Z",
};

type ShopView = ReturnType<typeof shop.parse>;

/** The fixture shop's write flow: `prepare_purchase`, then `place_purchase`. */
const PURCHASE_FLOW = {
  contract: shop,
  prepare: tools.prepare_purchase,
  commit: tools.place_purchase,
  tools,
  receipt: (view: ShopView) =>
    view.state === "committed"
      ? {
          ok: true as const,
          reference: view.data.purchase.purchase_id,
          replayed: view.data.replayed,
          total: view.data.purchase.total,
        }
      : null,
  stateKey: "confirmDraftStory",
};

/**
 * ConfirmDraft wired to the host's `place_purchase` as an app would wire it, plus a story
 * control that remounts the whole widget (the host keeps its widget state, as ChatGPT does).
 */
function PurchaseHarness({ draft, remountable }: { draft: Draft; remountable?: boolean }) {
  const flow = useWriteFlow(PURCHASE_FLOW);
  const [cancelled, setCancelled] = useState(false);
  if (cancelled) return <p>Cancelled.</p>;
  return (
    <ConfirmDraft
      draft={draft}
      onCommit={(key) => flow.commit({ draft_id: draft.id, idempotency_key: key })}
      onCancel={() => setCancelled(true)}
      onPrepareAgain={remountable ? undefined : () => {}}
    />
  );
}

function Remountable({ draft }: { draft: Draft }) {
  const [mount, setMount] = useState(0);
  return (
    <>
      <WidgetRoot key={mount} state="confirm">
        <PurchaseHarness draft={draft} remountable />
      </WidgetRoot>
      <button
        type="button"
        onClick={() => setMount((count) => count + 1)}
        style={{ marginTop: 12 }}
      >
        Remount the widget (story control)
      </button>
    </>
  );
}

/** A Buy button that opens the dialog beside it, as a list in an app may. */
function OpenFromList({ draft }: { draft: Draft }) {
  const flow = useWriteFlow(PURCHASE_FLOW);
  const [open, setOpen] = useState(false);
  return (
    <WidgetRoot state="results">
      <div className="wk-stack">
        <button type="button" className="wk-button" onClick={() => setOpen(true)}>
          Buy the headlamp
        </button>
        {open ? (
          <ConfirmDraft
            draft={draft}
            onCommit={(key) => flow.commit({ draft_id: draft.id, idempotency_key: key })}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </div>
    </WidgetRoot>
  );
}

const meta = {
  title: "Components/ConfirmDraft",
  component: ConfirmDraft,
  tags: ["autodocs"],
  args: { draft: DRAFT, onCommit: fn(), onCancel: fn() },
  parameters: {
    ...CONFIRM_DRAFT_DOCS,
    host: {
      tools: {
        place_purchase: (args: { [key: string]: unknown }) => purchaseOutput(String(args.draft_id)),
      },
    },
  },
  render: (args) => (
    <WidgetRoot state="confirm">
      <PurchaseHarness draft={args.draft} />
    </WidgetRoot>
  ),
} satisfies Meta<typeof ConfirmDraft>;

export default meta;
type Story = StoryObj<typeof meta>;

const confirmButton = (root: HTMLElement) =>
  root.querySelector<HTMLButtonElement>('[data-action="confirm"]')!;
const commitKeys = (root: HTMLElement) =>
  mockHostOf(root)
    .toolCalls("place_purchase")
    .map((call) => call.args.idempotency_key);

/** The draft, with Cancel focused first (a modal `role="alertdialog"`). */
export const Confirm: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "confirm");
    await expect(canvas.getByRole("alertdialog")).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-action="cancel"]')).toHaveFocus(),
    );
  },
};

/** Past its expiry: Confirm is disabled and "Prepare again" is offered; still `confirm`. */
export const Expired: Story = {
  args: { draft: { ...DRAFT, expiresAt: "2020-01-01T00:00:00Z" } },
  play: async ({ canvas, canvasElement }) => {
    await expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "confirm");
    await expect(confirmButton(canvasElement)).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Prepare again" })).toBeEnabled();
  },
};

/** The commit is on its way (this host never answers): `committing`, buttons disabled. */
export const Committing: Story = {
  play: async ({ canvasElement }) => {
    mockHostOf(canvasElement).failNext({ hang: true });
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "committing"),
    );
    await expect(confirmButton(canvasElement)).toBeDisabled();
  },
};

/** The purchase exists: `committed`, with its number. */
export const Committed: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "committed"),
    );
    await expect(canvas.getByText("u-d-7")).toBeVisible();
  },
};

/** The server replayed an earlier commit of the same key: said calmly. */
export const CommittedReplayed: Story = {
  parameters: { host: { tools: { place_purchase: () => purchaseOutput("d-7", true) } } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() => expect(canvas.getByText(/already been done/)).toBeVisible());
  },
};

/** The write was refused and created nothing: `error`, no retry, a way back. */
export const RefusedNothingCreated: Story = {
  parameters: {
    host: {
      tools: { place_purchase: () => errorOutput("purchase", COMMIT_FAILED_NOTHING_CREATED) },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() => expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "error"));
    await expect(canvas.getByText("Nothing was changed.")).toBeVisible();
    await expect(canvasElement.querySelector('[data-action="retry"]')).toBeNull();
  },
};

/** A burst of five clicks on Confirm: exactly one `place_purchase` call reaches the host. */
export const BurstOfClicks: Story = {
  parameters: { host: { latencyMs: 50 } },
  play: async ({ canvasElement }) => {
    const button = confirmButton(canvasElement);
    for (let i = 0; i < 5; i++) button.click(); // synchronous: faster than any re-render
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "committed"),
    );
    await expect(mockHostOf(canvasElement).toolCalls("place_purchase")).toHaveLength(1);
  },
};

/** The commit call is lost (host failure): the retry sends the same idempotency key. */
export const RetryKeepsKey: Story = {
  play: async ({ canvasElement }) => {
    mockHostOf(canvasElement).failNext();
    await userEvent.click(confirmButton(canvasElement));
    const retry = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('[data-action="retry"]');
      expect(button).toBeEnabled();
      return button!;
    });
    await expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "error");
    await userEvent.click(retry);
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "committed"),
    );
    const keys = commitKeys(canvasElement);
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
  },
};

/**
 * The commit fails, the widget is remounted (a Regenerate, a scroll-away): the new widget
 * reads the key back from widget state and sends the same one.
 */
export const RemountKeepsKey: Story = {
  render: (args) => <Remountable draft={args.draft} />,
  play: async ({ canvas, canvasElement }) => {
    mockHostOf(canvasElement).failNext();
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() => expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "error"));
    await userEvent.click(
      canvas.getByRole("button", { name: "Remount the widget (story control)" }),
    );
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "confirm"),
    );
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() =>
      expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", "committed"),
    );
    const keys = commitKeys(canvasElement);
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
  },
};

/**
 * As a modal alert dialog: opened from a Buy button, focus moves to Cancel (the least
 * destructive action); Tab and Shift+Tab go round inside, never back to Buy; Escape cancels
 * and focus returns to Buy.
 */
export const KeyboardAndFocus: Story = {
  render: (args) => <OpenFromList draft={args.draft} />,
  play: async ({ canvas }) => {
    const buy = canvas.getByRole("button", { name: "Buy the headlamp" });
    await userEvent.click(buy);
    const dialog = await canvas.findByRole("alertdialog", { name: "Please confirm" });
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    const cancel = canvas.getByRole("button", { name: "Cancel" });
    const confirm = canvas.getByRole("button", { name: "Confirm" });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(canvas.queryByRole("alertdialog")).toBeNull());
    await expect(buy).toHaveFocus();
  },
};

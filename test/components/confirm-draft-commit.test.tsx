// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDraft, type Draft } from "../../src/components/confirm-draft.tsx";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import { PRIVATE_STATE_KEY } from "../../src/bridge/private-state.ts";
import { IDEMPOTENCY_STATE_KEY } from "../../src/write/idempotency-key.ts";
import { WidgetRoot } from "../../src/components/widget-root.tsx";
import { useCallTool } from "../../src/hooks/index.ts";
import type { MockHost } from "../../src/testing/index.ts";
import { MUG_DRAFT, renderWithHost, widgetRoot } from "./helpers.tsx";
import { untypedTool } from "../hooks/untyped-tool.ts";

const draft = MUG_DRAFT;

const order = (replayed = false) => ({
  contract_version: "1.0",
  kind: "order",
  ok: true,
  replayed,
  order: {
    order_id: "o-1",
    draft_id: "d-1",
    status: "created",
    total: { amount: "23.98", currency: "USD" },
  },
});

/** Commits through the host's `commit_order`, the way an app wires ConfirmDraft. */
function Harness({
  value = draft,
  onCancel = () => {},
  onPrepareAgain,
}: {
  value?: Draft;
  onCancel?: () => void;
  onPrepareAgain?: () => void;
}) {
  const commit = useCallTool(untypedTool("commit_order"));
  async function onCommit(key: string): Promise<CommitOutcome> {
    const outcome = await commit.call({ draft_id: value.id, idempotency_key: key });
    if (!outcome.ok) return outcome;
    const content = outcome.result.structuredContent as {
      ok: boolean;
      order?: { order_id: string };
      replayed?: boolean;
      error?: never;
    };
    if (content.ok && content.order)
      return { ok: true, reference: content.order.order_id, replayed: content.replayed };
    return {
      ok: false,
      error: (content as unknown as { error: CommitOutcome & { ok: false } }).error as never,
    };
  }
  return (
    <WidgetRoot state="confirm">
      <ConfirmDraft
        draft={value}
        onCommit={onCommit}
        onCancel={onCancel}
        onPrepareAgain={onPrepareAgain}
      />
    </WidgetRoot>
  );
}

/** The key of `draftId` kept in the private part of widget state (ChatGPT's `privateContent`). */
function storedKey(host: MockHost, draftId = "d-1"): unknown {
  const state = host.get("widgetState") as {
    [key: string]: { [key: string]: { key?: unknown } } | undefined;
  } | null;
  return state?.[PRIVATE_STATE_KEY]?.[IDEMPOTENCY_STATE_KEY + draftId]?.key;
}

afterEach(() => vi.useRealTimers());

describe("ConfirmDraft committing a purchase", () => {
  it("is a labelled alertdialog with Cancel focused first", () => {
    const { container } = renderWithHost(<Harness />, { tools: { commit_order: () => order() } });
    const dialog = screen.getByRole("alertdialog", { name: "Please confirm" });
    expect(dialog).toHaveAccessibleDescription(
      "Check the details. Nothing happens until you confirm.",
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).toHaveAttribute("data-action", "cancel");
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
    expect(dialog).toHaveTextContent("Trail mug× 2");
    expect(dialog).toHaveTextContent("$23.98");
  });

  it("sends exactly one commit for a burst of clicks and key presses, and shows committing then committed", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { container, host } = renderWithHost(<Harness />, {
      tools: { commit_order: async () => (await gate, order()) },
    });
    const confirm = screen.getByRole("button", { name: "Confirm" });
    act(() => {
      for (let i = 0; i < 5; i++) fireEvent.click(confirm);
      fireEvent.keyDown(confirm, { key: "Enter" });
      fireEvent.click(confirm);
    });
    expect(host.toolCalls("commit_order")).toHaveLength(1);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committing");
    expect(confirm).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByText("Sending…")).toBeVisible();
    await act(async () => release());
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("Reference: o-1");
    expect(host.toolCalls("commit_order")).toHaveLength(1);
  });

  it("stores the key in widget state before it calls the commit tool", async () => {
    const { host } = renderWithHost(<Harness />, { tools: { commit_order: () => order() } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    const methods = host.calls
      .filter((call) => call.method === "setWidgetState" || call.method === "callTool")
      .map((call) => call.method);
    expect(methods).toEqual(["setWidgetState", "callTool"]);
    const key = storedKey(host);
    expect(typeof key).toBe("string");
    expect(host.toolCalls("commit_order")[0]!.args).toEqual({
      draft_id: "d-1",
      idempotency_key: key,
    });
  });

  it("retries a failed commit in place with the same key, and says the first may have gone through", async () => {
    let calls = 0;
    const { host, container } = renderWithHost(<Harness />, {
      tools: {
        commit_order: () => {
          calls++;
          if (calls === 1) throw new Error("network");
          return order(true);
        },
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "It may have gone through — it is safe to retry with the same request.",
    );
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    const keys = host.toolCalls("commit_order").map((call) => call.args.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("This had already been done; nothing happened twice.");
  });

  it("reuses the stored key after a remount", async () => {
    const { host, unmount } = renderWithHost(<Harness />, {
      tools: { commit_order: () => Promise.reject(new Error("lost")) },
    });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    const first = host.toolCalls("commit_order")[0]!.args.idempotency_key;
    unmount();
    // A new tree on the same host: the widget was re-rendered by the host.
    const { HostProvider } = await import("../../src/hooks/index.ts");
    const { render } = await import("@testing-library/react");
    host.setTool("commit_order", () => order(true));
    render(
      <HostProvider host={host}>
        <Harness />
      </HostProvider>,
    );
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    const keys = host.toolCalls("commit_order").map((call) => call.args.idempotency_key);
    expect(keys).toEqual([first, first]);
  });

  it("makes a new key for a new draft, ignoring a tampered stored key", async () => {
    const { host } = renderWithHost(<Harness value={{ ...draft, id: "d-2" }} />, {
      globals: {
        widgetState: {
          [PRIVATE_STATE_KEY]: {
            [IDEMPOTENCY_STATE_KEY + "d-2"]: { draftId: "d-2", key: "<script>" },
          },
        },
      },
      tools: { commit_order: () => order() },
    });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    const key = host.toolCalls("commit_order")[0]!.args.idempotency_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(storedKey(host, "d-2")).toBe(key);
  });

  it("works without crypto.randomUUID", async () => {
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => bytes.fill(7) });
    try {
      const { host } = renderWithHost(<Harness />, { tools: { commit_order: () => order() } });
      await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
      expect(host.toolCalls("commit_order")[0]!.args.idempotency_key).toBe("07".repeat(16));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("disables Confirm and offers to prepare again when the draft has expired", () => {
    const onPrepareAgain = vi.fn();
    const { host } = renderWithHost(
      <Harness
        value={{ ...draft, expiresAt: "2001-01-01T00:00:00Z" }}
        onPrepareAgain={onPrepareAgain}
      />,
      {
        tools: { commit_order: () => order() },
      },
    );
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();
    expect(screen.getByText(/This has expired/)).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(host.toolCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Prepare again" }));
    expect(onPrepareAgain).toHaveBeenCalledTimes(1);
  });

  it("notices when the draft expires while it is shown", () => {
    vi.useFakeTimers({ now: new Date("2030-12-31T23:59:00Z") });
    renderWithHost(<Harness onPrepareAgain={() => {}} />, {
      tools: { commit_order: () => order() },
    });
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(confirm).toBeEnabled();
    act(() => void vi.advanceTimersByTime(61_000));
    expect(confirm).toBeDisabled();
    expect(screen.getByRole("button", { name: "Prepare again" })).toBeVisible();
  });

  it("cancel sends nothing", () => {
    const onCancel = vi.fn();
    const { host } = renderWithHost(<Harness onCancel={onCancel} />, {
      tools: { commit_order: () => order() },
    });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(host.toolCalls()).toHaveLength(0);
  });
});

/** A list with a Buy button that opens the dialog beside it, as an app may render it. */
function Opener({ onCancel = () => {} }: { onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <WidgetRoot state="results">
      <button type="button" onClick={() => setOpen(true)}>
        Buy
      </button>
      {open ? (
        <ConfirmDraft
          draft={draft}
          onCommit={async () => ({ ok: true, reference: "o-1" })}
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
        />
      ) : null}
    </WidgetRoot>
  );
}

describe("ConfirmDraft as a modal alert dialog", () => {
  it("says it is modal, named and described by its title and body", () => {
    renderWithHost(<Harness />);
    const dialog = screen.getByRole("alertdialog", { name: "Please confirm" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription(
      "Check the details. Nothing happens until you confirm.",
    );
  });

  it("moves focus in to Cancel on open, and back to the opener when Escape cancels", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithHost(<Opener onCancel={onCancel} />);
    const buy = screen.getByRole("button", { name: "Buy" });
    await user.click(buy);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(buy).toHaveFocus();
  });

  it("returns focus to the opener when Cancel is clicked too", async () => {
    const user = userEvent.setup();
    renderWithHost(<Opener />);
    const buy = screen.getByRole("button", { name: "Buy" });
    await user.click(buy);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(buy).toHaveFocus();
  });

  it("keeps Tab and Shift+Tab inside the dialog", async () => {
    const user = userEvent.setup();
    renderWithHost(<Opener />);
    await user.click(screen.getByRole("button", { name: "Buy" }));
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab(); // past the last: back to the first, never to Buy outside
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it("holds focus while committing (Escape does nothing), then gives it to Cancel after a failure", async () => {
    const user = userEvent.setup();
    let fail!: () => void;
    const onCancel = vi.fn();
    renderWithHost(<Harness onCancel={onCancel} />, {
      tools: {
        commit_order: () => new Promise((_, reject) => (fail = () => reject(new Error("network")))),
      },
    });
    const dialog = screen.getByRole("alertdialog");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(dialog).toHaveFocus(); // both buttons are disabled: the dialog itself holds focus
    await user.keyboard("{Escape}");
    await user.tab();
    expect(onCancel).not.toHaveBeenCalled();
    expect(dialog).toHaveFocus();
    await act(async () => fail());
    // Still the same dialog, now named by the error; the least destructive action has focus.
    expect(screen.getByRole("alertdialog", { name: "Something went wrong" })).toBe(dialog);
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("lets focus go to the receipt once the order exists", async () => {
    const user = userEvent.setup();
    renderWithHost(<Harness />, { tools: { commit_order: () => order() } });
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("heading", { name: "Done" })).toHaveFocus();
  });
});

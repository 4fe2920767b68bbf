// @vitest-environment jsdom
/** ConfirmDraft: any write — no money, the app's own body and words, sign-in, one key. */
import { fireEvent, screen, within } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDraft } from "../../src/components/confirm-draft.tsx";
import { WidgetRoot } from "../../src/components/widget-root.tsx";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import { PRIVATE_STATE_KEY } from "../../src/bridge/private-state.ts";
import { IDEMPOTENCY_STATE_KEY } from "../../src/write/idempotency-key.ts";
import { renderWithHost, widgetRoot } from "./helpers.tsx";

afterEach(() => vi.restoreAllMocks());

const reply = { id: "r-1", title: "Reply to ticket #4127" };
const WORDS = {
  title: "Send this reply?",
  confirm: "Send reply",
  committing: "Sending your reply…",
  committed: "Reply sent",
};

function Reply(props: { onCommit: (key: string) => Promise<CommitOutcome> }) {
  return (
    <WidgetRoot state="confirm">
      <ConfirmDraft draft={reply} words={WORDS} onCommit={props.onCommit} onCancel={() => {}}>
        <blockquote>Thanks for the report — a fix ships on Monday.</blockquote>
      </ConfirmDraft>
    </WidgetRoot>
  );
}

describe("ConfirmDraft", () => {
  it("confirms a write with no money in the app's words, with its own body", async () => {
    const onCommit = vi.fn(async (): Promise<CommitOutcome> => ({ ok: true, reference: "msg-9" }));
    const { container } = renderWithHost(<Reply onCommit={onCommit} />);
    const dialog = screen.getByRole("alertdialog", { name: "Send this reply?" });
    expect(dialog).toHaveTextContent("a fix ships on Monday");
    for (const word of ["Total", "×", "order", "purchase", "Valid until"])
      expect(dialog).not.toHaveTextContent(word);
    // The body scrolls inside the dialog, under its heading.
    expect(dialog.querySelector(".wk-dialog-body blockquote")).not.toBeNull();
    expect(dialog.querySelector(".wk-dialog-body h2")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
    expect(screen.getByRole("heading", { name: "Reply sent" })).toBeInTheDocument();
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).not.toHaveTextContent("Total");
  });

  it("shows the sign-in state when the commit needs sign-in, and signs in with the same key", async () => {
    const outcomes: CommitOutcome[] = [
      {
        ok: false,
        error: { code: "AUTH_REQUIRED", message: "", retryable: false, changes: "none" },
      },
      { ok: true, reference: "msg-9" },
    ];
    const onCommit = vi.fn(async (_key: string) => outcomes.shift()!);
    const { container, host } = renderWithHost(<Reply onCommit={onCommit} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    expect(screen.getByRole("heading", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(container).not.toHaveTextContent("could not reach");
    expect(container.querySelector('[data-action="prepare"]')).toBeNull();
    const signIn = container.querySelector<HTMLButtonElement>('[data-action="sign-in"]')!;
    await act(async () => fireEvent.click(signIn));
    expect(onCommit).toHaveBeenCalledTimes(2);
    expect(onCommit.mock.calls[1]![0]).toBe(onCommit.mock.calls[0]![0]);
    expect(host.get("widgetState")).toMatchObject({
      [PRIVATE_STATE_KEY]: { [IDEMPOTENCY_STATE_KEY + "r-1"]: { key: onCommit.mock.calls[0]![0] } },
    });
    expect(screen.getByRole("heading", { name: "Reply sent" })).toBeInTheDocument();
  });

  it("tells a commit refused as already done, nothing changed, as a notice in the app's words", async () => {
    const onCommit = vi.fn(async (): Promise<CommitOutcome> => ({
      ok: false,
      error: { code: "TICKET_CLOSED", message: "", retryable: false, changes: "none" },
    }));
    const { container } = renderWithHost(
      <WidgetRoot state="confirm">
        <ConfirmDraft
          draft={reply}
          words={WORDS}
          onCommit={onCommit}
          onCancel={() => {}}
          errorTexts={{ TICKET_CLOSED: "This ticket was closed already; no reply is needed." }}
          errorClasses={{ TICKET_CLOSED: "conflict" }}
        />
      </WidgetRoot>,
    );
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    const dialog = screen.getByRole("alertdialog", { name: "Nothing was changed." });
    expect(within(dialog).getByRole("status")).toHaveTextContent("This ticket was closed already");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(dialog).not.toHaveTextContent("Something went wrong");
  });
  it.each([
    ["unknown", false],
    ["applied", false],
    ["none", true],
  ] as const)(
    "offers to prepare again after a refusal for good whose changes are %s: %s",
    async (changes, offered) => {
      // CHECKOUT_UNKNOWN: the payment may have been charged; a new draft could charge twice.
      const onCommit = vi.fn(async (): Promise<CommitOutcome> => ({
        ok: false,
        error: { code: "CHECKOUT_UNKNOWN", message: "", retryable: false, changes },
      }));
      const { container } = renderWithHost(
        <WidgetRoot state="confirm">
          <ConfirmDraft
            draft={reply}
            words={WORDS}
            onCommit={onCommit}
            onCancel={() => {}}
            onRefresh={() => {}}
            onPrepareAgain={() => {}}
          />
        </WidgetRoot>,
      );
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
      expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
      expect(container.querySelector('[data-action="refresh"]')).not.toBeNull();
      expect(container.querySelector('[data-action="prepare"]') !== null).toBe(offered);
    },
  );

  it("tells onCommitted once while shown, and nobody when the dialog went away first", async () => {
    let finish: (outcome: CommitOutcome) => void = () => {};
    const onCommit = () => new Promise<CommitOutcome>((resolve) => (finish = resolve));
    const onCommitted = vi.fn();
    const shown = () => (
      <ConfirmDraft
        draft={reply}
        words={WORDS}
        onCommit={onCommit}
        onCancel={() => {}}
        onCommitted={onCommitted}
      />
    );
    const first = renderWithHost(shown());
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
    await act(async () => finish({ ok: true, reference: "msg-9" }));
    expect(onCommitted).toHaveBeenCalledTimes(1);
    expect(onCommitted).toHaveBeenCalledWith({ ok: true, reference: "msg-9" });
    first.rerender(shown()); // a later render of the receipt tells nobody again
    expect(onCommitted).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderWithHost(shown());
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send reply" })));
    second.unmount(); // the person moved on while the commit was on its way
    await act(async () => finish({ ok: true, reference: "msg-10" }));
    expect(onCommitted).toHaveBeenCalledTimes(1);
  });
});

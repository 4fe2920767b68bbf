// @vitest-environment jsdom
// The kit's write flow on its own, with a neutral seat-booking contract (no GiftGenius).
import { act, fireEvent, render as renderDom, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfirmDraft } from "../../src/components/confirm-draft.tsx";
import { ResultView } from "../../src/components/result-view.tsx";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import { PRIVATE_STATE_KEY } from "../../src/bridge/private-state.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { HostProvider } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import { IDEMPOTENCY_STATE_KEY } from "../../src/write/idempotency-key.ts";
import { useWriteFlow } from "../../src/hooks/use-write-flow.ts";
import type { MockHostOptions } from "../../src/testing/mock-host.ts";
import { renderWithHost, widgetRoot } from "../components/helpers.tsx";
import {
  booking,
  failure,
  hold,
  list,
  receipt,
  seats,
  STATE_KEY,
  tools,
  type SeatView,
} from "../write/seats.ts";

function Seats() {
  const flow = useWriteFlow({
    contract: seats,
    prepare: tools.hold_seat,
    commit: tools.book_seat,
    tools,
    receipt,
    stateKey: STATE_KEY,
  });
  if (flow.cancelled) return <p>cancelled</p>;
  return (
    <ResultView<SeatView>
      result={flow.view}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
      renderResults={(view) =>
        view.items.map((seat) => (
          <button
            key={seat.id}
            type="button"
            data-action="prepare"
            onClick={() => void flow.prepare({ seat: seat.id })}
          >
            {seat.label}
            {flow.pending?.seat === seat.id ? " (holding)" : ""}
          </button>
        ))
      }
      renderRecord={(view) =>
        view.state === "confirm" && "hold" in view.data ? (
          <ConfirmDraft
            draft={{
              id: view.data.hold.hold_id,
              title: view.data.hold.label,
              lines: [{ label: view.data.hold.label, value: "× 1" }],
              total: view.data.hold.total,
              expiresAt: view.data.hold.expires_at,
            }}
            onCommit={(key) => flow.commit({ hold_id: view.data.hold.hold_id, key })}
            onCommitted={flow.committed}
            onCancel={flow.cancel}
            onBack={flow.back}
            onRefresh={flow.refresh}
            onPrepareAgain={() => flow.prepare({ seat: view.data.hold.label.slice(5) })}
          />
        ) : (
          <p>booked</p>
        )
      }
    />
  );
}

function render(options: MockHostOptions = {}) {
  return renderWithHost(<Seats />, { globals: { toolOutput: list }, ...options });
}

const click = (element: Element) => act(async () => void fireEvent.click(element));
/** The ways out (and in) a person has, in their order: every `data-action` under `root`. */
const actions = (root: Element) =>
  [...root.querySelectorAll<HTMLElement>("[data-action]")].map((el) => el.dataset.action);

describe("useWriteFlow", () => {
  it("runs one prepare at a time, confirms, commits once and keeps the receipt", async () => {
    let release: () => void = () => {};
    const { container, host } = render({
      tools: {
        hold_seat: (args) =>
          new Promise((resolve) => (release = () => resolve(hold(String(args.seat))))),
        book_seat: () => booking,
      },
    });
    const [first, second] = container.querySelectorAll('[data-action="prepare"]');
    await click(first!);
    await click(second!);
    expect(first).toHaveTextContent("(holding)");
    await act(async () => release());
    expect(host.toolCalls("hold_seat").map((call) => call.args)).toEqual([{ seat: "12A" }]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");

    const confirm = screen.getByRole("button", { name: "Confirm" });
    await click(confirm);
    await click(confirm);
    expect(host.toolCalls("book_seat")).toHaveLength(1);
    const { key } = host.toolCalls("book_seat")[0]!.args as { key: string };
    expect(host.get("widgetState")).toMatchObject({
      [PRIVATE_STATE_KEY]: { [IDEMPOTENCY_STATE_KEY + "h-12A"]: { draftId: "h-12A", key } },
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(host.get("widgetState")).toMatchObject({ [STATE_KEY]: booking });
  });

  it("comes back to the draft after a remount, and when widget state arrives late", async () => {
    const { container, unmount } = render({
      globals: { toolOutput: list, widgetState: { [STATE_KEY]: hold("12B") } },
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
    expect(screen.getByText("Seat 12B", { selector: "strong" })).toBeVisible();
    unmount();
    const late = render();
    expect(widgetRoot(late.container)).toHaveAttribute("data-state", "results");
    act(() => late.host.setGlobals({ widgetState: { [STATE_KEY]: hold("12A") } }));
    expect(widgetRoot(late.container)).toHaveAttribute("data-state", "confirm");
  });

  it("ignores stored state that is not a draft or receipt of this contract", () => {
    const { container } = render({
      globals: { toolOutput: list, widgetState: { [STATE_KEY]: { kind: "seat_hold", ok: true } } },
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
  });

  it("cancels back to the list and forgets the draft", async () => {
    const { container, host } = render({ tools: { hold_seat: (args) => hold(String(args.seat)) } });
    await click(container.querySelector('[data-action="prepare"]')!);
    await click(screen.getByRole("button", { name: "Cancel" }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(host.get("widgetState")).toMatchObject({ [STATE_KEY]: null });
  });

  it("shows a failed prepare in place and retries the same call", async () => {
    let calls = 0;
    const { container, host } = render({
      tools: {
        hold_seat: (args) =>
          ++calls === 1
            ? {
                contract_version: "1.0",
                kind: "seat_hold",
                ok: false,
                error: { code: "UPSTREAM_UNAVAILABLE", message: "down", retryable: true },
              }
            : hold(String(args.seat)),
      },
    });
    await click(container.querySelector('[data-action="prepare"]')!);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    await click(container.querySelector('[data-action="retry"]')!);
    expect(host.toolCalls("hold_seat").map((call) => call.args)).toEqual([
      { seat: "12A" },
      { seat: "12A" },
    ]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
  });

  it("retries a failed commit with the same key, and says an unreadable answer may have gone through", async () => {
    let calls = 0;
    const { container, host } = render({
      tools: {
        hold_seat: (args) => hold(String(args.seat)),
        book_seat: () => (++calls === 1 ? { nonsense: true } : booking),
      },
    });
    await click(container.querySelector('[data-action="prepare"]')!);
    await click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("alert")).toHaveTextContent("It may have gone through");
    await click(container.querySelector('[data-action="retry"]')!);
    const keys = host.toolCalls("book_seat").map((call) => (call.args as { key: string }).key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
  });

  it("retries a failed host result through the tool behind its kind", async () => {
    const failed = {
      contract_version: "1.0",
      kind: "seat_list",
      ok: false,
      error: { code: "UPSTREAM_TIMEOUT", message: "t", retryable: true },
    };
    const { container, host } = renderWithHost(<Seats />, {
      globals: { toolOutput: failed, toolInput: { flight: "LIS-OPO" } },
      tools: { list_seats: () => list },
    });
    await click(container.querySelector('[data-action="retry"]')!);
    expect(host.toolCalls("list_seats").map((call) => call.args)).toEqual([{ flight: "LIS-OPO" }]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
  });

  it("after a final prepare error shows back and refresh, not retry", async () => {
    const { container, host } = render({
      globals: { toolOutput: list, toolInput: { flight: "LIS-OPO" } },
      tools: {
        hold_seat: () => failure("seat_hold", "SEAT_ALREADY_TAKEN", false),
        list_seats: () => list,
      },
    });
    await click(container.querySelector('[data-action="prepare"]')!);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    expect(container.querySelector('[data-action="retry"]')).toBeNull();
    await click(screen.getByRole("button", { name: "Back to the list" }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(container.querySelector('[data-action="back"]')).toBeNull();
    await click(container.querySelector('[data-action="prepare"]')!);
    await click(container.querySelector('[data-action="refresh"]')!);
    expect(host.toolCalls("list_seats").map((call) => call.args)).toEqual([{ flight: "LIS-OPO" }]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
  });

  it("after a write, back reads the list again; after a final commit error, each way once", async () => {
    const { container, host } = render({
      tools: {
        hold_seat: (args) => hold(String(args.seat)),
        book_seat: () => booking,
        list_seats: () => list,
      },
    });
    await click(container.querySelector('[data-action="prepare"]')!);
    expect(container.querySelector('[data-action="back"]')).toBeNull();
    await click(screen.getByRole("button", { name: "Confirm" }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    // One way out under the receipt: back, which is the list's read (the list shown before
    // the write is stale).
    expect(actions(container)).toEqual(["back"]);
    await click(screen.getByRole("button", { name: "Back to the list" }));
    expect(host.toolCalls("list_seats")).toHaveLength(1);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");

    // Settled (a conflict that changed nothing, final): back and refresh, inside the modal
    // dialog, each once; no "prepare again", which could only be refused again.
    host.setTool("book_seat", () => failure("booking", "CONFLICT", false));
    await click(container.querySelector('[data-action="prepare"]')!);
    await click(screen.getByRole("button", { name: "Confirm" }));
    const dialog = screen.getByRole("alertdialog");
    expect(actions(container)).toEqual(["back", "refresh"]);
    expect(actions(dialog)).toEqual(["back", "refresh"]);
    // Focus stays in the dialog, on its least destructive action.
    expect(screen.getByRole("button", { name: "Back to the list" })).toHaveFocus();
    await click(screen.getByRole("button", { name: "Refresh the list" }));
    expect(host.toolCalls("list_seats")).toHaveLength(2);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");

    // Final but not settled (declined): prepare again is offered too, after the ways back.
    host.setTool("book_seat", () => failure("booking", "PAYMENT_DECLINED", false));
    await click(container.querySelector('[data-action="prepare"]')!);
    await click(screen.getByRole("button", { name: "Confirm" }));
    expect(actions(container)).toEqual(["back", "refresh", "prepare"]);
    await click(screen.getByRole("button", { name: "Back to the list" }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
  });

  it("gives the model's prepare, refused for good, a way out: Cancel (no list to go back to)", async () => {
    const { container } = render({
      globals: { toolOutput: failure("seat_hold", "SEAT_ALREADY_TAKEN", false) },
    });
    // Nothing to go back to: Cancel ends it, as cancelling the model's draft does.
    expect(actions(container)).toEqual(["cancel"]);
    await click(screen.getByRole("button", { name: "Cancel" }));
    expect(container).toHaveTextContent("cancelled");
  });

  describe("the confirmation proof (the prepare result's _meta, sent back with the commit)", () => {
    const META = "mcp-widget-kit/confirmation";
    const withProof = (result: object, proof: unknown) => ({
      structuredContent: result,
      content: [],
      _meta: { [META]: proof },
    });
    const sentProofs = (host: { toolCalls(name: string): ReadonlyArray<{ args: unknown }> }) =>
      host
        .toolCalls("book_seat")
        .map((call) => (call.args as { confirmation?: unknown }).confirmation);

    it("sends the proof of the widget's own prepare, on the first try and on the retry", async () => {
      let calls = 0;
      const { container, host } = render({
        tools: {
          hold_seat: (args) => withProof(hold(String(args.seat)), `v1.proof-${String(args.seat)}`),
          book_seat: () => (++calls === 1 ? { nonsense: true } : booking),
        },
      });
      await click(container.querySelectorAll('[data-action="prepare"]')[1]!);
      // Kept in the private part of widget state, so a remount still has it and the model never.
      expect(host.get("widgetState")).toMatchObject({
        [PRIVATE_STATE_KEY]: { [STATE_KEY]: { [META]: "v1.proof-12B" } },
      });
      expect(
        JSON.stringify((host.get("widgetState") as { [key: string]: unknown })[STATE_KEY]),
      ).not.toContain("proof");
      await click(screen.getByRole("button", { name: "Confirm" }));
      await click(container.querySelector('[data-action="retry"]')!);
      expect(sentProofs(host)).toEqual(["v1.proof-12B", "v1.proof-12B"]);
    });

    it("sends the proof of a draft the host rendered (the model prepared it)", async () => {
      const { host } = renderWithHost(<Seats />, {
        globals: { toolOutput: hold("12A"), toolResponseMetadata: { [META]: "v1.from-host" } },
        tools: { book_seat: () => booking },
      });
      await click(screen.getByRole("button", { name: "Confirm" }));
      expect(sentProofs(host)).toEqual(["v1.from-host"]);
    });

    it("keeps the proof across a remount, in the private part", async () => {
      const { host } = render({
        globals: {
          toolOutput: list,
          widgetState: {
            [STATE_KEY]: hold("12B"),
            [PRIVATE_STATE_KEY]: { [STATE_KEY]: { [META]: "v1.private" } },
          },
        },
        tools: { book_seat: () => booking },
      });
      await click(screen.getByRole("button", { name: "Confirm" }));
      expect(sentProofs(host)).toEqual(["v1.private"]);
    });

    it("never reads a proof from the model-visible state (where an older widget kept it)", async () => {
      const { host } = render({
        globals: {
          toolOutput: list,
          widgetState: { [STATE_KEY]: { ...hold("12B"), [META]: "v1.kept" } },
        },
        tools: { book_seat: () => booking },
      });
      await click(screen.getByRole("button", { name: "Confirm" }));
      // The server answers CONFIRMATION_REQUIRED: a truthful state, the person prepares again.
      expect(sentProofs(host)).toEqual([undefined]);
    });

    it("sends no proof that is not a bounded string, and none where the prepare gave none", async () => {
      const { container, host } = render({
        tools: {
          hold_seat: (args) =>
            args.seat === "12A" ? withProof(hold("12A"), "x".repeat(300)) : hold("12B"),
          book_seat: () => booking,
        },
      });
      await click(container.querySelector('[data-action="prepare"]')!);
      await click(screen.getByRole("button", { name: "Confirm" }));
      expect(host.toolCalls("book_seat")[0]!.args).not.toHaveProperty("confirmation");
    });
  });
});

describe("on ChatGPT (window.openai), what the model reads of widget state", () => {
  it("holds no proof and no key after prepare and confirm; a remount reuses the key", async () => {
    const mock = createMockHost({
      globals: { toolOutput: list },
      tools: {
        hold_seat: (args) => ({
          structuredContent: hold(String(args.seat)),
          content: [],
          _meta: { [CONFIRMATION_META]: "v1.proof-of-12B" },
        }),
        // The first answer is unreadable: the write may have happened, so the key must last.
        book_seat: () => ({ nonsense: true }),
      },
    });
    const uninstall = mock.installAsOpenAI(window);
    const mount = () => {
      const host = createOpenAIHost(window)!;
      const view = renderDom(
        <HostProvider host={host}>
          <Seats />
        </HostProvider>,
      );
      return { host, view };
    };
    try {
      const first = mount();
      await click(first.view.container.querySelectorAll('[data-action="prepare"]')[1]!);
      await click(screen.getByRole("button", { name: "Confirm" }));
      const [sent] = mock.toolCalls("book_seat");
      const { key, confirmation } = sent!.args as { key: string; confirmation: string };
      expect(confirmation).toBe("v1.proof-of-12B");

      // What ChatGPT was given: the structured shape; the model sees `modelContent` only.
      const given = mock.callsOf("setWidgetState").map((call) => call.args[0]);
      const stored = given.at(-1) as { modelContent: unknown; privateContent: unknown };
      // No call ever gave the model a proof or a key.
      for (const state of given)
        expect(JSON.stringify((state as { modelContent: unknown }).modelContent)).not.toMatch(
          /v1\.proof|wkIdempotency/,
        );
      const modelSees = JSON.stringify(stored.modelContent);
      expect(modelSees).toContain("Seat 12B"); // the draft itself is the model's own
      expect(modelSees).not.toContain(key);
      expect(modelSees).not.toContain("v1.proof-of-12B");
      expect(modelSees).not.toContain(CONFIRMATION_META);
      expect(JSON.stringify(stored.privateContent)).toContain(key);
      expect(JSON.stringify(stored.privateContent)).toContain("v1.proof-of-12B");

      // A remount over the same window.openai: the draft comes back, and so do its key and proof.
      first.view.unmount();
      first.host.dispose();
      mount();
      await click(screen.getByRole("button", { name: "Confirm" }));
      const again = mock.toolCalls("book_seat")[1]!.args as { key: string; confirmation: string };
      expect(again.key).toBe(key);
      expect(again.confirmation).toBe("v1.proof-of-12B");
    } finally {
      uninstall();
      mock.dispose();
    }
  });

  it("reads a plain widget state an older widget stored, and a hostile one as none", () => {
    for (const [widgetState, expected] of [
      [{ [STATE_KEY]: { a: 1 } }, { [STATE_KEY]: { a: 1 } }],
      [
        { modelContent: { [STATE_KEY]: 1 }, privateContent: { k: 2 } },
        { [STATE_KEY]: 1, [PRIVATE_STATE_KEY]: { k: 2 } },
      ],
      // Each reader checks the private part (an array is no key and no proof).
      [{ modelContent: "junk", privateContent: [1] }, { [PRIVATE_STATE_KEY]: [1] }],
      [
        new Proxy(
          {},
          {
            get: () => {
              throw new Error("hostile");
            },
          },
        ),
        null,
      ],
    ] as const) {
      const mock = createMockHost({ globals: { widgetState } });
      const uninstall = mock.installAsOpenAI(window);
      try {
        expect(createOpenAIHost(window)!.get("widgetState")).toEqual(expected);
      } finally {
        uninstall();
        mock.dispose();
      }
    }
  });
});

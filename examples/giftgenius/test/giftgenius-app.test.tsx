// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../widget/app.tsx";
import { renderWithHost, widgetRoot } from "../../../test/components/helpers.tsx";
import { loadPayloadFiles } from "./samples.ts";

const payloads = loadPayloadFiles();

const gift = (n: number, extra: object = {}) => ({
  id: `g-00${n}`,
  title: `Gift number ${n}`,
  price: { amount: `1${n}.99`, currency: "USD" },
  reason: "Matches the interest in hiking",
  tags: ["outdoor"],
  ...extra,
});
const suggestions = (gifts: unknown[]) => ({
  contract_version: "1.0",
  kind: "gift_suggestions",
  ok: true,
  gifts,
});
const draftFor = (giftId: string, draftId = "d-1", expiresAt = "2031-01-01T00:00:00Z") => ({
  contract_version: "1.0",
  kind: "order_draft",
  ok: true,
  draft: {
    draft_id: draftId,
    gift: gift(Number(giftId.slice(-1))),
    quantity: 1,
    total: { amount: "11.99", currency: "USD" },
    expires_at: expiresAt,
  },
});
const order = (replayed = false) => ({
  contract_version: "1.0",
  kind: "order",
  ok: true,
  replayed,
  order: {
    order_id: "o-77",
    draft_id: "d-1",
    status: "created",
    total: { amount: "11.99", currency: "USD" },
  },
});

afterEach(() => {
  // Without Vitest globals, Testing Library does not unmount between tests on its own.
  cleanup();
  delete (window as { __pwned?: unknown }).__pwned;
});

describe("GiftGenius App over the sample payloads", () => {
  it("has samples to check", () => {
    expect(payloads.length).toBeGreaterThan(0);
  });

  it.each(payloads)("%s renders its expected data-state and gift count", (_file, payload) => {
    const { container } = renderWithHost(<App output={payload.structuredContent} />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", payload.expect);
    if (payload.expect_gifts !== undefined)
      expect(container.querySelectorAll("[data-gift-id]")).toHaveLength(payload.expect_gifts);
    // Whatever the payload, no script ran and no markup from it became an element.
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
    expect(
      container.querySelector("img[onerror], script, iframe, a[href^='javascript']"),
    ).toBeNull();
  });

  it.each(payloads.filter(([, p]) => p.structuredContent !== null))(
    "%s renders the same through the host's toolOutput",
    (_file, payload) => {
      const { container } = renderWithHost(<App />, {
        globals: { toolOutput: payload.structuredContent },
      });
      expect(widgetRoot(container)).toHaveAttribute("data-state", payload.expect);
    },
  );
});

describe("GiftGenius App", () => {
  it("is loading until the host delivers the tool output (null is not an error)", () => {
    const { container, host } = renderWithHost(<App />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "loading");
    act(() => host.setGlobals({ toolOutput: suggestions([gift(1), gift(2)]) }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(container.querySelectorAll("[data-gift-id]")).toHaveLength(2);
  });

  it("renders a gift card: title, price in the host locale, https image with alt, reason, tags", () => {
    const { container } = renderWithHost(<App />, {
      globals: {
        locale: "de-DE",
        toolOutput: suggestions([
          gift(1, {
            price: { amount: "1234.50", currency: "EUR" },
            image_url: "https://img.example/1.png",
          }),
        ]),
      },
    });
    const card = container.querySelector<HTMLElement>('[data-gift-id="g-001"]')!;
    expect(within(card).getByRole("heading")).toHaveTextContent("Gift number 1");
    expect(card).toHaveTextContent(/1\.234,50\s?€/);
    const image = within(card).getByRole("img");
    expect(image).toHaveAttribute("src", "https://img.example/1.png");
    expect(image).toHaveAttribute("alt", "Gift number 1");
    expect(image).toHaveAttribute("width");
    expect(image).toHaveAttribute("height");
    expect(card).toHaveTextContent("Matches the interest in hiking");
    expect(within(card).getByRole("list", { name: "Tags" })).toHaveTextContent("outdoor");
  });

  it("opens the product through openExternal, never a raw navigation", async () => {
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1, { product_url: "https://shop.example/g1" })]) },
    });
    expect(container.querySelector("a[href]")).toBeNull();
    await act(
      async () => void fireEvent.click(screen.getByRole("button", { name: "View Gift number 1" })),
    );
    expect(host.callsOf("openExternal").map((call) => call.args[0])).toEqual([
      "https://shop.example/g1",
    ]);
  });

  it("runs the whole flow: suggestions → buy → confirm → committing → committed", async () => {
    let releaseCommit!: () => void;
    const commitGate = new Promise<void>((resolve) => (releaseCommit = resolve));
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1), gift(2)]) },
      tools: {
        prepare_order: (args) => draftFor(String(args.gift_id)),
        commit_order: async () => {
          await commitGate;
          const placed = order();
          return {
            ...placed,
            order: { ...placed.order, checkout_url: "https://shop.example/o-77" },
          };
        },
      },
    });
    const buy = container.querySelector<HTMLButtonElement>(
      '[data-gift-id="g-002"] [data-action="prepare"]',
    )!;
    await act(async () => {
      fireEvent.click(buy);
      fireEvent.click(buy);
    });
    expect(host.toolCalls("prepare_order")).toEqual([
      { name: "prepare_order", args: { gift_id: "g-002" } },
    ]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Gift number 2");

    const confirm = container.querySelector<HTMLButtonElement>('[data-action="confirm"]')!;
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committing");
    await act(async () => releaseCommit());
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("o-77");
    expect(host.toolCalls("commit_order")).toHaveLength(1);
    // At once the app's own receipt (its checkout link), the one a remount restores — not
    // the confirmation's plain one — and focus on its heading, where the buttons were.
    expect(screen.getByRole("button", { name: "View" })).toBeInTheDocument();
    expect(document.activeElement).toHaveTextContent("Order placed");
  });

  it("cancel goes back to the suggestions without writing", async () => {
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1)]) },
      tools: { prepare_order: (args) => draftFor(String(args.gift_id)) },
    });
    await act(
      async () => void fireEvent.click(container.querySelector('[data-action="prepare"]')!),
    );
    fireEvent.click(container.querySelector('[data-action="cancel"]')!);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(host.toolCalls("commit_order")).toHaveLength(0);
  });

  it("shows a prepare error in place, and its retry prepares the same gift again", async () => {
    let calls = 0;
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1)]) },
      tools: {
        prepare_order: (args) =>
          ++calls === 1
            ? {
                contract_version: "1.0",
                kind: "order_draft",
                ok: false,
                error: { code: "UPSTREAM_UNAVAILABLE", message: "Catalog down.", retryable: true },
              }
            : draftFor(String(args.gift_id)),
      },
    });
    await act(
      async () => void fireEvent.click(container.querySelector('[data-action="prepare"]')!),
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    expect(screen.getByRole("alert")).toHaveTextContent("The service is not available right now.");
    await act(async () => void fireEvent.click(container.querySelector('[data-action="retry"]')!));
    expect(host.toolCalls("prepare_order").map((call) => call.args)).toEqual([
      { gift_id: "g-001" },
      { gift_id: "g-001" },
    ]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
  });

  it("retries a failed suggestion with the tool's own input", async () => {
    const input = {
      interests: ["hiking"],
      budget_min: 10,
      budget_max: 50,
      currency: "USD",
      relationship_type: "friend",
    };
    const { container, host } = renderWithHost(<App />, {
      globals: {
        toolInput: input,
        toolOutput: {
          contract_version: "1.0",
          kind: "gift_suggestions",
          ok: false,
          error: { code: "UPSTREAM_UNAVAILABLE", message: "Down.", retryable: true },
        },
      },
      tools: { suggest_gifts: () => suggestions([gift(1), gift(2), gift(3)]) },
    });
    await act(async () => void fireEvent.click(container.querySelector('[data-action="retry"]')!));
    expect(host.toolCalls("suggest_gifts").map((call) => call.args)).toEqual([input]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(container.querySelectorAll("[data-gift-id]")).toHaveLength(3);
  });

  it("comes back to the draft after a remount, and commits with the same key", async () => {
    const tools = {
      prepare_order: (args: { readonly [key: string]: unknown }) => draftFor(String(args.gift_id)),
      commit_order: () => Promise.reject(new Error("lost")),
    };
    const first = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1)]) },
      tools,
    });
    await act(
      async () => void fireEvent.click(first.container.querySelector('[data-action="prepare"]')!),
    );
    await act(
      async () => void fireEvent.click(first.container.querySelector('[data-action="confirm"]')!),
    );
    const host = first.host;
    first.unmount();

    host.setTool("commit_order", () => order(true));
    const { HostProvider } = await import("mcp-widget-kit");
    const { render } = await import("@testing-library/react");
    const second = render(
      <HostProvider host={host}>
        <App />
      </HostProvider>,
    );
    expect(widgetRoot(second.container)).toHaveAttribute("data-state", "confirm");
    await act(
      async () => void fireEvent.click(second.container.querySelector('[data-action="confirm"]')!),
    );
    const keys = host.toolCalls("commit_order").map((call) => call.args.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(widgetRoot(second.container)).toHaveAttribute("data-state", "committed");
    expect(second.container).toHaveTextContent("nothing was charged twice");
  });

  it("restores the order when the widget state arrives after the first render (MCP Apps)", async () => {
    const { FLOW_STATE_KEY } = await import("../widget/flow-state.ts");
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions([gift(1)]) },
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    act(() => host.setGlobals({ widgetState: { [FLOW_STATE_KEY]: order() } }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("o-77");
  });

  it("says so when a draft-only widget is cancelled", () => {
    const { container } = renderWithHost(<App />, { globals: { toolOutput: draftFor("g-001") } });
    fireEvent.click(container.querySelector('[data-action="cancel"]')!);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "empty");
    expect(container).toHaveTextContent("Cancelled. Nothing was ordered.");
  });
});

// @vitest-environment jsdom
/**
 * `requestCheckout` from the widget: feature-detected (no sheet → `unsupported`, never a
 * throw, whatever `window.openai` is), and driven end to end through the mock host's payment
 * sheet against the server's real `complete_checkout` — paid, repeated, declined, cancelled —
 * with every answer read as a typed outcome.
 */
import { testSheet } from "../server/test-sheet.ts";
import { afterEach, describe, expect, it } from "vitest";
import { requestCheckout } from "../../src/checkout.ts";
import { canRequestCheckout } from "../../src/bridge/request-checkout.ts";
import { createSqliteStore } from "../../src/server/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import { fakeSheetProvider } from "../server/fake-sheet-provider.ts";

type Win = Window & { openai?: unknown };

afterEach(() => {
  delete (window as Win).openai;
});

function shop() {
  const provider = fakeSheetProvider();
  const sheet = testSheet({
    store: createSqliteStore(":memory:"),
    provider,
    paymentProvider: { provider: "stripe", merchant_id: "acct_1", supported_payment_methods: [] },
    paymentMode: "test",
    links: [],
    orders: { permalinkUrl: (id) => `https://shop.example/orders/${id}` },
    secret: { secret: "widget-sheet-secret-0123456789abcdef" },
  });
  const session = sheet.session(
    {
      draftId: "d_1",
      currency: "USD",
      lines: [{ itemId: "mug", name: "Mug", quantity: 1, unitAmount: 1200 }],
      expiresAt: Date.now() + 600_000,
    },
    { caller: "user:ada" },
  );
  const tools = {
    complete_checkout: async (args: { readonly [key: string]: unknown }) =>
      sheet.result(await sheet.complete(args, { caller: "user:ada" })),
  };
  return { provider, session, tools };
}

describe("requestCheckout", () => {
  it("is unsupported, never a throw, where the host has no payment sheet", async () => {
    const session = { id: "cs" };
    expect(canRequestCheckout()).toBe(false);
    expect(await requestCheckout(session)).toEqual({ status: "unsupported" });
    for (const openai of [null, 1, {}, { requestCheckout: "yes" }]) {
      (window as Win).openai = openai;
      expect(canRequestCheckout()).toBe(false);
      expect(await requestCheckout(session)).toEqual({ status: "unsupported" });
    }
    Object.defineProperty(window, "openai", {
      configurable: true,
      get() {
        throw new Error("hostile getter");
      },
    });
    expect(await requestCheckout(session)).toEqual({ status: "unsupported" });
    expect(await requestCheckout(session, undefined)).toEqual({ status: "unsupported" });
  });

  it("pays through the sheet once, and a repeat resolves with the same order", async () => {
    const { provider, session, tools } = shop();
    const host = createMockHost({ tools, checkout: { token: () => provider.token() } });
    const uninstall = host.installAsOpenAI();
    expect(canRequestCheckout()).toBe(true);
    const first = await requestCheckout(session);
    const again = await requestCheckout(session);
    uninstall();
    expect(first).toEqual({
      status: "completed",
      order: {
        id: expect.stringMatching(/^ord_/),
        checkout_session_id: session.id,
        permalink_url: expect.stringMatching(/^https:\/\/shop\.example\/orders\/ord_/),
      },
    });
    expect(again).toEqual(first);
    expect(provider.charges).toHaveLength(1);
    expect(host.callsOf("requestCheckout")).toHaveLength(2);
  });

  it("is not completed when the sheet declines or the person cancels", async () => {
    const { provider, session, tools } = shop();
    const declining = createMockHost({
      tools,
      checkout: { token: () => provider.token("decline") },
    });
    let uninstall = declining.installAsOpenAI();
    expect((await requestCheckout(session)).status).toBe("not_completed");
    uninstall();
    const cancelling = createMockHost({ tools, checkout: { cancel: true } });
    uninstall = cancelling.installAsOpenAI();
    expect((await requestCheckout(session)).status).toBe("not_completed");
    uninstall();
    expect(cancelling.toolCalls()).toHaveLength(0);
    expect(provider.charges).toHaveLength(0);
  });

  it("reads a server error as not completed, with its ToolError, and an unreadable answer as unknown", async () => {
    (window as Win).openai = {
      requestCheckout: async () => ({
        structuredContent: { ok: false, error: { code: "UPSTREAM_TIMEOUT", changes: "unknown" } },
        isError: true,
      }),
    };
    expect(await requestCheckout({ id: "cs" })).toEqual({
      status: "not_completed",
      error: { code: "UPSTREAM_TIMEOUT", changes: "unknown" },
    });
    for (const answer of [undefined, null, "ok", { order: { id: 1 } }]) {
      (window as Win).openai = { requestCheckout: async () => answer };
      expect(await requestCheckout({ id: "cs" })).toEqual({ status: "unknown" });
    }
    // The bare order, and a non-https permalink dropped.
    (window as Win).openai = {
      requestCheckout: async () => ({
        id: "o1",
        checkout_session_id: "cs",
        permalink_url: "javascript:alert(1)",
      }),
    };
    expect(await requestCheckout({ id: "cs" })).toEqual({
      status: "completed",
      order: { id: "o1", checkout_session_id: "cs" },
    });
  });
});

/**
 * The fixture shop's widget: products → Buy (`prepare_purchase`) → confirm → placed, built
 * from the kit's components and write flow the way an app's widget is, typed by the fixture
 * server's own tool declarations. The kit's hook tests render it instead of GiftGenius'
 * widget, so a change to GiftGenius' widget cannot break them. Its payload builders are the
 * results the fixture server sends.
 */
import { ConfirmPurchase } from "../../src/components/confirm-purchase.tsx";
import { OrderReceipt } from "../../src/components/order-receipt.tsx";
import { ResultView } from "../../src/components/result-view.tsx";
import { toolRefs } from "../../src/contract/index.ts";
import { useWriteFlow } from "../../src/hooks/use-write-flow.ts";
import { shop } from "../support/shop-contract.ts";
import type { FixtureShopTools } from "./app.ts";

/** The tools' typed refs. */
export const tools = toolRefs<FixtureShopTools>(shop, {
  list_products: "product_list",
  prepare_purchase: "purchase_draft",
  place_purchase: "purchase",
});

type ShopView = ReturnType<typeof shop.parse>;

/** A purchase result as the receipt ConfirmPurchase shows. */
function receipt(view: ShopView) {
  if (view.state !== "committed") return null;
  const { purchase, replayed } = view.data;
  return { ok: true as const, orderId: purchase.purchase_id, replayed, total: purchase.total };
}

/** Props of the widget: `output` replaces the host's tool output (tests), even as `null`. */
export interface FixtureWidgetProps {
  readonly output?: unknown;
}

/** The whole fixture widget. */
export function FixtureWidget(props: FixtureWidgetProps) {
  const flow = useWriteFlow({
    contract: shop,
    prepare: tools.prepare_purchase,
    commit: tools.place_purchase,
    tools,
    receipt,
    stateKey: "fixtureShopFlow",
    output: props.output,
    hasOutput: Object.hasOwn(props, "output"),
  });
  if (flow.cancelled) return <p>Cancelled.</p>;
  return (
    <ResultView<ShopView>
      result={flow.view}
      header={<h1>Fixture shop</h1>}
      renderResults={(view) =>
        view.items.map((product) => (
          <button
            key={product.id}
            type="button"
            data-action="buy"
            onClick={() => void flow.prepare({ product_id: product.id })}
          >
            {product.title}
          </button>
        ))
      }
      renderRecord={(view) => {
        if (view.state === "confirm") {
          const { draft } = view.data;
          return (
            <ConfirmPurchase
              key={draft.draft_id}
              draft={{
                id: draft.draft_id,
                title: draft.product.title,
                lines: [{ item: draft.product.title, quantity: draft.quantity }],
                total: draft.total,
                expiresAt: draft.expires_at,
              }}
              onCommit={(key) => flow.commit({ draft_id: draft.draft_id, idempotency_key: key })}
              onCommitted={flow.committed}
              onCancel={flow.cancel}
              onRefresh={flow.refresh}
            />
          );
        }
        const { purchase, replayed } = view.data;
        return (
          <OrderReceipt orderId={purchase.purchase_id} total={purchase.total} replayed={replayed} />
        );
      }}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
    />
  );
}

const PRODUCT = {
  id: "p-mug",
  title: "Mug",
  price: { amount: "12.50", currency: "USD" },
  image_url: "https://shop.fixture.example/img/p-mug.png",
  page_url: "https://shop.fixture.example/p/p-mug",
  tags: ["kitchen"],
};

/** The payloads the fixture server sends (structuredContent), for hook tests' hosts. */
export const payloads = {
  products: { contract_version: "1.0", kind: "product_list", ok: true, products: [PRODUCT] },
  draft: {
    contract_version: "1.0",
    kind: "purchase_draft",
    ok: true,
    draft: {
      draft_id: "drf_fixture_1",
      product: PRODUCT,
      quantity: 1,
      total: { amount: "12.50", currency: "USD" },
      expires_at: "2031-01-01T00:00:00Z",
    },
  },
  placed: {
    contract_version: "1.0",
    kind: "purchase",
    ok: true,
    purchase: {
      purchase_id: "pur_fixture_1",
      draft_id: "drf_fixture_1",
      status: "placed",
      total: { amount: "12.50", currency: "USD" },
      receipt_url: "https://shop.fixture.example/receipts/pur_fixture_1",
    },
    replayed: false,
  },
};

/** The kit's refusal of `place_purchase` without a sign-in, as a CallToolResult. */
export const authRequired = {
  structuredContent: {
    contract_version: "1.0",
    kind: "purchase",
    ok: false,
    error: {
      code: "AUTH_REQUIRED",
      message: "Sign-in is required for this tool.",
      retryable: false,
      next_action:
        "Tell the person this needs them to sign in; the app shows the sign-in. After they sign in, call the tool again with the same arguments.",
      changes: "none",
      request_id: "req_fixture_1",
    },
  },
  content: [{ type: "text", text: "AUTH_REQUIRED: Sign-in is required for this tool." }],
  isError: true,
  _meta: {
    "mcp/www_authenticate": [
      'Bearer resource_metadata="https://shop.fixture.example/.well-known/oauth-protected-resource/mcp", error="invalid_request", error_description="Sign-in is required for this tool.", scope="orders:write"',
    ],
  },
};

/** A CallToolResult of `payload`. */
export const resultOf = (payload: object) => ({ structuredContent: payload, content: [] });

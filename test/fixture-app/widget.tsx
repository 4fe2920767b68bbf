/**
 * The fixture shop's widget: products → Buy (`data-action="prepare"`, `prepare_purchase`) →
 * confirm → placed, built from the kit's components and write flow the way an app's widget is, typed by the fixture
 * server's own tool declarations. The kit's hook tests render it instead of GiftGenius'
 * widget, so a change to GiftGenius' widget cannot break them (its results: ./payloads.ts).
 */
import { ConfirmDraft } from "../../src/components/confirm-draft.tsx";
import { Receipt } from "../../src/components/receipt.tsx";
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

/** A purchase result as the receipt ConfirmDraft shows. */
function receipt(view: ShopView) {
  if (view.state !== "committed") return null;
  const { purchase, replayed } = view.data;
  return { ok: true as const, reference: purchase.purchase_id, replayed, total: purchase.total };
}

/** Props of the widget: `output` replaces the host's tool output (tests), even as `null`. */
export interface FixtureWidgetProps {
  readonly output?: unknown;
}

/** The fixture server's own codes and the class of sentence the person sees for each. */
const ERROR_CLASSES = {
  PRODUCT_NOT_FOUND: "not_found",
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
} as const;

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
      errorClasses={ERROR_CLASSES}
      header={<h1>Fixture shop</h1>}
      renderResults={(view) =>
        view.items.map((product) => (
          <button
            key={product.id}
            type="button"
            data-action="prepare"
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
            <ConfirmDraft
              key={draft.draft_id}
              draft={{
                id: draft.draft_id,
                title: draft.product.title,
                lines: [{ label: draft.product.title, value: `× ${draft.quantity}` }],
                total: draft.total,
                expiresAt: draft.expires_at,
              }}
              errorClasses={ERROR_CLASSES}
              onCommit={(key) => flow.commit({ draft_id: draft.draft_id, idempotency_key: key })}
              onCommitted={flow.committed}
              onCancel={flow.cancel}
              onBack={flow.back}
              onRefresh={flow.refresh}
            />
          );
        }
        const { purchase, replayed } = view.data;
        return (
          <Receipt reference={purchase.purchase_id} total={purchase.total} replayed={replayed} />
        );
      }}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
    />
  );
}

/**
 * WriteView over the fixture shop as an app wires it (list → confirm → receipt), shared by the
 * WriteView tests. `dialog` adds to or replaces what the confirm dialog is given for a draft
 * (a saved-method picker as its body, the commit's own arguments); `sheet` and
 * `renderCommitted` are WriteView's own.
 */
import type { ReactNode } from "react";
import { WriteView, type WriteViewProps } from "../../src/components/write-view.tsx";
import type { AppMessages } from "../../src/i18n/index.ts";
import { tools } from "../fixture-app/widget.tsx";
import { shop } from "../support/shop-contract.ts";

type ShopView = ReturnType<typeof shop.parse>;

const receipt = (view: ShopView) =>
  view.state === "committed"
    ? {
        ok: true as const,
        reference: view.data.purchase.purchase_id,
        total: view.data.purchase.total,
      }
    : null;

export function ShopWriteView({
  messages,
  dialog,
  sheet,
  renderCommitted,
}: Pick<
  WriteViewProps<ShopView, typeof tools.prepare_purchase, typeof tools.place_purchase>,
  "sheet" | "renderCommitted"
> & {
  readonly messages?: AppMessages<unknown>;
  readonly dialog?: (draftId: string) => {
    readonly body?: ReactNode;
    readonly commitArguments?: () => { readonly [name: string]: unknown };
  };
}) {
  return (
    <WriteView
      messages={messages}
      sheet={sheet}
      renderCommitted={renderCommitted}
      contract={shop}
      prepare={tools.prepare_purchase}
      commit={tools.place_purchase}
      tools={tools}
      receipt={receipt}
      header={<h1>Shop</h1>}
      renderResults={(view, write) =>
        view.items.map((product) => (
          <button
            key={product.id}
            type="button"
            data-action="prepare"
            disabled={write.pending?.product_id === product.id}
            onClick={() => write.prepare({ product_id: product.id })}
          >
            {product.title}
          </button>
        ))
      }
      confirm={({ data: { draft } }) => ({
        draft: {
          id: draft.draft_id,
          title: draft.product.title,
          total: draft.total,
          expiresAt: draft.expires_at,
        },
        body: <p>One {draft.product.title}</p>,
        again: { product_id: draft.product.id },
        ...dialog?.(draft.draft_id),
      })}
      renderReceipt={({ data: { purchase } }) => <p>Status: {purchase.status}</p>}
    />
  );
}

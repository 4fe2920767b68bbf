/**
 * The GiftGenius widget: suggestions → Buy (`prepare_order`) → confirm → committing →
 * committed. It uses the kit the way any app would: ResultView for the states, the gift
 * cards as its render function, ConfirmPurchase for the write. Errors from prepare or commit
 * are shown in place with a retry.
 */
import { useMemo, useRef, useState } from "react";
import {
  ConfirmPurchase,
  MessagesProvider,
  OrderReceipt,
  ResultView,
  WidgetRoot,
  useCallTool,
  useI18n,
  useOpenExternal,
  useToolInput,
  useToolOutput,
  useWidgetState,
  type CallOutcome,
} from "widget-kit";
import { giftGenius, type GiftCard, type GiftGeniusView } from "../contract.ts";
import { FLOW_STATE_KEY, restoreFlowView } from "./flow-state.ts";
import { GiftList } from "./gift-list.tsx";
import { messages } from "./messages.ts";
import {
  isDraftView,
  isOrderView,
  outcomeView,
  toCommitOutcome,
  toPurchaseDraft,
  type DraftView,
  type OrderView,
} from "./purchase.ts";

/** Props of `App`. */
export interface AppProps {
  /**
   * A tool output to show instead of the host's (tests, stories). When the prop is present —
   * even as `null` — the output counts as delivered; without it, a host `toolOutput` of null
   * means `loading`.
   */
  readonly output?: unknown;
}

/** Which tool produced each kind: a retry of a failed result calls it again. */
const TOOL_FOR_KIND: {
  readonly [kind: string]: "suggest_gifts" | "prepare_order" | "commit_order";
} = {
  gift_suggestions: "suggest_gifts",
  order_draft: "prepare_order",
  order: "commit_order",
};

/** What the flow shows instead of the host's output, and how to retry it if it failed. */
interface Flow {
  readonly view: GiftGeniusView;
  readonly retry?: () => Promise<unknown>;
}

function AppTitle() {
  return <h1>GiftGenius</h1>;
}

function Receipt({ view, justCommitted = false }: { view: OrderView; justCommitted?: boolean }) {
  const { order, replayed } = view.data;
  const openExternal = useOpenExternal();
  const { m } = useI18n(messages);
  const checkout = order.checkout_url;
  return (
    <OrderReceipt
      orderId={order.order_id}
      total={order.total}
      replayed={replayed}
      focusOnMount={justCommitted}
    >
      {checkout ? (
        <div className="wk-row">
          <button type="button" className="wk-button" onClick={() => void openExternal(checkout)}>
            {m.view}
          </button>
        </div>
      ) : null}
    </OrderReceipt>
  );
}

/** The whole GiftGenius widget, in its own words (the kit's components read them too). */
export function App(props: AppProps) {
  return (
    <MessagesProvider messages={messages}>
      <GiftGeniusFlow {...props} />
    </MessagesProvider>
  );
}
App.displayName = "App";

function GiftGeniusFlow(props: AppProps) {
  const { m } = useI18n(messages);
  const hasOwnOutput = Object.hasOwn(props, "output");
  const hostOutput = useToolOutput();
  const toolInput = useToolInput();
  const [storedFlow, setStoredFlow] = useWidgetState<unknown>(null, { key: FLOW_STATE_KEY });
  const tools = {
    suggest_gifts: useCallTool("suggest_gifts"),
    prepare_order: useCallTool("prepare_order"),
    commit_order: useCallTool("commit_order"),
  };
  // A remount comes back to the draft or order it showed.
  const [flow, setFlow] = useState<Flow | null>(() => {
    const view = restoreFlowView(storedFlow);
    return view ? { view } : null;
  });
  const [cancelled, setCancelled] = useState(false);
  const [pendingGiftId, setPendingGiftId] = useState<string | null>(null);
  // Widget state can also arrive after the first render (MCP Apps delivers the widget session
  // with the tool result): restore then too, unless the person has already moved on.
  const [seenStoredFlow, setSeenStoredFlow] = useState<unknown>(storedFlow);
  if (storedFlow !== seenStoredFlow) {
    setSeenStoredFlow(storedFlow);
    const restored =
      flow === null && !cancelled && pendingGiftId === null
        ? restoreFlowView(storedFlow)
        : undefined;
    if (restored) setFlow({ view: restored });
  }
  const preparing = useRef(false);
  const committedOutput = useRef<unknown>(null);

  const output = hasOwnOutput ? props.output : hostOutput;
  const base = useMemo(
    () =>
      !hasOwnOutput && (output === null || output === undefined) ? null : giftGenius.parse(output),
    [hasOwnOutput, output],
  );
  const view = flow?.view ?? base;

  function persist(output: unknown) {
    setStoredFlow(output);
  }

  function show(outcome: CallOutcome, kind: string, retry: () => Promise<unknown>) {
    const next = outcomeView(outcome, kind);
    setFlow({ view: next, retry: next.state === "error" ? retry : undefined });
    if (outcome.ok && (next.state === "confirm" || next.state === "committed"))
      persist(outcome.result.structuredContent);
  }

  async function buy(gift: Pick<GiftCard, "id">): Promise<void> {
    if (preparing.current) return; // one prepare at a time, however often Buy is pressed
    preparing.current = true;
    setPendingGiftId(gift.id);
    try {
      const outcome = await tools.prepare_order.call({ gift_id: gift.id });
      setCancelled(false);
      show(outcome, "order_draft", () => buy(gift));
    } finally {
      preparing.current = false;
      setPendingGiftId(null);
    }
  }

  async function retryBase(): Promise<void> {
    const tool =
      base && "kind" in base && typeof base.kind === "string"
        ? TOOL_FOR_KIND[base.kind]
        : undefined;
    if (!tool) return;
    const outcome = await tools[tool].call(toolInput);
    show(outcome, base && "kind" in base ? String(base.kind) : "gift_suggestions", retryBase);
  }

  function cancel() {
    persist(null);
    // With suggestions underneath, go back to them; a widget that only ever showed the
    // draft has nothing to go back to.
    if (base && isDraftView(base)) setCancelled(true);
    setFlow(null);
  }

  function renderDraft(draftView: DraftView) {
    const draft = draftView.data.draft;
    return (
      <ConfirmPurchase
        key={draft.draft_id}
        draft={toPurchaseDraft(draft)}
        onCommit={async (key) => {
          const outcome = await tools.commit_order.call({
            draft_id: draft.draft_id,
            idempotency_key: key,
          });
          if (outcome.ok) committedOutput.current = outcome.result.structuredContent;
          return toCommitOutcome(outcome);
        }}
        onCommitted={() => persist(committedOutput.current)}
        onCancel={cancel}
        onPrepareAgain={() => buy(draft.gift)}
      />
    );
  }

  if (cancelled) {
    return (
      <WidgetRoot state="empty">
        <AppTitle />
        <p className="wk-panel">{m.cancelled}</p>
      </WidgetRoot>
    );
  }

  return (
    <ResultView<GiftGeniusView>
      result={view}
      header={<AppTitle />}
      renderResults={(results) => (
        <GiftList gifts={results.items} onBuy={buy} pendingGiftId={pendingGiftId} />
      )}
      renderRecord={(record) =>
        isDraftView(record) ? (
          renderDraft(record)
        ) : isOrderView(record) ? (
          <Receipt view={record} />
        ) : null
      }
      onRetry={flow?.retry ?? (base && base.state === "error" ? retryBase : undefined)}
      emptySuggestions={[
        { label: m.suggestRaiseBudget, prompt: m.suggestRaiseBudgetPrompt },
        { label: m.suggestOtherInterests, prompt: m.suggestOtherInterestsPrompt },
      ]}
    />
  );
}

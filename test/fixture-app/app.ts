/**
 * The kit's fixture app: a tiny shop (the contract in test/support/shop-contract.ts) served
 * with the kit's public server API exactly as an app author would build it. The kit's server
 * and hook tests run against it instead of GiftGenius, so a change to an example app cannot
 * break a kit unit test. It has what those tests need and nothing more: a read tool
 * (`list_products`), a draft (`prepare_purchase`) and its confirmed, idempotent write
 * (`place_purchase`), behind one scope.
 */
import * as v from "valibot";
import {
  commitArguments,
  createDraftStore,
  createRateLimiter,
  createResourceServer,
  createToolServer,
  defineTool,
  idempotentResult,
  rateLimitFailure,
  runCommit,
  ToolFailure,
  widgetResources,
  widgetToolMeta,
  type AuthorizationSettings,
  type HttpAuthenticate,
  type IdempotencyStore,
  type ResourceProvider,
  type ServerLogger,
  type ToolErrorBody,
  type ToolServer,
  type ToolsOf,
  type WidgetUris,
} from "../../src/server/index.ts";
import { shop, type PurchaseSchema } from "../support/shop-contract.ts";
import type { IdempotencyTiming } from "../../src/server/idempotency/run-idempotent.ts";

/** The scope drafting and placing a purchase require (the test issuer's default grant). */
export const FIXTURE_SCOPE = "orders:write";

/** The fixture's confirmation secret (the kit signs the widget's proof with it). */
export const FIXTURE_SECRET = "fixture-app-confirmation-secret-0123456789";

/** The products `list_products` knows; a fixed list, so tests can name them. */
export const PRODUCTS = [
  { id: "p-mug", title: "Mug", amount: "12.50", tags: ["kitchen"], sold: true },
  { id: "p-lamp", title: "Lamp", amount: "40.00", tags: ["home"], sold: true },
  { id: "p-gone", title: "Retired kettle", amount: "30.00", tags: ["kitchen"], sold: false },
] as const;

const PRODUCT_ID = /^[a-z0-9-]{1,40}$/;

/** `list_products`' arguments: 1-4 tags to match and an optional price cap. */
export const ListProductsArgs = v.strictObject({
  tags: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
    v.minLength(1),
    v.maxLength(4),
  ),
  max_price: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10_000))),
});

/** A valid `list_products` call that finds products. */
export const GOOD_LIST = { tags: ["kitchen", "home"] };

const PrepareArgs = v.strictObject({
  product_id: v.pipe(v.string(), v.regex(PRODUCT_ID)),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10))),
});

function card(product: (typeof PRODUCTS)[number]) {
  return {
    id: product.id,
    title: product.title,
    price: { amount: product.amount, currency: "USD" },
    image_url: `https://shop.fixture.example/img/${product.id}.png`,
    page_url: `https://shop.fixture.example/p/${product.id}`,
    tags: [...product.tags],
  };
}

function times(amount: string, quantity: number): string {
  const cents = Math.round(Number(amount) * 100) * quantity;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** What the draft store keeps of a draft. */
interface Draft {
  product_id: string;
  quantity: number;
}

/** What a purchase stores and replays. */
type Placed =
  | { ok: true; purchase: v.InferOutput<typeof PurchaseSchema> }
  | { ok: false; error: ToolErrorBody };

/** A running fixture app: make SDK servers from `tools`, serve `http` hooks, `close()`. */
export interface FixtureApp extends FixtureTools {
  store: IdempotencyStore;
  /** The resource server (`serveHttp`'s `authenticate` and `routes`), when `auth` was given. */
  http:
    { authenticate: HttpAuthenticate; respond(request: Request): Response | undefined } | undefined;
  close(): Promise<void>;
}

/** What the fixture's tools run on (the in-process app and main.ts's serveApp both give it). */
export interface FixtureToolOptions {
  /** The app's database: drafts and idempotency records (`createSqliteStore`, `createPostgresStore`). */
  store: IdempotencyStore;
  /**
   * The idempotency records' store when a test wraps `store` to inject a fault (a wrapper is
   * not a database the draft store can share); default `store`.
   */
  records?: IdempotencyStore;
  log: ServerLogger;
  /** The widget resources the tools advertise and serve. */
  widget: { uris: WidgetUris; provider: ResourceProvider };
  now?: () => number;
  /** Each call's request id (default random); the recording fixes it so files do not churn. */
  requestId?: () => string;
  /** The idempotency lease, wait and TTL (default the kit's). */
  timing?: Partial<IdempotencyTiming>;
  /**
   * Runs inside every purchase's effect, before it is placed: tests slow it (to make calls
   * overlap) or throw from it (a failing downstream). The fixture's only fault switch.
   */
  beforePlace?: () => Promise<void>;
  /**
   * Drafts per caller and UTC day (default 10 000): kept in the store's database, so every
   * process serving the app counts the same uses.
   */
  prepareLimit?: number;
}

/** The fixture's tool server, and what its effect did. */
export interface FixtureTools {
  tools: ToolServer;
  /** How many times the effect ran (a replay runs none; a takeover after a crash runs it again). */
  effects(): number;
  /** How many distinct purchases were placed: the effect is keyed, so a rerun places none. */
  placed(): number;
}

/** The three tools on the kit's tool server. */
export function createFixtureTools(options: FixtureToolOptions) {
  const { store, log, widget, now = Date.now } = options;
  const records = options.records ?? store;
  const drafts = createDraftStore<Draft>(store, { name: "fixture_drafts", ttlMs: 600_000, now });
  let effects = 0;
  // The purchases placed, by id: placing one id again (a rerun of its effect) is a no-op, as a
  // downstream keyed by the kit's effect key would make it.
  const purchases = new Set<string>();
  const limiter = createRateLimiter(store, {
    name: "fixture_prepares",
    limit: options.prepareLimit ?? 10_000,
    windowMs: 86_400_000,
    now,
  });

  const listProducts = defineTool(shop, "product_list", {
    name: "list_products",
    description: "List the products with any of the given tags. Read only.",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    meta: widgetToolMeta(widget.uris, { invoking: "Looking…", invoked: "Products" }),
    // Anyone may list; a signed-in caller is still verified (the optional sign-in case).
    auth: { scopes: [], optional: true },
    arguments: { schema: ListProductsArgs, repair: () => GOOD_LIST },
    async handler(args) {
      const found = PRODUCTS.filter(
        (p) =>
          p.sold &&
          p.tags.some((tag) => args.tags.includes(tag)) &&
          (args.max_price === undefined || Number(p.amount) <= args.max_price),
      ).map(card);
      return {
        ok: true,
        data: found.length ? { products: found } : { products: [], no_match_reason: "No match." },
        text: `${found.length} product(s).`,
      };
    },
  });

  const preparePurchase = defineTool(shop, "purchase_draft", {
    name: "prepare_purchase",
    description: "Prepare a purchase for the person to confirm. Places nothing.",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false },
    meta: widgetToolMeta(widget.uris, { invoking: "Preparing…", invoked: "Ready to confirm" }),
    auth: { scopes: [FIXTURE_SCOPE] },
    arguments: { schema: PrepareArgs, repair: () => ({ product_id: "p-mug" }) },
    async handler(args, context) {
      const product = PRODUCTS.find((p) => p.id === args.product_id);
      if (!product?.sold) {
        throw new ToolFailure({
          code: "PRODUCT_NOT_FOUND",
          message: "No product on sale has this product_id.",
          retryable: false,
        });
      }
      const decision = await limiter.take(context.caller);
      if (!decision.ok) throw rateLimitFailure(decision);
      const quantity = args.quantity ?? 1;
      const { draft_id, expires_at } = await drafts.put(context.caller, {
        product_id: product.id,
        quantity,
      });
      const total = { amount: times(product.amount, quantity), currency: "USD" };
      return {
        ok: true,
        data: { draft: { draft_id, product: card(product), quantity, total, expires_at } },
        text: `Draft ${draft_id} is ready to confirm.`,
      };
    },
  });

  const placePurchase = defineTool(shop, "purchase", {
    name: "place_purchase",
    description: "Place a confirmed purchase draft. One idempotency_key per purchase.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    meta: widgetToolMeta(widget.uris, { invoking: "Placing…", invoked: "Placed" }),
    writes: true,
    confirm: { prepare: "prepare_purchase" },
    auth: { scopes: [FIXTURE_SCOPE] },
    arguments: commitArguments({ draftExample: "drf_from_prepare_purchase" }),
    async handler(args, context) {
      const outcome = await runCommit<Placed, Draft>({
        store: records,
        args,
        context,
        now,
        ...(options.timing ? { timing: options.timing } : {}),
        // The effect ran but its record was not written: the kit answers it, the app logs it.
        onStoreError: (error) =>
          context.log.error("idempotency_store_failed_after_effect", {
            request_id: context.requestId,
            error_message: error instanceof Error ? error.message : String(error),
          }),
        async execute({ effectKey, captured, capture }) {
          let draft = captured;
          if (!draft) {
            const use = await drafts.use(context.caller, args.draft_id, effectKey);
            if (use.state !== "taken") {
              const error: ToolErrorBody = {
                code: use.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND",
                message: "This draft_id is not a draft of yours that can be placed.",
                retryable: false,
                changes: "none",
              };
              return { final: false, value: { ok: false, error } };
            }
            draft = use.draft;
            await capture(draft);
          }
          const product = PRODUCTS.find((p) => p.id === draft.product_id)!;
          const id = `pur_${effectKey.slice(0, 16)}`;
          effects++;
          await options.beforePlace?.();
          purchases.add(id);
          // Every process's log says what it placed: a test across processes counts these.
          log.info("purchase_placed", { purchase_id: id });
          return {
            final: true,
            value: {
              ok: true,
              purchase: {
                purchase_id: id,
                draft_id: args.draft_id,
                status: "placed",
                total: { amount: times(product.amount, draft.quantity), currency: "USD" },
                receipt_url: `https://shop.fixture.example/receipts/${id}`,
              },
            },
          };
        },
      });
      return idempotentResult(outcome, (value, replayed) =>
        value.ok
          ? {
              ok: true as const,
              data: { purchase: value.purchase, replayed },
              text: `Purchase ${value.purchase.purchase_id}${replayed ? " (replayed)" : ""}.`,
            }
          : { ok: false as const, error: value.error },
      );
    },
  });

  const tools = createToolServer({
    info: { name: "fixture-shop", version: "1.0.0" },
    contract: shop,
    tools: [listProducts, preparePurchase, placePurchase],
    resources: widget.provider,
    log,
    confirmation: { secret: FIXTURE_SECRET, now },
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
  const fixture: FixtureTools = { tools, effects: () => effects, placed: () => purchases.size };
  // The declarations too, for their types (`FixtureShopTools`).
  return { ...fixture, defined: [listProducts, preparePurchase, placePurchase] as const };
}

/**
 * The fixture's tools as its widget calls them (names, arguments, kinds), from their own
 * declarations: the widget's `toolRefs<FixtureShopTools>`.
 */
export type FixtureShopTools = ToolsOf<ReturnType<typeof createFixtureTools>["defined"][number]>;

/**
 * The fixture app in process, as the tests start it: the tools on `store` (initialised here,
 * closed by `close()`), the widget build in `widgetDist` (missing: the kit's placeholders),
 * and a resource server trusting `auth` (without it HTTP has no sign-in: every write refused).
 */
export async function createFixtureApp(
  options: Omit<FixtureToolOptions, "widget"> & {
    widgetDist: string;
    auth?: AuthorizationSettings;
  },
): Promise<FixtureApp> {
  const { store, log } = options;
  await store.init();
  const widget = widgetResources({ dist: options.widgetDist, log, fallbackName: "fixture-shop" });
  const resourceServer = options.auth
    ? createResourceServer({
        settings: options.auth,
        scopes: [FIXTURE_SCOPE],
        resourceName: "Fixture shop",
        log,
      })
    : undefined;
  const { widgetDist: _dist, auth: _auth, ...rest } = options;
  const fixture = createFixtureTools({ ...rest, widget });
  const { tools } = fixture;
  return {
    ...fixture,
    store,
    http: resourceServer
      ? { authenticate: resourceServer.authenticate(tools), respond: resourceServer.respond }
      : undefined,
    close: () => store.close(),
  };
}

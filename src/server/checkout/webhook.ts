/**
 * A provider's signed webhook, received once: the way an external checkout learns that the
 * person paid (fulfilment comes from the provider, never from the success page the person
 * may or may not reach). Signatures follow Standard Webhooks (standardwebhooks.com, which
 * OpenAI's own webhooks and many providers use): headers `webhook-id`, `webhook-timestamp`
 * (seconds) and `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` over
 * `<id>.<timestamp>.<body>`, keyed by the secret's bytes — a `whsec_` secret is base64).
 *
 * What makes it safe by construction: a forged or altered delivery is refused before any
 * parsing; a signature outside the tolerance is refused (a captured delivery cannot be
 * replayed later); and the fulfilment runs under the idempotency store with the delivery's
 * id as its key, so a delivery repeated — by the provider's retries, a late duplicate, or
 * two processes at once — fulfils once and answers the rest from the record.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";
import { runIdempotent, type EffectContext } from "../idempotency/run-idempotent.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import { BodyAborted, BodyTimedOut, BodyTooLarge, readBodyText } from "../http/read-body.ts";
import type { SqlQueries } from "../stores/sql-database.ts";
import type { ServerLogger } from "../runtime/log.ts";

/** What `webhookRoute` needs. `E` is the app's event, as its schema outputs it. */
export interface WebhookOptions<E> {
  /** The path the provider posts to, e.g. `/webhooks/payments`. */
  readonly path: string;
  /**
   * The signing secrets, current first (a rotation keeps the previous one beside it until the
   * provider signs with the new). A `whsec_` secret is base64 after its prefix; any other is
   * used as UTF-8 text. At least one, each non-empty.
   */
  readonly secrets: readonly string[];
  /** Where deliveries are recorded (the app's idempotency store). */
  readonly store: IdempotencyStore;
  /** The event the verified body must be (untrusted until parsed): a valibot schema. */
  readonly event: v.GenericSchema<unknown, E>;
  /**
   * Fulfils one event, once per delivery id: `effect.effectKey` is stable for every retry of
   * it — pass it on as the key of anything it creates. Return `{ local }` to write the app's
   * own rows in the transaction that records the delivery (they commit together). A throw
   * answers 500, and the provider's next delivery runs it again.
   */
  fulfil(
    event: E,
    effect: EffectContext,
  ): Promise<void | { local?: (tx: SqlQueries) => Promise<void> }>;
  /** How old a signature may be, in seconds (default 300; each way, for clock skew). */
  readonly toleranceSeconds?: number;
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
  /** Where refusals are logged (never the body or the secret). */
  readonly log?: ServerLogger;
}

/** The most a delivery's body may hold. */
const MAX_BODY = 256 * 1024;
/** How long the body may take to arrive. */
const BODY_TIMEOUT_MS = 10_000;
/** A delivery id: what Standard Webhooks senders use, bounded. */
const DELIVERY_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

function secretBytes(secret: string): Buffer {
  if (secret.length === 0) throw new RangeError("a webhook secret must not be empty");
  return secret.startsWith("whsec_")
    ? Buffer.from(secret.slice("whsec_".length), "base64")
    : Buffer.from(secret, "utf8");
}

/** The `v1,<base64>` signature of one delivery under `secret`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secretBytes(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

/** True when one of the header's `v1` signatures is the delivery's under one of `keys`. */
function signedBy(keys: readonly Buffer[], header: string, signed: string): boolean {
  const offered = header
    .split(" ")
    .filter((part) => part.startsWith("v1,"))
    .map((part) => Buffer.from(part.slice(3), "base64"));
  return keys.some((key) => {
    const expected = createHmac("sha256", key).update(signed).digest();
    return offered.some(
      (given) => given.length === expected.length && timingSafeEqual(given, expected),
    );
  });
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/**
 * The route for a provider's signed webhook, for `serveApp`'s `routes` (or any fetch
 * handler): `undefined` for any other path. Answers 200 once the event is fulfilled (and for a
 * repeat of a fulfilled delivery, `replayed: true`), 401 for a signature no secret made, 400
 * for a delivery without its headers, outside the tolerance, or whose verified body is not
 * the event, 409 with `Retry-After` while the same delivery is being fulfilled, 422 for a
 * delivery id reused with another body, and 500 when the fulfilment failed (the provider
 * retries).
 */
export function webhookRoute<E>(
  options: WebhookOptions<E>,
): (request: Request) => Promise<Response | undefined> {
  if (options.secrets.length === 0) throw new RangeError("webhookRoute needs at least one secret");
  const keys = options.secrets.map(secretBytes);
  const tolerance = (options.toleranceSeconds ?? 300) * 1000;
  if (!(tolerance > 0)) throw new RangeError("toleranceSeconds must be above 0");
  const now = options.now ?? Date.now;
  const refuse = (status: number, reason: string) => {
    options.log?.warn("webhook_refused", { path: options.path, status, reason });
    return json(status, { error: reason });
  };
  return async (request) => {
    if (new URL(request.url).pathname !== options.path) return undefined;
    if (request.method !== "POST") return json(405, { error: "method" }, { allow: "POST" });
    const id = request.headers.get("webhook-id") ?? "";
    const timestamp = request.headers.get("webhook-timestamp") ?? "";
    const signature = request.headers.get("webhook-signature") ?? "";
    if (!DELIVERY_ID.test(id) || !/^\d{1,12}$/.test(timestamp) || signature === "")
      return refuse(400, "missing_headers");
    if (Math.abs(now() - Number(timestamp) * 1000) > tolerance)
      return refuse(400, "stale_timestamp");
    let body: string;
    try {
      body = await readBodyText(request, MAX_BODY, BODY_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(413, "too_large");
      if (error instanceof BodyAborted || error instanceof BodyTimedOut)
        return refuse(400, "body_incomplete");
      throw error;
    }
    if (!signedBy(keys, signature, `${id}.${timestamp}.${body}`))
      return refuse(401, "bad_signature");
    let event: E;
    try {
      const parsed = v.safeParse(options.event, JSON.parse(body));
      if (!parsed.success) return refuse(400, "not_the_event");
      event = parsed.output;
    } catch {
      return refuse(400, "not_json");
    }
    const outcome = await runIdempotent<{ fulfilled: true }>({
      store: options.store,
      scope: `webhook:${options.path}`,
      key: id,
      args: body,
      now,
      async execute(effect) {
        const done = await options.fulfil(event, effect);
        return {
          final: true,
          value: { fulfilled: true },
          ...(done?.local ? { local: done.local } : {}),
        };
      },
    }).catch((error: unknown) => {
      options.log?.error("webhook_fulfilment_failed", {
        path: options.path,
        error_message: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    });
    if (!outcome) return json(500, { error: "fulfilment_failed" });
    switch (outcome.state) {
      case "fresh":
        return json(200, { received: true, replayed: false });
      case "replayed":
        return json(200, { received: true, replayed: true });
      case "in_progress":
        return json(
          409,
          { error: "in_progress" },
          { "retry-after": String(outcome.retryAfterSeconds) },
        );
      case "key_reused":
        return refuse(422, "id_reused");
    }
  };
}

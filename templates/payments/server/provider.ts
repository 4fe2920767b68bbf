/**
 * A fake payments provider, standing in for the HTTP one a real app calls. It keeps its
 * ledger in its own table of the app's database, so the server, a restarted server and
 * `mcp-widget-kit reconcile` meet the same transfers, as they would at a real provider. Like a
 * real one it dedups by idempotency key (a key it took answers that transfer again, even
 * after a lost answer), refuses definitely (too low a balance, a blocked recipient, a key
 * cancelled), and fails: `fail("unavailable")` answers 503 (nothing moved),
 * `fail("timeout")` moves the money and loses the answer, `fail("lost")` loses the request
 * before it arrives. Tests set those; replace the module with your provider's client.
 */
import { localDatabase, type IdempotencyStore } from "mcp-widget-kit/server";

/** What each account holds before any transfer, in cents. */
export const OPENING_BALANCE_CENTS = 50_000;

/** The provider's answer to a send, as its HTTP client would report it. */
export type ProviderAnswer =
  | { readonly status: "sent"; readonly reference: string }
  | { readonly status: "refused"; readonly code: Refusal } // definite: nothing moved under the key
  | { readonly status: "unavailable" | "timeout" };

type Refusal = "INSUFFICIENT_FUNDS" | "RECIPIENT_BLOCKED" | "TRANSFER_CANCELLED";

/** A fault the next send meets (see the file comment). */
export type ProviderFault = "unavailable" | "timeout" | "lost";

/** What a send moves: `cents` to a contact. */
type Payment = { readonly contact_id: string; readonly cents: number };

const INSERT =
  "INSERT INTO fake_provider_ledger (idempotency_key, account, contact, cents, status)";
const STATUS_OF_KEY = "SELECT status FROM fake_provider_ledger WHERE idempotency_key = :key";
const SENT_FROM_ACCOUNT =
  "SELECT SUM(cents) AS sent FROM fake_provider_ledger WHERE account = :account AND status = 'sent'";
const LEDGER = [
  `CREATE TABLE IF NOT EXISTS fake_provider_ledger (idempotency_key TEXT PRIMARY KEY,
    account TEXT NOT NULL, contact TEXT NOT NULL, cents INTEGER NOT NULL, status TEXT NOT NULL)`,
];

/** The provider, its ledger in `store`'s database; `onMoved` hears of each transfer made. */
export function fakeProvider(store: IdempotencyStore, onMoved?: (payment: Payment) => void) {
  const ledger = localDatabase(store, LEDGER);
  const faults: ProviderFault[] = [];
  const blocked = new Set<string>();
  const status = async (key: string) =>
    (await ledger.query<{ status: string }>(STATUS_OF_KEY, { key })).rows[0]?.status;
  async function balance(account: string): Promise<number> {
    const { rows } = await ledger.query<{ sent: unknown }>(SENT_FROM_ACCOUNT, { account });
    return OPENING_BALANCE_CENTS - Number(rows[0]?.sent ?? 0);
  }

  return {
    /** The next sends meet these faults, in order. */
    fail: (...next: ProviderFault[]) => void faults.push(...next),
    /** Refuses every later transfer to `contact`. */
    block: (contact: string) => void blocked.add(contact),
    /** The account's balance in cents. */
    balance,
    /** Sends `cents` from `account` to a contact, once per `key` (the effect key). */
    async send(account: string, key: string, payment: Payment): Promise<ProviderAnswer> {
      const fault = faults.shift();
      if (fault === "unavailable") return { status: "unavailable" };
      if (fault === "lost") return { status: "timeout" };
      const { contact_id, cents } = payment;
      if (!(await status(key))) {
        if (blocked.has(contact_id)) return { status: "refused", code: "RECIPIENT_BLOCKED" };
        if (cents > (await balance(account)))
          return { status: "refused", code: "INSUFFICIENT_FUNDS" };
        const sent = "VALUES (:key, :account, :contact_id, :cents, 'sent') ON CONFLICT DO NOTHING";
        const params = { key, account, contact_id, cents };
        const { changes } = await ledger.query(`${INSERT} ${sent}`, params);
        if (changes === 1) onMoved?.(payment);
      }
      if ((await status(key)) !== "sent") return { status: "refused", code: "TRANSFER_CANCELLED" };
      if (fault === "timeout") return { status: "timeout" };
      return { status: "sent", reference: `pv_${key.slice(0, 16)}` };
    },
    /** Cancels the key: a transfer under it is reversed, and no later send under it moves money. */
    async cancel(idempotencyKey: string): Promise<void> {
      const cancel =
        "VALUES (:key, '', '', 0, 'cancelled') ON CONFLICT (idempotency_key) DO UPDATE";
      await ledger.query(`${INSERT} ${cancel} SET status = 'cancelled'`, { key: idempotencyKey });
    },
  };
}

/** The provider's client, as the app's tools and reconciler use it. */
export type PaymentsProvider = ReturnType<typeof fakeProvider>;

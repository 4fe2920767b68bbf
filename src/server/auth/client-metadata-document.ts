/**
 * OAuth Client ID Metadata Documents (the MCP authorization spec's preferred way for a client
 * to identify itself, and ChatGPT's: its `client_id` is `https://chatgpt.com/oauth/client.json`):
 * the client id is an HTTPS URL, and the document there describes the client. The development
 * sign-in reads it instead of asking the client to register. Development only, so an `http:`
 * document on a loopback host is accepted too (tests, a local client).
 */
import { isLoopbackHostName } from "../../core/loopback.ts";

/** Most a document may weigh, and how long fetching it may take. */
const MAX_DOCUMENT_BYTES = 16_384;
const FETCH_TIMEOUT_MS = 5_000;

/** The client metadata the sign-in keeps from a document (all it needs; the rest is ignored). */
export interface DocumentClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: ["code"];
  token_endpoint_auth_method: "none";
}

/** True for a client id that names a metadata document: https, or http on a loopback host. */
export function isMetadataDocumentUrl(id: string): boolean {
  if (id.length > 2048) return false;
  try {
    const url = new URL(id);
    if (url.hash || url.username || url.password) return false;
    if (url.protocol === "https:") return url.pathname !== "/";
    return url.protocol === "http:" && isLoopbackHostName(url.hostname);
  } catch {
    return false;
  }
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string")
    ? (value as string[])
    : undefined;
}

/**
 * Fetches and checks the document `id` names: JSON, at most 16 KiB, its `client_id` equal to
 * the URL it came from, at least one `redirect_uri`. The client is public (PKCE, no secret),
 * whatever the document says. Throws a short message on anything else.
 */
export async function fetchClientMetadataDocument(id: string): Promise<DocumentClient> {
  const response = await fetch(id, {
    headers: { accept: "application/json" },
    redirect: "error",
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`client metadata document: HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new Error("client metadata document: too large");
  const document = JSON.parse(text) as { [key: string]: unknown };
  if (document.client_id !== id)
    throw new Error("client metadata document: client_id is not the document's URL");
  const redirects = strings(document.redirect_uris);
  if (!redirects?.length) throw new Error("client metadata document: no redirect_uris");
  const grants = strings(document.grant_types)?.filter(
    (grant) => grant === "authorization_code" || grant === "refresh_token",
  );
  return {
    client_id: id,
    ...(typeof document.client_name === "string"
      ? { client_name: document.client_name.slice(0, 100) }
      : {}),
    redirect_uris: redirects,
    grant_types: grants?.length ? grants : ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

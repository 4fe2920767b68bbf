/**
 * The request `_meta` a host adds to each `tools/call`. ChatGPT sends client hints under
 * `openai/*` ("Operation-phase requests can include extra hints under `_meta.openai/*`", the
 * Apps SDK's "Build your MCP server"); a server made with the kit answers a refused call from
 * such a caller with the refusal as an HTTP 200 result instead of a 401
 * (`src/server/auth/challenge-form.ts`). Sending them under the ChatGPT protocol makes the page
 * take the path ChatGPT takes; under MCP Apps it sends none, as an MCP-spec host.
 */
import type { HostSettings } from "./settings.ts";

/** The `_meta` of a tool call made under `settings`, or `undefined` for none. */
export function clientHints(
  settings: Pick<HostSettings, "protocol" | "locale">,
  userAgent: string,
): Record<string, string> | undefined {
  if (settings.protocol !== "openai") return undefined;
  return { "openai/locale": settings.locale, "openai/userAgent": userAgent };
}

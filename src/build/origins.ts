/**
 * Declared origins must be exact `https://` origins: a wildcard or plain `http:` would let a
 * compromised page reach anything, and the host's CSP would inherit the hole.
 */
import type { WidgetDomains } from "./widget-config.ts";

/** One problem with a declared origin, naming the list and the entry. */
export interface OriginProblem {
  list: keyof WidgetDomains;
  value: string;
  reason: string;
}

/** Why `value` is not an exact `https://` origin, or `undefined` when it is one. */
export function originProblem(value: string, allowWebSocket = false): string | undefined {
  if (value.includes("*")) return "wildcards are not allowed; list each origin";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not a URL origin (expected https://host)";
  }
  const secure = url.protocol === "https:" || (allowWebSocket && url.protocol === "wss:");
  if (!secure)
    return `non-https origin (${url.protocol}); only https://${allowWebSocket ? " or wss://" : ""} is allowed`;
  if (url.origin !== value) return `not an exact origin; use ${url.origin}`;
  return undefined;
}

/** Every problem in the declared lists (empty when all are exact https origins). */
export function checkDeclaredOrigins(domains: WidgetDomains): OriginProblem[] {
  const problems: OriginProblem[] = [];
  for (const list of ["connect", "resource", "frame", "redirect"] as const) {
    for (const value of domains[list] ?? []) {
      const reason = originProblem(value, list === "connect");
      if (reason) problems.push({ list, value, reason });
    }
  }
  return problems;
}

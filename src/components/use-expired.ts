import { useEffect, useState } from "react";

// setTimeout fires at once for delays above 2^31-1 ms (~24.8 days): wait in chunks instead.
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * True once the ISO 8601 instant `expiresAt` has passed; flips while the component is shown.
 * Without `expiresAt` nothing expires.
 */
export function useExpired(expiresAt: string | undefined): boolean {
  const expiry = expiresAt === undefined ? Infinity : Date.parse(expiresAt);
  // An unreadable expiry (NaN) leaves nothing left, so it counts as expired: never confirm blind.
  const [expired, setExpired] = useState(() => !(expiry - Date.now() > 0));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = expiry - Date.now();
      setExpired(!(left > 0));
      if (left > 0 && left < Infinity) timer = setTimeout(check, Math.min(left, MAX_TIMEOUT_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [expiry]);
  return expired;
}

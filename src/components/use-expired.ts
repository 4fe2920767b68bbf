import { useEffect, useState } from "react";

// setTimeout fires at once for delays above 2^31-1 ms (~24.8 days): wait in chunks instead.
const MAX_TIMEOUT_MS = 2_147_483_647;

function isPast(expiry: number): boolean {
  return !(expiry > Date.now()); // an unreadable expiry (NaN) counts as expired: never confirm blind
}

/**
 * True once the ISO 8601 instant `expiresAt` has passed; flips while the component is shown.
 * Without `expiresAt` nothing expires.
 */
export function useExpired(expiresAt: string | undefined): boolean {
  const expiry = expiresAt === undefined ? Infinity : Date.parse(expiresAt);
  const [expired, setExpired] = useState(() => isPast(expiry));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (isPast(expiry)) return setExpired(true);
      setExpired(false);
      if (expiry === Infinity) return;
      timer = setTimeout(check, Math.min(expiry - Date.now(), MAX_TIMEOUT_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [expiry]);
  return expired;
}

/**
 * The per-key store every adapter keeps its globals in. It validates raw values, keeps an
 * unchanged value's identity (useSyncExternalStore compares with Object.is), and notifies
 * only the listeners of keys that really changed.
 */
import { DEFAULT_GLOBALS, deepEqual, isGlobalKey, normalizeGlobal } from "./globals.ts";
import type { GlobalKey, HostGlobals } from "./types.ts";

/** Raw, unvalidated values by key, as a host sends them. Unknown keys are ignored. */
export type RawGlobals = { readonly [key: string]: unknown };

/** A validated, per-key subscribable snapshot of the host globals. */
export interface GlobalStore {
  get<K extends GlobalKey>(key: K): HostGlobals[K];
  subscribe(key: GlobalKey, listener: () => void): () => void;
  /** Validates and applies `raw`; returns the keys whose value changed (listeners called). */
  set(raw: RawGlobals): GlobalKey[];
  /** Drops every listener. */
  clear(): void;
}

function safeEqual(a: unknown, b: unknown): boolean {
  try {
    return deepEqual(a, b);
  } catch {
    return false; // a hostile getter: treat as a change, the normaliser already ran safely
  }
}

/** Creates a store holding the defaults, then `initial` applied over them. */
export function createGlobalStore(initial: RawGlobals = {}): GlobalStore {
  const values: { -readonly [K in GlobalKey]: HostGlobals[K] } = { ...DEFAULT_GLOBALS };
  const listeners = new Map<GlobalKey, Set<() => void>>();

  const store: GlobalStore = {
    get: (key) => values[key],
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    set(raw) {
      const changed: GlobalKey[] = [];
      let keys: string[];
      try {
        keys = Object.keys(raw);
      } catch {
        return changed;
      }
      for (const key of keys) {
        if (!isGlobalKey(key)) continue;
        let value: unknown;
        try {
          value = raw[key];
        } catch {
          continue; // a throwing getter: keep what we had
        }
        const next = normalizeGlobal(key, value);
        if (safeEqual(values[key], next)) continue;
        (values as Record<GlobalKey, unknown>)[key] = next;
        changed.push(key);
      }
      // Notify after every value is in place, so a listener reading two keys sees both.
      for (const key of changed) {
        for (const listener of [...(listeners.get(key) ?? [])]) listener();
      }
      return changed;
    },
    clear: () => listeners.clear(),
  };
  store.set(initial);
  return store;
}

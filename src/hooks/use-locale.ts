import { useHostGlobal } from "./use-host-global.ts";

/** The person's locale as a canonical BCP 47 tag (`en` when the host gives none or junk). */
export function useLocale(): string {
  return useHostGlobal("locale");
}

/**
 * The one owner of what the dev page holds while it is open: the host settings, the turns on
 * the page and the call log. Everything that changes them goes through the object
 * {@link createDevPage} makes, so no module keeps state of its own.
 */
import { CallLog } from "./call-log.ts";
import { byId } from "./dom.ts";
import { loadSettings, normalizeSettings, saveSettings, type HostSettings } from "./settings.ts";
import type { Turn } from "./turn.ts";

/** The host controls the page shows, one per setting, by their element id `setting-<key>`. */
const CONTROLLED = [
  "protocol",
  "theme",
  "locale",
  "displayMode",
  "maxHeight",
  "approval",
  "resultMeta",
  "checkout",
  "formAnswer",
] as const;

/** The page's state and the few operations that change it. */
export interface DevPage {
  /** The address the page was opened with (a `?tool=` link, settings overrides). */
  readonly search: URLSearchParams;
  readonly log: CallLog;
  /** The turns on the page, oldest first. */
  readonly turns: readonly Turn[];
  settings(): HostSettings;
  /**
   * Applies the changed settings (validated; unknown values keep the current ones): saves
   * them, updates the page's theme and controls, and tells every turn — a protocol change
   * remounts its widget.
   */
  changeSettings(input: Record<string, unknown>): void;
  addTurn(turn: Turn): void;
}

/** The page's theme (its own text is English whatever locale the widget gets: `lang` stays). */
function applyPageTheme(settings: HostSettings): void {
  document.documentElement.dataset.theme = settings.theme;
}

function syncControls(settings: HostSettings): void {
  for (const key of CONTROLLED) {
    const control = byId<HTMLInputElement | HTMLSelectElement>(`setting-${key}`);
    if (control.value !== String(settings[key])) control.value = String(settings[key]);
  }
}

/** Makes the page's state from the address and what the person saved, and wires the controls. */
export function createDevPage(search: URLSearchParams): DevPage {
  let settings = loadSettings(search);
  const turns: Turn[] = [];
  const page: DevPage = {
    search,
    log: new CallLog(byId("call-log"), byId("event-log")),
    turns,
    settings: () => settings,
    changeSettings(input) {
      const next = normalizeSettings(input, settings);
      const changed: Partial<Record<keyof HostSettings, unknown>> = {};
      for (const key of Object.keys(next) as (keyof HostSettings)[])
        if (next[key] !== settings[key]) changed[key] = next[key];
      if (!Object.keys(changed).length) return;
      settings = next;
      saveSettings(settings);
      applyPageTheme(settings);
      syncControls(settings);
      if ("protocol" in changed) for (const turn of turns) void turn.remount();
      else for (const turn of turns) turn.updateSettings(changed as Partial<HostSettings>);
    },
    addTurn(turn) {
      turns.push(turn);
    },
  };
  applyPageTheme(settings);
  syncControls(settings);
  for (const key of CONTROLLED)
    byId<HTMLInputElement | HTMLSelectElement>(`setting-${key}`).addEventListener(
      "change",
      (event) => page.changeSettings({ [key]: (event.target as HTMLInputElement).value }),
    );
  return page;
}

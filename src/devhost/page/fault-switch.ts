/**
 * The fault switch: sets the server's injected faults for the next calls without a restart,
 * through the dev-only `/devhost/faults` endpoint (absent unless the server runs in
 * development on loopback, in which case the page shows no switch at all).
 */
import { byId, h } from "./dom.ts";
import type { CallLog } from "./call-log.ts";

interface FaultState {
  faults: string;
  known: string[];
}

function tokens(spec: string): string[] {
  return spec
    .split(",")
    .map((token) => token.trim())
    .filter(Boolean);
}

async function request(method: "GET" | "POST", faults?: string): Promise<FaultState> {
  const response = await fetch("/devhost/faults", {
    method,
    headers: method === "POST" ? { "Content-Type": "application/json" } : {},
    body: method === "POST" ? JSON.stringify({ faults }) : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as Partial<FaultState> & {
    error?: string;
  };
  if (!response.ok) throw new Error(body.error ?? `status ${response.status}`);
  return {
    faults: String(body.faults ?? ""),
    known: Array.isArray(body.known) ? body.known.map(String) : [],
  };
}

/** Builds the fault switch into `#faults` (or leaves it hidden when the server has none). */
export async function setUpFaultSwitch(available: boolean, log: CallLog): Promise<void> {
  const fieldset = byId<HTMLFieldSetElement>("faults");
  if (!available) return;
  const state = await request("GET");
  const input = byId<HTMLInputElement>("fault-spec");
  const status = byId<HTMLOutputElement>("fault-status");
  const boxes = byId<HTMLDivElement>("fault-known");
  input.value = state.faults;
  boxes.replaceChildren(
    ...state.known.map((name) => {
      const box = h("input", {
        type: "checkbox",
        id: `fault-${name}`,
        value: name,
        checked: tokens(state.faults).includes(name),
      });
      box.addEventListener("change", () => {
        const set = new Set(tokens(input.value));
        if (box.checked) set.add(name);
        else set.delete(name);
        input.value = [...set].join(",");
        void apply();
      });
      return h("label", { class: "check" }, box, ` ${name}`);
    }),
  );
  async function apply(): Promise<void> {
    try {
      const next = await request("POST", input.value);
      input.value = next.faults;
      for (const box of boxes.querySelectorAll<HTMLInputElement>("input[type=checkbox]"))
        box.checked = tokens(next.faults).includes(box.value);
      status.value = next.faults ? `Active for the next calls: ${next.faults}` : "No faults.";
      log.event({ kind: "notice", text: `faults set to "${next.faults}"` });
    } catch (error) {
      status.value = `Refused: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  byId<HTMLFormElement>("fault-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void apply();
  });
  status.value = state.faults ? `Active for the next calls: ${state.faults}` : "No faults.";
  fieldset.hidden = false;
}

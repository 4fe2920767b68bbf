import type { HostCapabilities } from "./types.ts";

/** A host that supports nothing (the "no host" mode, and the base the adapters extend). */
export const NO_CAPABILITIES: HostCapabilities = Object.freeze({
  callTool: false,
  widgetState: false,
  sendFollowUpMessage: false,
  openExternal: false,
  requestDisplayMode: false,
  requestClose: false,
  requestModal: false,
  notifyIntrinsicHeight: false,
  updateModelContext: false,
});

function everyCapability(): HostCapabilities {
  const every: { -readonly [K in keyof HostCapabilities]: boolean } = { ...NO_CAPABILITIES };
  for (const key of Object.keys(every) as (keyof HostCapabilities)[]) every[key] = true;
  return Object.freeze(every);
}

/**
 * Every capability on (the mock's default). Built by one annotated call: a bundler drops an
 * unused pure call whole, whereas `Object.freeze(<expression>)` kept its argument's work in
 * every widget bundle.
 */
export const ALL_CAPABILITIES: HostCapabilities = /* @__PURE__ */ everyCapability();

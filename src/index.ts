/**
 * widget-kit, widget side: the contract (parser and types, without the JSON Schema
 * converter), host hooks, components and i18n. Server, build and testing helpers have their
 * own entries so they never reach the widget bundle.
 */
export * from "./contract/index.ts";
export type * from "./bridge/types.ts";
export * from "./hooks/index.ts";
export * from "./components/index.ts";
export * from "./i18n/index.ts";

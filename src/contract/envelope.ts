import type { ToolError } from "./schemas.ts";

/**
 * The shape every `structuredContent` shares: a version, a kind, and either the kind's data
 * (`ok: true`) or a ToolError (`ok: false`). Snake case on the wire.
 */
export type Envelope<K extends string, T> = { contract_version: string; kind: K } & (
  ({ ok: true } & T) | { ok: false; error: ToolError }
);

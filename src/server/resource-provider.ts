import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";

/** Resources the server offers (e.g. the widget HTML). Errors are thrown as `ProtocolError`. */
export interface ResourceProvider {
  list(): Promise<Resource[]>;
  read(uri: string): Promise<ReadResourceResult>;
}

import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";

/** Resources the server offers (e.g. the widget HTML). Errors are thrown as `ProtocolError`. */
export interface ResourceProvider {
  /** The resources to list (`resources/list`). */
  list(): Promise<Resource[]>;
  /** The resource at `uri` (`resources/read`). */
  read(uri: string): Promise<ReadResourceResult>;
}

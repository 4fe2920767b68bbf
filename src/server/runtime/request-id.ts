import { randomBytes } from "node:crypto";

/** A fresh opaque id that ties a tool result to its server log lines, e.g. `req_3f9a…`. */
export function newRequestId(): string {
  return `req_${randomBytes(8).toString("hex")}`;
}

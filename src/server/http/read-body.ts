/**
 * Reads a request body under a byte limit. A body over the limit and a client that hangs up
 * mid-upload are ordinary events with their own errors, not crashes.
 */
import type { IncomingMessage } from "node:http";

/** The body (declared or received) is larger than the limit. */
export class BodyTooLarge extends Error {}

/** The client closed the connection before the body was complete. */
export class BodyAborted extends Error {}

/** Resolves with the whole body, or rejects with `BodyTooLarge` / `BodyAborted`. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle(new BodyTooLarge());
        req.removeAllListeners("data");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => settle());
    // A dropped upload ends in "aborted"/"close" without "end", or in an ECONNRESET error.
    req.on("error", () => settle(new BodyAborted()));
    req.on("close", () => {
      if (!req.complete) settle(new BodyAborted());
    });
  });
}

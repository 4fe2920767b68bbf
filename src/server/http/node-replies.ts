/**
 * Small response and body helpers for the development routes on `node:http` (the dev host's,
 * the fault switch's; no framework).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Headers every development route's response carries. */
export const BASE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
} as const;

/** Sends `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...BASE_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Sends a short plain-text answer (404s and the like). */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Thrown by {@link readJsonBody} when the body is too large or not JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The parsed JSON body, at most `limit` bytes. A framework that already parsed it (Express's
 * `express.json()` leaves it on `req.body`) is respected instead of reading the stream again.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined && typeof parsed === "object") return parsed;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) throw new BodyError(413, "body too large");
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new BodyError(400, "body is not JSON");
  }
}

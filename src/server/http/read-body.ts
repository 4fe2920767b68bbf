/**
 * Reads a request body under a byte limit, from the web-standard stream every runtime hands a
 * fetch handler. A body over the limit and a client that hangs up mid-upload are ordinary
 * events with their own errors, not crashes.
 */

/** The body (declared or received) is larger than the limit. */
export class BodyTooLarge extends Error {}

/** The client closed the connection before the body was complete. */
export class BodyAborted extends Error {}

/** Resolves with the whole body as text, or rejects with `BodyTooLarge` / `BodyAborted`. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      throw new BodyAborted();
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      // Stop reading; the runtime discards the rest.
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(read.value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/**
 * Reads a request body under a byte limit, from the web-standard stream every runtime hands a
 * fetch handler. A body over the limit and a client that hangs up mid-upload are ordinary
 * events with their own errors, not crashes.
 */

/** The body (declared or received) is larger than the limit. */
export class BodyTooLarge extends Error {}

/** The client closed the connection before the body was complete. */
export class BodyAborted extends Error {}

/** The body did not arrive within the time allowed (a stalled or trickled upload). */
export class BodyTimedOut extends Error {}

/**
 * Resolves with the whole body as text, or rejects with `BodyTooLarge` / `BodyAborted` /
 * `BodyTimedOut` (the whole body must arrive within `timeoutMs`; then reading stops).
 */
export async function readBodyText(
  request: Request,
  limit: number,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve("late"), timeoutMs);
  });
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array> | "late";
      try {
        read = await Promise.race([reader.read(), late]);
      } catch {
        throw new BodyAborted();
      }
      if (read === "late") {
        await reader.cancel().catch(() => {});
        throw new BodyTimedOut();
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
  } finally {
    clearTimeout(timer);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

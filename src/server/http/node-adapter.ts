/**
 * `node:http` to a fetch handler and back: an `IncomingMessage` as a `Request` whose body
 * streams from the socket (the handler's own limit stops reading), and a `Response` written to
 * the `ServerResponse` with backpressure (an SSE stream included). No guard lives here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The request's body as a web stream; a dropped upload errors it, a cancel discards the rest. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = () => {
        if (settled) return;
        settled = true;
        controller.error(new Error("the client closed the connection mid-upload"));
      };
      req.on("data", (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      // A dropped upload ends in "aborted"/"close" without "end", or in an ECONNRESET error.
      req.on("error", fail);
      req.on("close", () => {
        if (!req.complete) fail();
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      settled = true;
      discardBody(req);
    },
  });
}

/** Reads and drops what is left of a body nobody wants, so the answer can still be sent. */
function discardBody(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.resume();
}

/** Methods `fetch` refuses to build a `Request` for (RFC 9110 lets a server refuse them). */
const NOT_FOR_FETCH = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Whether {@link toRequest} can represent `req` (else answer 405 without it). */
export function fetchCanCarry(req: IncomingMessage): boolean {
  return !NOT_FOR_FETCH.has((req.method ?? "GET").toUpperCase());
}

/** The web `Request` for `req`; `signal` aborts when the client goes away. */
export function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The origin part is a placeholder: the handler checks the Host header, not the URL's host.
  // A target that is not a path (`//evil/x`, absolute form) must not become the URL's host.
  const target = req.url?.startsWith("/") ? req.url : "/";
  const method = (req.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(`http://localhost${target}`, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes `response` to `res`, streaming its body until it ends or the client leaves. */
export async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  signal: AbortSignal,
): Promise<void> {
  if (res.headersSent) return;
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  // A body the handler did not read (refused before it, e.g. a 413) is drained, not buffered,
  // and the connection ends with the answer: nothing more is read from a client that sent it.
  if (!req.complete) {
    headers.connection = "close";
    discardBody(req);
  }
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const left = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
  try {
    while (!signal.aborted) {
      const read = await Promise.race([reader.read(), left.then(() => undefined)]);
      if (!read || read.done) break;
      if (!res.write(read.value))
        await Promise.race([new Promise<void>((resolve) => res.once("drain", resolve)), left]);
    }
  } catch {
    // The stream failed mid-answer; what was written stays, the answer ends.
  } finally {
    if (signal.aborted) await reader.cancel().catch(() => {});
  }
  res.end();
}

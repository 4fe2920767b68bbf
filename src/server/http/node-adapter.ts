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

/**
 * Whether `req`'s target names a path: origin form (`/mcp`) or absolute form
 * (`http://host/mcp`). Bun and Deno answer any other (`*`) with 400 before a handler sees it;
 * node:http hands it on, so its servers refuse it the same way.
 */
export function targetNamesPath(req: IncomingMessage): boolean {
  const target = req.url ?? "/";
  return target.startsWith("/") || /^https?:\/\//i.test(target);
}

/** The URL a `Host` value names, when it is a plain `host[:port]` (else `undefined`). */
function originOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).host === host.toLowerCase() ? `http://${host}` : undefined;
  } catch {
    return undefined;
  }
}

/** The web `Request` for `req`; `signal` aborts when the client goes away. */
export function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  // Every header line as sent, repeats included: node:http keeps only the first Host or
  // Authorization, where Bun and Deno join them — the handler must see what they see.
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // a name or value `Headers` refuses: dropped, as fetch runtimes do not get it either
    }
  }
  const target = req.url ?? "/";
  let url: string;
  if (target.startsWith("/") && !target.startsWith("//"))
    // The URL's host is the Host header's, as the fetch runtimes build it (a `Host` that is no
    // plain host[:port] gets a placeholder; the handler refuses it on its header anyway).
    url = `${originOf(req.headers.host) ?? "http://localhost"}${target}`;
  else if (/^https?:\/\//i.test(target))
    // Absolute form (`POST http://evil.example/mcp`): its path is served, judged by the Host
    // header like any request — what Bun does (it hides the target's host from the handler).
    url = target;
  else url = "http://localhost/"; // `//evil/x`, `*`: names no path
  const method = (req.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  if (!URL.canParse(url)) url = "http://localhost/";
  return new Request(url, {
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

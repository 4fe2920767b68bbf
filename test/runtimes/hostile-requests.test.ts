/**
 * One behaviour on every runtime: the same hostile requests, written byte for byte on a raw
 * socket, to GiftGenius under Node (`serveHttp`), and its fetch entry under Bun, under Deno
 * and on Node through the kit's adapter (`serve-fetch.ts`; Deno runs the same file), get the same answers — no 500, no stack trace, nothing served that should not be: an
 * empty `Host`, HTTP/1.0 without one, two of them, an absolute-form target (its path served,
 * its `Host` header judged: Bun shows a handler no more), a 32 KiB header, two `Authorization` headers, a stalled body (408 once
 * `HTTP_BODY_TIMEOUT_MS`, short here, has passed); and `/healthz` answers on all three.
 */
import { connect } from "node:net";
import type { ServerProcess } from "../../scripts/spawn-server.ts";
import { describePostgres } from "../server/pg-env.ts";
import { createTestIssuer, type TestIssuer } from "../server/test-issuer.ts";
import { stalledUpload, startEveryRuntime } from "./every-runtime.ts";

/** Writes `text` on a new connection; resolves with what came back before it closed (or 15 s). */
function exchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(text));
    // A bound on a test that would otherwise hang, not a timing assertion.
    const bound = setTimeout(() => socket.destroy(), 15_000);
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (complete(answer)) socket.destroy(); // one answer is all a test asks for
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(bound);
      resolve(answer);
    });
  });
}

/** Whether `answer` holds one whole response: its declared length, or a chunked body's end. */
function complete(answer: string): boolean {
  const end = answer.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = answer.slice(0, end).toLowerCase();
  const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
  if (length !== undefined) return answer.length - end - 4 >= Number(length);
  return head.includes("chunked") ? answer.endsWith("\r\n0\r\n\r\n") : false;
}

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

/** A POST of `PING` to `target` with `lines` as its headers (no Host unless given). */
function post(target: string, lines: string[], version = "HTTP/1.1"): string {
  return [
    `POST ${target} ${version}`,
    ...lines,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `Content-Length: ${PING.length}`,
    "Connection: close",
    "",
    PING,
  ].join("\r\n");
}

/** Each hostile request for a server whose Host is `host`, and the status every runtime gives. */
function requests(host: string, token: string): Array<[string, string, number]> {
  return [
    ["an empty Host", post("/mcp", ["Host: "]), 400],
    ["HTTP/1.0 without Host", post("/mcp", [], "HTTP/1.0"), 400],
    ["two Host headers", post("/mcp", [`Host: ${host}`, "Host: evil.example"]), 400],
    // Bun hides an absolute-form target's host from the handler, so everywhere the path is
    // served and the Host header judged, as for any request.
    ["an absolute-form target", post("http://evil.example/mcp", [`Host: ${host}`]), 200],
    ["an absolute-form target, foreign Host", post("http://x/mcp", ["Host: evil.example"]), 403],
    // Bun and Deno refuse it before the handler; node:http hands it on, the kit refuses it.
    ["an asterisk target", post("*", [`Host: ${host}`]), 400],
    ["a TRACE", `TRACE /mcp HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 405],
    ["a 32 KiB header", post("/mcp", [`Host: ${host}`, `X-Big: ${"a".repeat(32 * 1024)}`]), 431],
    [
      "two Authorization headers",
      // A valid token, then another: node:http alone would keep the first and let it through.
      post("/mcp", [`Host: ${host}`, `Authorization: Bearer ${token}`, "Authorization: Bearer b"]),
      401,
    ],
    ["a stalled body", stalledUpload(host), 408],
    ["GET /healthz", `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 200],
  ];
}

describePostgres("the same hostile requests on Node, Bun and Deno", () => {
  let issuer: TestIssuer;
  let token = "";
  const servers: Array<[string, ServerProcess]> = [];
  beforeAll(async () => {
    issuer = await createTestIssuer({ serve: true });
    token = await issuer.mint({});
    servers.push(
      ...(await startEveryRuntime(issuer, {
        GIFTGENIUS_DAILY_LIMIT: "1000000",
        HTTP_BODY_TIMEOUT_MS: "1000",
      })),
    );
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.stop();
    await issuer?.close();
  });

  it.each(requests("HOST", "TOKEN").map(([name, , status]) => [name, status] as const))(
    "%s: %d everywhere, no stack trace",
    async (name, status) => {
      const answers: { [runtime: string]: string } = {};
      for (const [runtime, server] of servers) {
        const host = new URL(server.url).host;
        const text = requests(host, token).find(([n]) => n === name)![1];
        const answer = await exchange(server.url, text);
        answers[runtime] = answer.split("\r\n")[0] ?? "";
        expect(answer, runtime).not.toMatch(/ {4}at |node_modules|\/work\//);
      }
      expect(answers).toEqual({
        node: expect.stringMatching(new RegExp(`^HTTP/1\\.[01] ${status} `)),
        bun: expect.stringMatching(new RegExp(`^HTTP/1\\.[01] ${status} `)),
        deno: expect.stringMatching(new RegExp(`^HTTP/1\\.[01] ${status} `)),
        "node-fetch": expect.stringMatching(new RegExp(`^HTTP/1\\.[01] ${status} `)),
      });
    },
  );
});

/**
 * The dev page's fault switch under `mcp-widget-kit dev`, for an app that wrote no fault code:
 * the payments app as `create --template payments` writes it, run by the command as a person
 * runs it (`npm start`: `mcp-widget-kit dev --command "tsx server/main.ts"`). The switch set
 * through the page's port (`POST /devhost/faults`, as the page's own script sends it) reaches
 * the app server's `serveApp` switch, and the app's `send_transfer`, called through the same
 * port, answers the outage; cleared, the retry with the key sends once. A server without the
 * route gives the page no switch (`appFaults`, src/cli/dev/app-faults.ts).
 *
 * The app is written under the repository's `.tmp/` so that its imports resolve to the kit's
 * build and installs here (run `npm run build:lib` first: the command is `bin/`'s); tokens come
 * from a test issuer the app trusts (`AUTH_ISSUER`), minted for the page's endpoint.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { appFaults } from "../../src/cli/dev/app-faults.ts";
import { createApp } from "../../src/cli/create.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { superviseChild, type SupervisedChild } from "../../scripts/supervise-child.ts";
import { connectClient, sc } from "../server/mcp-client.ts";
import { createTestIssuer, type TestIssuer } from "../server/test-issuer.ts";
import { repoRoot } from "../support/repo-root.ts";

const work = join(repoRoot, ".tmp", `dev-faults-${randomUUID()}`);
mkdirSync(work, { recursive: true });
let page: SupervisedChild<string> | undefined;
let issuer: TestIssuer | undefined;
afterAll(async () => {
  await page?.stop();
  await issuer?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("appFaults: the app server's switch, as the dev page reaches it", () => {
  it("is none for a server without the route, or none at all", async () => {
    const bare = createServer((_req, res) => void res.writeHead(404).end("Not found\n"));
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = bare.address() as AddressInfo;
      expect(await appFaults(new URL(`http://127.0.0.1:${port}/mcp`))).toBeUndefined();
    } finally {
      bare.close();
    }
    expect(await appFaults(new URL("http://127.0.0.1:9/mcp"))).toBeUndefined();
    expect(await appFaults(new URL("https://pay.example/mcp"))).toBeUndefined();
  });
});

/** The page's POST, as its own script sends it (same origin, JSON). */
function setFaults(pageUrl: URL, faults: string) {
  return fetch(new URL("/devhost/faults", pageUrl), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: pageUrl.origin,
      "Sec-Fetch-Site": "same-origin",
    },
    body: JSON.stringify({ faults }),
  });
}

describe("mcp-widget-kit dev on a created app", () => {
  it("gives the page a switch that changes the app's commit answer", async () => {
    const app = createApp({ dir: "payments", cwd: work, template: "payments" }).dir;
    issuer = await createTestIssuer({ serve: true });
    const tsx = join(repoRoot, "node_modules/.bin/tsx");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEV_PAGE_PORT: "0",
      SQLITE_FILE: ":memory:",
      AUTH_ISSUER: issuer.issuer,
    };
    delete env.AUTH_AUDIENCE;
    delete env.PORT;
    delete env.DATABASE_URL;
    page = await superviseChild(
      spawn(
        process.execPath,
        [join(repoRoot, "bin/mcp-widget-kit.js"), "dev", "--command", `${tsx} server/main.ts`],
        { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] },
      ),
      "dev",
      (line) => /^mcp-widget-kit dev: (http:\/\/127\.0\.0\.1:\d+\/) /.exec(line)?.[1],
      120_000,
    );
    const pageUrl = new URL(page.ready);

    // The page offers the switch, with the app's commit, and it starts with none.
    const config = (await (await fetch(new URL("/devhost/config", pageUrl))).json()) as {
      faults: unknown;
    };
    expect(config.faults).toEqual({
      known: ["send_transfer=unavailable", "send_transfer=timeout"],
    });
    expect(await (await fetch(new URL("/devhost/faults", pageUrl))).json()).toMatchObject({
      faults: "",
    });
    const refused = await setFaults(pageUrl, "send_transfer=slow");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: expect.stringContaining("the fault is unavailable or timeout"),
    });
    const set = await setFaults(pageUrl, "send_transfer=unavailable");
    expect(await set.json()).toMatchObject({ faults: "send_transfer=unavailable" });

    // The app's tools through the page's port, as the page calls them (signed in for it).
    const token = await issuer.mint({
      aud: new URL("/mcp", pageUrl).href,
      scope: "transfers:write",
    });
    const client = await connectClient(new URL("/mcp", pageUrl).href, token);
    try {
      const quote = (await client.callTool({
        name: "quote_transfer",
        arguments: { contact_id: "c-101", amount_cents: 2000 },
      })) as CallToolResult;
      const draft = (sc(quote).quote as { draft_id: string }).draft_id;
      const send = {
        draft_id: draft,
        idempotency_key: `key-${randomUUID()}`,
        confirmation: quote._meta?.[CONFIRMATION_META],
      };
      const down = (await client.callTool({
        name: "send_transfer",
        arguments: send,
      })) as CallToolResult;
      expect(sc(down).error).toMatchObject({
        code: "UPSTREAM_UNAVAILABLE",
        retryable: true,
        changes: "none",
      });
      expect(await (await setFaults(pageUrl, "")).json()).toMatchObject({ faults: "" });
      const sent = (await client.callTool({
        name: "send_transfer",
        arguments: send,
      })) as CallToolResult;
      expect(sc(sent)).toMatchObject({ ok: true, replayed: false });
      const balance = (await client.callTool({
        name: "get_balance",
        arguments: {},
      })) as CallToolResult;
      expect(sc(balance)).toMatchObject({ balance: { amount: "479.50" } });
    } finally {
      await client.close();
    }
  }, 180_000);
});

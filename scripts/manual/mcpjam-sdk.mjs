// BY-HAND CHECK for issue 34 (third-party clients signing in against `npm start`); not part of npm test.
// Needs Node 22 and, outside this repo, @mcpjam/sdk@1.14.0 (+ @modelcontextprotocol/client@2.0.0-alpha.2), @mcp-use/inspector@20.3.10,
// @mcpjam/inspector@1.0.24 and playwright-core installed in a scratch folder, /usr/bin/chromium, and screenshots written to ./shots/.
// Inspectors: start them bound to 127.0.0.1 with: node --import ./force-loopback.mjs <inspector server> (see force-loopback.mjs).
// By-hand check (issue 34): MCPJam SDK's own OAuth login (DCR) against `npm start`, Allow as alice via chromium.
import { runOAuthLogin, MCPClientManager } from "@mcpjam/sdk";
import { chromium } from "playwright-core";
const MCP = process.env.MCP_URL ?? "http://127.0.0.1:18788/mcp";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
const origFetch = globalThis.fetch;
const fetchFn = async (url, init) => {
  const r = await origFetch(url, init);
  if (String(url).includes("/reg") && init?.method === "POST")
    console.log("DCR request:", init.body, "->", r.status);
  if (String(url).includes("/token") && init?.method === "POST")
    console.log(
      "token request:",
      String(init.body)
        .replace(/code=[^&]+/, "code=…")
        .replace(/code_verifier=[^&]+/, "code_verifier=…"),
      "->",
      r.status,
    );
  return r;
};
const res = await runOAuthLogin({
  serverUrl: MCP,
  scopes: process.env.SCOPES,
  fetchFn,
  onProgress: (m) => console.log("progress:", m),
  auth: {
    mode: "interactive",
    openUrl: async (url) => {
      console.log("authorize URL:", url);
      await page.goto(url);
      await page.screenshot({ path: "/tmp/tpc/shots/mcpjam-sdk-1.png" });
      const loginBtn = page.getByRole("button", { name: /alice/i });
      if (await loginBtn.count()) await loginBtn.first().click();
      await page.waitForLoadState();
      await page.screenshot({ path: "/tmp/tpc/shots/mcpjam-sdk-2.png" });
      const allow = page.getByRole("button", { name: /allow|continue|authorize/i });
      if (await allow.count()) await allow.first().click();
      await page.waitForLoadState();
      await page.screenshot({ path: "/tmp/tpc/shots/mcpjam-sdk-3.png" });
    },
  },
});
console.log(
  JSON.stringify(
    {
      completed: res.completed,
      protocol: res.protocolVersion,
      reg: res.registrationStrategy,
      step: res.currentStep,
      redirect: res.redirectUrl,
      error: res.error,
      clientId: res.credentials.clientId,
      hasAccess: !!res.credentials.accessToken,
      hasRefresh: !!res.credentials.refreshToken,
      expiresIn: res.credentials.expiresIn,
    },
    null,
    1,
  ),
);
await browser.close();
if (!res.credentials.accessToken) process.exit(1);
if (res.credentials.refreshToken) {
  // The refresh grant against the kit's token endpoint (the SDK would do this on expiry).
  const r = await origFetch("http://127.0.0.1:8788/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: res.credentials.refreshToken,
      client_id: res.credentials.clientId,
      resource: MCP,
    }),
  });
  const j = await r.json();
  console.log(
    "refresh grant:",
    r.status,
    JSON.stringify({
      token_type: j.token_type,
      scope: j.scope,
      expires_in: j.expires_in,
      access: !!j.access_token,
      refresh: !!j.refresh_token,
      error: j.error,
    }),
  );
}
const mgr = new MCPClientManager({ gg: { url: MCP, accessToken: res.credentials.accessToken } });
await mgr.connectToServer?.("gg").catch((e) => console.log("connect:", e.message));
const tools = await mgr.listTools("gg");
console.log("tools:", tools.tools.map((t) => t.name).join(", "));
const sugg = await mgr
  .executeTool("gg", "suggest_gifts", JSON.parse(process.env.SUGGEST ?? "{}"))
  .catch((e) => ({ err: e.message }));
console.log("suggest_gifts:", JSON.stringify(sugg).slice(0, 600));
const id = JSON.stringify(sugg).match(/"(?:gift_)?id"\s*:\s*"([^"]+)"/)?.[1] ?? "";
const prep = await mgr
  .executeTool("gg", "prepare_order", { gift_id: id, quantity: 1 })
  .catch((e) => ({ err: e.message }));
console.log("prepare_order:", JSON.stringify(prep).slice(0, 800));
await mgr.disconnectAllServers?.();
process.exit(0);

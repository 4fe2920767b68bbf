// BY-HAND CHECK for issue 34 (third-party clients signing in against `npm start`); not part of npm test.
// Needs Node 22 and, outside this repo, @mcpjam/sdk@1.14.0 (+ @modelcontextprotocol/client@2.0.0-alpha.2), @mcp-use/inspector@20.3.10,
// @mcpjam/inspector@1.0.24 and playwright-core installed in a scratch folder, /usr/bin/chromium, and screenshots written to ./shots/.
// Inspectors: start them bound to 127.0.0.1 with: node --import ./force-loopback.mjs <inspector server> (see force-loopback.mjs).
// By-hand check (issue 34): drive the mcp-use inspector UI; sign in as alice; list tools.
import { openTracedPage } from "./traced-browser.mjs";
const MCP = process.env.MCP_URL ?? "http://127.0.0.1:18788/mcp";
const INS = process.env.INS ?? "http://127.0.0.1:18790/inspector";
const { browser, ctx, page } = await openTracedPage({
  console: (m) => /error|oauth|auth/i.test(m.text()),
  requests: /\/reg|\/token|\/auth\?|oauth/,
  responses: /\/reg|\/token|oauth\/proxy/,
});
let popup;
ctx.on("page", (p) => {
  if (p !== page) {
    popup = p;
    console.log("popup:", p.url());
  }
});
await page.goto(`${INS}?autoConnect=${encodeURIComponent(MCP)}`);
await page.waitForTimeout(6000);
await page.screenshot({ path: "shots/mcpuse-1.png" });
console.log("body:", (await page.locator("body").innerText()).slice(0, 800));
// find an auth button
const authEl = page.getByText("Authenticate", { exact: true });
console.log("authenticate elements:", await authEl.count());
await authEl.first().click();
await page.waitForTimeout(4000);
const p = popup ?? page;
console.log("auth page:", p.url().slice(0, 200));
await p.screenshot({ path: "shots/mcpuse-2.png" });
const a = p.getByRole("button", { name: /alice/i });
if (await a.count()) {
  await a.first().click();
  await p.waitForTimeout(1500);
}
await p.screenshot({ path: "shots/mcpuse-3.png" }).catch(() => {});
const al = p.getByRole("button", { name: /^allow$/i });
if (await al.count()) {
  await al.first().click();
}
await page.waitForTimeout(8000);
await page.screenshot({ path: "shots/mcpuse-4.png" });
console.log("body after:", (await page.locator("body").innerText()).slice(0, 1200));
ctx.on("request", async (r) => {
  if (/18788\/mcp|api\/proxy/.test(r.url()) && r.method() === "POST") {
    const h = await r.allHeaders();
    const b = r.postData() ?? "";
    if (/tools\/call/.test(b))
      console.log(
        "mcp call:",
        r.url().slice(0, 80),
        "auth header:",
        !!h.authorization,
        b.slice(0, 200),
      );
  }
});
ctx.on("response", async (r) => {
  if (
    /18788\/mcp|api\/proxy/.test(r.url()) &&
    r.request().method() === "POST" &&
    /tools\/call/.test(r.request().postData() ?? "")
  )
    console.log("mcp call response:", r.status(), (await r.text().catch(() => "")).slice(0, 600));
});
await page.getByText("prepare_order", { exact: true }).first().click();
await page.waitForTimeout(1500);
await page.screenshot({ path: "shots/mcpuse-5.png" });
const inputs = page.locator("main input, main textarea, input, textarea");
console.log("inputs:", await inputs.count());
for (let i = 0; i < (await inputs.count()); i++) {
  const el = inputs.nth(i);
  console.log(
    i,
    await el.getAttribute("name"),
    await el.getAttribute("id"),
    await el.getAttribute("placeholder"),
    await el.getAttribute("type"),
  );
}
const gift = page.locator('[name="gift_id"], #gift_id').first();
if (await gift.count()) await gift.fill("gift-0088");
else
  await page
    .getByPlaceholder(/gift_id/i)
    .first()
    .fill("gift-0088")
    .catch((e) => console.log("no gift field", e.message.slice(0, 100)));
const qty = page.locator('[name="quantity"], #quantity').first();
if (await qty.count()) await qty.fill("1");
await page.screenshot({ path: "shots/mcpuse-6.png" });
const run = page.getByRole("button", { name: /^Execute/ });
console.log("run buttons:", await run.count());
if (await run.count()) await run.first().click();
await page.waitForTimeout(5000);
await page.screenshot({ path: "shots/mcpuse-7.png" });
await browser.close();

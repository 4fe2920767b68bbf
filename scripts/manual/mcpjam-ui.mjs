// BY-HAND CHECK for issue 34 (third-party clients signing in against `npm start`); not part of npm test.
// Needs Node 22 and, outside this repo, @mcpjam/sdk@1.14.0 (+ @modelcontextprotocol/client@2.0.0-alpha.2), @mcp-use/inspector@20.3.10,
// @mcpjam/inspector@1.0.24 and playwright-core installed in a scratch folder, /usr/bin/chromium, and screenshots written to ./shots/.
// Inspectors: start them bound to 127.0.0.1 with: node --import ./force-loopback.mjs <inspector server> (see force-loopback.mjs).
// Drives the MCPJam inspector UI: guest, Add Server (HTTP, OAuth 2.0, default DCR), Allow as alice, Tools, prepare_order.
// MCPJam sends no `scope` by default; the dev sign-in then grants the resource's scopes (SCOPE=... types one in).
import { openTracedPage } from "./traced-browser.mjs";
const INS = process.env.INS ?? "http://127.0.0.1:18791";
const { browser, ctx, page } = await openTracedPage({
  console: (m) => m.type() === "error" || /oauth/i.test(m.text()),
  requests: /8788|18788|oauth/,
  responses: /8788|18788|oauth/,
});
await page.goto(INS);
await page.waitForTimeout(6000);
await page.screenshot({ path: "shots/mcpjam-ins-1.png" });
console.log("body:", (await page.locator("body").innerText()).slice(0, 1000));
await page
  .getByText(/continue as guest/i)
  .first()
  .click();
await page.waitForTimeout(5000);
await page.screenshot({ path: "shots/mcpjam-ins-2.png" });
console.log("body2:", (await page.locator("body").innerText()).slice(0, 1500));
const btns = page.getByRole("button");
const n = await btns.count();
const names = [];
for (let i = 0; i < n; i++)
  names.push(
    (
      await btns
        .nth(i)
        .innerText()
        .catch(() => "")
    )
      .trim()
      .slice(0, 30),
  );
console.log("buttons:", JSON.stringify(names));
await page.getByRole("button", { name: "Add Server" }).first().click();
await page.waitForTimeout(2000);
await page.screenshot({ path: "shots/mcpjam-ins-3.png" });
const dlg = page.getByRole("dialog");
console.log("dialog:", (await dlg.innerText().catch(() => "none")).slice(0, 1500));
await dlg.locator("input").first().fill("giftgenius");
await dlg
  .locator("select")
  .first()
  .selectOption({ label: "HTTP/SSE" })
  .catch(async (e) => {
    console.log("select fail", e.message.slice(0, 100));
  });
await page.waitForTimeout(800);
await dlg
  .locator('input[placeholder="http://localhost:8080/mcp"]')
  .fill("http://127.0.0.1:18788/mcp");
await dlg.locator("select").nth(1).selectOption({ label: "OAuth 2.0" });
await page.waitForTimeout(800);
if (process.env.SCOPE) {
  const all = dlg.locator("input");
  const k = await all.count();
  for (let i = 0; i < k; i++)
    console.log("input", i, await all.nth(i).evaluate((e) => e.outerHTML.slice(0, 200)));
  const sc = dlg.getByLabel(/OAuth Scopes/i);
  if (await sc.count()) await sc.first().fill(process.env.SCOPE);
  else
    await dlg
      .locator('input[placeholder*="scope" i], input[id*="scope" i]')
      .first()
      .fill(process.env.SCOPE);
}
console.log("dialog2:", (await dlg.innerText()).slice(0, 1500));
await page.screenshot({ path: "shots/mcpjam-ins-4.png" });
await dlg.getByRole("button", { name: "Add Server" }).click();
let popup;
ctx.on("page", (p) => {
  popup = p;
  console.log("popup:", p.url().slice(0, 150));
});
await page.waitForTimeout(6000);
const p = popup ?? page;
console.log("auth page url:", p.url().slice(0, 200));
await p.screenshot({ path: "shots/mcpjam-ins-5.png" });
const a = p.getByRole("button", { name: /alice/i });
if (await a.count()) {
  await a.first().click();
  await p.waitForTimeout(1500);
}
const al = p.getByRole("button", { name: /^allow$/i });
if (await al.count()) {
  await al.first().click();
}
await page.waitForTimeout(8000);
await page.screenshot({ path: "shots/mcpjam-ins-6.png" });
console.log(
  "page url:",
  page.url(),
  "body3:",
  (await page.locator("body").innerText()).slice(0, 1200),
);
await page
  .getByRole("button", { name: "Tools" })
  .first()
  .click()
  .catch(() => page.getByText("Tools", { exact: true }).first().click());
await page.waitForTimeout(3000);
await page.screenshot({ path: "shots/mcpjam-ins-7.png" });
console.log(
  "tools page:",
  (
    await page
      .locator("main")
      .innerText()
      .catch(() => "")
  ).slice(0, 800),
);
await page.getByText("prepare_order", { exact: true }).first().click();
await page.waitForTimeout(1500);
const fields = page.locator("main input, main textarea");
const fc = await fields.count();
for (let i = 0; i < fc; i++)
  console.log(
    "field",
    i,
    await fields
      .nth(i)
      .evaluate(
        (e) =>
          (e.getAttribute("name") ?? "") +
          "|" +
          (e.id ?? "") +
          "|" +
          (e.getAttribute("placeholder") ?? "") +
          "|" +
          e.type,
      ),
  );
await page.getByPlaceholder("Enter gift_id").fill("gift-0088");
await page.getByPlaceholder("Enter quantity").fill("1");
const bn = page.locator("main button");
const bc = await bn.count();
const bnames = [];
for (let i = 0; i < bc; i++)
  bnames.push(
    (
      await bn
        .nth(i)
        .innerText()
        .catch(() => "")
    )
      .trim()
      .slice(0, 20) +
      "/" +
      ((await bn.nth(i).getAttribute("aria-label")) ?? ""),
  );
console.log("main buttons:", JSON.stringify(bnames));
const run = page.locator("main").getByRole("button", { name: /^(Run|Execute|Call)/i });
console.log("run count", await run.count());
await run.first().click();
await page.waitForTimeout(5000);
await page.screenshot({ path: "shots/mcpjam-ins-8.png" });
console.log(
  "after run:",
  (await page.locator("main").innerText())
    .replace(/\s+/g, " ")
    .match(/.{0,100}(Draft|draft_id|error|Error|Sign in|401|Unauthorized).{0,300}/g)
    ?.slice(0, 4),
);
await browser.close();

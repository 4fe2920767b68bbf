// BY-HAND CHECK helper (issue 34): not part of npm test. A headless Chromium page that logs the
// browser console and the sign-in traffic, for the scripts that drive a third-party inspector.
import { chromium } from "playwright-core";

/**
 * Opens /usr/bin/chromium headless with one page; logs console lines matching `console`,
 * requests matching `requests` (with a POST body's start) and responses matching `responses`.
 */
export async function openTracedPage(patterns) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  page.on("console", (m) => {
    if (patterns.console(m)) console.log("console:", m.type(), m.text().slice(0, 300));
  });
  ctx.on("request", (r) => {
    if (patterns.requests.test(r.url()))
      console.log(
        "req:",
        r.method(),
        r.url().slice(0, 700),
        r.method() === "POST" ? (r.postData() ?? "").slice(0, 400) : "",
      );
  });
  ctx.on("response", (r) => {
    if (patterns.responses.test(r.url())) console.log("res:", r.status(), r.url().slice(0, 120));
  });
  return { browser, ctx, page };
}

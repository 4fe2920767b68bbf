/** The bench's browser pages: CPU-throttled, serving made-up-origin pages from memory. */
import type { Browser, CDPSession, Page } from "playwright-core";

/**
 * Runs `run` on a new page whose CPU is throttled `throttle`× and whose requests under
 * `origin` are answered with `body(url)` as HTML (nothing is fetched); closes the page after.
 */
export async function withBenchPage<T>(
  browser: Browser,
  options: { throttle: number; origin: string; body: (url: string) => string },
  run: (page: Page, cdp: CDPSession) => Promise<T>,
): Promise<T> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.throttle });
    await page.route(`${options.origin}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: options.body(route.request().url()),
      }),
    );
    return await run(page, cdp);
  } finally {
    await page.close();
  }
}

import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAME_BOOTSTRAP_SOURCE } from "../../src/devhost/frame/bootstrap.ts";
import { cspHash } from "../../src/devhost/server/frame-csp.ts";
import { startFixtureApp, type FixtureApp } from "./support/fixture-app.ts";

const pageDir = mkdtempSync(join(tmpdir(), "devhost-page-"));
mkdirSync(join(pageDir, "assets"));
writeFileSync(join(pageDir, "index.html"), "<!doctype html><title>page</title>");
writeFileSync(join(pageDir, "assets", "index-abc.js"), "console.log(1)");
writeFileSync(join(pageDir, "secret.txt"), "do not serve");

let app: FixtureApp;
let production: FixtureApp;

beforeAll(async () => {
  app = await startFixtureApp({ pageDir });
  production = await startFixtureApp({ pageDir, development: false });
});
afterAll(async () => {
  await app.close();
  await production.close();
});

function sameOrigin(base: string, body: unknown, extra: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      ...extra,
    },
    body: JSON.stringify(body),
  };
}

describe("the page and its assets", () => {
  it("serves the page at / under a CSP with no inline code and no eval", async () => {
    const response = await fetch(`${app.url}/?tool=show&args=%7B%7D`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toContain("<title>page</title>");
  });

  it("serves built assets and nothing outside the assets folder", async () => {
    expect((await fetch(`${app.url}/devhost/assets/index-abc.js`)).status).toBe(200);
    expect((await fetch(`${app.url}/devhost/assets/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${app.url}/devhost/assets/..%2Findex.html`)).status).toBe(404);
  });

  it("answers a malformed escape in a dev route with 400, not 500", async () => {
    const response = await fetch(`${app.url}/devhost/assets/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/malformed escape/);
  });

  it("refuses navigation and requests another site or origin sends", async () => {
    const page = `${app.url}/?tool=counter&args=%7B%7D`;
    const status = async (url: string, headers: Record<string, string>) =>
      (await fetch(url, { headers })).status;
    expect(await status(page, { "Sec-Fetch-Site": "cross-site" })).toBe(403);
    // Another port on this machine is the same site, and still someone else's page.
    expect(await status(page, { "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(await status(`${app.url}/devhost/config`, { Origin: "http://127.0.0.1:1" })).toBe(403);
    expect(await status(page, { "Sec-Fetch-Site": "none" })).toBe(200);
    expect(await status(page, { "Sec-Fetch-Site": "same-origin", Origin: app.url })).toBe(200);
  });

  it("says how to build the page when it is missing", async () => {
    const bare = await startFixtureApp({ pageDir: join(pageDir, "missing") });
    try {
      const response = await fetch(`${bare.url}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("npm run build:devhost");
    } finally {
      await bare.close();
    }
  });

  it("leaves every other route to the app", async () => {
    expect((await fetch(`${app.url}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${app.url}/devhost/unknown`)).status).toBe(404);
  });
});

describe("widget frames", () => {
  it("serves the widget HTML with the bootstrap first and a real, hash-based CSP header", async () => {
    const html =
      '<!doctype html><html><head><style>p{color:red}</style></head><body><script type="module">widget()</script></body></html>';
    const meta = {
      ui: {
        csp: {
          connectDomains: ["https://api.example.com"],
          resourceDomains: [
            "https://cdn.example.com/",
            "https://*.wild.com",
            "javascript:alert(1)",
          ],
        },
      },
    };
    const created = await fetch(
      `${app.url}/devhost/frames`,
      sameOrigin(app.url, {
        html,
        meta,
        init: { protocol: "openai", globals: { toolOutput: "</script><script>alert(1)</script>" } },
      }),
    );
    expect(created.status).toBe(201);
    const { url, csp, rejectedOrigins } = (await created.json()) as {
      url: string;
      csp: string;
      rejectedOrigins: string[];
    };
    expect(rejectedOrigins).toEqual(["https://*.wild.com", "javascript:alert(1)"]);

    const frame = await fetch(`${app.url}${url}`);
    expect(frame.headers.get("content-security-policy")).toBe(csp);
    const directives = new Map(csp.split("; ").map((d) => [d.split(" ")[0], d] as const));
    expect(directives.get("sandbox")).toBe("sandbox allow-scripts");
    expect(directives.get("default-src")).toBe("default-src 'none'");
    expect(directives.get("script-src")).toContain(cspHash(FRAME_BOOTSTRAP_SOURCE));
    expect(directives.get("script-src")).toContain(cspHash("widget()"));
    expect(directives.get("style-src")).toContain(cspHash("p{color:red}"));
    expect(directives.get("connect-src")).toBe("connect-src https://api.example.com");
    expect(directives.get("img-src")).toBe("img-src https://cdn.example.com");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);

    const document = await frame.text();
    // Start-up data cannot close its own script element.
    expect(document).not.toContain("</script><script>alert(1)");
    expect(document.indexOf(FRAME_BOOTSTRAP_SOURCE)).toBeGreaterThan(0);
    expect(document.indexOf(FRAME_BOOTSTRAP_SOURCE)).toBeLessThan(document.indexOf("widget()"));
  });

  it("refuses frames registered from another site or without JSON", async () => {
    const body = { html: "<p>x</p>" };
    expect(
      (await fetch(`${app.url}/devhost/frames`, sameOrigin("http://evil.example", body))).status,
    ).toBe(403);
    expect(
      (
        await fetch(
          `${app.url}/devhost/frames`,
          sameOrigin(app.url, body, { "Sec-Fetch-Site": "cross-site" }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(
          `${app.url}/devhost/frames`,
          sameOrigin(app.url, body, { "Content-Type": "text/plain" }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await fetch(`${app.url}/devhost/frames`, sameOrigin(app.url, { html: 42 }))).status,
    ).toBe(400);
  });

  it("answers 404 for a frame it does not keep", async () => {
    expect((await fetch(`${app.url}/devhost/frames/not-an-id`)).status).toBe(404);
  });
});

describe("the dev fault switch", () => {
  it("sets faults for the next calls from the same origin", async () => {
    const set = await fetch(`${app.url}/devhost/faults`, sameOrigin(app.url, { faults: "fail" }));
    expect(set.status).toBe(200);
    expect(app.faults).toBe("fail");
    expect(await (await fetch(`${app.url}/devhost/faults`)).json()).toEqual({
      faults: "fail",
      known: ["fail"],
    });
    await fetch(`${app.url}/devhost/faults`, sameOrigin(app.url, { faults: "" }));
    expect(app.faults).toBe("");
  });

  it("refuses cross-site requests and DNS-rebound host names", async () => {
    expect(
      (
        await fetch(
          `${app.url}/devhost/faults`,
          sameOrigin("http://evil.example", { faults: "fail" }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(
          `${app.url}/devhost/faults`,
          sameOrigin(app.url, { faults: "fail" }, { "Content-Type": "text/plain" }),
        )
      ).status,
    ).toBe(403);
    // fetch() will not send a forged Host header; node:http will, as a rebinding page's browser does.
    const rebound = await new Promise<number>((resolve, reject) => {
      get(`${app.url}/devhost/faults`, { headers: { Host: "evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on("error", reject);
    });
    expect(rebound).toBe(404);
    expect(app.faults).toBe("");
  });

  it("does not exist in production", async () => {
    expect((await fetch(`${production.url}/devhost/faults`)).status).toBe(404);
    expect(
      (
        await fetch(
          `${production.url}/devhost/faults`,
          sameOrigin(production.url, { faults: "fail" }),
        )
      ).status,
    ).toBe(404);
    expect(production.faults).toBe("");
    expect(
      ((await (await fetch(`${production.url}/devhost/config`)).json()) as { faults: unknown })
        .faults,
    ).toBeNull();
  });

  it("takes a switch that answers later (another process's), and its refusal", async () => {
    let spec = "";
    const later = await startFixtureApp({
      pageDir,
      faults: {
        get: async () => spec,
        set: async (next) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (next === "nope") throw new Error("unknown fault: nope");
          spec = next;
        },
        known: ["w=timeout"],
      },
    });
    try {
      const post = (faults: string) =>
        fetch(`${later.url}/devhost/faults`, sameOrigin(later.url, { faults }));
      expect(await (await post("w=timeout")).json()).toEqual({
        faults: "w=timeout",
        known: ["w=timeout"],
      });
      const refused = await post("nope");
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ error: "unknown fault: nope" });
      expect(await (await fetch(`${later.url}/devhost/faults`)).json()).toMatchObject({
        faults: "w=timeout",
      });
    } finally {
      await later.close();
    }
  });

  it("reports a spec the server refuses", async () => {
    const strict = await startFixtureApp({
      pageDir,
      faults: {
        get: () => "",
        set: () => {
          throw new Error("unknown fault: nope");
        },
      },
    });
    try {
      const response = await fetch(
        `${strict.url}/devhost/faults`,
        sameOrigin(strict.url, { faults: "nope" }),
      );
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: "unknown fault: nope" });
    } finally {
      await strict.close();
    }
  });
});

/**
 * The catalog's pictures: generated from the committed script (the files in public/images are
 * its output, byte for byte), one for every category a gift points at, and served by the
 * image route with safe headers and nothing outside public/images.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { loadGifts } from "../server/catalog/catalog.ts";
import { categoryImage, IMAGES_DIR } from "../server/catalog/generate-images.ts";
import { INTERESTS } from "../server/catalog/types.ts";
import { createImageRoute } from "../server/images.ts";
import { audienceMismatch, readConfig, startupRefusal } from "../server/config.ts";

describe("GiftGenius catalog images", () => {
  it("are exactly what generate-images.ts writes, one per category", () => {
    expect(readdirSync(IMAGES_DIR).sort()).toEqual(INTERESTS.map((i) => `${i}.svg`).sort());
    INTERESTS.forEach((interest, index) =>
      expect(readFileSync(join(IMAGES_DIR, `${interest}.svg`), "utf8")).toBe(
        categoryImage(interest, index, INTERESTS.length),
      ),
    );
  });

  it("exist for every gift in the catalog", () => {
    const files = new Set(readdirSync(IMAGES_DIR));
    for (const gift of loadGifts())
      expect(files.has(gift.image_path.replace(/^\/images\//, ""))).toBe(true);
  });
});

describe("PUBLIC_ORIGIN", () => {
  it("is an exact https origin, or http on a loopback host", () => {
    expect(readConfig({ PUBLIC_ORIGIN: "https://gifts.example.com" }).publicOrigin).toBe(
      "https://gifts.example.com",
    );
    expect(readConfig({ PUBLIC_ORIGIN: "http://127.0.0.1:8817/" }).publicOrigin).toBe(
      "http://127.0.0.1:8817",
    );
    expect(readConfig({}).publicOrigin).toBeUndefined();
    for (const bad of [
      "http://gifts.example.com",
      "https://gifts.example.com/images",
      "https://*.example.com",
      "http://127.0.0.1.nip.io",
      "gifts.example.com",
    ])
      expect(() => readConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
  });

  it("is required in production over HTTP (behind a proxy the listening address is unreachable)", () => {
    const production = {
      NODE_ENV: "production",
      GIFTGENIUS_SECRET: "a-strong-secret-for-this-test-7fQ2xLk9",
      AUTH_ISSUER: "https://id.example",
      AUTH_AUDIENCE: "https://gifts.example.com/mcp",
    };
    expect(startupRefusal(production)).toMatch(/needs PUBLIC_ORIGIN;/);
    expect(startupRefusal({ ...production, PUBLIC_ORIGIN: "https://gifts.example.com" })).toBe(
      undefined,
    );
    expect(startupRefusal(production, "stdio")).toBeUndefined();
    expect(startupRefusal({ NODE_ENV: "development" })).toBeUndefined();
  });

  it("and AUTH_AUDIENCE should share one origin", () => {
    const config = (origin: string) => readConfig({ PUBLIC_ORIGIN: origin });
    const audience = { AUTH_AUDIENCE: "https://gifts.example.com/mcp" };
    expect(audienceMismatch(config("https://gifts.example.com"), audience)).toBeUndefined();
    expect(audienceMismatch(config("https://other.example.com"), audience)).toMatch(
      /AUTH_AUDIENCE \(https:\/\/gifts\.example\.com\) is not on PUBLIC_ORIGIN/,
    );
    expect(audienceMismatch(readConfig({}), audience)).toBeUndefined();
  });
});

describe("the image route", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const route = createImageRoute();
    server = createServer((req, res) => {
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method });
      void route(request).then(async (response) => {
        if (!response) return void res.writeHead(418).end();
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves a picture as SVG that may run and load nothing, loadable cross-origin", async () => {
    const response = await fetch(`${base}/images/books.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(await response.text()).toBe(readFileSync(join(IMAGES_DIR, "books.svg"), "utf8"));
  });

  it("answers 404 for unknown names and anything that is not a plain name", async () => {
    for (const path of [
      "/images/nope.svg",
      "/images/..%2Fpackage.json",
      "/images/%2e%2e%2fgifts.svg",
      "/images/books.svg.bak",
      "/images/",
    ])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
  });

  it("leaves other paths to the next route, and refuses writes", async () => {
    expect((await fetch(`${base}/mcp`)).status).toBe(418);
    const post = await fetch(`${base}/images/books.svg`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("GiftGenius start-up refusals", () => {
  it("refuses fault injection in production, on either transport, and allows it in development", () => {
    const production = {
      GIFTGENIUS_SECRET: "a-strong-secret-for-this-test-7fQ2xLk9",
      AUTH_ISSUER: "https://id.example",
      AUTH_AUDIENCE: "https://gifts.example.com/mcp",
      PUBLIC_ORIGIN: "https://gifts.example.com",
      GIFTGENIUS_FAULTS: "payments=timeout",
    };
    expect(startupRefusal(production)).toMatch(/GIFTGENIUS_FAULTS .* development and tests only/);
    expect(startupRefusal(production, "stdio")).toMatch(/GIFTGENIUS_FAULTS/);
    expect(startupRefusal({ ...production, NODE_ENV: "test" })).toBeUndefined();
    expect(startupRefusal({ ...production, GIFTGENIUS_FAULTS: "" })).toBeUndefined();
  });
});

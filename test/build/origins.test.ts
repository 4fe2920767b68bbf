import { describe, expect, it } from "vitest";
import { checkDeclaredOrigins, originProblem } from "../../src/build/origins.ts";
import { findUndeclaredOrigins, scanBundleUrls } from "../../src/build/scan-origins.ts";
import { cspHash, inlineElements } from "../../src/core/inline-elements.ts";
import { selfContainedProblems } from "../../src/build/inline-audit.ts";
import { buildCsp } from "../../src/core/widget-csp.ts";

describe("declared origins", () => {
  it("accepts exact https origins and names every bad entry", () => {
    expect(originProblem("https://cdn.example.com")).toBeUndefined();
    expect(originProblem("https://*.example.com")).toMatch(/wildcard/);
    expect(originProblem("*")).toMatch(/wildcard/);
    expect(originProblem("http://cdn.example.com")).toMatch(/non-https/);
    expect(originProblem("https://cdn.example.com/images")).toMatch(/exact origin/);
    expect(originProblem("cdn.example.com")).toMatch(/not a URL/);
    expect(originProblem("wss://rt.example.com")).toMatch(/non-https/);
    expect(originProblem("wss://rt.example.com", true)).toBeUndefined();
    expect(
      checkDeclaredOrigins({
        resource: ["https://ok.example", "https://*.cdn.example"],
        connect: ["http://api.example"],
      }),
    ).toEqual([
      { list: "connect", value: "http://api.example", reason: expect.stringMatching(/non-https/) },
      {
        list: "resource",
        value: "https://*.cdn.example",
        reason: expect.stringMatching(/wildcard/),
      },
    ]);
  });
});

describe("bundle URL scan", () => {
  const code = [
    `fetch("https://api.example.com/v1/q")`,
    `x.open("GET",'https://xhr.example.com/a')`,
    "new WebSocket(`wss://rt.example.com/s`)",
    `jsx("img",{src:"https://img.example.com/a.png"})`,
    `el.srcset = "https://img2.example.com/b.png 2x"`,
    `e.setAttribute("src","https://attr.example.com/c.png")`,
    `.bg{background:url(https://css.example.com/bg.png)}`,
    `<img src="http://plain.example.com/x.png">`,
    `const ns="http://www.w3.org/2000/svg"`,
  ].join(";\n");

  it("classifies each statically visible URL by use and ignores inert strings", () => {
    expect(scanBundleUrls(code).map((f) => [f.use, f.origin])).toEqual([
      ["connect", "https://api.example.com"],
      ["connect", "https://xhr.example.com"],
      ["connect", "wss://rt.example.com"],
      ["resource", "https://img.example.com"],
      ["resource", "https://img2.example.com"],
      ["resource", "https://attr.example.com"],
      ["resource", "https://css.example.com"],
      ["resource", "http://plain.example.com"],
    ]);
  });

  it("names what is undeclared or not https", () => {
    const problems = findUndeclaredOrigins(code, {
      connect: ["https://api.example.com", "https://xhr.example.com", "wss://rt.example.com"],
      resource: ["https://img.example.com", "https://img2.example.com", "https://attr.example.com"],
    }).map((p) => p.reason);
    expect(problems).toEqual([
      "origin https://css.example.com is not declared in domains.resource",
      "non-https origin http://plain.example.com",
    ]);
  });

  it("does not accept a resource origin declared only for connect", () => {
    expect(
      findUndeclaredOrigins(`fetch("https://a.example/x");i.src="https://a.example/y"`, {
        connect: ["https://a.example"],
        resource: [],
      }).map((p) => p.reason),
    ).toEqual(["origin https://a.example is not declared in domains.resource"]);
  });

  it("flags protocol-relative URLs", () => {
    expect(
      findUndeclaredOrigins(`i.src="//cdn.example/y.png"`, { connect: [], resource: [] })[0]
        ?.reason,
    ).toMatch(/protocol-relative/);
  });
});

describe("inline audit and CSP", () => {
  const page = `<!doctype html><html><head><meta charset="utf-8"><script type="module">console.log("</p>")</script><style>a{color:red}</style></head><body></body></html>`;

  it("hashes every inline element as CSP expects", () => {
    const elements = inlineElements(page);
    expect(elements.map((e) => e.tag)).toEqual(["script", "style"]);
    // sha256("a{color:red}"), computed independently with `openssl dgst -sha256 -binary | base64`.
    expect(elements[1]?.hash).toBe("'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='");
    expect(cspHash("a{color:red}")).toBe(elements[1]?.hash);
  });

  it("finds nothing wrong with a self-contained page", () => {
    expect(selfContainedProblems(page)).toEqual([]);
  });

  it("names external scripts, stylesheets, @import, fonts, the preload polyfill and a missing charset", () => {
    const bad = `<html><head><script src="https://cdn.example/x.js"></script><link rel="stylesheet" href="a.css"><style>@import url("b.css");@font-face{font-family:x;src:url(https://fonts.example/x.woff2)}</style><script>if(e.supports("modulepreload"))return</script></head></html>`;
    const problems = selfContainedProblems(bad);
    expect(problems).toHaveLength(6);
    expect(
      selfContainedProblems(
        `<meta charset="utf-8"><script type="module">import("https://cdn.example/m.js");new Worker("//w.example/w.js")</script>`,
      ),
    ).toEqual([
      'remote script: import("https://cdn.example/m.js',
      'remote script: Worker("//w.example/w.js',
    ]);
    expect(problems.join("\n")).toMatch(
      /charset[\s\S]*external script[\s\S]*external link[\s\S]*@import[\s\S]*external font[\s\S]*module-preload/,
    );
  });

  it("builds a CSP with hashes, declared origins and no unsafe sources", () => {
    const csp = buildCsp({
      scriptHashes: ["'sha256-a'"],
      styleHashes: [],
      connect: [],
      resource: ["https://img.example"],
      frame: [],
    });
    expect(csp).toBe(
      "default-src 'none'; script-src 'sha256-a'; style-src 'none'; img-src https://img.example; font-src https://img.example; media-src https://img.example; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});

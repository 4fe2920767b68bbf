import { describe, expect, it } from "vitest";
import { assertWidgetName, buildManifest, resourceMeta } from "../../src/build/manifest.ts";

const base = { name: "notes", description: "Notes", prefersBorder: false, domains: {} };

describe("resource _meta", () => {
  it("leaves every optional key out when nothing optional is declared", () => {
    expect(resourceMeta(base)).toEqual({
      "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
      "openai/widgetPrefersBorder": false,
      "openai/widgetDescription": "Notes",
      ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: false },
    });
  });

  it("passes the MCP Apps domain through as ui.domain", () => {
    expect(resourceMeta({ ...base, uiDomain: "abc.claudemcpcontent.com" }).ui.domain).toBe(
      "abc.claudemcpcontent.com",
    );
  });
});

describe("manifest", () => {
  it("gives different HTML a different URI", () => {
    const contract = { version: "1.2" };
    const a = buildManifest({
      config: { ...base, contract },
      html: "<p>a</p>",
      file: "widget.html",
      csp: "x",
    });
    const b = buildManifest({
      config: { ...base, contract },
      html: "<p>b</p>",
      file: "widget.html",
      csp: "x",
    });
    expect(a.uri).not.toBe(b.uri);
    expect(a.contract_version).toBe("1.2");
    expect(a.bytes).toBe(8);
  });

  it("refuses a name that cannot go in a ui:// URI", () => {
    expect(() => assertWidgetName("Gift Genius")).toThrow(/must match/);
    expect(() => assertWidgetName("../x")).toThrow(/must match/);
    expect(() => assertWidgetName("gift-genius2")).not.toThrow();
  });
});

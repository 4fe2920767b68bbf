import { describe, expect, it } from "vitest";
import { importOptionalPeer, MissingPeerError } from "../../src/peer-deps/optional-peer.ts";

describe("importOptionalPeer", () => {
  it("turns a package that is not installed into one error naming it", async () => {
    const name = "mcp-widget-kit-test-absent-peer";
    const failure = await importOptionalPeer(name, "createThing", () => import(name)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MissingPeerError);
    expect((failure as MissingPeerError).packageName).toBe(name);
    expect((failure as Error).message).toBe(
      `createThing needs the package "${name}", an optional peer dependency of mcp-widget-kit ` +
        `that is not installed: run \`npm install ${name}\`.`,
    );
  });

  it("passes any other failure through unchanged", async () => {
    const broken = new SyntaxError("bad module");
    await expect(
      importOptionalPeer("pg", "createPostgresStore", () => Promise.reject(broken)),
    ).rejects.toBe(broken);
    // A missing module inside an installed peer is not the peer missing.
    const inner = Object.assign(new Error("Cannot find module 'pg-native'"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    await expect(
      importOptionalPeer("pg", "createPostgresStore", () => Promise.reject(inner)),
    ).rejects.toBe(inner);
  });

  it("returns the module when it is installed", async () => {
    const pg = await importOptionalPeer("pg", "createPostgresStore", () => import("pg"));
    expect(typeof pg.default.Pool).toBe("function");
  });
});

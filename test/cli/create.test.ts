/**
 * `mcp-widget-kit create`: the app it writes from templates/flights (names filled in, nothing else
 * changed), the kit dependency it records, and every refusal — which must leave the disk as
 * it was. The template's own tests run in `npm test` too (templates/flights/test).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, createdMessage, UsageError } from "../../src/cli/create.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const template = join(repo, "templates/flights");
const work = mkdtempSync(join(tmpdir(), "mcp-widget-kit-create-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (path: string) => readFileSync(path, "utf8");
const kitVersion = (JSON.parse(read(join(repo, "package.json"))) as { version: string }).version;

describe("mcp-widget-kit create", () => {
  it("writes the template with the app's name and the kit it was created from", () => {
    const app = createApp({ dir: "trips", cwd: work });
    expect(app).toMatchObject({
      dir: join(work, "trips"),
      name: "trips",
      kitSpec: `^${kitVersion}`,
    });
    expect(app.files).toContain(".gitignore");
    expect(app.files).not.toContain("_gitignore");
    for (const file of [
      "contract.ts",
      "server/main.ts",
      "widget/app.tsx",
      "widget/app.stories.tsx",
    ])
      expect(app.files).toContain(file);
    expect(app.files.filter((f) => f.startsWith("fixtures/"))).toEqual([
      "fixtures/committed--book-flight.json",
      "fixtures/confirm--prepare-booking.json",
      "fixtures/error--idempotency-key-reused.json",
      "fixtures/results--search-flights.json",
    ]);
    const pkg = JSON.parse(read(join(app.dir, "package.json"))) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(pkg.name).toBe("trips");
    expect(pkg.dependencies["mcp-widget-kit"]).toBe(`^${kitVersion}`);
    expect(read(join(app.dir, "README.md"))).toMatch(/^# trips\n/);
    // Everything else is the template, byte for byte.
    for (const file of app.files.filter(
      (f) => !["package.json", "README.md", ".gitignore"].includes(f),
    ))
      expect(read(join(app.dir, file)), file).toBe(read(join(template, file)));
  });

  it("writes the replies template with --template replies, and refuses an unknown template", () => {
    const app = createApp({ dir: "desk", cwd: work, template: "replies" });
    expect(app.files.filter((f) => f.startsWith("fixtures/"))).toEqual([
      "fixtures/committed--send-reply.json",
      "fixtures/confirm--draft-reply.json",
      "fixtures/error--draft-not-found.json",
      "fixtures/results--list-tickets.json",
    ]);
    expect(read(join(app.dir, "README.md"))).toMatch(/^# desk\n/);
    expect(read(join(app.dir, "server/tools.ts"))).toBe(
      read(join(repo, "templates/replies/server/tools.ts")),
    );
    expect(() => createApp({ dir: "nope", cwd: work, template: "shop" })).toThrow(
      /no template "shop"; pick one of flights, replies, payments/,
    );
    expect(readdirSync(work)).not.toContain("nope");
  });

  it("writes the payments template with --template payments: its provider and its reconciler", () => {
    const app = createApp({ dir: "wallet", cwd: work, template: "payments" });
    for (const file of ["server/provider.ts", "server/reconcile.ts", "server/transfer.ts"])
      expect(read(join(app.dir, file)), file).toBe(read(join(repo, "templates/payments", file)));
    expect(app.files).toContain("fixtures/error--insufficient-funds.json");
    expect(read(join(app.dir, "README.md"))).toMatch(/^# wallet\n/);
  });

  it("points the app at a tarball or folder by its path from the app's folder, and refuses one that is missing", () => {
    writeFileSync(join(work, "kit.tgz"), "");
    const app = createApp({
      dir: "with-tarball",
      cwd: work,
      kit: "./kit.tgz",
      name: "@me/flights",
    });
    // Relative to the app's package.json, as npm resolves `file:`: no absolute path in the app.
    expect(app.kitSpec).toBe("file:../kit.tgz");
    expect(JSON.parse(read(join(app.dir, "package.json"))).dependencies["mcp-widget-kit"]).toBe(
      "file:../kit.tgz",
    );
    mkdirSync(join(work, "deeper"));
    expect(createApp({ dir: "deeper/app", cwd: work, kit: join(work, "kit.tgz") }).kitSpec).toBe(
      "file:../../kit.tgz",
    );
    expect(JSON.parse(read(join(app.dir, "package.json")))).toMatchObject({ name: "@me/flights" });
    expect(() => createApp({ dir: "x1", cwd: work, kit: "./nowhere.tgz" })).toThrow(
      /nowhere\.tgz does not exist/,
    );
    expect(createApp({ dir: "x2", cwd: work, kit: "^0.2.0" }).kitSpec).toBe("^0.2.0");
  });

  it("never writes into a folder that has files, and never over a file", () => {
    const dir = join(work, "busy");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    expect(() => createApp({ dir: "busy", cwd: work })).toThrow(/busy is not empty/);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
    expect(() => createApp({ dir: "busy/notes.txt", cwd: work, name: "ok" })).toThrow(
      /is not a folder/,
    );
    mkdirSync(join(work, "empty"));
    expect(createApp({ dir: "empty", cwd: work }).files.length).toBeGreaterThan(10);
  });

  it("refuses a name npm would refuse, before writing anything", () => {
    for (const name of ["Flights", "_flights", "flights app", ""]) {
      const attempt = () => createApp({ dir: "refused", cwd: work, name });
      expect(attempt).toThrow(UsageError);
      expect(attempt).toThrow(/not a valid npm package name/);
    }
    expect(readdirSync(work)).not.toContain("refused");
  });

  it("pins the template's dependencies to the versions the kit is built and tested with", () => {
    const kit = JSON.parse(read(join(repo, "package.json"))) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const app = JSON.parse(read(join(template, "package.json"))) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const pins = { ...app.dependencies, ...app.devDependencies };
    delete pins["mcp-widget-kit"];
    for (const [name, version] of Object.entries(pins))
      expect(version, name).toBe(kit.devDependencies[name] ?? kit.dependencies[name]);
  });

  it("says what to do when npm install cannot find the kit on the registry, naming --kit", () => {
    const fromRegistry = createApp({ dir: "unpublished", cwd: work });
    const said = createdMessage(fromRegistry, "unpublished");
    expect(said).toMatch(/^Created unpublished in unpublished \(\d+ files, mcp-widget-kit \^/);
    expect(said).toContain("\n  cd unpublished\n  npm install\n");
    const note = said.split("\n").filter((line) => line.includes("404"));
    expect(note).toEqual([
      "If npm install answers 404 for mcp-widget-kit, the kit is not on the npm registry yet: " +
        "create the app again with --kit <path to the .tgz that npm pack writes in a clone of the kit>.",
    ]);
    // A packed kit (or a folder) is installed from that path: nothing to say about the registry.
    const tarball = join(work, "mcp-widget-kit-1.0.0.tgz");
    writeFileSync(tarball, "");
    const packed = createApp({ dir: "packed", cwd: work, kit: tarball });
    expect(createdMessage(packed, "packed")).not.toContain("404");
  });

  it("the command prints the error alone and exits 1 on bad input", () => {
    const cli = join(repo, "src/cli/main.ts");
    const run = (...args: string[]) => {
      try {
        execFileSync(join(repo, "node_modules/.bin/tsx"), [cli, ...args], {
          cwd: work,
          encoding: "utf8",
          stdio: "pipe",
        });
        return { status: 0, stderr: "" };
      } catch (error) {
        const failed = error as { status: number; stderr: string };
        return { status: failed.status, stderr: failed.stderr };
      }
    };
    expect(run("create", "busy")).toEqual({
      status: 1,
      stderr: expect.stringMatching(/^mcp-widget-kit: .*busy is not empty; .*\n$/),
    });
    expect(run("create")).toMatchObject({
      status: 1,
      stderr: expect.stringContaining("Name exactly one folder"),
    });
    expect(run("launch")).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('Unknown command "launch"'),
    });
  });
});

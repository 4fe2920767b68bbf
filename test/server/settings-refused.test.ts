/**
 * A setting out of its bounds is refused at start, as a process (issue 49): a daily limit the
 * store cannot hold once started and then failed every search, a 1 ms body timeout answered
 * 408 to a body in two packets, a one-character or the public development secret started in
 * production, and `-1` printed a stack trace. Each is now the kit's one line on stderr —
 * `<app>: NAME=value is refused: a whole number from min to max` — and exit code 1, with no
 * stack frame, for the kit's settings and an app's own read through `wholeSetting`.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_CONFIRMATION_SECRET } from "../../src/server/write/confirmation.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Starts the fixture app with `env`; resolves with its exit code and stderr once it exits. */
function start(env: { [name: string]: string }): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "test/fixture-app/main.ts"],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: "0", AUTH_DEV_PORT: "0", SQLITE_FILE: ":memory:", ...env },
        timeout: 30_000,
      },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_ISSUER: "https://id.example",
  AUTH_AUDIENCE: "https://shop.example/mcp",
  CONFIRMATION_SECRET: "kq3Vv9ZL0pX2mR7tYw5bN8cH4dF6gJ1s",
};

// [the setting refused, its environment, what the line says beside the name]
const CASES: Array<[string, { [name: string]: string }, RegExp]> = [
  ["PORT", { PORT: "-1" }, /PORT=-1 is refused: a whole number from 0 to 65535$/],
  ["PORT", { PORT: "70000" }, /PORT=70000 is refused/],
  ["HTTP_BODY_TIMEOUT_MS", { HTTP_BODY_TIMEOUT_MS: "0" }, /=0 is refused: .* 1000 to 3600000 ms$/],
  ["HTTP_BODY_TIMEOUT_MS", { HTTP_BODY_TIMEOUT_MS: "1" }, /=1 is refused/],
  ["IDEMPOTENCY_TTL_SECONDS", { IDEMPOTENCY_TTL_SECONDS: "99999999999" }, /=99999999999 is/],
  ["IDEMPOTENCY_LEASE_SECONDS", { IDEMPOTENCY_LEASE_SECONDS: "-1" }, /=-1 is refused/],
  ["AUTH_DEV_PORT", { AUTH_DEV_PORT: "-1" }, /=-1 is refused/],
  // The app's own settings, through the kit's wholeSetting.
  ["IDEMPOTENCY_WAIT_MS", { IDEMPOTENCY_WAIT_MS: "-1" }, /=-1 is refused: .* 0 to 120000 ms$/],
  ["FIXTURE_PREPARE_LIMIT", { FIXTURE_PREPARE_LIMIT: "99999999999" }, /drafts a day$/],
  ["PORT", { PORT: "80; rm -rf /" }, /^fixture-shop: PORT \(not a whole number\) is refused/],
  ["CONFIRMATION_SECRET", { ...PRODUCTION, CONFIRMATION_SECRET: "Zq" }, /too weak for production/],
  [
    "CONFIRMATION_SECRET",
    { ...PRODUCTION, CONFIRMATION_SECRET: DEVELOPMENT_CONFIRMATION_SECRET },
    /public development secret/,
  ],
  [
    "CONFIRMATION_PREVIOUS_SECRETS",
    { ...PRODUCTION, CONFIRMATION_PREVIOUS_SECRETS: "Wold" },
    /too weak for production/,
  ],
];

describe("settings out of their bounds, at process start", () => {
  it.concurrent.each(CASES)(
    "refuses %s in one line naming it, its bounds, no stack (%o)",
    async (name, env, says) => {
      const { code, stderr } = await start({ NODE_ENV: "development", ...env });
      expect(code).toBe(1);
      const lines = stderr.trimEnd().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^fixture-shop: ${name}[= ]`));
      expect(lines[0]).toMatch(says);
      expect(stderr).not.toMatch(/^\s+at /m);
      // A secret is never repeated; a number is (it cannot be one).
      if (name.includes("SECRET")) expect(stderr).not.toContain(env[name]);
    },
    60_000,
  );

  it("starts with values inside the bounds (the refusals above are the bounds, not the start)", async () => {
    const child = await new Promise<{ stdout: string }>((resolve, reject) => {
      const run = execFile(
        process.execPath,
        ["--import", "tsx", "test/fixture-app/main.ts"],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            ...PRODUCTION,
            AUTH_JWKS_URL: "http://127.0.0.1:9/jwks",
            PORT: "0",
            SQLITE_FILE: ":memory:",
            HTTP_BODY_TIMEOUT_MS: "1000",
            IDEMPOTENCY_WAIT_MS: "0",
            FIXTURE_PREPARE_LIMIT: "1000000",
          },
        },
        (error, stdout) => (error && !stdout ? reject(error) : resolve({ stdout })),
      );
      run.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("/mcp")) run.kill("SIGTERM");
      });
    });
    expect(child.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
  }, 60_000);
});

/**
 * Confirmation in a client we did not write: the MCP Python SDK (`mcp==2.3.0`, its Streamable
 * HTTP client on 2026-07-28, elicitation by its callback; test/server/python/form_client.py)
 * against the shop whose write `defineWrite` declares (form-app.ts). The model's commit leads
 * to the form; the person's Yes gives exactly one order and one charge, their No none.
 *
 * The Python is `MCP_PYTHON`, else `.tmp/pyvenv/bin/python` (`.ci/run` makes it:
 * `python3 -m venv .tmp/pyvenv && .tmp/pyvenv/bin/pip install mcp==2.3.0`). Without one the
 * tests are skipped here, and fail under CI, which must run them — unless `.ci/run` could not
 * install the SDK and said so (`MCP_PYTHON_UNAVAILABLE`).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/repo-root.ts";
import { startFormApp, type FormApp } from "./form-app.ts";

const python = process.env.MCP_PYTHON ?? join(repoRoot, ".tmp/pyvenv/bin/python");
const script = join(repoRoot, "test/server/python/form_client.py");
const present = existsSync(python);
// CI runs it unless `.ci/run` said why it could not install the SDK (printed in its log).
if (!present && process.env.CI && !process.env.MCP_PYTHON_UNAVAILABLE)
  throw new Error(`No Python with mcp==2.3.0 at ${python}: .ci/run installs it.`);

/** Runs the Python client once against `app`, answering its form with `answer`. */
function runPython(app: FormApp, token: string, answer: "accept" | "decline") {
  return new Promise<{ forms: string[]; commit: { ok: boolean; [key: string]: unknown } }>(
    (resolve, reject) => {
      const child = spawn(python, [script, app.endpoint.url, token, answer]);
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => {
        if (code !== 0) reject(new Error(`python exited ${code}:\n${err.slice(-4000)}`));
        else resolve(JSON.parse(out.trim().split("\n").pop()!) as never);
      });
    },
  );
}

describe.skipIf(!present)("the MCP Python SDK's client confirms by its form", () => {
  let app: FormApp;
  beforeEach(async () => {
    app = await startFormApp({ form: (draft) => `Order ${draft.quantity} × ${draft.item}?` });
  });
  afterEach(() => app.close());

  it("the model's commit leads to the form; Yes: exactly one order and one charge", async () => {
    const { forms, commit } = await runPython(app, await app.token(), "accept");
    expect(forms).toHaveLength(1);
    expect(forms[0]).toContain("Order 1 × mug?");
    expect(forms[0]).toContain("total: 12.00 EUR");
    expect(commit).toMatchObject({
      ok: true,
      kind: "order",
      order: { order_id: expect.any(String) },
    });
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
  });

  it("No: nothing is ordered, and the answer says changes: none", async () => {
    const { forms, commit } = await runPython(app, await app.token(), "decline");
    expect(forms).toHaveLength(1);
    expect(commit).toMatchObject({
      ok: false,
      error: { code: "CONFIRMATION_DECLINED", changes: "none" },
    });
    expect(app.charges()).toBe(0);
  });
});

/**
 * A file argument declared with `FileInput` is listed in `_meta["openai/fileParams"]` with the
 * fixed schema ChatGPT's review accepts (the `check` rule finds nothing), and reaches the handler.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { defineContract, id, recordKind } from "../../src/contract/index.ts";
import { createToolServer, defineTool, FileInput, silentLogger } from "../../src/server/index.ts";
import { checkServer } from "../../src/cli/check/rules.ts";

const scans = defineContract({
  kinds: {
    scan: recordKind({
      state: "record",
      entries: { scan: v.object({ id: id(), name: v.string() }) },
    }),
  },
});

function server() {
  const tool = defineTool(scans, "scan", {
    name: "scan_receipt",
    title: "Scan a receipt",
    description: "Reads a receipt the person uploads.",
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    meta: { "openai/toolInvocation/invoking": "Reading…" },
    arguments: {
      schema: v.strictObject({
        receipt: FileInput,
        photo: v.optional(FileInput),
        note: v.string(),
      }),
      repair: () => ({
        receipt: { download_url: "https://files.example/r", file_id: "file_1" },
        note: "",
      }),
    },
    handler: async ({ receipt }) => ({
      ok: true,
      data: { scan: { id: receipt.file_id, name: receipt.file_name ?? "unnamed" } },
      text: "Read.",
    }),
  });
  return createToolServer({
    info: { name: "scans", version: "1.0.0" },
    contract: scans,
    tools: [tool],
    log: silentLogger,
  });
}

describe("FileInput", () => {
  it("lists every top-level file argument in openai/fileParams, beside the tool's own _meta", () => {
    const [listed] = server().listTools();
    expect(listed!._meta).toMatchObject({
      "openai/fileParams": ["receipt", "photo"],
      "openai/toolInvocation/invoking": "Reading…",
    });
    const receipt = (listed!.inputSchema.properties as Record<string, Record<string, unknown>>)
      .receipt!;
    expect(Object.keys(receipt.properties as object).sort()).toEqual([
      "download_url",
      "file_id",
      "file_name",
      "mime_type",
    ]);
    expect([...(receipt.required as string[])].sort()).toEqual(["download_url", "file_id"]);
  });

  it("passes the check rule ChatGPT's review applies to file inputs", () => {
    const findings = checkServer({ tools: server().listTools() as never, resources: [] });
    expect(findings.filter((finding) => finding.rule === "file-params")).toEqual([]);
  });

  it("hands the handler the file the host sent, and refuses one without its id", async () => {
    const ok = await server().callTool("scan_receipt", {
      receipt: { download_url: "https://files.example/r1", file_id: "file_9", file_name: "r.png" },
      note: "",
    });
    expect(ok.structuredContent).toMatchObject({ ok: true, scan: { id: "file_9", name: "r.png" } });
    const bad = await server().callTool("scan_receipt", {
      receipt: { download_url: "https://files.example/r1" },
      note: "",
    });
    expect(bad.structuredContent).toMatchObject({
      ok: false,
      error: { code: "VALIDATION_FAILED" },
    });
  });
});

/**
 * A widget build as `widgetResources` reads it (`widget.html` and its `widget.manifest.json`
 * with the HTML's hash), written to a new temporary folder: for server tests that serve a
 * widget without running the bundler.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SKYBRIDGE_MIME_TYPE } from "../../src/server/widget/widget-resources.ts";

/** Writes `html` as the build of widget `name` into `dist` (default: a new folder). */
export function fakeWidgetBuild(
  html: string,
  options: {
    name?: string;
    meta?: { [key: string]: unknown };
    manifest?: { [key: string]: unknown };
    dist?: string;
  } = {},
): { dist: string; uri: string } {
  const dist = options.dist ?? mkdtempSync(join(tmpdir(), "wk-widget-"));
  const name = options.name ?? "notes";
  writeFileSync(join(dist, "widget.html"), html);
  const sha256 = createHash("sha256").update(html).digest("hex");
  const uri = `ui://widget/${name}-${sha256.slice(0, 8)}.html`;
  const fields = { name, uri, mimeType: SKYBRIDGE_MIME_TYPE, sha256, _meta: options.meta ?? {} };
  writeFileSync(
    join(dist, "widget.manifest.json"),
    JSON.stringify({ ...fields, ...options.manifest }),
  );
  return { dist, uri };
}

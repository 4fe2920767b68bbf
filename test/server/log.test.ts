import { describe, expect, it } from "vitest";
import { createJsonLogger } from "../../src/server/runtime/log.ts";

function lines(
  run: (log: ReturnType<typeof createJsonLogger>) => void,
): Array<Record<string, unknown>> {
  const out: string[] = [];
  run(createJsonLogger((line) => out.push(line)));
  return out.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("createJsonLogger", () => {
  it("writes one JSON object per line with time, level, event and the fields", () => {
    const [line] = lines((log) => log.info("tool_call", { tool: "x", ms: 3 }));
    expect(line).toMatchObject({ level: "info", event: "tool_call", tool: "x", ms: 3 });
    expect(typeof line?.time).toBe("string");
  });

  it("never lets a field replace the line's own keys; the field's value is kept beside them", () => {
    const [line] = lines((log) =>
      log.warn("event_cancelled", { event: "evt_1", level: "debug", time: "then", other: 1 }),
    );
    expect(line).toMatchObject({
      event: "event_cancelled",
      level: "warn",
      field_event: "evt_1",
      field_level: "debug",
      field_time: "then",
      other: 1,
    });
    expect(line?.time).not.toBe("then");
  });

  it("keeps the line's own keys first, so a reader matching the start of a line still finds it", () => {
    const out: string[] = [];
    createJsonLogger((text) => out.push(text)).info("listening", { url: "http://127.0.0.1:1/mcp" });
    expect(Object.keys(JSON.parse(out[0]!) as object)).toEqual(["time", "level", "event", "url"]);
    expect(out[0]).toMatch(/^\{"time":"[^"]+","level":"info","event":"listening",/);
  });

  it("still writes a line when the fields cannot be serialised", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const [line] = lines((log) => log.error("boom", { cyclic }));
    expect(line).toMatchObject({ event: "boom", level: "error", note: "fields not serialisable" });
  });
});

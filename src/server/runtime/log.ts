/**
 * A JSON-lines logger for servers. Internals (stack traces, SQL, driver messages) go here,
 * under the `request_id` the caller's ToolError carries — never into a tool result.
 */

/** Structured fields of one log line. */
export type LogFields = { [key: string]: unknown };

/**
 * What the server helpers log through. Any logger with these three methods fits; `fields` are
 * the line's structured fields.
 */
export interface ServerLogger {
  /** Something normal happened (`event`: a snake_case name). */
  info(event: string, fields?: { [key: string]: unknown }): void;
  /** Something to look at, not a failure. */
  warn(event: string, fields?: { [key: string]: unknown }): void;
  /** A failure; `fields` carry `request_id` and the internal detail the caller never sees. */
  error(event: string, fields?: { [key: string]: unknown }): void;
}

/** Turns an Error into loggable fields (name, message, stack) — for the log only. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error)
    return { error_name: error.name, error_message: error.message, stack: error.stack };
  return { error_value: String(error) };
}

/** The keys every log line sets itself; a field of the same name must not replace them. */
const OWN_KEYS = new Set(["time", "level", "event"]);

/**
 * The fields with any of the line's own keys renamed `field_<key>`: a handler that logs
 * `{ event: "cancelled" }` keeps its value without turning the line into another event.
 */
function withoutOwnKeys(fields: LogFields | undefined): LogFields | undefined {
  if (!fields || !Object.keys(fields).some((key) => OWN_KEYS.has(key))) return fields;
  const renamed: LogFields = {};
  for (const [key, value] of Object.entries(fields))
    renamed[OWN_KEYS.has(key) ? `field_${key}` : key] = value;
  return renamed;
}

/**
 * Logs one JSON object per line to `write` (stderr by default, so stdout stays free for the
 * stdio transport).
 */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): ServerLogger {
  const emit = (level: string, event: string, fields?: LogFields) => {
    let line: string;
    try {
      // The line's own keys first, as ever; the fields after them cannot replace them.
      line = JSON.stringify({
        time: new Date().toISOString(),
        level,
        event,
        ...withoutOwnKeys(fields),
      });
    } catch {
      line = JSON.stringify({
        time: new Date().toISOString(),
        level,
        event,
        note: "fields not serialisable",
      });
    }
    write(`${line}\n`);
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    warn: (event, fields) => emit("warn", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: ServerLogger = { info: () => {}, warn: () => {}, error: () => {} };

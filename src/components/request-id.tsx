/**
 * The request ID a person can quote to support, with a copy button. The clipboard API is
 * often missing or blocked in a sandboxed iframe, so the fallback selects the ID in its
 * read-only field (and tries the legacy copy command) and says so.
 */
import { useId, useRef, useState } from "react";
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

type CopyStatus = "idle" | "copied" | "manual";

async function writeClipboard(value: string): Promise<boolean> {
  try {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (typeof clipboard?.writeText !== "function") return false;
    await clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

function legacyCopy(): boolean {
  try {
    return typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    return false;
  }
}

/** Props of `RequestId`. */
export interface RequestIdProps {
  /** The `request_id` of the error. */
  readonly value: string;
}

/** A labelled, read-only request ID with a Copy button and a visible "copied" confirmation. */
export function RequestId({ value }: RequestIdProps) {
  const { m } = useI18n();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<CopyStatus>("idle");

  async function copy() {
    if (await writeClipboard(value)) return setStatus("copied");
    input.current?.focus();
    input.current?.select();
    setStatus(legacyCopy() ? "copied" : "manual");
  }

  return (
    <div className="wk-row">
      <label htmlFor={inputId} className="wk-muted">
        {m.requestId}
      </label>
      <input
        ref={input}
        id={inputId}
        className="wk-input"
        readOnly
        value={value}
        size={Math.min(40, Math.max(8, value.length))}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="wk-button" aria-label={m.copyLabel} onClick={copy}>
        {m.copy}
      </button>
      <span role="status" className={status === "copied" ? "wk-success" : "wk-muted"}>
        {status === "copied" ? m.copied : status === "manual" ? m.copyManually : ""}
      </span>
    </div>
  );
}
if (IS_DEV) (RequestId as DevNamed).displayName = "RequestId";

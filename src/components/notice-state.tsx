/**
 * The calm messages for results the widget can't show. Nothing from the payload is echoed:
 * an `invalid` result's reason is for logs, and may itself be hostile.
 */
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

function Notice({ title, body }: { title: string; body: string }) {
  return (
    <section className="wk-panel wk-stack" role="status">
      <h2>{title}</h2>
      <p className="wk-muted">{body}</p>
    </section>
  );
}

/** A result that is not in the shape the contract describes (or failed to render). */
export function InvalidState() {
  const { m } = useI18n();
  return <Notice title={m.invalidTitle} body={m.invalidBody} />;
}
if (IS_DEV) (InvalidState as DevNamed).displayName = "InvalidState";

/** A result from a newer major version of the contract: the app needs an update. */
export function UnsupportedState() {
  const { m } = useI18n();
  return <Notice title={m.unsupportedTitle} body={m.unsupportedBody} />;
}
if (IS_DEV) (UnsupportedState as DevNamed).displayName = "UnsupportedState";

/**
 * External checkout's settings, read once: the merchant checkout's origin is declared in one
 * place (`GIFTGENIUS_CHECKOUT_ORIGIN`), and from there it is where sessions' pages live and the
 * widget's redirect domain — ChatGPT opens a listed origin without its "is this link safe"
 * dialog and appends `?redirectUrl=` for the way back. docs/checkout.md, "External checkout".
 */
import { StartupRefusal, type ResourceProvider } from "mcp-widget-kit/server";

/**
 * An exact https origin. Not http, even on loopback: the order's `checkout_url` is an
 * `httpsUrl()` in the contract (an http link would be dropped, and the widget would show the
 * order as placed) and the host's open-link opens https only.
 */
const ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** `GIFTGENIUS_CHECKOUT_ORIGIN` and `GIFTGENIUS_WEBHOOK_SECRETS`, or a start-up refusal. */
export function externalCheckoutSettings(env: NodeJS.ProcessEnv): {
  checkoutOrigin: string | undefined;
  webhookSecrets: string[];
} {
  const origin = env.GIFTGENIUS_CHECKOUT_ORIGIN?.trim() || undefined;
  const secrets = (env.GIFTGENIUS_WEBHOOK_SECRETS ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter((secret) => secret.length > 0);
  if (origin === undefined) return { checkoutOrigin: undefined, webhookSecrets: secrets };
  if (!ORIGIN.test(origin))
    throw new StartupRefusal(
      "GIFTGENIUS_CHECKOUT_ORIGIN must be an https origin: https://host[:port]",
      [],
    );
  if (secrets.length === 0)
    throw new StartupRefusal(
      "GIFTGENIUS_CHECKOUT_ORIGIN needs GIFTGENIUS_WEBHOOK_SECRETS: the provider's webhook signing secret",
      [],
    );
  return { checkoutOrigin: origin, webhookSecrets: secrets };
}

/**
 * `provider` with `origin` among the redirect domains of the resource's ChatGPT CSP
 * (`_meta["openai/widgetCSP"].redirect_domains`; MCP Apps' `ui.csp` has no such field), next
 * to those the build declared.
 */
export function withRedirectOrigin(provider: ResourceProvider, origin: string): ResourceProvider {
  return {
    ...provider,
    async read(uri) {
      const result = await provider.read(uri);
      return {
        ...result,
        contents: result.contents.map((content) => {
          const meta = content._meta ?? {};
          const csp = (meta["openai/widgetCSP"] ?? {}) as { redirect_domains?: string[] };
          const listed = csp.redirect_domains ?? [];
          return {
            ...content,
            _meta: {
              ...meta,
              "openai/widgetCSP": {
                ...csp,
                redirect_domains: listed.includes(origin) ? listed : [...listed, origin],
              },
            },
          };
        }),
      };
    },
  };
}

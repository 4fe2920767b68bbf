/**
 * What counts as this machine, in one place. The server's `Host`/`Origin` defaults, the dev
 * authorization server, the dev host's side doors, the widget's URL check and the CSP origin
 * check all ask it. Framework-free and without `node:` imports: the widget (through
 * `isHttpsOrLoopbackUrl`) uses it too, and pulls in only the pattern it needs.
 */

/**
 * The loopback host names as they stand in a URL or a `Host` header: `127.0.0.1`, `localhost`
 * and `[::1]`, the hosts the Secure Contexts spec counts as potentially trustworthy. A regular
 * expression alternation without a group, for patterns that add their own scheme and port.
 */
export const LOOPBACK_NAME_PATTERN = "127\\.0\\.0\\.1|localhost|\\[::1\\]";

/**
 * `http://` and a loopback name at the start of a string, before its end, a port, a path, a
 * query or a fragment (so `http://localhost.evil.example` does not match). The widget's URL
 * check uses it; it spells the names again as a literal because a pattern built at run time
 * from {@link LOOPBACK_NAME_PATTERN} costs the widget bytes (a test holds the two equal).
 */
export const LOOPBACK_HTTP_START = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?=[:/?#]|$)/;

/** An optional `:port` after a host name. */
export const PORT_PATTERN = "(?::\\d{1,5})?";

// Made on first use, inside the functions: a module-level `new RegExp("…" + name)` is kept by
// the widget's bundler even where nothing calls these (the widget uses only the name pattern).
let hostHeaderPattern: RegExp | undefined;
let originPattern: RegExp | undefined;

/** Whether `host` (an interface to bind, as `listen()` takes it) is a loopback name. */
export function isLoopbackHost(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1";
}

/** The `Host` values a loopback server answers to on `port`. */
export function loopbackHostHeaders(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** Whether a `Host` header value (lower case) is a loopback name with an optional port. */
export function isLoopbackHostHeader(host: string): boolean {
  hostHeaderPattern ??= new RegExp(`^(?:${LOOPBACK_NAME_PATTERN})${PORT_PATTERN}$`);
  return hostHeaderPattern.test(host);
}

/** Whether a browser's `Origin` is a page on this machine (`http:`, a loopback name, a port). */
export function isLoopbackOrigin(origin: string): boolean {
  originPattern ??= new RegExp(`^http://(?:${LOOPBACK_NAME_PATTERN})${PORT_PATTERN}$`);
  return originPattern.test(origin);
}

/** True for a socket address in 127.0.0.0/8, `::1`, and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * Whether the host name of a `Host` header (without its port) names this machine: `localhost`,
 * `[::1]`, or any address in 127.0.0.0/8.
 */
export function isLoopbackHostName(name: string | undefined): boolean {
  return name === "localhost" || name === "[::1]" || isLoopbackAddress(name);
}

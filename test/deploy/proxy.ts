/**
 * The TLS-terminating proxy of the deploy test: Debian's Caddy (2.6), serving the test CA's
 * certificate for the public names on port 443 of a loopback address of its own (any of
 * 127.0.0.0/8, so parallel runs never share a port), and forwarding each name to its upstreams
 * on 127.0.0.1 — two GiftGenius processes for the app, one for the identity provider. Caddy
 * passes the request's `Host` through and adds `X-Forwarded-Proto: https`, as a production
 * proxy would. No admin endpoint, no automatic certificates, its state in the test's folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { superviseChild } from "../../scripts/supervise-child.ts";

/** One public name and the `127.0.0.1` ports behind it. */
export interface Site {
  name: string;
  upstreams: readonly number[];
  /** A path each upstream answers 200 on while it can serve (checked every second). */
  health?: string;
}

/** A running proxy. */
export interface Proxy {
  /** The loopback address it listens on (port 443): what the public names resolve to. */
  address: string;
  child: ChildProcess;
  logs: string[];
  stop(): Promise<void>;
}

/** A loopback address unlikely to be used by anyone else on this machine. */
export function privateLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `127.${100 + Math.floor(Math.random() * 150)}.${byte()}.${byte()}`;
}

function caddyfile(address: string, sites: readonly Site[], tls: { cert: string; key: string }) {
  const blocks = sites.map((site) =>
    [
      `https://${site.name} {`,
      `\tbind ${address}`,
      `\ttls ${tls.cert} ${tls.key}`,
      `\treverse_proxy ${site.upstreams.map((port) => `127.0.0.1:${port}`).join(" ")} {`,
      "\t\tlb_policy round_robin",
      // An instance that refuses connections (killed) is skipped: the request goes to another.
      "\t\tlb_try_duration 5s",
      // Active checks take a killed instance out within a second. Not passive ones
      // (`fail_duration`): they also count a request the client or the crash cut short against
      // the healthy instance that was serving it, and took both out for 10 s (a CI failure).
      ...(site.health
        ? [
            `\t\thealth_uri ${site.health}`,
            "\t\thealth_interval 1s",
            "\t\thealth_timeout 1s",
            // The instances answer only their public name (ALLOWED_HOSTS), checks included.
            `\t\thealth_headers {\n\t\t\tHost ${site.name}\n\t\t}`,
          ]
        : []),
      "\t}",
      "}",
    ].join("\n"),
  );
  // No admin API, no certificate automation, no listener on :80 (http_port is never bound
  // while automatic HTTPS is off; it is moved off 80 so nothing ever tries).
  const global = ["{", "\tadmin off", "\tauto_https off", "\thttp_port 1", "\thttps_port 443", "}"];
  return [...global, ...blocks, ""].join("\n");
}

/** Starts Caddy for `sites` with the certificate `tls`; resolves once it serves. */
export function startProxy(
  dir: string,
  address: string,
  sites: readonly Site[],
  tls: { cert: string; key: string },
  timeoutMs = 20_000,
): Promise<Proxy> {
  const config = join(dir, "Caddyfile");
  writeFileSync(config, caddyfile(address, sites, tls));
  const child = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    cwd: dir,
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return superviseChild(
    child,
    "caddy",
    (line) => (line.includes("serving initial configuration") ? true : undefined),
    timeoutMs,
  ).then(({ logs, stop }) => ({ address, child, logs, stop }));
}

/**
 * Every port the kit opens is a setting, read here and nowhere else: the app's server
 * (`PORT`, read by `serveApp` and `readSettings`), the development sign-in beside it
 * (`AUTH_DEV_PORT`, development only) and the host page of `mcp-widget-kit dev`
 * (`DEV_PAGE_PORT`; its `--port` flag wins over it). Each is a whole number from 0 to 65535;
 * `0` picks a free port, and what was bound is printed at start: the endpoint URL, the
 * sign-in's line, the page's line. Two apps (or a test) on one machine set them apart.
 * docs/deploy.md ("Ports") lists them.
 */
import type { ModeEnvironment } from "../runtime/mode.ts";
import { wholeSetting } from "./setting-bounds.ts";

/** The port settings, each with what listens on it (docs/deploy.md's "Ports" table). */
export const PORT_SETTINGS = {
  PORT: "the app's MCP server (`/mcp`, `/healthz`; an app's own dev page too)",
  AUTH_DEV_PORT: "the development sign-in beside it (no `AUTH_ISSUER`, development only)",
  DEV_PAGE_PORT: "the host page of `mcp-widget-kit dev` (its `--port` wins)",
} as const;

/** The name of one port setting. */
export type PortSettingName = keyof typeof PORT_SETTINGS;

/** The host page's port when neither `--port` nor `DEV_PAGE_PORT` is given. */
export const DEV_PAGE_DEFAULT_PORT = 8789;

/**
 * The port `env[name]` holds, or `fallback` when it is unset or empty.
 *
 * @throws `StartupRefusal` naming `name` when it is not a whole number from 0 to 65535.
 */
export function portSetting(env: ModeEnvironment, name: PortSettingName, fallback: number): number {
  return wholeSetting(env, name, { fallback, min: 0, max: 65_535 });
}

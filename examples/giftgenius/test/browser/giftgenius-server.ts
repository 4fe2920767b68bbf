/**
 * The real GiftGenius server for the Chromium suites that drive the dev page: `main.ts` started
 * the way `npm start` does (minus the build), on an ephemeral port with a temp SQLite file and
 * its development authorization server, its URL read from the log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { GIFTGENIUS, TARGETS } from "./targets.ts";

/** `suggest_gifts` arguments that find a handful of gifts, every one under the budget. */
export { GOOD_SEARCH as SUGGEST_ARGS } from "../searches.ts";

/** A running GiftGenius server: its origin (the dev page is at `/`) and its process. */
export interface GiftGeniusServer {
  readonly baseUrl: string;
  readonly process: ChildProcess;
}

/**
 * Starts the server with its database in `dataDir` (and any setting of `env` beside the
 * suite's); resolves once it listens.
 */
export async function startGiftGenius(
  dataDir: string,
  env: { readonly [name: string]: string } = {},
): Promise<GiftGeniusServer> {
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: GIFTGENIUS,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      AUTH_DEV_PORT: "0",
      SQLITE_FILE: join(dataDir, "giftgenius.sqlite"),
      // GiftGenius' own build (its package's dist/, the React target), which the suite's
      // setup keeps fresh.
      WIDGET_DIST: TARGETS[0]!.dir,
      // Its own database, even when the suite runs with a shared PostgreSQL (CI's
      // DATABASE_URL): there the anonymous caller's daily search count carries over from
      // every earlier run of the day, and after 50 every search is refused.
      DATABASE_URL: "",
      NODE_ENV: "development",
      GIFTGENIUS_FAULTS: "",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let log = "";
    server.once("exit", (code) => reject(new Error(`server exited (${code}): ${log}`)));
    server.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      // The listening line, its fields in any order (the logger puts time, level and event last).
      const listening = /^(?=.*"event":"listening").*"url":"(http:\/\/[^"]+)\/mcp"/m.exec(log);
      if (listening) resolve(listening[1]!);
    });
  });
  return { baseUrl, process: server };
}

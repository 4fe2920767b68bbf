/**
 * For the browser suites about the dev host: the dev page built, and the real GiftGenius
 * server started (its own temp data folder). `stop` ends the server and removes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDevPage } from "../../../../test/browser/dev-page.ts";
import { startGiftGenius } from "./giftgenius-server.ts";

/** A running GiftGenius behind the freshly built dev page. */
export interface DevhostGiftGenius {
  readonly baseUrl: string;
  stop(): void;
}

/** Builds the dev page, then starts GiftGenius on an ephemeral port with a temp SQLite file. */
export async function startDevhostGiftGenius(name: string): Promise<DevhostGiftGenius> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  buildDevPage();
  const started = await startGiftGenius(dataDir);
  return {
    baseUrl: started.baseUrl,
    stop() {
      started.process.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run bench`: one table of measurements, each a ratio against a baseline measured in the
 * same run on the same machine, so numbers from different machines stay comparable.
 */
import type { BenchRow } from "./measure.ts";
import { benchContract } from "./contract.ts";
import { benchBridge } from "./bridge.ts";
import { benchComponents } from "./components.ts";
import { benchBuild } from "./build.ts";
import { benchFirstRender } from "./first-render.ts";
import { benchProfile } from "./profile.ts";
import { benchPurge } from "./purge.ts";
import { benchServer } from "./server.ts";
import { benchRuntimes } from "./runtimes.ts";

/** `explicit`: runs only when named (`npm run bench -- profile`), not in the whole table. */
type Section = { name: string; run: () => Promise<BenchRow[]>; explicit?: boolean };

const sections: Section[] = [
  { name: "contract", run: benchContract },
  { name: "bridge", run: benchBridge },
  { name: "components", run: benchComponents },
  { name: "build", run: benchBuild },
  { name: "render", run: benchFirstRender },
  { name: "profile", run: benchProfile, explicit: true },
  { name: "server", run: benchServer },
  { name: "purge", run: benchPurge },
  { name: "runtimes", run: benchRuntimes },
];

// `npm run bench -- contract build` runs only those sections.
const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const section of sections) {
  if (only.length > 0 ? !only.includes(section.name) : section.explicit) continue;
  try {
    rows.push(...(await section.run()));
  } catch (error) {
    rows.push({
      name: `${section.name}: FAILED`,
      value: error instanceof Error ? error.message : String(error),
    });
    process.exitCode = 1;
  }
}

const width = Math.max(...rows.map((r) => r.name.length), 10);
// Long notes (a skipped section's reason) do not widen the column for everyone.
const valueWidth = Math.max(...rows.map((r) => String(r.value).length).filter((n) => n <= 16), 5);
console.log(`${"measure".padEnd(width)}  ${"value".padStart(valueWidth)}  goal`);
console.log(`${"-".repeat(width)}  ${"-".repeat(valueWidth)}  ----`);
for (const row of rows)
  console.log(
    `${row.name.padEnd(width)}  ${String(row.value).padStart(valueWidth)}  ${row.goal ?? ""}`,
  );

/**
 * Builds each widget target when its HTML is missing or older than any source it is built
 * from, so the suite always checks what `npm run build` would ship. GiftGenius reaches the kit
 * by its package name, i.e. the kit's build in lib/: that is rebuilt first when src/ is newer.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { GIFTGENIUS, REPO, TARGETS } from "./targets.ts";

const SOURCES = [
  join(REPO, "src"),
  join(REPO, "package.json"),
  ...["widget", "widget.config.ts", "contract.ts", "vite.config.ts", "contract.lock.json"].map(
    (p) => join(GIFTGENIUS, p),
  ),
  process.env.WIDGET_ROOT && join(GIFTGENIUS, process.env.WIDGET_ROOT),
].filter((p): p is string => Boolean(p));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export default function setup(): void {
  if (newestMtime(join(REPO, "lib")) < newestMtime(join(REPO, "src")))
    execFileSync("npm", ["run", "build:lib"], { cwd: REPO, stdio: "inherit" });
  const sourcesTime = Math.max(...SOURCES.map((p) => newestMtime(p)));
  for (const target of TARGETS) {
    const html = join(target.dir, "widget.html");
    if (existsSync(html) && statSync(html).mtimeMs >= sourcesTime) continue;
    execFileSync(
      join(REPO, "node_modules/.bin/vite"),
      ["build", "--logLevel", "warn", ...target.buildArgs],
      {
        cwd: GIFTGENIUS,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
  }
}

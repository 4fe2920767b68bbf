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
  "src",
  "examples/giftgenius/widget",
  "examples/giftgenius/widget.config.ts",
  "examples/giftgenius/contract.ts",
  "examples/giftgenius/vite.config.ts",
  "examples/giftgenius/contract.lock.json",
  "package.json",
  process.env.WIDGET_ROOT,
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
  const sourcesTime = Math.max(...SOURCES.map((p) => newestMtime(join(REPO, p))));
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

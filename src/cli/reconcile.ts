/**
 * `mcp-widget-kit reconcile --app <module>`: the operator's run of the reconciler, beside (or
 * instead of) the one in the server — after an outage, before a deploy, from a cron job. The
 * module is the app's: it exports `openReconciliation(env)`, which opens the app's store and
 * returns its `ReconcileOptions` (how to complete and how to compensate one of its records)
 * and a `close`. Passes run until no record is due; the counts are printed as one JSON line.
 * Safe beside running servers: each record is taken over by one reconciler at a time.
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  reconcileInDoubt,
  type ReconcileAction,
  type ReconcileCounts,
  type ReconcileOptions,
} from "../server/idempotency/reconcile.ts";
import { UsageError } from "./create.ts";

/** What an app's reconciliation module exports. */
export interface ReconciliationModule {
  openReconciliation(env: NodeJS.ProcessEnv): Promise<{
    options: ReconcileOptions<unknown, unknown>;
    close(): Promise<void>;
  }>;
}

/** Options of `runReconcile`. */
export interface RunReconcileOptions {
  /** Path of the app's module (`openReconciliation`). */
  app: string;
  /** Overrides the app's grace (ms): 0 takes every in-doubt record not under a running lease. */
  graceMs?: number;
  /** Stops after this many passes (default 100, of up to 100 records each). */
  maxPasses?: number;
  /** The environment the module reads its settings from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Overrides the app's clock (tests). */
  now?: () => number;
}

/** A TypeScript module, which Node 20 cannot import by itself. */
const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Imports the app's module. A TypeScript one (`server/reconcile.ts`, as a created app writes
 * it) goes through the app's own tsx — the loader its `start` script runs its server with —
 * resolved from the module's folder, so the kit ships no loader of its own: importing
 * `tsx/esm` registers its hooks in this process, as `node --import tsx/esm` does.
 */
async function importApp(path: string): Promise<unknown> {
  const file = resolve(path);
  const url = pathToFileURL(file).href;
  if (!TYPESCRIPT.test(file)) return import(url);
  let loader: string;
  try {
    loader = createRequire(file).resolve("tsx/esm");
  } catch {
    throw new UsageError(
      `${path} is TypeScript: install tsx in the app (npm install --save-dev tsx), which loads it as the app's start script does.`,
    );
  }
  await import(pathToFileURL(loader).href);
  return import(url);
}

/**
 * Runs passes until none takes a record; returns, per record, what was last done with it. A
 * record a pass leaves in doubt (`unowned`, `retry_later`) is taken again by the next pass
 * and must count once: summing the passes' counts would say two records where there is one.
 */
export async function runReconcile(options: RunReconcileOptions): Promise<ReconcileCounts> {
  const module = (await importApp(options.app)) as Partial<ReconciliationModule>;
  if (typeof module.openReconciliation !== "function")
    throw new UsageError("The --app module must export openReconciliation(env).");
  const opened = await module.openReconciliation(options.env ?? process.env);
  const last = new Map<string, ReconcileAction>();
  const told = opened.options.onReconciled;
  try {
    for (let pass = 0; pass < (options.maxPasses ?? 100); pass++) {
      const counts = await reconcileInDoubt({
        ...opened.options,
        ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
        ...(options.now ? { now: options.now } : {}),
        onReconciled(record, action) {
          last.set(JSON.stringify([record.scope, record.key]), action);
          told?.(record, action);
        },
      });
      // A pass takes each due record once; records left for later are not retried in a loop.
      if (counts.completed + counts.compensated + counts.lost === 0) break;
    }
  } finally {
    await opened.close();
  }
  const total: ReconcileCounts = {
    completed: 0,
    compensated: 0,
    retry_later: 0,
    lost: 0,
    unowned: 0,
  };
  for (const action of last.values()) total[action] += 1;
  return total;
}

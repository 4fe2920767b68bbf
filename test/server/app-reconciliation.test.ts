/**
 * appReconciliation: the operator's reconciler opens the store the servers write, by the same
 * settings, and hands the app's factory the same options (the timing included).
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appReconciliation, type AppServerOptions } from "../../src/server/index.ts";

describe("appReconciliation", () => {
  it("opens SQLITE_FILE (as serveApp does) and hands the factory the settings' timing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wk-reconcile-")), "app.sqlite");
    let seen: AppServerOptions | undefined;
    const open = appReconciliation(
      { name: "app", sqliteFile: "/nonexistent/app.sqlite" },
      (options) => {
        seen = options;
        return { store: options.store, complete: async () => ({ final: true, value: null }) };
      },
    );
    const opened = await open({ SQLITE_FILE: file, IDEMPOTENCY_LEASE_SECONDS: "45" });
    expect(seen?.timing).toEqual({ ttlMs: 86_400_000, leaseMs: 45_000 });
    expect(opened.options.store).toBe(seen?.store);
    await opened.options.store.init();
    expect(existsSync(file)).toBe(true);
    await opened.close();
  });

  it("refuses a malformed setting by name before opening anything", async () => {
    const open = appReconciliation({ name: "app" }, (options) => ({
      store: options.store,
      complete: async () => ({ final: true, value: null }),
    }));
    await expect(open({ IDEMPOTENCY_LEASE_SECONDS: "-1" })).rejects.toThrow(
      /IDEMPOTENCY_LEASE_SECONDS/,
    );
  });
});

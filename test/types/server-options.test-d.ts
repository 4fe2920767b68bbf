/**
 * Type tests of the server options an app writes by hand: `ReconcileOptions` names an app's
 * reconciliation options without type arguments (it once needed two, TS2707), and
 * `createPostgresStore` takes the database URL as well as its options object.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  createPostgresStore,
  type IdempotencyStore,
  type ReconcileOptions,
} from "mcp-widget-kit/server";

describe("server options", () => {
  it("names a reconciliation module's options without type arguments", () => {
    const options = {} as ReconcileOptions;
    expectTypeOf(options.complete).returns.resolves.toHaveProperty("value");
    expectTypeOf<
      ReconcileOptions<{ ok: boolean }, { amount: number }>
    >().toExtend<ReconcileOptions>();
  });

  it("opens a PostgreSQL store from a URL or from options", () => {
    expectTypeOf(createPostgresStore).toBeCallableWith("postgres://127.0.0.1/app");
    expectTypeOf(createPostgresStore).toBeCallableWith({ connectionString: "postgres://x" });
    expectTypeOf(createPostgresStore).returns.toEqualTypeOf<IdempotencyStore>();
  });
});

/**
 * PostgreSQL tests run when DATABASE_URL is set. Without it they skip locally with a visible
 * message, and FAIL under CI=true: a silent skip would hide that they never ran.
 */
import { describe, it } from "vitest";

export const DATABASE_URL = process.env.DATABASE_URL;

/** `describe` for PostgreSQL suites. */
export function describePostgres(name: string, body: () => void): void {
  if (DATABASE_URL) {
    describe(name, body);
  } else if (process.env.CI === "true") {
    describe(name, () => {
      it('needs DATABASE_URL under CI (run: eval "$(scripts/ci-postgres.sh)")', () => {
        throw new Error(
          'DATABASE_URL is not set: PostgreSQL tests cannot run (eval "$(scripts/ci-postgres.sh)")',
        );
      });
    });
  } else {
    console.warn(
      `[skip] ${name}: DATABASE_URL not set (eval "$(scripts/ci-postgres.sh)" to run it)`,
    );
    describe.skip(name, body);
  }
}

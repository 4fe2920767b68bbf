/**
 * One SQL text for both databases: statements name their parameters (`:scope`), and each
 * store binds them its own way — better-sqlite3 takes `:name` with an object as it is,
 * PostgreSQL gets `$1…$n` and a list. So the SQLite and PostgreSQL stores run the very same
 * statements and cannot drift apart in what they decide.
 */

/** Named parameter values. */
export type SqlParams = { readonly [name: string]: string | number | null };

/** A statement for PostgreSQL: `$n` placeholders and the values in their order. */
export interface PositionalSql {
  text: string;
  names: readonly string[];
}

const NAMED = /(?<!:):([a-z_][a-z0-9_]*)/g;

/** `text` with `:name` replaced by `$1…$n` (one number per distinct name). */
export function toPositional(text: string): PositionalSql {
  const names: string[] = [];
  const positional = text.replace(NAMED, (_match, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text: positional, names };
}

/**
 * `text` and `params` with every parameter name prefixed (`:scope` → `:along_scope`), so the
 * statement can join another in one text without its names meeting the other's.
 */
export function prefixParameters(
  text: string,
  params: SqlParams,
  prefix: string,
): { text: string; params: SqlParams } {
  const renamed: { [name: string]: string | number | null } = {};
  for (const [name, value] of Object.entries(params)) renamed[`${prefix}${name}`] = value;
  return {
    text: text.replace(NAMED, (_match, name: string) => `:${prefix}${name}`),
    params: renamed,
  };
}

/** The values of `params` in the order `sql` numbers them; a missing one is an error. */
export function positionalValues(
  sql: PositionalSql,
  params: SqlParams,
): Array<string | number | null> {
  return sql.names.map((name) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`SQL parameter :${name} has no value`);
    return value;
  });
}

/** A lower-case SQL identifier (a table name an app may choose), or a TypeError. */
export function plainIdentifier(name: string, what = "table"): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new TypeError(`${what} must be a plain lower-case identifier`);
  return name;
}

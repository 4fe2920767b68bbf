/**
 * Money on the payment sheet is an integer count of the currency's minor units (cents). A
 * float, a negative amount or one past `Number.MAX_SAFE_INTEGER` is a bug in the server's
 * pricing, not something to round: the builder refuses it, naming the field.
 */

/** `value` if it is a whole, non-negative, safe integer; a RangeError naming `field` if not. */
export function minorUnits(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(
      `${field} must be a whole, non-negative number of minor units (cents) within Number.MAX_SAFE_INTEGER, not ${String(value)}`,
    );
  return value;
}

/** The sum of `values`, refused (RangeError naming `field`) once it is no longer safe. */
export function sumMinorUnits(values: readonly number[], field: string): number {
  return minorUnits(
    values.reduce((sum, value) => sum + value, 0),
    field,
  );
}

/** The shapes `useWriteFlow` works with, named so an app can name them too. */

/** Tool arguments. */
export type WriteFlowArgs = { readonly [key: string]: unknown };

/** A parsed view, as any contract's `parse` returns. */
export type WriteFlowView = { readonly state: string };

/** A contract, as the flow needs it. */
export interface WriteFlowContract<R extends WriteFlowView> {
  readonly version: string;
  parse(input: unknown): R;
}

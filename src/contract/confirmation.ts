/**
 * The wire names of the confirmation proof, shared by the server that issues and checks it
 * and the widget that carries it (see src/server/confirmation.ts).
 */

/** The prepare result's `_meta` key of the proof: the widget-only lane. */
export const CONFIRMATION_META = "mcp-widget-kit/confirmation";

/**
 * The `_meta` key, on every result of a server with a payment sheet, that names the sheet's
 * session tool (`createPaymentSheet`'s `sessionTool.name`): the widget pays on the sheet only
 * where the server says it has one, never because another call failed.
 */
export const SHEET_META = "mcp-widget-kit/sheet";

/** The commit argument that carries the proof back. */
export const CONFIRMATION_ARGUMENT = "confirmation";

/** The longest proof either side accepts; anything longer is not read. */
export const MAX_CONFIRMATION_LENGTH = 256;

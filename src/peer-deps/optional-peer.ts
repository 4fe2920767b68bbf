/**
 * Optional peer dependencies: what only one part of one entry needs (a database driver for
 * `mcp-widget-kit/server`, the MCP client for `mcp-widget-kit/testing`'s recorder) is not installed
 * with the kit. The part that needs it loads it on first use, and a missing one becomes one
 * error that names the package to install. Shared by the entries, so it lives in neither.
 */

/** The error when an optional peer dependency is not installed. */
export class MissingPeerError extends Error {
  /** The npm package to install. */
  readonly packageName: string;
  constructor(packageName: string, neededBy: string) {
    super(
      `${neededBy} needs the package "${packageName}", an optional peer dependency of ` +
        `mcp-widget-kit that is not installed: run \`npm install ${packageName}\`.`,
    );
    this.name = "MissingPeerError";
    this.packageName = packageName;
  }
}

/** Whether `error` says that `packageName` itself (not something inside it) was not found. */
function isMissing(error: unknown, packageName: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    (message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`))
  );
}

/**
 * Runs `load` (a dynamic `import()` of `packageName`) and returns the module; when the
 * package is not installed, throws a `MissingPeerError` naming it. Other failures pass through.
 */
export async function importOptionalPeer<T>(
  packageName: string,
  neededBy: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingPeerError(packageName, neededBy);
    throw error;
  }
}

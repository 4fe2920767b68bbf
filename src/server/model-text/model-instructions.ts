/**
 * The server's `instructions` as the model gets them: the app's own text first (ChatGPT reads
 * the first 512 characters, so what the app says leads), then one kit sentence per rule the
 * kit enforces that a model would otherwise get wrong. A server with commits the person
 * confirms says that a draft changes nothing until then — so "did it go through?" is never
 * answered "yes" from a draft.
 */

/** The app's instructions, followed by the kit's sentence about drafts when it has any. */
export function modelInstructions(
  own: string | undefined,
  prepares: ReadonlySet<string>,
): string | undefined {
  const app = own?.trim();
  if (prepares.size === 0) return app || undefined;
  const tools = [...prepares].join(", ");
  const drafts =
    `A draft from ${tools} changes nothing: the person confirms it in the app, which carries it out. ` +
    "Until they do, say it waits for their confirmation, never that it is done.";
  return app ? `${app}\n\n${drafts}` : drafts;
}

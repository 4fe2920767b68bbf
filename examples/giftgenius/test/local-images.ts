/**
 * Recorded fixtures carry the GiftGenius pictures on the app's production origin
 * (`npm run record` uses https://giftgenius.example), which is not reachable from a test or
 * story. Storybook and the visual tests serve the same files (GiftGenius' public/) from
 * their own origin; this points the fixture's picture URLs there.
 */

/** The production origin the recordings use for pictures. */
export const RECORDED_IMAGE_ORIGIN = "https://giftgenius.example";

/** `output` with every `https://giftgenius.example/images/…` string on `origin` instead. */
export function withLocalImages<T>(output: T, origin: string): T {
  if (output === null || typeof output !== "object") return output;
  const json = JSON.stringify(output).replaceAll(
    `"${RECORDED_IMAGE_ORIGIN}/images/`,
    `"${origin}/images/`,
  );
  return JSON.parse(json) as T;
}

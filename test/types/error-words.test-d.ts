/**
 * Type tests: an app's error words (`errorTexts`, `errorClasses`) are one type, `ErrorWords`,
 * taken alike by ErrorState, ResultView and ConfirmDraft; a class must be
 * one the kit has a sentence for. Imports go through the package name, as an app's do.
 */
import { describe, expectTypeOf, it } from "vitest";
import type {
  ConfirmDraftProps,
  ErrorClass,
  ErrorStateProps,
  ErrorWords,
  ResultViewProps,
} from "mcp-widget-kit";
import type { ParsedResult } from "mcp-widget-kit/contract";

describe("ErrorWords", () => {
  it("is taken by every component that shows a ToolError", () => {
    expectTypeOf<ErrorStateProps>().toMatchTypeOf<ErrorWords>();
    expectTypeOf<ResultViewProps<ParsedResult<never>>>().toMatchTypeOf<ErrorWords>();
    expectTypeOf<ConfirmDraftProps>().toMatchTypeOf<ErrorWords>();
  });

  it("maps codes to sentences and to the kit's classes only", () => {
    const words = {
      errorTexts: { EVENT_ALREADY_CANCELLED: "This event was already cancelled." },
      errorClasses: { SEAT_HELD: "in_progress" },
    } satisfies ErrorWords;
    expectTypeOf(words.errorClasses.SEAT_HELD).toMatchTypeOf<ErrorClass>();
    // @ts-expect-error: not a class the kit has a sentence for
    const wrong: ErrorWords = { errorClasses: { SEAT_HELD: "seat_held" } };
    // @ts-expect-error: a sentence is text, not a function of the error
    const notText: ErrorWords = { errorTexts: { SEAT_HELD: () => "held" } };
    void wrong;
    void notText;
  });
});

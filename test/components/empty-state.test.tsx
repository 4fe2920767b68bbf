// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "../../src/components/empty-state.tsx";
import { defineMessages, useI18n } from "../../src/i18n/index.ts";
import { renderWithHost } from "./helpers.tsx";

const messages = defineMessages(
  { en: { widen: "Widen the search", widenPrompt: "Please widen the search." } },
  { ru: { widen: "Расширить поиск", widenPrompt: "Пожалуйста, расширь поиск." } },
);

/** An app's empty state: its follow-up in the host's language, from its own messages. */
function Searching({ reason }: { reason: string }) {
  const { m } = useI18n(messages);
  return <EmptyState reason={reason} suggestions={[{ label: m.widen, prompt: m.widenPrompt }]} />;
}

describe("EmptyState", () => {
  it("offers no suggestions of its own: an app's come from its messages, sent once", async () => {
    const { unmount } = renderWithHost(<EmptyState reason="x" />);
    expect(screen.queryByRole("button")).toBeNull();
    unmount();
    const { host } = renderWithHost(<Searching reason="Nothing under 5 USD." />, {
      globals: { locale: "ru-RU" },
    });
    expect(screen.getByRole("heading")).toHaveTextContent("Ничего не найдено");
    expect(screen.getByText("Nothing under 5 USD.")).toBeVisible();
    const widen = screen.getByRole("button", { name: "Расширить поиск" });
    await act(async () => {
      fireEvent.click(widen);
      fireEvent.click(widen);
    });
    expect(host.callsOf("sendFollowUpMessage").map((call) => call.args[0])).toEqual([
      "Пожалуйста, расширь поиск.",
    ]);
    expect(widen).toBeDisabled();
  });

  it("hides suggestions when the host can't send messages, or none are given", () => {
    const { unmount } = renderWithHost(<EmptyState />, {
      capabilities: { sendFollowUpMessage: false },
    });
    expect(screen.queryByRole("button")).toBeNull();
    unmount();
    renderWithHost(<EmptyState suggestions={[]} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

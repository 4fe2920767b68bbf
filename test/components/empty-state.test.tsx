// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "../../src/components/empty-state.tsx";
import { renderWithHost } from "./helpers.tsx";

describe("EmptyState", () => {
  it("shows the reason and sends an i18n suggestion as a follow-up, once", async () => {
    const { host } = renderWithHost(
      <EmptyState reason="No gifts under 5 USD for these interests." />,
      { globals: { locale: "ru-RU" } },
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Ничего не найдено");
    expect(screen.getByText("No gifts under 5 USD for these interests.")).toBeVisible();
    const raise = screen.getByRole("button", { name: "Увеличить бюджет" });
    await act(async () => {
      fireEvent.click(raise);
      fireEvent.click(raise);
    });
    expect(host.callsOf("sendFollowUpMessage").map((call) => call.args[0])).toEqual([
      "Пожалуйста, немного увеличь бюджет и предложи подарки ещё раз.",
    ]);
    expect(raise).toBeDisabled();
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

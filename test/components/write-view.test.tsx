// @vitest-environment jsdom
/** WriteView: the write flow drawn once over the fixture shop (list → confirm → receipt). */
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WRITE_ERROR_CLASSES } from "../../src/components/write-error-classes.ts";
import { DRAFT_REFUSALS } from "../../src/server/write/write-refusals.ts";
import { payloads, resultOf } from "../fixture-app/payloads.ts";
import { defineMessages, type AppMessages } from "../../src/i18n/index.ts";
import type { MockHostOptions } from "../../src/testing/mock-host.ts";
import { renderWithHost, widgetRoot } from "./helpers.tsx";
import { ShopWriteView } from "./shop-write-view.tsx";

function Shop({ messages }: { readonly messages?: AppMessages<unknown> }) {
  return <ShopWriteView messages={messages} />;
}

const click = (selector: string) =>
  act(async () => void fireEvent.click(document.querySelector(selector)!));

function render(options: MockHostOptions = {}) {
  return renderWithHost(<Shop />, {
    globals: { toolOutput: payloads.products },
    tools: {
      prepare_purchase: () => resultOf(payloads.draft),
      place_purchase: () => resultOf(payloads.placed),
    },
    ...options,
  });
}

describe("WriteView", () => {
  it("prepares from the list, confirms with the kit's commit arguments, shows the receipt", async () => {
    const { container, host } = render();
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    await click('[data-action="prepare"]');
    expect(host.toolCalls("prepare_purchase").map((call) => call.args)).toEqual([
      { product_id: "p-mug" },
    ]);
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("One Mug");
    expect(dialog).toHaveTextContent("$12.50");
    await click('[data-action="confirm"]');
    const [commit] = host.toolCalls("place_purchase");
    expect(commit?.args).toMatchObject({ draft_id: "drf_fixture_1" });
    expect(commit?.args.idempotency_key).toMatch(/^[\w-]{16,128}$/);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("pur_fixture_1");
    expect(container).toHaveTextContent("Status: placed");
    expect(document.activeElement?.tagName).toBe("H2"); // the fresh receipt takes focus
  });

  it("cancels a draft back to the list, and a draft with no list under it to the notice", async () => {
    const { container } = render();
    await click('[data-action="prepare"]');
    await click('[data-action="cancel"]');
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    const alone = render({ globals: { toolOutput: payloads.draft } });
    await act(
      async () => void fireEvent.click(alone.container.querySelector('[data-action="cancel"]')!),
    );
    expect(widgetRoot(alone.container)).toHaveAttribute("data-state", "empty");
    expect(alone.container).toHaveTextContent("Cancelled. Nothing was changed.");
    expect(alone.container.querySelector("h1")).toHaveTextContent("Shop");
  });

  it("hands its `messages` to the kit's components inside, with no provider around it", async () => {
    const words = defineMessages({
      en: { confirm: "Pay now", cancelled: "Stopped; nothing paid." },
    });
    const alone = renderWithHost(<Shop messages={words} />, {
      globals: { toolOutput: payloads.draft, locale: "en" },
    });
    const confirm = alone.container.querySelector('[data-action="confirm"]');
    expect(confirm).toHaveTextContent("Pay now");
    await act(
      async () => void fireEvent.click(alone.container.querySelector('[data-action="cancel"]')!),
    );
    expect(alone.container).toHaveTextContent("Stopped; nothing paid.");
  });

  it("prepares an expired draft again with the app's arguments", async () => {
    const expired = {
      ...payloads.draft,
      draft: { ...payloads.draft.draft, expires_at: "2001-01-01T00:00:00Z" },
    };
    const { host } = render({
      globals: { toolOutput: expired },
      tools: { prepare_purchase: () => resultOf(payloads.draft) },
    });
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await click('[data-action="prepare"]');
    expect(host.toolCalls("prepare_purchase").map((call) => call.args)).toEqual([
      { product_id: "p-mug" },
    ]);
    expect(screen.getByRole("button", { name: "Confirm" })).toBeEnabled();
  });
  it("says where to confirm when the host dropped the proof (MCPJam's _meta: null), and offers no prepare again", async () => {
    const refused = {
      contract_version: "1.0",
      kind: "purchase",
      ok: false,
      error: { code: "CONFIRMATION_REQUIRED", message: "m", retryable: false, changes: "none" },
    };
    const { container } = render({
      tools: {
        prepare_purchase: () => ({ ...resultOf(payloads.draft), _meta: null }),
        place_purchase: () => resultOf(refused),
      },
    });
    await click('[data-action="prepare"]');
    await click('[data-action="confirm"]');
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).not.toHaveTextContent(/expired/i);
    expect(dialog).toHaveTextContent(
      "This host does not pass on what the app needs to confirm here. You can confirm in ChatGPT or another host that shows this app.",
    );
    expect(dialog).toHaveTextContent("Nothing was changed.");
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    // Preparing again here would lose the proof again: not offered; the way back is.
    expect(container.querySelector('[data-action="prepare"]')).toBeNull();
    expect(container.querySelector('[data-action="back"]')).not.toBeNull();
  });

  it("classes a declared write's draft refusals for every app (none lists them)", async () => {
    expect(Object.keys(WRITE_ERROR_CLASSES).sort()).toEqual(Object.keys(DRAFT_REFUSALS).sort());
    const refusal = (code: string) => ({
      contract_version: "1.0",
      kind: "purchase",
      ok: false,
      error: { code, message: "m", retryable: false, changes: "none" },
    });
    for (const [code, sentence] of [
      ["DRAFT_EXPIRED", "This has expired. Please start again."],
      ["DRAFT_NOT_FOUND", "That could not be found, or is no longer available."],
      ["DRAFT_ALREADY_USED", "This clashes with an earlier request, so nothing more was done."],
    ] as const) {
      const { unmount } = render({
        tools: {
          prepare_purchase: () => resultOf(payloads.draft),
          place_purchase: () => resultOf(refusal(code)),
        },
      });
      await click('[data-action="prepare"]');
      await click('[data-action="confirm"]');
      expect(screen.getByRole("alertdialog")).toHaveTextContent(sentence);
      unmount();
    }
  });
});

// @vitest-environment jsdom
/**
 * A write that needs sign-in under `window.openai` (the openai adapter over the mock's fake
 * `window.openai`): ChatGPT hands the widget the server's refusal (AUTH_REQUIRED with
 * `_meta["mcp/www_authenticate"]`); the widget shows the sign-in state, and its sign-in action
 * calls the tool again — which is what starts ChatGPT's own account linking — with the same key.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { App } from "../../examples/giftgenius/widget/app.tsx";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import { HostProvider } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(process.cwd(), "test/fixtures", `${name}.json`), "utf8")) as {
    structuredContent: { draft?: { [key: string]: unknown } };
  };

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

it("shows the sign-in state under window.openai, and signs in with the same call and key", async () => {
  const draft = fixture("confirm--prepare-order").structuredContent;
  const output = { ...draft, draft: { ...draft.draft, expires_at: "2031-01-01T00:00:00Z" } };
  const answers = [fixture("error--auth-required"), fixture("committed--commit")];
  const mock = createMockHost({ tools: { commit_order: () => answers.shift()! } });
  cleanups.push(mock.installAsOpenAI(window));
  const host = createOpenAIHost(window)!;
  cleanups.push(() => host.dispose());
  const { container } = render(
    <HostProvider host={host}>
      <App output={output} />
    </HostProvider>,
  );
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm purchase" })));
  await waitFor(() => expect(container.querySelector('[data-action="sign-in"]')).not.toBeNull());
  expect(container).not.toHaveTextContent(/could not reach|went wrong/i);
  await act(async () => fireEvent.click(container.querySelector('[data-action="sign-in"]')!));
  await waitFor(() =>
    expect(container.querySelector("[data-state]")).toHaveAttribute("data-state", "committed"),
  );
  const calls = mock.toolCalls("commit_order");
  expect(calls).toHaveLength(2);
  expect(calls[1]!.args.idempotency_key).toBe(calls[0]!.args.idempotency_key);
});

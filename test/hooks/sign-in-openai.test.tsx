// @vitest-environment jsdom
/**
 * A write that needs sign-in under `window.openai` (the openai adapter over the mock's fake
 * `window.openai`): ChatGPT hands the widget the server's refusal (AUTH_REQUIRED with
 * `_meta["mcp/www_authenticate"]`); the widget shows the sign-in state, and its sign-in action
 * calls the tool again — which is what starts ChatGPT's own account linking — with the same key.
 * The same holds for the forms window.openai emulators give instead of that result (MCPJam's
 * resolved `{ isError, error }`, mcp-use's rejected registration, SDK v1's text at any length).
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import { HostProvider } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import {
  HOST_TEXT_MARKERS,
  OPENAI_ONLY_REJECTIONS,
  REJECTED_FORMS,
  RESOLVED_FORMS,
} from "../bridge/host-sign-in-forms.ts";
import { authRequired, payloads, resultOf } from "../fixture-app/payloads.ts";
import { FixtureWidget } from "../fixture-app/widget.tsx";

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

const output = payloads.draft;
const placed = resultOf(payloads.placed);

/**
 * Renders the confirmation over the adapter on `window.openai`, confirms, and waits for the
 * sign-in state (where `between` checks the page); then signs in and waits for the purchase.
 */
async function confirmSignInAndCommit(between: (page: HTMLElement) => void): Promise<void> {
  const host = createOpenAIHost(window)!;
  cleanups.push(() => host.dispose());
  const { container } = render(
    <HostProvider host={host}>
      <FixtureWidget output={output} />
    </HostProvider>,
  );
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
  await waitFor(() => expect(container.querySelector('[data-action="sign-in"]')).not.toBeNull());
  expect(container).not.toHaveTextContent(/could not reach|can.t read|went wrong/i);
  between(container);
  await act(async () => fireEvent.click(container.querySelector('[data-action="sign-in"]')!));
  await waitFor(() =>
    expect(container.querySelector("[data-state]")).toHaveAttribute("data-state", "committed"),
  );
}

it("shows the sign-in state under window.openai, and signs in with the same call and key", async () => {
  const answers: unknown[] = [authRequired, placed];
  const mock = createMockHost({ tools: { place_purchase: () => answers.shift()! as never } });
  cleanups.push(mock.installAsOpenAI(window));
  await confirmSignInAndCommit(() => {});
  const calls = mock.toolCalls("place_purchase");
  expect(calls).toHaveLength(2);
  expect(calls[1]!.args.idempotency_key).toBe(calls[0]!.args.idempotency_key);
});

type OpenAICall = (name: string, args: { readonly [key: string]: unknown }) => Promise<unknown>;

/** The forms window.openai emulators (MCPJam, mcp-use) give a refused call, then the purchase. */
const EMULATOR_FORMS: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
  ...RESOLVED_FORMS.map(([name, form]) => [name, async () => form] as const),
  ...[...REJECTED_FORMS, ...OPENAI_ONLY_REJECTIONS].map(
    ([name, error]) => [name, () => Promise.reject(error())] as const,
  ),
];

describe.each(EMULATOR_FORMS)("under a window.openai emulator: %s", (_, refuse) => {
  it("shows the sign-in state, never the host's text, and signs in with the same key", async () => {
    const mock = createMockHost();
    cleanups.push(mock.installAsOpenAI(window));
    const calls: Array<{ readonly [key: string]: unknown }> = [];
    (window as unknown as { openai: { callTool: OpenAICall } }).openai.callTool = async (
      _name,
      args,
    ) => {
      calls.push(args);
      return calls.length === 1 ? refuse() : placed;
    };
    await confirmSignInAndCommit((page) => {
      for (const marker of HOST_TEXT_MARKERS) expect(page.innerHTML).not.toContain(marker);
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.idempotency_key).toBe(calls[0]!.idempotency_key);
  });
});

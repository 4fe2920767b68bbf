// @vitest-environment jsdom
/**
 * Hooks over the real openai adapter, driven by the mock's fake `window.openai` (globals set,
 * then `openai:set_globals` with only the changed keys), under StrictMode.
 */
import { StrictMode } from "react";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import type { Host } from "../../src/bridge/types.ts";
import {
  HostProvider,
  useCallTool,
  useTheme,
  useToolOutput,
  useWidgetState,
} from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import { untypedTool } from "./untyped-tool.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function chatgpt(options: Parameters<typeof createMockHost>[0]) {
  const mock = createMockHost(options);
  cleanups.push(mock.installAsOpenAI(window));
  const host = createOpenAIHost(window)!;
  cleanups.push(() => host.dispose());
  return { mock, host };
}

function Widget() {
  const output = useToolOutput<{ gifts: string[] }>();
  const theme = useTheme();
  const [picked, setPicked] = useWidgetState<string | null>(null);
  const prepare = useCallTool(untypedTool("prepare_order"));
  if (output === null) return <div data-state="loading" />;
  return (
    <div data-state="results" data-theme={theme}>
      <span data-testid="picked">{picked ?? "none"}</span>
      {output.gifts.map((id) => (
        <button
          key={id}
          data-action="prepare"
          onClick={() => {
            setPicked(id);
            void prepare.call({ gift_id: id });
          }}
        >
          {id}
        </button>
      ))}
      <span data-testid="status">{prepare.status}</span>
    </div>
  );
}

function mount(host: Host) {
  return render(
    <StrictMode>
      <HostProvider host={host}>
        <Widget />
      </HostProvider>
    </StrictMode>,
  );
}

describe("hooks over the openai adapter", () => {
  it("loads, renders the late output, calls once per double click, and keeps state across a reload", async () => {
    const { mock, host } = chatgpt({
      latencyMs: 5,
      globals: { theme: "dark" },
      tools: { prepare_order: (args) => ({ draft_for: args.gift_id }) },
    });
    const view = mount(host);
    expect(view.container.querySelector("[data-state]")?.getAttribute("data-state")).toBe(
      "loading",
    );
    act(() => mock.setGlobals({ toolOutput: { gifts: ["g-1", "g-2"] } }));
    expect(view.container.querySelector("[data-state]")?.getAttribute("data-theme")).toBe("dark");

    act(() => {
      fireEvent.click(screen.getByText("g-2"));
      fireEvent.click(screen.getByText("g-2"));
    });
    expect(screen.getByTestId("status").textContent).toBe("pending");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("success"));
    expect(mock.toolCalls("prepare_order")).toEqual([
      { name: "prepare_order", args: { gift_id: "g-2" } },
    ]);
    expect(screen.getByTestId("picked").textContent).toBe("g-2");
    view.unmount();

    // A reload: a fresh adapter reads widgetState back from window.openai.
    const reloaded = createOpenAIHost(window)!;
    cleanups.push(() => reloaded.dispose());
    mount(reloaded);
    expect(screen.getByTestId("picked").textContent).toBe("g-2");
  });

  it("hands hostile tool outputs through untouched (validation is the contract's job)", () => {
    const payloads: unknown[] = [
      JSON.parse('{"__proto__":{"polluted":true},"kind":"gift_suggestions"}'),
      '{"ok":true}',
      42,
      [1, 2],
      {
        contract_version: "1.0",
        kind: "gift_suggestions",
        ok: true,
        gifts: [{ id: "g", title: "<img src=x onerror=alert(1)>" }],
      },
      null,
    ];
    const { mock, host } = chatgpt({ globals: { toolOutput: { first: true } } });
    const { result } = renderHook(() => useToolOutput(), {
      wrapper: ({ children }) => <HostProvider host={host}>{children}</HostProvider>,
    });
    for (const payload of payloads) {
      act(() => mock.setGlobals({ toolOutput: payload }));
      expect(result.current).toEqual(payload);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

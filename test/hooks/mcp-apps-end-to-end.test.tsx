// @vitest-environment jsdom
/**
 * Hooks over the MCP Apps adapter, with ext-apps' AppBridge as the host: the tool result and
 * context changes reach components; a tool call goes out as `tools/call`.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { StrictMode } from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { createMcpAppsHost } from "../../src/bridge/mcp-apps.ts";
import {
  HostProvider,
  useCallTool,
  useHostGlobal,
  useTheme,
  useToolOutput,
} from "../../src/hooks/index.ts";
import { createChildFrame } from "../bridge/post-message-frames.ts";
import { untypedTool } from "./untyped-tool.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

function Widget() {
  const output = useToolOutput<{ title: string }>();
  const theme = useTheme();
  const locale = useHostGlobal("locale");
  const refresh = useCallTool(untypedTool("suggest_gifts"));
  return (
    <div
      data-testid="root"
      data-theme={theme}
      lang={locale}
      data-state={output ? "results" : "loading"}
    >
      {output?.title}
      <button onClick={() => void refresh.call({ budget_max: 20 })}>{refresh.status}</button>
    </div>
  );
}

it("renders what the host sends and calls tools through it", async () => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  const frame = createChildFrame();
  const bridge = new AppBridge(
    null,
    { name: "h", version: "1" },
    { serverTools: {} },
    { hostContext: { theme: "dark", locale: "ru-RU" } },
  );
  const calls: unknown[] = [];
  bridge.oncalltool = async (params) => (
    calls.push(params),
    { structuredContent: { ok: true }, content: [] }
  );
  await bridge.connect(new PostMessageTransport(frame.child, frame.child));
  const host = createMcpAppsHost({ win: frame.child });
  await host.ready;

  render(
    <StrictMode>
      <HostProvider host={host}>
        <Widget />
      </HostProvider>
    </StrictMode>,
  );
  const root = screen.getByTestId("root");
  expect(root).toHaveAttribute("data-state", "loading");
  expect(root).toHaveAttribute("data-theme", "dark");
  expect(root).toHaveAttribute("lang", "ru-RU");

  await act(() => bridge.sendToolResult({ structuredContent: { title: "Tea set" }, content: [] }));
  await waitFor(() => expect(root).toHaveAttribute("data-state", "results"));
  expect(root).toHaveTextContent("Tea set");

  await act(() => bridge.sendHostContextChange({ theme: "light" }));
  await waitFor(() => expect(root).toHaveAttribute("data-theme", "light"));

  act(() => screen.getByRole("button").click());
  await waitFor(() => expect(screen.getByRole("button")).toHaveTextContent("success"));
  expect(calls).toEqual([{ name: "suggest_gifts", arguments: { budget_max: 20 } }]);

  host.dispose();
  await bridge.close();
  frame.remove();
});

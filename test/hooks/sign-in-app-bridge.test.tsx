// @vitest-environment jsdom
/**
 * A write that needs sign-in, under ext-apps' AppBridge as the host, both ways a host reports
 * it: handing the widget the server's result (AUTH_REQUIRED with `_meta["mcp/www_authenticate"]`),
 * and rejecting the call with the server's text (−32603, what AppBridge answers when its MCP
 * client threw on the HTTP 401). Either way the widget shows the sign-in state — never "could
 * not reach the app" — and its sign-in action calls the same tool with the same key.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMcpAppsHost } from "../../src/bridge/mcp-apps.ts";
import { HostProvider } from "../../src/hooks/index.ts";
import { HOST_TEXT_MARKERS, REJECTED_FORMS, RESOLVED_FORMS } from "../bridge/host-sign-in-forms.ts";
import { createChildFrame } from "../bridge/post-message-frames.ts";
import { authRequired, payloads, resultOf } from "../fixture-app/payloads.ts";
import { FixtureWidget } from "../fixture-app/widget.tsx";

const output = payloads.draft;
const refusal = authRequired;
const order = resultOf(payloads.placed);

type Refuse = () => Promise<unknown>;

const HOST_WAYS: ReadonlyArray<readonly [string, Refuse]> = [
  ["hands the widget the server's result", async () => refusal],
  [
    "rejects the call with the server's text",
    async () => {
      // What AppBridge relays of the MCP client's error on the server's 401.
      throw new Error(
        `Error POSTing to endpoint (HTTP 401): ${JSON.stringify({ jsonrpc: "2.0", result: refusal })}`,
      );
    },
  ],
  // The forms other hosts give: each whole text is read, past the 200 characters kept as the
  // error's message.
  ...RESOLVED_FORMS.map(([name, form]) => [`resolves with ${name}`, async () => form] as const),
  ...REJECTED_FORMS.map(
    ([name, error]) =>
      [
        `rejects with ${name}`,
        async () => {
          throw error();
        },
      ] as const,
  ),
];

afterEach(() => vi.restoreAllMocks());

describe.each(HOST_WAYS)("sign-in under AppBridge, when the host %s", (_, refuse) => {
  it("shows the sign-in state, and signing in sends the same call with the same key", async () => {
    vi.spyOn(console, "debug").mockImplementation(() => {});
    const frame = createChildFrame();
    const bridge = new AppBridge(null, { name: "h", version: "1" }, { serverTools: {} });
    const calls: Array<{ name: string; arguments?: { [key: string]: unknown } }> = [];
    let signedIn = false;
    bridge.oncalltool = async (params) => {
      calls.push(params);
      return (signedIn ? order : await refuse()) as never;
    };
    await bridge.connect(new PostMessageTransport(frame.child, frame.child));
    const host = createMcpAppsHost({ win: frame.child });
    await host.ready;
    const { container } = render(
      <HostProvider host={host}>
        <FixtureWidget output={output} />
      </HostProvider>,
    );
    const root = () => container.querySelector("[data-state]")!;

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    await waitFor(() => expect(container.querySelector('[data-action="sign-in"]')).not.toBeNull());
    expect(root()).toHaveAttribute("data-state", "error");
    expect(screen.getByRole("heading", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(container).not.toHaveTextContent(/could not reach|can.t read|went wrong/i);
    for (const marker of HOST_TEXT_MARKERS) expect(container.innerHTML).not.toContain(marker);

    signedIn = true; // the host ran its own sign-in
    await act(async () => fireEvent.click(container.querySelector('[data-action="sign-in"]')!));
    await waitFor(() => expect(root()).toHaveAttribute("data-state", "committed"));
    expect(calls.map((call) => call.name)).toEqual(["place_purchase", "place_purchase"]);
    const key = calls[0]!.arguments!.idempotency_key;
    expect(typeof key).toBe("string");
    expect(calls[1]!.arguments!.idempotency_key).toBe(key);

    host.dispose();
    await bridge.close();
    frame.remove();
  });
});

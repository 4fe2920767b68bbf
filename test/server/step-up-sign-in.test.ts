/**
 * Step-up sign-in with two scopes against the development sign-in: an app whose reading tool
 * needs `wallet:read` and whose sending tool needs `transfers:write`. The MCP SDK's client
 * registers itself during the first sign-in with the scope of that first challenge; the second
 * tool's 403 `insufficient_scope` then asks for the other scope with the same registration. The
 * development sign-in must let a registered client ask for any scope the resource lists (its
 * protected-resource metadata), or the step-up ends in `invalid_scope` — what a created app with
 * two scopes met in the local host.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { clientOptions } from "./mcp-client.ts";
import { signInThroughPages } from "./sign-in-pages.ts";
import {
  memoryProvider,
  READ_SCOPE as READ,
  REDIRECT,
  SEND_SCOPE as SEND,
  startTwoScopeWallet,
} from "./oauth-test-client.ts";

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

/** The two-scope app behind the development sign-in. */
async function startWallet() {
  const wallet = await startTwoScopeWallet();
  opened.push(wallet);
  return wallet.endpoint;
}

const callTool = (client: Client, name: string) =>
  client.callTool({ name, arguments: {} }) as Promise<{ isError?: boolean }>;

describe("step-up sign-in with two scopes (development sign-in)", () => {
  it("signs in for the reading scope, then steps up to the sending scope with the same registration", async () => {
    const endpoint = await startWallet();
    const provider = memoryProvider();
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      authProvider: provider,
    });
    const client = new Client({ name: "step-up-test", version: "1.0.0" }, clientOptions());
    opened.push(client);
    await client.connect(transport);

    // First: the reading tool's 401 registers the client with the scope it asked for.
    await expect(callTool(client, "read_wallet")).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get("scope")).toContain(READ);
    const first = await signInThroughPages(provider.authorizationUrl!, "alice", REDIRECT);
    await transport.finishAuth(first.code, first.iss);
    expect((await callTool(client, "read_wallet")).isError).toBeFalsy();

    // Then: the sending tool's 403 insufficient_scope asks for the other scope.
    provider.authorizationUrl = undefined;
    await expect(callTool(client, "send_money")).rejects.toThrow();
    const stepUp = provider.authorizationUrl as URL | undefined;
    expect(stepUp?.searchParams.get("scope")).toContain(SEND);
    // Today's break: the authorization server answered invalid_scope here.
    const second = await signInThroughPages(stepUp!, "alice", REDIRECT);
    await transport.finishAuth(second.code, second.iss);
    expect((await callTool(client, "send_money")).isError).toBeFalsy();
    // And reading still works: the step-up did not trade the first scope away.
    expect((await callTool(client, "read_wallet")).isError).toBeFalsy();
    expect(provider.saved[0]?.scope?.split(" ")).toEqual(expect.arrayContaining([READ, SEND]));
  });
});

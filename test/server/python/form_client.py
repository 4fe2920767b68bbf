"""A model's commit through the MCP Python SDK (mcp==2.3.0), as a client we did not write.

Connects to the MCP endpoint in argv[1] with the bearer token in argv[2] (2026-07-28, Streamable
HTTP), declares form elicitation through its callback, prepares an order, then calls the commit
as a model does: no confirmation proof. The callback answers the server's form as the person
would, with argv[3] ("accept" or "decline"), and records the form's message. Prints one JSON
line: the forms shown and the commit's structuredContent.
"""

import asyncio
import json
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import ElicitResult


async def main(url: str, token: str, answer: str) -> None:
    forms: list[str] = []

    async def elicit(_context, params):
        forms.append(params.message)
        if answer == "accept":
            return ElicitResult(action="accept", content={"confirm": True})
        return ElicitResult(action=answer)

    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {token}"})
    transport = streamable_http_client(url, http_client=http)
    async with Client(transport, mode="2026-07-28", elicitation_callback=elicit) as client:
        prepared = await client.call_tool("prepare_order", {"item": "mug"})
        draft_id = prepared.structured_content["draft"]["draft_id"]
        done = await client.call_tool(
            "commit_order", {"draft_id": draft_id, "idempotency_key": f"python-{answer}-0001"}
        )
        print(json.dumps({"forms": forms, "commit": done.structured_content}))
    await http.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3]))

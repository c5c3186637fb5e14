"""Page gists when the model server misbehaves: nothing fails and nothing hangs; every page
keeps its extractive line. (The real model server's gists: tests/e2e/test_summary_llm.py.)"""

from __future__ import annotations

import asyncio
import time

from local.stack import free_port
from services.summarize.gists import Gists
from services.summarize.settings import Settings

PAGES = ["1. TERM\nThis Agreement runs for two years.", "", "2. PAYMENT\nFees are due in 30 days."]


def _gists(port: int, deadline_s: float) -> Gists:
    return Gists(Settings(summary_llm=True, llm_base_url=f"http://127.0.0.1:{port}/v1", summary_llm_deadline_s=deadline_s))


async def test_a_model_server_that_is_down_leaves_the_extractive_lines():
    out = await _gists(free_port(), 5).document(PAGES)  # nothing listens there: refused at once
    assert out.gists == [None, None, None] and out.pages_asked == 2
    assert out.failures == {"APIConnectionError": 2}
    assert out.counts() == {"pages_gisted": 0, "llm_prompt_tokens": 0, "llm_completion_tokens": 0}


async def test_a_model_server_that_never_answers_costs_the_deadline_and_no_more():
    # A stub that simulates a hung model server: it accepts connections and never replies.
    held: list[asyncio.StreamWriter] = []

    async def hang(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        await reader.read(1 << 16)
        await asyncio.sleep(3600)

    server = await asyncio.start_server(hang, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        t0 = time.monotonic()
        out = await _gists(port, 1.0).document(PAGES * 4)
        took = time.monotonic() - t0
        for w in held:
            w.close()
    assert took < 10.0, took  # bounded by the 1 s deadline, not by the client's retries or a hang
    assert out.gists == [None] * 12 and sum(out.failures.values()) == 8

"""A SIMULATION of a batching GPU model server, for bench/bench_concurrency.py only.

It speaks the OpenAI chat-completions API (streaming and not) and writes a fixed reply one
token every ``--token-ms``, however many requests it is answering: N requests at once take
about the time of one, as continuous batching on a GPU would (up to ``--batch``; beyond that
requests wait for a free place). It reads nothing and knows nothing; it exists to show whether
ClauseFlow's own pipeline keeps such a server busy.

    python bench/sim_batching_llm.py --port 8090 --token-ms 20 --tokens 64 --batch 64
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse

WORDS = "The clause limits liability to fees paid in the prior twelve months and excludes indirect damages .".split()


def build(token_ms: float, tokens: int, batch: int) -> FastAPI:
    app = FastAPI()
    slots = asyncio.Semaphore(batch)
    state = {"active": 0, "peak": 0, "prompts": []}  # the last 20 prompts received, for tests

    @app.get("/v1/models")
    async def models() -> dict:
        return {"object": "list", "data": [{"id": "simulated-batching", "object": "model"}]}

    @app.get("/stats")
    async def stats() -> dict:
        return state

    @app.post("/v1/chat/completions")
    async def complete(request: Request):
        body = await request.json()
        state["prompts"] = [*state["prompts"][-19:], body.get("messages", [])]
        n = min(tokens, int(body.get("max_tokens") or tokens))
        prompt_tokens = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4

        def chunk(text: str | None, finish: str | None = None) -> str:
            delta = {"content": text} if text is not None else {}
            return "data: " + json.dumps({"id": "sim", "object": "chat.completion.chunk", "created": int(time.time()), "model": body.get("model", ""),
                                          "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}) + "\n\n"

        async def stream():
            async with slots:
                state["active"] += 1
                state["peak"] = max(state["peak"], state["active"])
                try:
                    for i in range(n):
                        await asyncio.sleep(token_ms / 1000)
                        yield chunk(WORDS[i % len(WORDS)] + " ")
                    yield chunk(None, "length")
                    yield "data: [DONE]\n\n"
                finally:
                    state["active"] -= 1

        if body.get("stream"):
            return StreamingResponse(stream(), media_type="text/event-stream")
        async with slots:
            await asyncio.sleep(n * token_ms / 1000)
        text = " ".join(WORDS[i % len(WORDS)] for i in range(n))
        return JSONResponse({"id": "sim", "object": "chat.completion", "model": body.get("model", ""),
                             "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "length"}],
                             "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": n, "total_tokens": prompt_tokens + n}})

    return app


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--token-ms", type=float, default=20.0)
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()
    uvicorn.run(build(args.token_ms, args.tokens, args.batch), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()

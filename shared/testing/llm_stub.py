"""A stub OpenAI-compatible chat server for tests that simulate a misbehaving or slow model
server (a hosted API over its rate limit, a model that takes its time); the real local model
server is what every other test uses."""

from __future__ import annotations

import asyncio
import json


class BusyLlm:
    """Answers 429 (Retry-After: 1) to its first ``busy`` requests, then streams a short answer
    ("The cap is stated.") after ``delay_s``; counts the requests it got."""

    def __init__(self, busy: int, delay_s: float = 0.0) -> None:
        self.busy, self.delay_s, self.requests, self.server = busy, delay_s, 0, None

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/v1"

    async def __aexit__(self, *exc) -> None:
        self.server.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")), 0)
        await reader.readexactly(length)
        self.requests += 1
        if self.requests <= self.busy:
            body = b'{"error": {"message": "rate limited", "type": "rate_limit"}}'
            writer.write(b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))
        else:
            await asyncio.sleep(self.delay_s)  # the model's time
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
            for text in ("The cap ", "is stated."):
                chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}
                writer.write(f"data: {json.dumps(chunk)}\n\n".encode())
            writer.write(b"data: [DONE]\n\n")
        await writer.drain()
        writer.close()

"""A stand-in for a flaky network between a client and a server, for fault tests: a TCP relay on
127.0.0.1 that can cut every open connection and refuse new ones for a while (a dropped Wi-Fi,
a proxy restart), then carry traffic again. It runs its own event loop in a thread, so sync and
async tests (and a browser) can use it alike."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

from local.stack import free_port


class FlakyLink:
    """Relays 127.0.0.1:<port> to ``target_port``; ``cut(down_s)`` drops the line. With
    ``cut_after`` (bytes), the first connection whose server side sends them is cut right after
    the SSE event that holds them (a drop at an exact point of a stream)."""

    def __init__(self, target_port: int, cut_after: bytes | None = None) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.cut_after = cut_after
        self.down_until = 0.0
        self.cuts = 0
        self.connections = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flaky-link", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> FlakyLink:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the relay did not start")
        return self

    def __exit__(self, *exc) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def cut(self, down_s: float) -> int:
        """Close every open connection now and refuse new ones for ``down_s``; returns how
        many connections were cut."""
        return asyncio.run_coroutine_threadsafe(self._cut(down_s), self._loop).result(10)

    async def _cut(self, down_s: float) -> int:
        self.down_until = time.monotonic() + down_s
        self.cuts += 1
        cut = len(self._writers)
        for w in list(self._writers):
            w.transport.abort()  # a reset, as a dropped network gives, not a polite close
        self._writers.clear()
        return cut

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", self.port))
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            for w in self._writers:
                w.transport.abort()
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*pending, server.wait_closed(), return_exceptions=True))
            self._loop.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if time.monotonic() < self.down_until:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.connections += 1
        self._writers.update((writer, up_writer))
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer, watch=True))
        self._writers.discard(writer)
        self._writers.discard(up_writer)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, watch: bool = False) -> None:
        seen = b""
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await reader.read(65536):
                if watch and self.cut_after:
                    seen += data
                    at = seen.find(self.cut_after)
                    end = seen.find(b"\r\n\r\n", at) if at >= 0 else -1
                    if end >= 0:  # forward up to the end of that event, then drop the connection
                        self.cut_after = None
                        writer.write(data[: len(data) - (len(seen) - end - 4)])
                        await writer.drain()
                        await self._cut(0)
                        return
                writer.write(data)
                await writer.drain()
        with contextlib.suppress(OSError):
            writer.close()

"""Untrusted PDFs are opened in worker processes with a time and a memory limit.

PDFium is C++ parsing files from strangers: a crafted file can loop, balloon or crash. In a
worker process (``spawn``, address space capped with RLIMIT_AS) the worst it can do is cost
that worker, which is killed at the time limit and replaced; the service and every other
review go on, and the client gets a clear 4xx or `error` event.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import functools
import logging
import multiprocessing as mp
import resource
import time
from collections.abc import Callable
from typing import TypeVar

from shared.core.errors import CorruptPdf
from shared.core.telemetry import add_cpu

log = logging.getLogger(__name__)
T = TypeVar("T")


def _limit_memory(max_bytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))


def _timed(fn: Callable[..., T], *args, **kwargs) -> tuple[T, float]:
    t0 = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - t0


STARTUP_S = 120.0  # a worker process's start (spawn, imports) on a busy machine


def _ready() -> None:
    """A worker's first call: by its end, the worker has started and imported the PDF code."""
    import shared.documents.pdf  # noqa: F401


class _Broken(Exception):
    """The worker pool broke under a call (its own file, or another's)."""


def _kill(pool: cf.ProcessPoolExecutor) -> None:
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)


class PdfSandbox:
    """``await sandbox.run(fn, *args)``: ``fn`` (a picklable module-level function) in a worker."""

    def __init__(self, workers: int = 2, timeout_s: float = 30.0, memory_mb: int = 1024) -> None:
        self.workers, self.timeout_s, self.memory_bytes = workers, timeout_s, memory_mb * 1024 * 1024
        self._pool = self._new_pool(workers)
        self._slots: asyncio.Semaphore | None = None  # made in the running loop

    async def warm(self) -> None:
        """Start every worker now (spawn, imports: about a second each on a small machine) so
        that the first PDFs read do not wait for them; a service calls it before it takes work.
        Workers start on demand otherwise: one per call while none is idle."""
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(asyncio.gather(*(loop.run_in_executor(self._pool, _ready) for _ in range(self.workers))), STARTUP_S)

    def _new_pool(self, workers: int) -> cf.ProcessPoolExecutor:
        return cf.ProcessPoolExecutor(workers, mp_context=mp.get_context("spawn"), initializer=_limit_memory, initargs=(self.memory_bytes,))

    async def run(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """``fn(*args, **kwargs)`` in a worker; an :class:`InputError` when the file is at fault.

        At most ``workers`` calls run at once and the rest wait outside the pool, so the time
        limit counts a call's own running time, not its wait. A call whose worker pool was
        broken by another file (a crash or a kill at the time limit takes every worker of the
        pool with it) is run again once, alone in a worker of its own, so that only the file at
        fault fails.
        """
        task = functools.partial(_timed, fn, *args, **kwargs)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        async with self._slots:
            pool = self._pool
            try:
                result, cpu_s = await self._call(pool, task)
            except _Broken:
                self._replace(pool, kill=False)
                alone = self._new_pool(1)
                try:
                    # Started first: the time limit is the file's, not a new Python's start-up.
                    await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(alone, _ready), STARTUP_S)
                    result, cpu_s = await self._call(alone, task, replace=False)
                except _Broken:
                    raise CorruptPdf("reading the PDF crashed its worker", code="corrupt_pdf") from None
                finally:
                    _kill(alone)
        add_cpu(cpu_s)
        return result

    async def _call(self, pool: cf.ProcessPoolExecutor, task, *, replace: bool = True):
        future = asyncio.get_running_loop().run_in_executor(pool, task)
        try:
            return await asyncio.wait_for(future, self.timeout_s)
        except asyncio.TimeoutError:
            if replace:
                self._replace(pool, kill=True)
            raise CorruptPdf(f"the PDF could not be read within {self.timeout_s:.0f} s", code="pdf_too_slow") from None
        except cf.process.BrokenProcessPool:
            raise _Broken from None
        except asyncio.CancelledError:
            task_ = asyncio.current_task()
            if task_ is not None and task_.cancelling():
                raise  # this call itself was cancelled
            raise _Broken from None  # the pool was shut down under it (another file broke it)
        except MemoryError:
            raise CorruptPdf(f"the PDF needs over {self.memory_bytes >> 20} MiB to read", code="pdf_too_big") from None

    def _replace(self, pool: cf.ProcessPoolExecutor, *, kill: bool) -> None:
        if pool is not self._pool:
            return  # another failure replaced it already
        self._pool = self._new_pool(self.workers)
        self._warming = asyncio.ensure_future(self.warm())  # the next file does not wait for the restart
        self._warming.add_done_callback(lambda t: t.cancelled() or t.exception())  # a failure shows on the next call
        if kill:
            _kill(pool)
        else:
            pool.shutdown(wait=False, cancel_futures=True)
        log.warning("PDF worker pool replaced (%s)", "killed at the time limit" if kill else "a worker died")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

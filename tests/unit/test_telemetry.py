"""A handler run is billed the CPU of its own sections, not of other requests in flight."""

import asyncio
import time

from shared.core.telemetry import StageClock, timed_cpu


def spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def run(seconds: float) -> float:
    clock = StageClock("s")
    await asyncio.to_thread(timed_cpu, spin, seconds)
    return clock.finish().cpu_ms


async def test_each_run_gets_the_cpu_of_its_own_sections():
    small, large = await asyncio.gather(asyncio.create_task(run(0.02)), asyncio.create_task(run(0.2)))
    assert 15 <= small < 100, small
    assert 190 <= large < 400, large


async def test_work_outside_the_sections_is_not_billed():
    clock = StageClock("s")
    spin(0.05)
    assert clock.finish().cpu_ms == 0.0

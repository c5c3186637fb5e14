"""A review's end is written in one step with its state (issue 21, defects 6 and 10), against
the real Redis and broker:

- the terminal event and the review's status (and its final) are one Lua step: a process that
  dies right after the event — simulated by a state whose next write raises, a stub named as
  such — still leaves the review `done` with its final (or `failed`), never an ended stream
  beside a review that says it is running (which a redelivery would skip, forever);
- follow-up events after the final never trim the final out of its own stream.
"""

from __future__ import annotations

import contextlib
import time
import uuid

from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.messages import Envelope
from shared.platform.runtime import Runtime
from shared.store.events import EventLog


class ProcessDiedAfterTheEvent(ConnectionError):
    """Stands for the process dying between the event and any later write of the review."""


def die(*_args, **_kwargs):
    raise ProcessDiedAfterTheEvent("simulated: the process died right after the event")


async def test_a_final_is_stored_with_its_event_even_if_the_process_dies_right_after(settings, monkeypatch):
    s = AnalyzeSettings(**settings.model_dump())
    rid = f"rid-final-{uuid.uuid4().hex}"
    async with Runtime(s, "analyze") as rt:
        await rt.state.create_review(rid, {"status": "analysing", "tenant": "acme"})
        monkeypatch.setattr(rt.state, "update_review", die)  # every write after the event fails
        monkeypatch.setattr(rt.state, "mark_done", die)
        analyzer = Analyzer(rt, s, clause_model.default())
        env = Envelope(request_id=rid, doc_sha256="d" * 64, question="q", page_count=1, submitted_at=time.time(), tenant="acme")
        with contextlib.suppress(ProcessDiedAfterTheEvent):
            await analyzer._publish(env, {"answer": "the summary", "findings": []})
        assert await rt.events.ended(rid) == "final"
        review = await rt.state.get_review(rid)
    assert review["status"] == "done" and review["final"] == {"answer": "the summary", "findings": []}


async def test_an_error_is_stored_with_its_event_even_if_the_process_dies_right_after(settings, monkeypatch):
    rid = f"rid-error-{uuid.uuid4().hex}"
    async with Runtime(settings, "locate") as rt:
        await rt.state.create_review(rid, {"status": "locating", "tenant": "acme"})
        monkeypatch.setattr(rt.state, "update_review", die)
        with contextlib.suppress(ProcessDiedAfterTheEvent):
            await rt.fail_request(rid, RuntimeError("boom"))
        assert await rt.events.ended(rid) == "error"
        assert (await rt.state.get_review(rid))["status"] == "failed"


async def test_a_later_terminal_event_changes_neither_the_end_nor_the_status(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    await redis.hset(f"review:{rid}", mapping={"status": '"analysing"'})
    assert await log.emit(rid, "final", {"answer": "a"}, dedupe="final", review={"status": "done", "final": {"answer": "a"}})
    assert await log.emit(rid, "error", {"code": "timeout"}, dedupe="error", review={"status": "failed"}) is None
    assert await redis.hget(f"review:{rid}", "status") in (b'"done"', '"done"')


async def test_follow_ups_never_trim_the_final_out_of_its_stream(redis):
    log = EventLog(redis, ttl_s=60, max_len=50)
    rid = uuid.uuid4().hex
    await log.emit(rid, "accepted", {"request_id": rid, "page_count": 1}, dedupe="accepted")
    for i in range(300):  # a long answer before the final is trimmed as before
        await log.emit(rid, "delta", {"text": "x", "generation": 1}, dedupe=f"delta:{i}")
    assert await log.emit(rid, "final", {"answer": "kept"}, dedupe="final")
    for i in range(600):
        await log.emit(rid, "followup_delta", {"followup_id": f"f{i // 20}", "text": "y", "generation": 1}, dedupe=f"fd:{i}")
    events = await log.read(rid, count=10_000)
    assert [e.data for e in events if e.type == "final"] == [{"answer": "kept"}], "the final is still in its stream"
    assert sum(e.type == "delta" for e in events) < 300, "before the final the stream is still capped"
    assert sum(e.type == "followup_delta" for e in events) == 600

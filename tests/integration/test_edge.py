"""The edge alone, as its own process, on the real broker and Redis, with no workers behind
it: a stage that never answers must still end the client's stream, and a client that goes
away cancels the review."""

from __future__ import annotations

import json
import time

import httpx
import pytest
from httpx_sse import connect_sse

from shared.core.apikeys import new_key
from shared.testing import edge_process
from shared.testing.contracts import make_contract

KEY = new_key()


@pytest.fixture
def edge(settings, tmp_path):
    deadlines = {"review_deadline_s": "2", "client_gone_cancel_s": "1", "heartbeat_s": "0.5", "max_upload_bytes": "2000000"}
    with edge_process(settings, tmp_path, {"edge-test": KEY}, **deadlines) as base:
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {KEY}"}, timeout=20) as client:
            yield client


def upload(client: httpx.Client) -> str:
    r = client.post("/v1/reviews", files={"file": ("c.pdf", make_contract().data, "application/pdf")}, data={"question": "liability?"})
    assert r.status_code == 202, r.text
    return r.json()["request_id"]


def test_a_review_no_stage_answers_ends_in_a_timeout_error(edge):
    rid = upload(edge)
    t0 = time.monotonic()
    seen, comments = [], 0
    with connect_sse(edge, "GET", f"/v1/reviews/{rid}/events") as source:
        for sse in source.iter_sse():
            if not sse.data:
                comments += 1
                continue
            seen.append((sse.event, json.loads(sse.data)))
    assert [t for t, _ in seen] == ["accepted", "error"]
    assert seen[-1][1]["code"] == "timeout"
    assert time.monotonic() - t0 < 15, "the stream ended soon after the deadline"
    assert comments >= 1, "heartbeats kept the idle connection alive"
    assert edge.get(f"/v1/reviews/{rid}").json()["status"] == "failed"


def test_every_client_gone_cancels_the_review(edge):
    rid = upload(edge)
    with connect_sse(edge, "GET", f"/v1/reviews/{rid}/events") as source:
        next(source.iter_sse())  # accepted; then the client goes away
    for _ in range(50):
        if edge.get(f"/v1/reviews/{rid}").json()["status"] == "cancelled":
            break
        time.sleep(0.1)
    assert edge.get(f"/v1/reviews/{rid}").json()["status"] == "cancelled"
    with connect_sse(edge, "GET", f"/v1/reviews/{rid}/events") as source:
        types = [sse.event for sse in source.iter_sse() if sse.data]
    assert types == ["accepted", "cancelled"]


def test_the_state_serves_the_draft_from_its_temporary_record_until_it_expires(edge, settings):
    import redis as redis_sync

    r = redis_sync.Redis.from_url(settings.redis_url)
    rid = upload(edge)
    assert edge.get(f"/v1/reviews/{rid}").json()["draft"] is None  # none yet
    draft = {"pages": [{"page": 1, "score": 1.0, "summary": ""}], "evidence": [], "figures": [], "questions": [], "expires_at": time.time() + 60}
    r.set(f"temp_{rid}", json.dumps(draft), ex=600)
    state = edge.get(f"/v1/reviews/{rid}").json()
    assert state["draft"] == draft and state["draft_expired"] is False
    r.set(f"temp_{rid}", json.dumps({**draft, "expires_at": time.time() - 1}), ex=600)
    state = edge.get(f"/v1/reviews/{rid}").json()
    assert state["draft"] is None and state["draft_expired"] is True, "a stale draft is withdrawn"
    r.close()


@pytest.mark.parametrize("after", ["١-٢", "18446744073709551616-0", "1-" + "9" * 21, "1700000000000"])
def test_bad_resume_ids_are_refused_with_400(edge, after):
    rid = upload(edge)
    r = edge.get(f"/v1/reviews/{rid}/events", params={"after": after})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_event_id"


def test_identical_uploads_at_once_are_all_accepted_and_stored_whole(edge, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    data = make_contract(extra_pages=30).data

    def post(_):
        return edge.post("/v1/reviews", files={"file": ("same.pdf", data, "application/pdf")}, data={"question": "liability?"})

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, range(16)))
    assert [a.status_code for a in answers] == [202] * 16, [a.text for a in answers if a.status_code != 202]
    stored = list((tmp_path / "data" / "pdfs").rglob("*.pdf"))
    assert len(stored) == 1 and stored[0].read_bytes() == data
    assert not list((tmp_path / "data" / "pdfs").rglob("*.tmp")), "no temporary file is left behind"


def test_the_deadline_holds_with_no_client_connected_and_cancels_the_stages(edge, settings):
    import asyncio

    from shared.core import topics
    from shared.messages import ReviewCancel
    from shared.store.events import EventLog
    from shared.testing import topic_messages

    rid = upload(edge)  # no client follows it
    for _ in range(100):
        if edge.get(f"/v1/reviews/{rid}").json()["status"] == "failed":
            break
        time.sleep(0.1)
    assert edge.get(f"/v1/reviews/{rid}").json()["status"] == "failed"

    async def after_the_deadline():
        from redis.asyncio import Redis

        r = Redis.from_url(settings.redis_url)
        log = EventLog(r, 60)
        late = await log.emit(rid, "final", {"answer": "too late"}, dedupe="final")  # a stage finishing after it
        events = [e.type for e in await log.read(rid)]
        cancelled = await r.exists(f"cancel:{rid}")
        await r.aclose()
        told = [ReviewCancel.FromString(v) for v in await topic_messages(settings, topics.CANCEL)]
        return late, events, cancelled, told

    late, events, cancelled, told = asyncio.run(after_the_deadline())
    assert events == ["accepted", "error"] and late is None, "nothing follows the terminal event"
    assert cancelled and any(m.request_id == rid and "deadline" in m.reason for m in told), "the stages were told to stop"


def test_a_chunked_upload_over_the_limit_is_cut_off_while_it_streams(edge, tmp_path):
    boundary = "clauseflowboundary"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"question\"\r\n\r\nliability?\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.pdf\"\r\n"
            "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n").encode()
    sent = []

    def body():  # no Content-Length: chunked, as a client hiding its size would send it
        yield head
        for _ in range(400):  # 400 x 64 KiB = 25 MiB, far over the test edge's 2 MB limit
            sent.append(1)
            yield b"0" * 65536
        yield f"\r\n--{boundary}--\r\n".encode()

    try:
        r = edge.post("/v1/reviews", content=body(), headers={"content-type": f"multipart/form-data; boundary={boundary}"})
        status, code = r.status_code, r.json()["error"]["code"]
    except httpx.HTTPError:  # the server may close the connection once it has answered
        status, code = 413, "too_large"
    assert (status, code) == (413, "too_large")
    spooled = sum(f.stat().st_size for f in (tmp_path / "data").rglob("*") if f.is_file()) if (tmp_path / "data").exists() else 0
    assert spooled == 0, "nothing of the refused upload was stored"


def test_request_ids_are_128_random_bits(edge):
    rids = [upload(edge) for _ in range(20)]
    assert all(len(r) == 32 and int(r, 16) >= 0 for r in rids) and len(set(rids)) == 20
    assert len({r[12] for r in rids}) > 1, "not a uuid4: no fixed version nibble"


def test_metrics_are_not_on_the_public_port(edge):
    assert edge.get("/metrics").status_code == 404


def test_a_stream_resumed_after_its_end_ends_at_once(edge):
    rid = upload(edge)
    assert edge.delete(f"/v1/reviews/{rid}").status_code == 202
    with connect_sse(edge, "GET", f"/v1/reviews/{rid}/events") as source:
        ids = [sse.id for sse in source.iter_sse() if sse.data]
    t0 = time.monotonic()
    for resume in ({"headers": {"Last-Event-ID": ids[-1]}}, {"params": {"after": ids[-1]}}):
        with connect_sse(edge, "GET", f"/v1/reviews/{rid}/events", timeout=httpx.Timeout(10), **resume) as source:
            assert [sse for sse in source.iter_sse() if sse.data] == []
    assert time.monotonic() - t0 < 8, "nothing more will come: the stream is not held open"


def test_a_follow_up_id_the_review_never_had_is_404(edge):
    rid = upload(edge)
    r = edge.get(f"/v1/reviews/{rid}/events", params={"followup": "0123456789abcdef"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(("method", "path", "status", "code"), [("GET", "/v1/nothing-here", 404, "not_found"), ("PUT", "/v1/reviews", 405, "method_not_allowed")])
def test_routing_errors_have_the_error_body(edge, method, path, status, code):
    r = edge.request(method, path)
    assert r.status_code == status and r.json()["error"]["code"] == code


def test_a_followup_no_stage_answers_ends_in_a_timeout_error(settings, tmp_path):
    """The review has its final (written here as analyze would, in one step with its state);
    nobody answers the follow-up (no analyze): it ends with `followup_error` timeout by its
    deadline, and an answer arriving after it is not appended."""
    import asyncio

    from redis.asyncio import Redis

    from shared.store.events import EventLog

    async def seed_final(rid: str) -> None:
        redis = Redis.from_url(settings.redis_url)
        try:
            log = EventLog(redis, prefix=settings.topic_prefix)
            final = {"findings": [{"category": "Cap On Liability", "categories": ["Cap On Liability"], "page": 3, "quote": "liability"}]}
            await log.emit(rid, "final", final, dedupe="final", review={"status": "done", "final": final})
        finally:
            await redis.aclose()

    async def late_answer(rid: str, fid: str) -> str | None:
        redis = Redis.from_url(settings.redis_url)
        try:
            return await EventLog(redis).emit(rid, "followup_final", {"followup_id": fid, "answer": "late"}, dedupe=f"followup_end:{fid}")
        finally:
            await redis.aclose()

    with edge_process(settings, tmp_path, {"edge-test": KEY}, review_deadline_s="60", followup_deadline_s="2", heartbeat_s="0.5") as base:
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {KEY}"}, timeout=20) as client:
            rid = upload(client)
            asyncio.run(seed_final(rid))
            r = client.post(f"/v1/reviews/{rid}/followups", json={"question": "Is it mutual?", "finding": 0})
            assert r.status_code == 202, r.text
            fid = r.json()["followup_id"]
            t0 = time.monotonic()
            seen = []
            with connect_sse(client, "GET", f"/v1/reviews/{rid}/events", params={"followup": fid}) as source:
                for sse in source.iter_sse():
                    if sse.data:
                        seen.append((sse.event, json.loads(sse.data)))
                    if time.monotonic() - t0 > 30:  # heartbeats forever: the follow-up never ends
                        break
            took = time.monotonic() - t0
            assert asyncio.run(late_answer(rid, fid)) is None, "the follow-up has ended: a late answer is not appended"
    ends = [(t, d) for t, d in seen if t in ("followup_final", "followup_error")]
    assert ends == [("followup_error", {"followup_id": fid, "code": "timeout", "message": "the follow-up was not answered in time"})], seen
    assert took < 15, "the follow-up's stream ended soon after its deadline"

"""Tenants and keys at the edge (its own process, the real broker and Redis, no workers):
every endpoint × {owner, another tenant, no key, a wrong key}; the browser's stream token;
upload rate per tenant (429) and the system's backlog (503), both with Retry-After."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from httpx_sse import connect_sse

from shared.core.apikeys import new_key
from shared.testing import edge_process
from shared.testing.contracts import make_contract

KEYS = {"acme": new_key(), "globex": new_key()}
OWNER, OTHER, NONE, WRONG = "owner", "another tenant", "no key", "wrong key"


def auth(who: str) -> dict[str, str]:
    return {
        OWNER: {"Authorization": f"Bearer {KEYS['acme']}"},
        OTHER: {"X-API-Key": KEYS["globex"]},  # the other header form works too
        NONE: {},
        WRONG: {"Authorization": f"Bearer {new_key()}"},
    }[who]


@pytest.fixture(scope="module")
def edge(settings_module, tmp_path_factory):
    with edge_process(settings_module, tmp_path_factory.mktemp("tenants"), KEYS, review_deadline_s="120", client_gone_cancel_s="600") as base:
        yield base


def upload(base: str, headers: dict, data: bytes | None = None) -> httpx.Response:
    data = data or make_contract().data
    return httpx.post(f"{base}/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, data={"question": "liability?"}, headers=headers, timeout=20)


@pytest.fixture(scope="module")
def review(edge) -> dict:
    r = upload(edge, auth(OWNER))
    assert r.status_code == 202, r.text
    return r.json()


def sse_status(base: str, rid: str, headers: dict, params: dict | None = None) -> int:
    with httpx.Client(base_url=base, headers=headers, timeout=10) as c:
        with connect_sse(c, "GET", f"/v1/reviews/{rid}/events", params=params or {}) as source:
            return source.response.status_code


async def ws_first(url: str, headers: dict) -> tuple[dict, int | None]:
    async with websockets.connect(url, additional_headers=headers) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if first["type"] == "error":
            await ws.wait_closed()
        return first, ws.close_code


EXPECTED = {OWNER: 200, OTHER: 404, NONE: 401, WRONG: 401}


@pytest.mark.parametrize("who", [OWNER, OTHER, NONE, WRONG])
@pytest.mark.parametrize("endpoint", ["state", "cost", "pdf", "events"])
def test_reads_are_the_owners_alone(edge, review, endpoint, who):
    rid = review["request_id"]
    if endpoint == "events":
        status = sse_status(edge, rid, auth(who))
    else:
        path = {"state": "", "cost": "/cost", "pdf": "/pdf"}[endpoint]
        r = httpx.get(f"{edge}/v1/reviews/{rid}{path}", headers=auth(who), timeout=10)
        status = r.status_code
        if status != 200:
            body = r.json()["error"]
            assert body["code"] == {404: "not_found", 401: "unauthorized"}[status]
            if status == 401:
                assert r.headers["WWW-Authenticate"] == "Bearer"
            if status == 404:  # exactly what an id that does not exist gets: nothing to learn
                missing = httpx.get(f"{edge}/v1/reviews/{'0' * 32}{path}", headers=auth(who), timeout=10)
                assert missing.status_code == 404 and missing.json()["error"]["code"] == body["code"]
        elif endpoint == "pdf":
            assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF-")
        elif endpoint == "state":
            assert r.json()["tenant"] == "acme" and "stream_token_sha" not in r.json()
    assert status == EXPECTED[who]


@pytest.mark.parametrize("who", [OWNER, OTHER, NONE, WRONG])
async def test_the_websocket_is_the_owners_alone(edge, review, who):
    first, code = await ws_first(f"{edge.replace('http', 'ws', 1)}/v1/reviews/{review['request_id']}/ws", auth(who))
    if who == OWNER:
        assert first["type"] == "accepted"
    else:
        assert first["type"] == "error" and code == 4000 + EXPECTED[who]


@pytest.mark.parametrize("who", [OTHER, NONE, WRONG])
def test_nobody_else_can_cancel(edge, review, who):
    rid = review["request_id"]
    r = httpx.delete(f"{edge}/v1/reviews/{rid}", headers=auth(who), timeout=10)
    assert r.status_code == EXPECTED[who]
    assert httpx.get(f"{edge}/v1/reviews/{rid}", headers=auth(OWNER), timeout=10).json()["status"] == "accepted"


async def test_another_tenants_websocket_cannot_cancel(edge):
    rid = upload(edge, auth(OWNER)).json()["request_id"]
    async with websockets.connect(f"{edge.replace('http', 'ws', 1)}/v1/reviews/{rid}/ws", additional_headers=auth(OTHER)) as ws:
        try:
            await ws.send(json.dumps({"type": "cancel"}))
        except websockets.ConnectionClosed:
            pass  # refused (4404) before the cancel could even be sent
        await ws.wait_closed()
        assert ws.close_code == 4404
    await asyncio.sleep(0.5)
    assert httpx.get(f"{edge}/v1/reviews/{rid}", headers=auth(OWNER), timeout=10).json()["status"] == "accepted"


def test_uploads_need_a_valid_key(edge):
    for who in (NONE, WRONG):
        r = upload(edge, auth(who))
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"


def test_the_stream_token_follows_its_own_review_and_nothing_else(edge, review):
    rid, token = review["request_id"], review["stream_token"]
    assert f"token={token}" in review["events_url"] and f"token={token}" in review["ws_url"]
    assert sse_status(edge, rid, {}, {"token": token}) == 200
    other = upload(edge, auth(OWNER)).json()
    assert sse_status(edge, other["request_id"], {}, {"token": token}) == 404, "one review's token opens no other"
    assert sse_status(edge, rid, {}, {"token": "x" * 22}) == 404
    r = httpx.get(f"{edge}/v1/reviews/{rid}", params={"token": token}, timeout=10)
    assert r.status_code == 401, "a token follows the stream; it reads no state"
    # A key, when sent, is what counts: another tenant's key with the right token is still refused.
    assert sse_status(edge, rid, auth(OTHER), {"token": token}) == 404


async def test_the_browser_websocket_url_works_without_a_key(edge, review):
    first, _ = await ws_first(review["ws_url"], {})
    assert first["type"] == "accepted"


def test_one_tenants_upload_rate_is_its_own(settings_module, tmp_path):
    with edge_process(settings_module, tmp_path, KEYS, upload_rate="3/minute") as base:
        codes = [upload(base, auth(OWNER)).status_code for _ in range(3)]
        over = upload(base, auth(OWNER))
        assert codes == [202] * 3 and over.status_code == 429
        assert over.json()["error"]["code"] == "rate_limited" and 1 <= int(over.headers["Retry-After"]) <= 60
        assert upload(base, auth(OTHER)).status_code == 202, "another tenant is not slowed"


def test_beyond_the_backlog_uploads_get_503_with_retry_after(settings_module, tmp_path, redis_url):
    import redis as redis_sync

    prefix = f"{settings_module.topic_prefix}backlog."  # its own open-review set
    with edge_process(settings_module, tmp_path, KEYS, max_backlog="2", backlog_retry_after_s="7", topic_prefix=prefix) as base:
        assert [upload(base, auth(OWNER)).status_code for _ in range(2)] == [202, 202]
        r = upload(base, auth(OTHER))
        assert r.status_code == 503 and r.json()["error"]["code"] == "busy" and r.headers["Retry-After"] == "7"
        # A review that ends leaves the backlog: the next upload is taken.
        rid = redis_sync.Redis.from_url(redis_url).zrange(f"{prefix}reviews:open", 0, 0)[0].decode()
        assert httpx.delete(f"{base}/v1/reviews/{rid}", headers=auth(OWNER), timeout=10).status_code == 202
        assert upload(base, auth(OTHER)).status_code == 202

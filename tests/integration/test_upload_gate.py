"""Bodies are read only after the key and the size are checked (issue 21, defect 8): the edge
alone, as its own process, on the real broker and Redis, no workers.

The requests are written on a raw socket, so that the test decides how much of the body is
sent: a client announces a large body, sends the first few KiB, and waits. An edge that checks
the key (or the size, or its upload slots) before it reads the body answers at once; one that
reads the body first waits for bytes that never come, and the test's read times out."""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from shared.core.apikeys import new_key
from shared.testing import edge_process
from shared.testing.contracts import make_contract

KEY = new_key()
MAX_UPLOAD = 2_000_000
ALLOWANCE = 64 * 1024  # the multipart allowance over max_upload_bytes
BOUNDARY = "clauseflowgate"
ANNOUNCED = 1_500_000  # under the limit: a size the edge would accept, if the key were good
SENT = 4096  # what the client actually sends of it before it waits for an answer
ANSWER_WITHIN_S = 5.0


@pytest.fixture(scope="module")
def edge(settings_module, tmp_path_factory):
    env = {"max_upload_bytes": str(MAX_UPLOAD), "max_concurrent_uploads": "2", "review_deadline_s": "120", "client_gone_cancel_s": "600"}
    with edge_process(settings_module, tmp_path_factory.mktemp("gate"), {"gate": KEY}, **env) as base:
        yield base


def _auth(who: str) -> dict[str, str]:
    return {"key": {"Authorization": f"Bearer {KEY}"}, "no key": {}, "wrong key": {"Authorization": f"Bearer {new_key()}"}}[who]


def _body_head(path: str) -> tuple[str, bytes]:
    """The content type and the first bytes of a body for ``path``."""
    if path == "/v1/reviews":
        head = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\n'
                "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n").encode()
        return f"multipart/form-data; boundary={BOUNDARY}", head + b"0" * (SENT - len(head))
    head = b'{"question": "' + b"x" * (SENT - 15)
    return "application/json", head


def _connect(base: str) -> socket.socket:
    url = urlsplit(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=ANSWER_WITHIN_S)
    sock.settimeout(ANSWER_WITHIN_S)
    return sock


def start_request(base: str, method: str, path: str, headers: dict, length: int | None) -> socket.socket:
    """Send the request line, the headers and SENT bytes of the body (``length`` announced, or a
    chunked body when None), and nothing more."""
    ctype, head = _body_head(path)
    url = urlsplit(base)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {url.hostname}:{url.port}", f"Content-Type: {ctype}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    lines.append(f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked")
    sock = _connect(base)
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    sock.sendall(head if length is not None else f"{len(head):x}\r\n".encode() + head + b"\r\n")
    return sock


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], dict]:
    """The status, headers and JSON body of the answer; fails if none comes in time (the edge
    is waiting for the rest of the body)."""
    raw = b""
    t0 = time.monotonic()
    try:
        while b"\r\n\r\n" not in raw or len(raw.split(b"\r\n\r\n", 1)[1]) < _length(raw):
            chunk = sock.recv(65536)
            if not chunk:
                break
            raw += chunk
    except TimeoutError:
        pytest.fail(f"no answer within {ANSWER_WITHIN_S} s with {SENT} bytes of the body sent: the edge is reading the body first")
    finally:
        sock.close()
    assert time.monotonic() - t0 < ANSWER_WITHIN_S
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
    return int(status_line.split()[1]), headers, json.loads(body[: _length(raw)] or b"{}")


def _length(raw: bytes) -> int:
    head = raw.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    for line in head.split("\r\n"):
        if line.startswith("content-length:"):
            return int(line.split(":", 1)[1])
    return 1 << 62  # until the server closes


KEYED_BODIES = [("POST", "/v1/reviews"), ("POST", "/v1/reviews/" + "0" * 32 + "/followups"), ("PUT", "/v1/playbook")]


@pytest.mark.parametrize("framing", ["content-length", "chunked"])
@pytest.mark.parametrize("who", ["no key", "wrong key"])
@pytest.mark.parametrize(("method", "path"), KEYED_BODIES)
def test_no_valid_key_is_refused_before_the_body_is_read(edge, method, path, who, framing):
    sock = start_request(edge, method, path, _auth(who), ANNOUNCED if framing == "content-length" else None)
    status, headers, body = read_answer(sock)
    assert status == 401 and body["error"]["code"] == "unauthorized", body
    assert headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize(("method", "path"), [("POST", "/v1/reviews"), ("PUT", "/v1/playbook")])
def test_an_oversized_content_length_is_refused_before_the_body_is_read(edge, method, path):
    sock = start_request(edge, method, path, _auth("key"), MAX_UPLOAD + ALLOWANCE + 1)
    status, _, body = read_answer(sock)
    assert status == 413 and body["error"]["code"] == "too_large", body


def test_uploads_over_the_concurrency_cap_get_503_busy_with_retry_after(edge):
    # Two slow uploads (the cap) hold their slots while their bodies trickle in.
    slow = [start_request(edge, "POST", "/v1/reviews", _auth("key"), ANNOUNCED) for _ in range(2)]
    try:
        data = make_contract().data
        deadline = time.monotonic() + 10
        while True:  # the slow uploads' headers may take a moment to reach the app
            r = httpx.post(f"{edge}/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, headers=_auth("key"), timeout=20)
            if r.status_code == 503 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert r.status_code == 503, r.text
        assert r.json()["error"]["code"] == "busy" and int(r.headers["Retry-After"]) >= 1
    finally:
        for sock in slow:
            sock.close()
    # The slow clients gone, their slots are free again.
    deadline = time.monotonic() + 10
    while (r := httpx.post(f"{edge}/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, headers=_auth("key"), timeout=20)).status_code == 503:
        assert time.monotonic() < deadline, "the slots of the uploads that went away were never freed"
        time.sleep(0.2)
    assert r.status_code == 202, r.text


def test_a_whole_upload_is_still_accepted(edge):
    r = httpx.post(f"{edge}/v1/reviews", files={"file": ("c.pdf", make_contract().data, "application/pdf")}, data={"question": "liability?"}, headers=_auth("key"), timeout=20)
    assert r.status_code == 202, r.text

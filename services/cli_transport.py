"""How the `clauseflow` command talks to the edge: the HTTP calls, following a review's event
stream (SSE) and resuming it after a dropped connection, the API key lookup, and CliError with
the exit codes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, NamedTuple

import httpx
from httpx_sse import connect_sse
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

DEV_KEY = Path(__file__).resolve().parent.parent / "var" / "keys" / "dev.key"
DEFAULT_URL = "http://127.0.0.1:8000"
WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
EXIT_OK, EXIT_INPUT, EXIT_FAILED, EXIT_CANCELLED = 0, 2, 3, 4
RECONNECTS = 5  # a dropped stream is resumed this many times in all, then the command gives up
UPLOAD_TRIES = 5  # an upload the edge answers 429/503 with Retry-After is sent this many times in all
MAX_RETRY_AFTER_S = 30.0  # the longest wait between them, whatever Retry-After says
TERMINAL = {"final": EXIT_OK, "error": EXIT_FAILED, "cancelled": EXIT_CANCELLED}


class CliError(Exception):
    """Ends the command: the message goes to stderr, the process exits with ``code``."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Event(NamedTuple):
    id: str | None
    type: str
    data: dict


def api_key(given: str | None) -> str:
    key = given or os.environ.get("CLAUSEFLOW_API_KEY")
    if key:
        return key
    if DEV_KEY.exists():
        return DEV_KEY.read_text().strip()
    raise CliError("no API key: pass --key, set CLAUSEFLOW_API_KEY, or start `make run` once (it makes var/keys/dev.key)", EXIT_INPUT)


class Later(CliError):
    """A refusal that asks to be asked again: 429 or 503 with Retry-After (busy, rate limited,
    Redis or the broker away for a moment); ``wait_s`` is that wait, at most MAX_RETRY_AFTER_S."""

    def __init__(self, message: str, wait_s: float) -> None:
        super().__init__(message, EXIT_FAILED)
        self.wait_s = wait_s


def refusal(r: httpx.Response) -> CliError:
    """The edge's ``{"error": {"code", "message"}}`` as a CliError with its exit code (a :class:`Later`
    when it names a wait)."""
    try:
        body = r.json()["error"]
        said = f"{body['message']} ({r.status_code} {body['code']})"
    except (ValueError, KeyError, TypeError):
        said = f"{r.status_code} {r.text[:200]}"
    if r.status_code == 401:
        return CliError(f"the edge refused the API key: {said}; pass --key or set CLAUSEFLOW_API_KEY", EXIT_INPUT)
    if r.status_code in (429, 503) and (after := r.headers.get("Retry-After", "")).isdigit():
        return Later(f"the edge refused the request: {said}", min(MAX_RETRY_AFTER_S, float(after)))
    retryable = r.status_code == 429 or r.status_code >= 500
    return CliError(f"the edge refused the request: {said}", EXIT_FAILED if retryable else EXIT_INPUT)


def later(a: str, b: str) -> bool:
    """Whether Redis stream id ``a`` ("ms-seq") comes after ``b``."""
    return tuple(map(int, a.split("-"))) > tuple(map(int, b.split("-")))


class Edge:
    """The edge's HTTP API as this command uses it; a refusal or a network failure is a CliError."""

    def __init__(self, url: str, key: str) -> None:
        self.url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {key}"}
        # Heartbeats come every few seconds, so a minute of silence is a dead connection.
        self.http = httpx.Client(base_url=self.url, headers=headers, timeout=httpx.Timeout(30, read=60))

    def request(self, method: str, path: str, **kw) -> dict:
        try:
            r = self.http.request(method, path, **kw)
        except httpx.TransportError as exc:
            raise CliError(f"cannot reach the edge at {self.url}: {exc!r}", EXIT_FAILED) from exc
        if r.status_code >= 400:
            raise refusal(r)
        return r.json()

    def upload(self, pdf: Path, question: str, notify: Callable[[str], None] = lambda _: None) -> dict:
        """POST the PDF; told to come back later (429/503 with Retry-After), wait as told and send it
        again, ``UPLOAD_TRIES`` times in all; ``notify`` hears of each wait."""
        word = pdf.suffix.lower() == ".docx"
        files = {"file": (pdf.name, pdf.read_bytes(), WORD if word else "application/pdf")}
        return patiently(self.request, "POST", "/v1/reviews", notify=notify, files=files, data={"question": question})

    def events(self, rid: str, after: str | None):
        """The review's events after ``after``; ends when the server closes the stream."""
        headers = {"Last-Event-ID": after} if after else {}
        with connect_sse(self.http, "GET", f"/v1/reviews/{rid}/events", headers=headers) as source:
            if source.response.status_code != 200:
                source.response.read()
                raise refusal(source.response)
            for sse in source.iter_sse():
                if sse.data:  # an empty message is a heartbeat
                    yield Event(sse.id or None, sse.event, json.loads(sse.data))


def _wait_as_told(state) -> float:
    exc = state.outcome.exception()
    return exc.wait_s if isinstance(exc, Later) else wait_exponential(multiplier=0.5, max=8)(state)


def patiently(call: Callable, *args, notify: Callable[[str], None] = lambda _: None, retry_on: tuple[type[BaseException], ...] = (Later,),
              tries: int = UPLOAD_TRIES, **kw):
    """``call(*args, **kw)``, again when the edge names a wait (a :class:`Later`: 429/503 with
    Retry-After, waited as told) or on ``retry_on``'s other errors (waited a little longer each
    time), ``tries`` in all; ``notify`` hears of each wait."""
    retrying = Retrying(
        retry=retry_if_exception_type(retry_on), stop=stop_after_attempt(tries), reraise=True, wait=_wait_as_told,
        before_sleep=lambda s: notify(f"{s.outcome.exception()!s}; trying again in {_wait_as_told(s):g} s"),
    )
    return retrying(call, *args, **kw)


def connect(url: str | None, key: str | None) -> Edge:
    return Edge(url or os.environ.get("CLAUSEFLOW_URL") or DEFAULT_URL, api_key(key))


class Follower:
    """One review's stream, resumed after the last event seen when the connection drops;
    ``notify`` is told (one line of text) each time it resumes."""

    def __init__(self, edge: Edge, rid: str, notify: Callable[[str], None]) -> None:
        self.edge, self.rid, self.last_id, self.notify = edge, rid, None, notify

    def run(self, handle: Callable[[Event], None]) -> Event:
        """Hand every new event to ``handle`` until the terminal one, which is returned."""
        retrying = Retrying(
            retry=retry_if_exception_type(httpx.TransportError), stop=stop_after_attempt(RECONNECTS + 1),
            wait=wait_exponential(multiplier=0.5, max=8), before_sleep=self._say_resuming, reraise=True,
        )
        try:
            return retrying(self._once, handle)
        except httpx.TransportError as exc:
            raise CliError(f"lost the event stream of {self.rid} {RECONNECTS + 1} times: {exc!r}; `clauseflow follow {self.rid}` resumes", EXIT_FAILED) from exc

    def _once(self, handle: Callable[[Event], None]) -> Event:
        for ev in self.edge.events(self.rid, self.last_id):
            if self.last_id and ev.id and not later(ev.id, self.last_id):
                continue  # the server resumes after Last-Event-ID; this only guards the promise
            self.last_id = ev.id or self.last_id
            handle(ev)
            if ev.type in TERMINAL:
                return ev
        raise httpx.RemoteProtocolError("the event stream ended before the review did")

    def _say_resuming(self, state) -> None:
        self.notify(f"connection lost ({state.outcome.exception()!r}); resuming after event {self.last_id}")

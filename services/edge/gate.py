"""The gate in front of every request body: nothing is read before it is known to be wanted.

FastAPI parses a route's body (a multipart upload is spooled whole, a JSON body read whole)
before the route's dependencies run, the API key's among them; so without this gate a client
with no key could make the edge take 25 MB per request, as many at once as it liked. For a
request that carries a body (POST, PUT, PATCH) to the API (``/v1/``), :class:`BodyGate`, a pure
ASGI middleware, answers before reading a byte of it:

- no key, or not a valid one: 401 ``unauthorized`` (with ``WWW-Authenticate: Bearer``);
- a declared ``Content-Length`` over the limit (``max_upload_bytes`` and an allowance for the
  form's other parts): 413 ``too_large``; a chunked body is counted as it arrives and cut off at
  the limit (the app's own answer to the broken body is replaced by the 413);
- an upload (``POST /v1/reviews``) while ``max_concurrent_uploads`` are already in progress in this
  process: 503 ``busy`` with ``Retry-After``. The slot is held until the upload is answered (or its
  client goes away), so the uploads being read and checked at once are bounded, whoever sends them.

The routes check the key again (their dependency gives the tenant); the answers here have the
same JSON error body as theirs (:func:`error_response`, app.py's handler too).
"""

from __future__ import annotations

import math

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from shared.core.errors import ClauseFlowError, Overloaded, TooLarge, error_body

from .auth import Keys, tenant_of

FORM_ALLOWANCE = 64 * 1024  # room for the form's other parts (the question, the part headers)
WITH_BODY = ("POST", "PUT", "PATCH")
UPLOAD = ("POST", "/v1/reviews")
BATCH = ("POST", "/v1/batches")  # many contracts in one body: a limit and slots of its own


class _BodyTooLarge(Exception):
    pass


class BodyGate:
    """Key, size and (for uploads) a slot, checked before the body is read."""

    def __init__(self, app, keys: Keys, max_bytes: int, max_uploads: int, retry_after_s: float, batch_bytes: int = 0, max_batch_uploads: int = 1) -> None:
        self.app = app
        self.keys = keys
        self.limits = {UPLOAD: max_bytes, BATCH: batch_bytes or max_bytes}  # the body's limit by route; others: the upload's
        self.slots = {UPLOAD: max_uploads, BATCH: max_batch_uploads}
        self.retry_after_s = retry_after_s
        self.busy = dict.fromkeys(self.slots, 0)  # uploads in progress in this process (one event loop: no lock needed)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] not in WITH_BODY:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        route = (scope["method"], scope["path"].rstrip("/"))
        upload = route if route in self.slots else None
        limit = self.limits.get(route, self.limits[UPLOAD])
        try:
            if scope["path"].startswith("/v1/"):
                tenant_of(self.keys, headers)  # 401 before a byte of the body is read
            length = headers.get("content-length", "")
            if length.isdigit() and int(length) > limit + FORM_ALLOWANCE:
                raise TooLarge(f"the upload is over the {limit}-byte limit")
            if upload and self.busy[upload] >= self.slots[upload]:
                raise Overloaded(
                    f"this edge is taking {self.slots[upload]} {'batches' if upload == BATCH else 'uploads'} at once, the most it takes; retry shortly",
                    status=503, code="busy", retry_after=self.retry_after_s,
                )
        except ClauseFlowError as exc:
            await _refuse(exc, scope, receive, send)
            return
        if not upload:
            await self._counted(scope, receive, send, limit)
            return
        self.busy[upload] += 1
        try:
            await self._counted(scope, receive, send, limit)
        finally:
            self.busy[upload] -= 1

    @property
    def uploading(self) -> int:
        """Single uploads in progress in this process."""
        return self.busy[UPLOAD]

    async def _counted(self, scope, receive, send, limit: int) -> None:
        """Run the app on the body, cut off (413) once it is over the limit."""
        seen = 0
        over = False

        async def counted():
            nonlocal seen, over
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit + FORM_ALLOWANCE:
                    over = True
                    raise _BodyTooLarge
            return message

        async def unless_over(message) -> None:
            if not over:
                await send(message)

        try:
            await self.app(scope, counted, unless_over)
        except _BodyTooLarge:
            pass
        if over:
            await _refuse(TooLarge(f"the upload is over the {limit}-byte limit"), scope, receive, send)


def error_response(exc: ClauseFlowError) -> JSONResponse:
    """The edge's answer to an error: its JSON body, Retry-After, WWW-Authenticate on a 401."""
    headers = {"Retry-After": str(math.ceil(exc.retry_after))} if exc.retry_after else {}
    if exc.status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return JSONResponse({"error": error_body(exc)}, status_code=exc.status, headers=headers)


async def _refuse(exc: ClauseFlowError, scope, receive, send) -> None:
    """The error's answer, sent without reading the request's body."""
    await error_response(exc)(scope, receive, send)

"""edge: the app factory and its lifespan (Redis, Kafka producer), error bodies, metrics."""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from prometheus_client import start_http_server
from prometheus_fastapi_instrumentator import Instrumentator
from redis.asyncio import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry
from starlette.exceptions import HTTPException as StarletteHTTPException

from shared.core import topics, tracing
from shared.core.errors import ClauseFlowError, RetryLater
from shared.documents.sandbox import PdfSandbox
from shared.platform.bus import Producer, ensure_topics
from shared.store.keys import rate_limits
from shared.store.blobs import open_blobs
from shared.store.events import EventLog
from shared.store.state import State

from . import batches, followups, playbooks, reports, reviews, streams
from .auth import Keys
from .deps import EdgeContext
from .gate import BodyGate, error_response
from .lifecycle import BatchDeadlines, Deadlines, FollowupDeadlines, expire_pdfs
from .settings import Settings

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"
# PDF.js, installed from web/package-lock.json by `make install` (npm ci); without it the page
# shows the PDF in the browser's own viewer.
PDFJS = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "pdfjs-dist"
# The review page runs only its own files: no inline script or style, no other origin. Workers
# and PDF.js's fonts may come from blob:/data: URLs it makes itself; the browser's own PDF
# viewer (the fallback) is an object of a blob: URL.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; "
    "connect-src 'self'; worker-src 'self' blob:; object-src 'self' blob:; frame-src 'self' blob:; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
PAGE_HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class PageFiles(StaticFiles):
    """The page's static files, with the page's security headers."""

    def file_response(self, *args, **kwargs):
        response = super().file_response(*args, **kwargs)
        response.headers.update(PAGE_HEADERS)
        return response


def build_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    keys = Keys.from_settings(settings.api_keys, settings.api_keys_file)  # none configured: refuse to start

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # A request's Redis calls fail fast (503 with Retry-After) rather than hang on a stopped Redis.
        t = settings.redis_timeout_s
        redis = Redis.from_url(settings.redis_url, socket_connect_timeout=t, socket_timeout=t + 1.5, retry=Retry(NoBackoff(), 0))
        await redis.ping()
        await ensure_topics(settings, [topics.name(t, settings.topic_prefix) for t in topics.ALL])
        producer = Producer(settings)
        await producer.start()
        if settings.metrics_port:  # never on the public port: metrics tell who uploads how much
            start_http_server(settings.metrics_port, addr=settings.metrics_host)
        sandbox = PdfSandbox(settings.pdf_workers, settings.pdf_timeout_s, settings.pdf_memory_mb)
        await sandbox.warm()  # the first upload does not wait for the workers to start
        blobs = open_blobs(settings)
        limits_store = RedisStorage(
            settings.redis_url, implementation="redispy", key_prefix=rate_limits(settings.topic_prefix),
            socket_connect_timeout=t, socket_timeout=t + 1.5, retry=Retry(NoBackoff(), 0),
        )
        events = EventLog(redis, settings.event_ttl_s, prefix=settings.topic_prefix)
        ctx = EdgeContext(settings, redis, producer, events, State.for_settings(settings, redis), sandbox, blobs, keys, MovingWindowRateLimiter(limits_store))
        ctx.deadlines, ctx.followup_deadlines = Deadlines(ctx), FollowupDeadlines(ctx)
        app.state.ctx = ctx
        sweepers = [asyncio.create_task(ctx.deadlines.run(), name="deadlines"), asyncio.create_task(ctx.followup_deadlines.run(), name="followup-deadlines"),
                    asyncio.create_task(BatchDeadlines(ctx).run(), name="batch-deadlines"), asyncio.create_task(expire_pdfs(ctx), name="pdf-retention")]
        try:
            yield
        finally:
            for task in sweepers:
                task.cancel()
            await asyncio.gather(*sweepers, return_exceptions=True)
            sandbox.close()
            await blobs.close()
            await producer.stop()
            await redis.aclose()
            tracing.shutdown()  # send the spans still buffered

    app = FastAPI(title="ClauseFlow", version="0.1.0", lifespan=lifespan)
    for routes in (reviews, streams, followups, playbooks, reports, batches):
        app.include_router(routes.router)
    # No body is read before its key, its size and (uploads) a slot are checked (gate.py); inside
    # the instrumentation, so its refusals are counted too.
    app.add_middleware(
        BodyGate, keys=keys, max_bytes=settings.max_upload_bytes,
        max_uploads=settings.max_concurrent_uploads, retry_after_s=settings.uploads_retry_after_s,
        batch_bytes=settings.max_batch_bytes, max_batch_uploads=settings.max_concurrent_batch_uploads,
    )
    # HTTP requests by route, method and status class, and their duration (http_requests_total,
    # http_request_duration_seconds), on the metrics port only: never exposed on the app.
    Instrumentator(excluded_handlers=["/healthz", "/static/.*"]).instrument(app)
    from .openapi import install as install_openapi  # bodies, errors, events: what FastAPI cannot see

    install_openapi(app)

    @app.exception_handler(ClauseFlowError)
    async def _clauseflow_error(request: Request, exc: ClauseFlowError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RedisError)
    @app.exception_handler(StorageError)
    async def _state_down(request: Request, exc: Exception) -> JSONResponse:
        log.warning("Redis is unavailable: %s", exc)
        return await _clauseflow_error(request, RetryLater("the review state store is unavailable; try again shortly", code="state_unavailable"))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Routing's own answers (no such path, a method the path does not take) in our error body."""
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": {"code": "bad_request", "message": where}}, status_code=400)

    @app.get("/healthz")
    async def healthz() -> dict:
        await app.state.ctx.redis.ping()
        return {"status": "ok"}

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    app.mount("/static/app", PageFiles(directory=STATIC), name="static")
    if PDFJS.is_dir():
        app.mount("/static/pdfjs", PageFiles(directory=PDFJS), name="pdfjs")

    return app

"""Batch routes: many contracts, the same clause categories, one grid (due diligence).

``POST /v1/batches`` takes PDFs (the ``files`` part, repeated) or zips of them, and the
categories (or the tenant's playbook). Each contract becomes a review of its own (the review page
shows it), queued on the batch lane (topics ``batch.*``: summarize and analyze read it in groups
of their own with ``batch_in_flight`` slots, and analyze answers it with no LLM). The edge only
stores the files: each is checked as an upload is by summarize, off the interactive path, and a
bad one is a failed cell, not a failed batch. A review's end writes its cell, once
(shared/store/events.py); the grid is read from the reviews' finals (grid.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass
from pathlib import PurePosixPath

from fastapi import APIRouter, Depends, File, Form, Header, Query, Request, UploadFile
from fastapi.responses import JSONResponse, Response
from sse_starlette import EventSourceResponse

from shared.clauses.catalogue import BY_NAME
from shared.core import topics
from shared.core.errors import InputError, NotAPdf, NotFound, Overloaded, RetryLater, TooLarge
from shared.documents import archives, docx, pdf
from shared.messages import Envelope, ReviewRequested
from shared.store.batches import CANCELLED, RUNNING, Batches
from shared.store.blobs import blob_key
from shared.store.playbooks import Playbooks

from . import grid
from .auth import require_tenant
from .deps import EdgeContext, get_ctx
from .lifecycle import cancel
from .reviews import PLAYBOOK_QUESTION, admit, base_url
from .streams import resume_point

log = logging.getLogger(__name__)
router = APIRouter()
ZIP_TYPES = ("application/zip", "application/x-zip-compressed")
SKIPPED = ("__MACOSX/",)  # what archivers add beside the files


@dataclass
class Part:
    """One contract of the upload: where it was stored, or why it is a failed cell from the start."""

    filename: str
    sha: str = ""
    key: str = ""
    error: InputError | None = None
    format: str = ""  # "docx": a Word file, converted by summarize


def batches(ctx: EdgeContext) -> Batches:
    return Batches(ctx.redis, ctx.settings.event_ttl_s, ctx.settings.topic_prefix)


async def _categories(ctx: EdgeContext, tenant: str, given: str | None) -> tuple[list[str], str]:
    """The categories asked (CUAD's names, any case), else the tenant's playbook's; and the
    question each review records."""
    if given and given.strip():
        names = [c.strip() for c in given.split(",") if c.strip()]
        unknown = [c for c in names if c.lower() not in BY_NAME]
        if unknown:
            raise InputError(f"unknown clause categories: {', '.join(unknown)}; see the clause categories in the README", code="unknown_category")
        cats = list(dict.fromkeys(BY_NAME[c.lower()].name for c in names))
        return cats, f"Find these clauses: {', '.join(cats)}."
    book = await Playbooks(ctx.redis).current(tenant)
    return [r.category for r in book.rules], PLAYBOOK_QUESTION


class _Parts:
    """Every contract of the upload, a zip's members in order, each stored (by tenant and sha256)
    as soon as it is read, so that the edge holds one contract at a time, not the batch: the
    multipart parser has spooled the upload to disk, and a zip is read where it lies. A zip that
    cannot be read safely refuses the whole upload (its code: archive_bomb, archive_path_escape, ...)."""

    def __init__(self, ctx: EdgeContext, tenant: str) -> None:
        self.ctx, self.tenant, self.s = ctx, tenant, ctx.settings
        self.out: list[Part] = []

    async def read(self, files: list[UploadFile]) -> list[Part]:
        s = self.s
        # A member over one contract's limit is a failed cell (below), not a refused zip: the zip's
        # own limits are the batch's; a bomb is caught by its ratio.
        limits = archives.ZipLimits(max_members=s.max_batch_contracts + 100, max_total_bytes=s.max_batch_bytes, max_member_bytes=s.max_batch_bytes)
        for f in files:
            name = f.filename or f"file {len(self.out) + 1}"
            if name.lower().endswith(".zip") or f.content_type in ZIP_TYPES:
                for m in await asyncio.to_thread(archives.members, f.file, limits):
                    base = PurePosixPath(m.name).name
                    if m.name.startswith(SKIPPED) or base.startswith("."):
                        continue
                    if not base.lower().endswith((".pdf", ".docx")):
                        self.failed(m.name, NotAPdf(f"{m.name} is not a PDF or a Word .docx; a batch reviews those", code="not_a_pdf"))
                    elif m.size > s.max_upload_bytes:
                        self.failed(m.name, TooLarge(f"{m.name} is over the {s.max_upload_bytes}-byte limit of one contract"))
                    else:
                        await self.store(m.name, await asyncio.to_thread(archives.read, f.file, m.name))
                continue
            data = await f.read(s.max_upload_bytes + 1)
            if len(data) > s.max_upload_bytes:
                self.failed(name, TooLarge(f"{name} is over the {s.max_upload_bytes}-byte limit of one contract"))
            else:
                await self.store(name, data)
        return self.out

    def count(self) -> None:
        if len(self.out) >= self.s.max_batch_contracts:
            raise TooLarge(f"over {self.s.max_batch_contracts} contracts; a batch takes at most that many", code="too_many_contracts")

    def failed(self, name: str, error: InputError) -> None:
        self.count()
        self.out.append(Part(name, error=error))

    async def store(self, name: str, data: bytes) -> None:
        """Stored unchecked (summarize checks it, after the 202), but what is plainly not taken
        (a legacy .doc, RTF) is a failed cell at once; a zip is taken for a Word file."""
        kind = docx.sniff(data)
        try:
            docx.refuse_other(kind)
        except InputError as exc:
            return self.failed(name, exc)
        self.count()
        sha = pdf.sha256(data)
        key = blob_key(self.tenant, sha)
        try:
            await self.ctx.blobs.put(key, data)
        except Exception as exc:  # noqa: BLE001 - the store is down: nothing of the batch exists yet
            log.exception("storing a batch's contract failed")
            raise RetryLater("the document store is unavailable; try again shortly") from exc
        self.out.append(Part(name, sha, key, format="docx" if kind == "zip" else ""))


@router.post("/v1/batches", status_code=202)
async def create_batch(
    request: Request,
    files: list[UploadFile] | None = File(None),
    categories: str | None = Form(None),
    name: str | None = Form(None),
    tenant: str = Depends(require_tenant),
    ctx: EdgeContext = Depends(get_ctx),
) -> JSONResponse:
    """Store the contracts, make a review of each on the batch lane, answer 202 with the batch."""
    s = ctx.settings
    await admit(ctx, tenant, backlog=False)  # the tenant's upload rate; the batch lane has its own backlog
    if not files:
        raise InputError("the form part 'files' (PDFs, or zips of PDFs) is missing", code="missing_file")
    cats, question = await _categories(ctx, tenant, categories)
    store = batches(ctx)
    if await store.backlog() >= s.max_batch_backlog:  # before storing anything; again below with the count
        raise Overloaded(f"batches hold {s.max_batch_backlog} contracts in progress, the most this system takes; retry later",
                         status=503, code="busy", retry_after=s.backlog_retry_after_s)
    parts = await _Parts(ctx, tenant).read(files)
    if not parts:
        raise InputError("the upload holds no contract", code="missing_file")
    if await store.backlog() + len(parts) > s.max_batch_backlog:
        raise Overloaded(f"batches hold {s.max_batch_backlog} contracts in progress, the most this system takes; retry later",
                         status=503, code="busy", retry_after=s.backlog_retry_after_s)
    bid, now = secrets.token_hex(16), time.time()
    rids = [secrets.token_hex(16) for _ in parts]
    good = [(i, p) for i, p in enumerate(parts) if p.error is None]
    reviews = {rids[i]: {"status": "accepted", "tenant": tenant, "question": question, "doc_sha256": part.sha, "page_count": 0, "created_at": now,
                         "format": part.format or "pdf", "original_sha256": part.sha,
                         "filename": part.filename, "batch": bid, "batch_index": i, "categories": cats} for i, part in enumerate(parts)}
    await store.create(bid, {"tenant": tenant, "name": (name or "").strip()[:200], "categories": cats, "question": question,
                             "created_at": now, "total": len(parts), "files": [p.filename for p in parts], "reviews": rids},
                       reviews, ([rids[i] for i, _ in good], now + s.batch_deadline_s))
    for i, part in enumerate(parts):
        if part.error is not None:  # ends the review, and so writes its cell (failed)
            await _fail(ctx, rids[i], part.error.code, str(part.error))
    failed = await asyncio.gather(*(_queue(ctx, tenant, rids[i], p, question, now) for i, p in good))
    if good and all(failed):
        raise RetryLater("the review queue is unavailable; try again shortly")
    log.info("batch %s accepted: %d contracts, %d refused at once, %d categories", bid, len(parts), len(parts) - len(good), len(cats))
    return JSONResponse(_created(ctx, request, bid, len(parts), cats), status_code=202, headers={"Location": f"/v1/batches/{bid}"})


async def _queue(ctx: EdgeContext, tenant: str, rid: str, part: Part, question: str, now: float) -> bool:
    """Queue one stored contract on the batch lane; True if it failed (its cell says why)."""
    try:
        env = Envelope(request_id=rid, doc_sha256=part.sha, question=question, page_count=0, submitted_at=now, tenant=tenant)
        await asyncio.wait_for(ctx.producer.publish(topics.BATCH_REQUESTED, rid, ReviewRequested(envelope=env, blob_key=part.key, format=part.format)), ctx.settings.publish_timeout_s)
        return False
    except Exception:  # noqa: BLE001 - the broker is down: this contract's cell says so
        log.exception("queueing batch contract %s failed", rid)
        await _fail(ctx, rid, "queue_unavailable", "the review queue was unavailable when the batch was sent; send this contract again")
        return True


async def _fail(ctx: EdgeContext, rid: str, code: str, message: str) -> None:
    await ctx.events.emit(rid, "error", {"code": code, "message": message, "stage": "edge"}, dedupe="error", review={"status": "failed"})


def _created(ctx: EdgeContext, request: Request, bid: str, total: int, cats: list[str]) -> dict:
    base = f"{base_url(ctx, request)}/v1/batches/{bid}"
    return {"batch_id": bid, "total": total, "categories": cats, "status_url": base, "events_url": f"{base}/events",
            "grid": {kind: f"{base}/grid.{kind}" for kind in ("json", "csv", "xlsx")}}


async def tenant_batch(ctx: EdgeContext, bid: str, tenant: str) -> dict:
    """The tenant's batch; another tenant's is answered like one that does not exist."""
    record = await batches(ctx).get(bid) if bid.isalnum() else None
    if record is None or record.get("tenant") != tenant:
        raise NotFound(f"no batch {bid!r}")
    return record


async def cells(ctx: EdgeContext, bid: str) -> dict[int, dict]:
    """The batch's written cells by contract index (each is written once)."""
    out: dict[int, dict] = {}
    after = "0-0"
    while events := await ctx.events.read_batch(bid, after, count=500):
        for ev in events:
            if ev.type == "cell":
                out[int(ev.data["index"])] = ev.data
        after = events[-1].id
    return out


def contracts(record: dict, written: dict[int, dict]) -> list[dict]:
    rows = []
    for i, (filename, rid) in enumerate(zip(record["files"], record["reviews"])):
        cell = written.get(i)
        rows.append({"index": i, "filename": filename, "request_id": rid, "status": cell["status"] if cell else "running", "error": (cell or {}).get("error")})
    return rows


def state(bid: str, record: dict, written: dict[int, dict]) -> dict:
    done = sum(1 for c in written.values() if c["status"] == "done")
    return {"batch_id": bid, "name": record.get("name", ""), "status": record["status"], "total": record["total"], "done": done,
            "failed": len(written) - done, "categories": record["categories"], "created_at": record["created_at"],
            "contracts": contracts(record, written)}


@router.get("/v1/batches")
async def list_batches(limit: int = Query(20, ge=1, le=100), tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """The tenant's recent batches, newest first (the page's batch view)."""
    rows = await batches(ctx).recent(tenant, limit)
    keep = ("name", "status", "total", "done", "failed", "created_at")
    return {"batches": [{"batch_id": bid, **{k: r.get(k) for k in keep}} for bid, r in rows]}


@router.get("/v1/batches/{bid}")
async def get_batch(bid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """Progress: the counts, and each contract's review and cell status."""
    record = await tenant_batch(ctx, bid, tenant)
    return state(bid, record, await cells(ctx, bid))


@router.delete("/v1/batches/{bid}", status_code=202)
async def delete_batch(bid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """Cancel every contract not yet done; those done keep their cells."""
    record = await tenant_batch(ctx, bid, tenant)
    if record["status"] == RUNNING:
        await batches(ctx).set_status(bid, CANCELLED)
        written = await cells(ctx, bid)
        for i, rid in enumerate(record["reviews"]):
            if i not in written:
                await cancel(ctx, rid, "the batch was cancelled")
    return state(bid, await tenant_batch(ctx, bid, tenant), await cells(ctx, bid))


@router.get("/v1/batches/{bid}/events")
async def batch_events(bid: str, request: Request, after: str | None = None, last_event_id: str | None = Header(None),
                       tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> EventSourceResponse:
    """The batch's cells as they are written (SSE), then `batch_done`; resume with `Last-Event-ID`."""
    await tenant_batch(ctx, bid, tenant)
    start = resume_point(last_event_id, after)

    async def gen():
        cursor = start
        while True:
            events = await ctx.events.read_batch(bid, cursor, block_ms=1000)
            for ev in events:  # a cancelled batch's reviews end too, so `batch_done` always comes
                cursor = ev.id
                yield {"id": ev.id, "event": ev.type, "data": json.dumps(ev.data, ensure_ascii=False)}
                if ev.type == "batch_done":
                    return

    return EventSourceResponse(gen(), ping=ctx.settings.heartbeat_s)


async def _rows(ctx: EdgeContext, request: Request, bid: str, tenant: str) -> tuple[list[str], list[dict]]:
    record = await tenant_batch(ctx, bid, tenant)
    written = await cells(ctx, bid)
    rows = contracts(record, written)
    done = [row for row in rows if row["status"] == "done"]
    for row, final in zip(done, await ctx.state.get_finals([row["request_id"] for row in done])):  # one round trip, not one a contract
        row["final"] = final
    for row in rows:
        row.setdefault("final", None)
        if row["status"] == "running":
            row["status"] = "accepted"
    return record["categories"], grid.rows(record["categories"], rows, base_url(ctx, request))


@router.get("/v1/batches/{bid}/grid.json")
async def grid_json(bid: str, request: Request, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    cats, rows = await _rows(ctx, request, bid, tenant)
    return grid.as_json(bid, cats, rows)


@router.get("/v1/batches/{bid}/grid.csv")
async def grid_csv(bid: str, request: Request, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    cats, rows = await _rows(ctx, request, bid, tenant)
    return Response(grid.as_csv(cats, rows), media_type="text/csv; charset=utf-8", headers={"Content-Disposition": f'attachment; filename="batch-{bid[:8]}-grid.csv"'})


@router.get("/v1/batches/{bid}/grid.xlsx")
async def grid_xlsx(bid: str, request: Request, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    cats, rows = await _rows(ctx, request, bid, tenant)
    body = await asyncio.to_thread(grid.as_xlsx, cats, rows)
    return Response(body, media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    headers={"Content-Disposition": f'attachment; filename="batch-{bid[:8]}-grid.xlsx"'})

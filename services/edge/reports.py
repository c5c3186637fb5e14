"""A finished review as a report to hand on: ``report.json`` (what the review found, checked
against which playbook, with every clause quoted and placed) and ``report.csv`` (one row per
finding, for a spreadsheet). The LLM's commentary is not in it: only what was checked."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timezone

from fastapi import APIRouter, Depends, Response

from shared.core.errors import Conflict

from .auth import require_tenant
from .deps import EdgeContext, get_ctx
from .reviews import tenant_review

router = APIRouter()
COLUMNS = ["category", "also", "page", "quote", "continues_on_page", "continues", "position", "rule", "decided_on", "not_decided_because", "terms", "confidence"]


async def report(ctx: EdgeContext, rid: str, tenant: str) -> dict:
    review = await tenant_review(ctx, rid, tenant)
    final = review.get("final")
    if not isinstance(final, dict):
        raise Conflict("the review has no final yet: a report is of a finished review", code="not_ready")
    return {
        "request_id": rid,
        "file": review.get("filename") or "",
        "question": review.get("question", ""),
        "reviewed_at": datetime.fromtimestamp(float(review.get("created_at", 0)), timezone.utc).isoformat(timespec="seconds"),
        "pages": review.get("page_count"),
        "playbook": final.get("playbook"),
        "summary": final.get("summary", []),
        "findings": [{k: f[k] for k in ("category", "categories", "page", "quote", "continues", "terms", "position", "confidence", "tier") if k in f} for f in final.get("findings", [])],
        "absent": final.get("absent", []),
        "unasked": final.get("unasked", []),
    }


@router.get("/v1/reviews/{rid}/report.json")
async def report_json(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    return await report(ctx, rid, tenant)


@router.get("/v1/reviews/{rid}/report.csv")
async def report_csv(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    rep = await report(ctx, rid, tenant)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(COLUMNS)
    for f in rep["findings"]:
        w.writerow(row(f))
    name = (rep["file"].rsplit(".", 1)[0] or rid).replace('"', "")
    return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers={"Content-Disposition": f'attachment; filename="{name}-review.csv"'})


def row(f: dict) -> list:
    """One finding as the CSV's columns."""
    pos = f.get("position") or {}
    stated = [f"{t['name'].replace('_', ' ')}: {t['text']}" for t in f.get("terms", []) if t.get("stated") is True]
    cont = f.get("continues") or {}
    return [f["category"], "; ".join(c for c in f.get("categories", []) if c != f["category"]), f["page"], f["quote"], cont.get("page", ""), cont.get("quote", ""),
            pos.get("status", ""), pos.get("rule", ""), " · ".join([*pos.get("quotes", []), *together(pos)]), pos.get("why", ""), "; ".join(stated),
            f"{f['tier']} {f['confidence']:.2f}" if f.get("confidence") is not None else ""]


def together(pos: dict) -> list[str]:
    """The other clause a position was met with (``jointly``: each gives one side the same right), or the asker's own side it
    favours (``ours``), in words."""
    other, ours = pos.get("jointly"), pos.get("ours")
    return ([f"with p. {other['page']}: {other['quote']} (together they bind both parties)"] if other else []) + ([f"the right or the cap is yours: you asked as {ours}"] if ours else [])

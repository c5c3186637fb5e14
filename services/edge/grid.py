"""A batch as a grid: one row per contract, one group of columns per clause category, each cell
the category's first clause (quoted, placed, linked to the review at its page), its stated
terms and the playbook's position. Pure functions over the reviews' finals, no I/O: the routes
fetch the reviews and send what these return as ``grid.json``, ``grid.csv`` or ``grid.xlsx``.

Contract text is untrusted, and a spreadsheet runs a cell that starts with ``=`` as a formula:
the CSV prefixes such a cell with a single quote (OWASP's CSV injection advice); the workbook
keeps the text unchanged and stores it as a string, which no spreadsheet evaluates.
"""

from __future__ import annotations

import csv
import io
from typing import Any
from urllib.parse import quote as urlquote

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from shared.clauses import confidence, instead, row_terms

ENDED = ("failed", "cancelled")  # a review in one of these states will never have a final
CONTRACT = ["index", "file", "status", "error", "review_url"]
PER_CATEGORY = ["found", "page", "quote", "terms", "position"]
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
XLSX_LIMIT = 32_767  # Excel's most characters in one cell
WIDTHS = {"index": 7, "file": 36, "status": 9, "error": 28, "review_url": 30, "found": 8, "page": 7, "quote": 60, "terms": 32, "position": 11}
WRAPPED = ("file", "error", "quote", "terms")


# --- the grid as plain data -------------------------------------------------------------------


def rows(categories: list[str], contracts: list[dict], base_url: str) -> list[dict]:
    """One row per contract, in the order given. A row is ``done`` once its review has a final,
    ``failed`` when the review ended without one, else ``pending``; only a done row has cells."""
    return [row(categories, c, base_url) for c in contracts]


def row(categories: list[str], contract: dict, base_url: str) -> dict:
    rid = contract["request_id"]
    final = contract.get("final")
    status = "done" if isinstance(final, dict) else "failed" if contract.get("error") or contract.get("status") in ENDED else "pending"
    review_url = f"{base_url.rstrip('/')}/?review={urlquote(rid, safe='')}"
    return {
        "index": contract["index"],
        "filename": contract.get("filename") or "",
        "request_id": rid,
        "status": status,
        "error": contract.get("error"),
        "review_url": review_url,
        "cells": {cat: cell(cat, final, review_url) for cat in categories} if status == "done" else {},
    }


def sureness(f: dict, category: str) -> tuple[float, float]:
    """How likely a card is a clause of ``category`` (its confidence for that category: a card of
    several has one each), then its score; a final from before confidences: the score alone."""
    return confidence.for_category(f, category).get("confidence", 0.0), f.get("score") or 0.0


def cell(category: str, final: dict, review_url: str) -> dict:
    """One category of one contract. The summary row says what was found and the position; the
    findings give the clause the cell shows: the one most likely a clause of the cell's category
    (its confidence for it, then its score; ties: the earlier page), its quote with the part that
    runs onto the next page. On the 100 CUAD dev contracts and the default playbook's categories,
    that clause is a labelled one in 73.8% of found cells, the same as for the highest score alone
    (it differs only for a clause found under another category first), against 68.2% for the first
    clause in page order (bench/bench_grid_quote.py). A category the summary lacks
    is read from the findings, without a position."""
    clauses = sorted((f for f in final.get("findings") or [] if category in (f.get("categories") or [f.get("category")])), key=lambda f: f.get("page") or 0)
    summary = next((r for r in final.get("summary") or [] if r.get("category") == category), None) or derived(category, clauses)
    found = bool(summary.get("found"))
    first = max(clauses, key=lambda f: sureness(f, category)) if found and clauses else None  # max keeps the earliest of equals
    pages = list(summary.get("pages") or [])
    page = first["page"] if first else (pages[0] if found and pages else None)
    gone = {} if found else next((a for a in final.get("absent") or [] if a.get("category") == category), {})  # one entry per asked category
    what, tag = instead.words(gone) if gone.get("instead") else ("", "")
    return {
        "found": found,
        "likely": bool(gone.get("likely")),
        "disclaimed": gone.get("disclaimed"),
        "instead": list(gone.get("instead") or []),
        "instead_what": what,
        "instead_tag": tag,
        "clauses": int(summary.get("found") or 0),
        "quote": quoted(first) if first else "",
        "page": page,
        "pages": pages,
        "terms": list(summary.get("terms") or []),
        "position": summary.get("status"),
        "rule": summary.get("rule"),
        "url": f"{review_url}&page={page}" if found and page is not None else review_url,
        **(confidence.for_category(first, category) if first else {}),
    }


def derived(category: str, clauses: list[dict]) -> dict:
    """A summary row from the findings alone, as the analyze service builds one, less the
    playbook's position (which needs the playbook)."""
    return {"category": category, "found": len(clauses), "pages": sorted({f["page"] for f in clauses}),
            "terms": list(row_terms.stated(clauses, category).values()), "status": None, "rule": None}


def quoted(finding: dict) -> str:
    cont = finding.get("continues") or {}
    return f"{finding.get('quote', '')} {cont['quote']}" if cont.get("quote") else finding.get("quote", "")


def as_json(batch_id: str, categories: list[str], rows: list[dict]) -> dict:
    return {"batch_id": batch_id, "categories": list(categories), "rows": rows}


# --- CSV --------------------------------------------------------------------------------------


def columns(categories: list[str]) -> list[str]:
    """The CSV's header: the contract's columns, then five per category (``"{cat}: found"``…)."""
    return CONTRACT + [f"{cat}: {name}" for cat in categories for name in PER_CATEGORY]


def values(categories: list[str], r: dict) -> list[Any]:
    """One row as the grid's columns, before any spreadsheet escaping; a row that is not done
    has its category columns empty (not "no": nothing was looked at)."""
    out: list[Any] = [r["index"], r["filename"], r["status"], error_text(r.get("error")), r["review_url"]]
    for cat in categories:
        c = r["cells"].get(cat)
        if c is None:
            out += [""] * len(PER_CATEGORY)
            continue
        said = c.get("disclaimed") or {}  # an absence the contract states: its words stand in the quote's column
        given = (c.get("instead") or [{}])[0]  # what it gives in the category's place (a right to terminate for cause): its first, likewise
        found = ("yes" if c["found"] else "no (the contract says so)" if said else "no (check)" if c.get("likely")
                 else f"no ({c['instead_what']} instead)" if given else "no")
        cited = said or given
        page = c["page"] if c["page"] is not None else cited.get("page", "")
        out += [found, page, c["quote"] or cited.get("quote", ""), "; ".join(c["terms"]), c["position"] or ""]
    return out


def error_text(error: dict | None) -> str:
    if not error:
        return ""
    code, message = error.get("code") or "", error.get("message") or ""
    return f"{code}: {message}" if code and message else code or message


def neutral(value: Any) -> Any:
    """A string a spreadsheet would run as a formula gets a leading ``'``; anything else as is."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_START) else value


def as_csv(categories: list[str], rows: list[dict]) -> str:
    """The grid as CSV, a line per contract; every text cell neutralised (see ``neutral``)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([neutral(c) for c in columns(categories)])
    for r in rows:
        w.writerow([neutral(v) for v in values(categories, r)])
    return out.getvalue()


# --- XLSX -------------------------------------------------------------------------------------


def as_xlsx(categories: list[str], rows: list[dict]) -> bytes:
    """The grid as an Excel workbook: sheet "Grid" with a header of two rows (the category over
    its five columns, merged; then the column names), frozen so the header and the index and
    file columns stay in view; the file cell links to the review, a found clause's found and
    page cells to the review at that page. Text is written unchanged (no ``'`` prefix) but
    always as a string, never a formula; characters XML cannot hold are dropped and a text over
    Excel's 32,767 characters ends in "…". Sheet "About" lists the categories and the columns."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Grid"
    header(ws, categories)
    for n, r in enumerate(rows, start=3):
        for col, value in enumerate(values(categories, r), start=1):
            put(ws.cell(row=n, column=col), value)
        link(ws.cell(row=n, column=2), r["review_url"])
        for i, cat in enumerate(categories):
            c = r["cells"].get(cat)
            if c and c["found"]:
                first = len(CONTRACT) + i * len(PER_CATEGORY) + 1
                link(ws.cell(row=n, column=first), c["url"])
                link(ws.cell(row=n, column=first + 1), c["url"])
    layout(ws, categories)
    about(wb.create_sheet("About"), categories)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def header(ws: Any, categories: list[str]) -> None:
    bold = Font(bold=True)
    ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(CONTRACT))
    put(ws.cell(row=1, column=1), "Contract").font = bold
    for i, cat in enumerate(categories):
        first = len(CONTRACT) + i * len(PER_CATEGORY) + 1
        ws.merge_cells(start_row=1, start_column=first, end_row=1, end_column=first + len(PER_CATEGORY) - 1)
        top = put(ws.cell(row=1, column=first), cat)
        top.font, top.alignment = bold, Alignment(horizontal="center")
    for col, name in enumerate(CONTRACT + PER_CATEGORY * len(categories), start=1):
        put(ws.cell(row=2, column=col), name).font = bold


def layout(ws: Any, categories: list[str]) -> None:
    ws.freeze_panes = "C3"
    top = Alignment(vertical="top")
    wrapped = Alignment(vertical="top", wrap_text=True)
    for col, name in enumerate(CONTRACT + PER_CATEGORY * len(categories), start=1):
        ws.column_dimensions[get_column_letter(col)].width = WIDTHS[name]
        for (c,) in ws.iter_rows(min_row=3, min_col=col, max_col=col):
            c.alignment = wrapped if name in WRAPPED else top


def link(c: Cell, url: str) -> None:
    c.hyperlink = url
    c.style = "Hyperlink"


def put(c: Cell, value: Any) -> Cell:
    """Writes ``value``; a str goes in as a string even when it starts with "=", which openpyxl
    would otherwise take for a formula."""
    if isinstance(value, str):
        c.value = fit(value)
        c.data_type = "s"
    else:
        c.value = value
    return c


def fit(text: str) -> str:
    text = ILLEGAL_CHARACTERS_RE.sub("", text)
    return text if len(text) <= XLSX_LIMIT else text[: XLSX_LIMIT - 1] + "…"


def about(ws: Any, categories: list[str]) -> None:
    lines = [
        "A row per contract of the batch; a group of five columns per clause category.",
        "found: yes when the review found a clause of the category (links to the review at its page); "
        "page and quote: the first such clause, in page order; terms: the terms it states; "
        "position: the playbook's (deviates, missing, unknown, meets; empty when no rule applies).",
        "status: done, failed (error says why) or pending (not reviewed yet); the file links to the review.",
        "",
        "Categories:",
        *categories,
    ]
    ws.column_dimensions["A"].width = 110
    for n, line in enumerate(lines, start=1):
        put(ws.cell(row=n, column=1), line)
    ws.cell(row=5, column=1).font = Font(bold=True)

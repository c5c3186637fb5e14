"""End to end on real CUAD contracts (skipped where the data folder is absent)."""

from __future__ import annotations

import csv
import json

import pytest

from shared import clauses, pdf
from tests.conftest import cuad_dir

from .conftest import events, submit

DEV = cuad_dir() / "dev"
pytestmark = [
    pytest.mark.stack,
    pytest.mark.cuad,
    pytest.mark.skipif(not (DEV / "labels.jsonl").exists(), reason=f"CUAD contracts not found at {cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)"),
]
SKIP = {"Document Name", "Parties"}


def descriptions() -> dict[str, str]:
    out = {}
    with open(cuad_dir() / "category_descriptions.csv", encoding="utf-8-sig") as f:
        for row in csv.DictReader(f):
            name = row["Category (incl. context and answer)"].removeprefix("Category: ").strip()
            out[name.lower()] = row["Description"].removeprefix("Description: ").strip()
    return out


def cases(n_contracts: int = 3, per_contract: int = 2) -> list[tuple[str, str, set[int]]]:
    """(file, category, labelled pages): contracts of 5-30 pages in name order, two categories each."""
    rows = [json.loads(line) for line in (DEV / "labels.jsonl").read_text().splitlines()]
    picked = []
    for row in sorted(rows, key=lambda r: r["file"]):
        if not 5 <= row["page_count"] <= 30:
            continue
        by_cat: dict[str, set[int]] = {}
        for c in row["clauses"]:
            if c["pages"] and c["category"] not in SKIP:
                by_cat.setdefault(c["category"], set()).update(c["pages"])
        if len(by_cat) >= per_contract:
            picked += [(row["file"], cat, pages) for cat, pages in sorted(by_cat.items())[:per_contract]]
        if len(picked) >= n_contracts * per_contract:
            break
    return picked


def cuad_question(category: str, desc: dict[str, str]) -> str:
    return f'Highlight the parts (if any) of this contract related to "{category}" that should be reviewed by a lawyer. Details: {desc.get(category.lower(), "")}'


@pytest.fixture(scope="module")
def runs(stack):
    import httpx

    desc = descriptions()
    out = []
    with httpx.Client(base_url=stack.base_url, timeout=60) as c:
        submitted = []
        for file, cat, labelled in cases():
            data = (DEV / "pdf" / file).read_bytes()
            r, took = submit(c, data, cuad_question(cat, desc), filename=file)
            submitted.append((file, cat, labelled, r, took))
        for file, cat, labelled, r, took in submitted:
            evs = events(c, r.json()["request_id"]) if r.status_code == 202 else []
            out.append({"file": file, "category": cat, "labelled": labelled, "response": r, "events": evs})
    return out


def test_every_upload_is_accepted(runs):
    assert len(runs) == 6
    for run in runs:
        assert run["response"].status_code == 202, run["response"].text


def test_events_in_order(runs):
    for run in runs:
        types = [e["type"] for e in run["events"]]
        assert types[0] == "accepted" and types[-1] == "final", (run["file"], types)
        assert types.index("draft") < types.index("final")


def test_quotes_and_citations_occur_on_their_pages(runs):
    for run in runs:
        texts = pdf.page_texts(DEV / "pdf" / run["file"])
        draft = next(e["data"] for e in run["events"] if e["type"] == "draft")
        final = run["events"][-1]["data"]
        for q in draft["evidence"] + final["citations"] + final["findings"]:
            assert clauses.quote_on_page(q["quote"], texts[q["page"] - 1]), (run["file"], q)


def test_draft_pages_hit_a_labelled_page_for_most_queries(runs, record_property):
    hits = 0
    for run in runs:
        draft = next(e["data"] for e in run["events"] if e["type"] == "draft")
        hits += bool({p["page"] for p in draft["pages"]} & run["labelled"])
    rate = hits / len(runs)
    record_property("draft_hit_rate", rate)
    print(f"\ndraft hit rate on {len(runs)} CUAD queries: {hits}/{len(runs)} = {rate:.0%}")
    assert rate > 0.5, f"only {hits}/{len(runs)} drafts located a labelled page"

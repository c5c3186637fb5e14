"""End to end on real CUAD contracts (skipped where the data folder is absent)."""

from __future__ import annotations

import pytest

from shared import clauses, cuad, layout, pdf

from .conftest import events, submit

DEV = cuad.cuad_dir() / "dev"
pytestmark = [
    pytest.mark.stack,
    pytest.mark.cuad,
    pytest.mark.skipif(not cuad.available(), reason=f"CUAD contracts not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)"),
]


def cases(n_contracts: int = 3, per_contract: int = 2) -> list[tuple[str, str, set[int]]]:
    """(file, category, labelled pages): contracts of 5-30 pages in name order, two clause categories each."""
    picked = []
    for row in sorted(cuad.labels("dev"), key=lambda r: r["file"]):
        if not 5 <= row["page_count"] <= 30:
            continue
        by_cat: dict[str, set[int]] = {}
        for c in row["clauses"]:
            if c["pages"] and c["category"] not in cuad.NON_CLAUSE:
                by_cat.setdefault(c["category"], set()).update(c["pages"])
        if len(by_cat) >= per_contract:
            picked += [(row["file"], cat, pages) for cat, pages in sorted(by_cat.items())[:per_contract]]
        if len(picked) >= n_contracts * per_contract:
            break
    return picked


@pytest.fixture(scope="module")
def runs(stack):
    import httpx

    out = []
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as c:
        submitted = []
        for file, cat, labelled in cases():
            data = (DEV / "pdf" / file).read_bytes()
            r, took = submit(c, data, cuad.question(cat), filename=file)
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
        texts = layout.strip(pdf.page_texts(DEV / "pdf" / run["file"]))
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


LIABILITY_QUESTION = "Mark every limitation of liability, termination for convenience and source code escrow clause and explain the risk"


@pytest.fixture(scope="module")
def liability_review(stack):
    """One free-form review of a real contract that has cap and termination clauses and no escrow."""
    import httpx

    row = next(
        r for r in sorted(cuad.labels("dev"), key=lambda r: r["file"])
        if 5 <= r["page_count"] <= 30
        and {"Cap On Liability", "Termination For Convenience"} <= {c["category"] for c in r["clauses"]}
        and "Source Code Escrow" not in {c["category"] for c in r["clauses"]}
    )
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as c:
        r, _ = submit(c, (DEV / "pdf" / row["file"]).read_bytes(), LIABILITY_QUESTION, filename=row["file"])
        assert r.status_code == 202, r.text
        return row, events(c, r.json()["request_id"])


def test_findings_of_a_real_review_match_the_lawyers_labels(liability_review, record_property):
    row, evs = liability_review
    final = evs[-1]["data"]
    assert evs[-1]["type"] == "final", evs[-1]
    labelled = {cat: [c["text"] for c in row["clauses"] if c["category"] == cat] for cat in ("Cap On Liability", "Termination For Convenience")}
    found = [f for f in final["findings"] if f["category"] in labelled]
    correct = [f for f in found if any(cuad.matches(f["quote"], t) for t in labelled[f["category"]])]
    recalled = {cat: sum(any(cuad.matches(f["quote"], t) for f in found if f["category"] == cat) for t in texts) for cat, texts in labelled.items()}
    print(f"\n{row['file']}: {len(correct)}/{len(found)} findings match a labelled clause; recalled {recalled} of { {k: len(v) for k, v in labelled.items()} }")
    record_property("finding_precision", len(correct) / max(1, len(found)))
    # The model recalls about 80% of clauses, not all: this contract's cap is an unusual
    # multi-part indemnity clause it misses. Most of what it shows must still be right.
    assert correct, "at least one labelled clause of the asked categories is found"
    assert len(correct) / len(found) >= 0.5
    texts = layout.strip(pdf.page_texts(DEV / "pdf" / row["file"]))
    for f in final["findings"]:
        assert clauses.quote_on_page(f["quote"], texts[f["page"] - 1]), f
        assert all(fact["text"] in f["quote"] for fact in f["facts"]), f


def test_a_clause_the_contract_lacks_is_reported_absent(liability_review):
    row, evs = liability_review
    final = evs[-1]["data"]
    assert {"category": "Source Code Escrow", "searched_pages": sum(1 for t in layout.strip(pdf.page_texts(DEV / "pdf" / row["file"])) if t.strip())} in final["absent"]
    assert not [f for f in final["findings"] if f["category"] == "Source Code Escrow"]

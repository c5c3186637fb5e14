"""The batch grid (services/edge/grid.py) over real finals: two CUAD contracts committed in
tests/data/grid_finals.json, and, where the CUAD data is, finals computed here from the PDFs
the way the analyze service computes them."""

from __future__ import annotations

import copy
import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from bench import cuad
from services.edge import grid

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "grid_finals.json").read_text(encoding="utf-8"))
CATS = DATA["categories"]
BASE = "https://clauseflow.example"
FAILED = {"code": "unreadable_pdf", "message": "the PDF has no pages"}


def contract(index: int, final: dict | None, status: str = "done", error: dict | None = None, filename: str = "") -> dict:
    return {"index": index, "filename": filename or f"c{index}.pdf", "request_id": f"rid{index}", "status": status, "error": error, "final": final}


def batch(*finals: dict) -> list[dict]:
    """The committed contracts (and any finals given), then a failed, a cancelled and two unfinished reviews."""
    done = [contract(i, c["final"], filename=c["file"]) for i, c in enumerate(DATA["contracts"])]
    done += [contract(len(done) + i, f) for i, f in enumerate(finals)]
    n = len(done)
    return done + [contract(n, None, "failed", FAILED), contract(n + 1, None, "cancelled"), contract(n + 2, None, "accepted"), contract(n + 3, None, "summarized")]


def check_row(r: dict, final: dict, categories: list[str]) -> None:
    """A done row against the final it was built from: every claim of a cell is in the final."""
    assert r["status"] == "done" and set(r["cells"]) == set(categories)
    summary = {s["category"]: s for s in final["summary"]}
    absent = {a["category"] for a in final["absent"]}
    for cat, c in r["cells"].items():
        clauses = [f for f in final["findings"] if cat in f["categories"]]
        assert c["found"] == bool(clauses) == (cat not in absent)
        assert c["likely"] == any(a["category"] == cat and a.get("likely") for a in final["absent"])
        assert c["clauses"] == len(clauses) == summary[cat]["found"]
        assert (c["terms"], c["position"], c["rule"], c["pages"]) == (summary[cat]["terms"], summary[cat]["status"], summary[cat]["rule"], summary[cat]["pages"])
        if not clauses:
            assert (c["quote"], c["page"], c["url"]) == ("", None, r["review_url"])
            continue
        top = max(grid.sureness(f, cat) for f in clauses)
        shown = min((f for f in clauses if grid.sureness(f, cat) == top), key=lambda f: f["page"])  # the surest; ties: the earlier page
        assert c["page"] == shown["page"] in c["pages"]
        assert c["quote"].startswith(shown["quote"])
        assert c["url"] == f"{r['review_url']}&page={shown['page']}"
        sure = next((x for x in shown.get("confidences", []) if x["category"] == cat), None)
        assert (c.get("confidence"), c.get("tier")) == ((sure["confidence"], sure["tier"]) if sure else (None, None))


# --- rows -------------------------------------------------------------------------------------


def test_a_done_row_holds_what_its_final_found_and_where():
    rows = grid.rows(CATS, batch(), BASE)
    for r, c in zip(rows, DATA["contracts"]):
        check_row(r, c["final"], CATS)
        assert r["review_url"] == f"{BASE}/?review={r['request_id']}" and r["error"] is None


def test_terms_and_position_come_from_the_summary_row():
    gpaq = grid.rows(CATS, batch(), BASE)[1]["cells"]
    assert gpaq["Governing Law"]["terms"] == ["law: State of Ohio"] and gpaq["Governing Law"]["position"] == "deviates"
    assert "Ohio" in gpaq["Governing Law"]["quote"]
    assert gpaq["Cap On Liability"]["found"] is False and gpaq["Cap On Liability"]["position"] == "missing"


def test_an_absence_to_check_is_marked_in_the_cell_and_the_csv():
    final = copy.deepcopy(DATA["contracts"][1]["final"])
    final["absent"] = [{**a, "likely": True} if a["category"] == "Cap On Liability" else a for a in final["absent"]]
    [row] = [r for r in grid.rows(CATS, batch(final), BASE) if r["index"] == len(DATA["contracts"])]
    assert row["cells"]["Cap On Liability"]["likely"] is True and row["cells"]["Cap On Liability"]["found"] is False
    assert not any(c["likely"] for cat, c in row["cells"].items() if cat != "Cap On Liability")
    line = grid.values(CATS, row)
    assert line[grid.columns(CATS).index("Cap On Liability: found")] == "no (check)"


def test_an_absence_the_contract_states_is_said_in_the_cell_and_the_csv():
    final = copy.deepcopy(DATA["contracts"][1]["final"])
    said = {"page": 7, "quote": "No third party is intended to be a third party beneficiary of this Agreement."}
    final["absent"] = [{**a, "disclaimed": said} if a["category"] == "Cap On Liability" else a for a in final["absent"]]
    [row] = [r for r in grid.rows(CATS, batch(final), BASE) if r["index"] == len(DATA["contracts"])]
    cell = row["cells"]["Cap On Liability"]
    assert cell["found"] is False and cell["disclaimed"] == said and cell["quote"] == "" and cell["page"] is None
    assert not any(c["disclaimed"] for cat, c in row["cells"].items() if cat != "Cap On Liability")
    line, names = grid.values(CATS, row), grid.columns(CATS)
    assert line[names.index("Cap On Liability: found")] == "no (the contract says so)"
    assert (line[names.index("Cap On Liability: page")], line[names.index("Cap On Liability: quote")]) == (7, said["quote"])

def test_the_rights_to_terminate_a_contract_gives_instead_are_in_the_cell_and_the_csv():
    final = copy.deepcopy(DATA["contracts"][1]["final"])
    given = [{"page": 8, "quote": "Either Party may terminate this Agreement if the other Party materially breaches it."}, {"page": 9, "quote": "Either Party may terminate it on insolvency."}]
    final["absent"] = [{**a, "instead": given} if a["category"] == "Cap On Liability" else a for a in final["absent"]]
    [row] = [r for r in grid.rows(CATS, batch(final), BASE) if r["index"] == len(DATA["contracts"])]
    cell = row["cells"]["Cap On Liability"]
    assert cell["found"] is False and cell["instead"] == given and not cell["disclaimed"]
    assert not any(c["instead"] for cat, c in row["cells"].items() if cat != "Cap On Liability")
    line, names = grid.values(CATS, row), grid.columns(CATS)
    assert line[names.index("Cap On Liability: found")] == "no (rights to terminate for cause instead)"
    assert (line[names.index("Cap On Liability: page")], line[names.index("Cap On Liability: quote")]) == (8, given[0]["quote"])
    # a final names what it quotes in words (an absent Exclusivity: its non-exclusive grants); version 6 said none: for cause
    assert (cell["instead_what"], cell["instead_tag"]) == ("rights to terminate for cause", "for cause only")
    final["absent"] = [{**a, "instead": given[:1], "instead_what": "non-exclusive rights", "instead_tag": "non-exclusive only"}
                       if a["category"] == "Cap On Liability" else a for a in final["absent"]]
    [row] = [r for r in grid.rows(CATS, batch(final), BASE) if r["index"] == len(DATA["contracts"])]
    assert row["cells"]["Cap On Liability"]["instead_tag"] == "non-exclusive only"
    assert grid.values(CATS, row)[names.index("Cap On Liability: found")] == "no (non-exclusive rights instead)"


def test_the_cell_shows_the_clause_the_model_is_surest_of_and_an_equal_one_on_an_earlier_page_first():
    final = DATA["contracts"][1]["final"]
    mfn = [f for f in final["findings"] if "Most Favored Nation" in f["categories"]]
    assert [f["page"] for f in mfn] == [3, 2]  # the findings list page 3's clause first
    surest = max(mfn, key=lambda f: f["score"])
    cell = grid.rows(CATS, batch(), BASE)[1]["cells"]["Most Favored Nation"]
    assert (cell["page"], cell["quote"]) == (surest["page"], grid.quoted(surest)) and cell["url"].endswith(f"&page={surest['page']}")
    level = {**final, "findings": [{**f, "score": 0.5} if "Most Favored Nation" in f["categories"] else f for f in final["findings"]]}
    tied = grid.rows(CATS, [contract(1, level)], BASE)[0]["cells"]["Most Favored Nation"]
    assert tied["page"] == 2, "between equally sure clauses, the earlier page"


def test_the_cell_shows_the_clause_most_likely_of_its_category_not_the_highest_score_of_another():
    """A clause found for two categories has its score for its best one; the cell of its other category
    goes by the confidence for that category (``confidences``)."""
    final = DATA["contracts"][1]["final"]
    mfn = [f for f in final["findings"] if "Most Favored Nation" in f["categories"]]
    high, low = sorted(mfn, key=lambda f: -f["score"])
    sure = {**final, "findings": [{**f, "confidences": [{"category": "Most Favored Nation", "confidence": 0.9 if f is low else 0.2, "tier": "likely"}]}
                                  if f in (high, low) else f for f in final["findings"]]}
    cell = grid.rows(CATS, [contract(1, sure)], BASE)[0]["cells"]["Most Favored Nation"]
    assert cell["page"] == low["page"] != high["page"]


def test_a_clause_that_runs_onto_the_next_page_is_quoted_whole():
    final = DATA["contracts"][0]["final"]
    cap = next(f for f in final["findings"] if "continues" in f)
    alone = {**final, "findings": [cap]}  # the clause the cell shows, whichever the model is surest of
    cell = grid.rows(CATS, [contract(0, alone)], BASE)[0]["cells"][cap["category"]]
    assert cell["page"] == cap["page"] == 10
    assert cell["quote"] == f"{cap['quote']} {cap['continues']['quote']}"


def test_a_row_without_a_final_has_no_cells():
    failed, cancelled, accepted, summarized = grid.rows(CATS, batch(), BASE)[2:]
    assert (failed["status"], failed["error"], failed["cells"]) == ("failed", FAILED, {})
    assert (cancelled["status"], cancelled["cells"]) == ("failed", {})
    assert (accepted["status"], summarized["status"]) == ("pending", "pending") and accepted["cells"] == summarized["cells"] == {}
    assert grid.rows(CATS, [contract(9, None, "locating", FAILED)], BASE)[0]["status"] == "failed"


def test_a_category_without_a_summary_row_is_read_from_the_findings():
    final = DATA["contracts"][0]["final"]
    bare = {**final, "summary": []}
    r = grid.rows(CATS, [contract(0, bare)], BASE)[0]
    for cat in CATS:
        want = next(s for s in final["summary"] if s["category"] == cat)
        c = r["cells"][cat]
        assert (c["clauses"], c["pages"], c["terms"], c["position"]) == (want["found"], want["pages"], want["terms"], None)
    assert r["cells"]["Governing Law"]["terms"] == ["law: Commonwealth of Pennsylvania"]


def test_as_json():
    rows = grid.rows(CATS, batch(), BASE)
    assert grid.as_json("b1", CATS, rows) == {"batch_id": "b1", "categories": CATS, "rows": rows}
    json.dumps(grid.as_json("b1", CATS, rows))


# --- CSV --------------------------------------------------------------------------------------


def hostile(quote: str) -> dict:
    """The second contract's final with its Governing Law clauses (page 14) quoted as ``quote``."""
    final = copy.deepcopy(DATA["contracts"][1]["final"])
    for f in final["findings"]:
        if f["category"] == "Governing Law":
            f["quote"] = quote
    return final


def test_csv_header_and_a_line_per_row():
    rows = grid.rows(CATS, batch(), BASE)
    got = list(csv.reader(io.StringIO(grid.as_csv(CATS, rows))))
    assert got[0][:5] == ["index", "file", "status", "error", "review_url"]
    assert got[0][5:10] == [f"Governing Law: {n}" for n in ("found", "page", "quote", "terms", "position")]
    assert len(got[0]) == 5 + 5 * len(CATS) and len(got) == 1 + len(rows)
    assert all(len(line) == len(got[0]) for line in got)


def test_csv_round_trips_the_cells():
    rows = grid.rows(CATS, batch(), BASE)
    got = [dict(zip(lines[0], line)) for lines in [list(csv.reader(io.StringIO(grid.as_csv(CATS, rows))))] for line in lines[1:]]
    neo = got[0]
    assert neo["file"] == DATA["contracts"][0]["file"] and neo["status"] == "done" and neo["error"] == ""
    cap = rows[0]["cells"]["Cap On Liability"]
    assert (neo["Cap On Liability: found"], neo["Cap On Liability: page"], neo["Cap On Liability: quote"]) == ("yes", str(cap["page"]), cap["quote"])
    assert neo["Cap On Liability: terms"] == "; ".join(cap["terms"]) and neo["Cap On Liability: position"] == cap["position"]
    assert got[1]["Cap On Liability: found"] == "no" and got[1]["Cap On Liability: page"] == ""
    failed = got[2]
    assert failed["status"] == "failed" and failed["error"] == "unreadable_pdf: the PDF has no pages"
    assert all(failed[f"{c}: found"] == "" for c in CATS)


@pytest.mark.parametrize("quote", ['=HYPERLINK("http://evil.example","click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
def test_csv_neutralises_what_a_spreadsheet_would_run(quote):
    rows = grid.rows(CATS, [contract(0, hostile(quote), filename="=evil.pdf")], BASE)
    line = dict(zip(*list(csv.reader(io.StringIO(grid.as_csv(CATS, rows))))))
    assert line["Governing Law: quote"] == "'" + quote
    assert line["file"] == "'=evil.pdf"
    assert line["Governing Law: found"] == "yes" and line["index"] == "0"


def test_csv_leaves_plain_text_alone():
    rows = grid.rows(CATS, [contract(0, hostile("Governed by the laws of Ohio, = and - inside."))], BASE)
    line = dict(zip(*list(csv.reader(io.StringIO(grid.as_csv(CATS, rows))))))
    assert line["Governing Law: quote"] == "Governed by the laws of Ohio, = and - inside."


# --- XLSX -------------------------------------------------------------------------------------


def workbook(rows: list[dict]):
    return load_workbook(io.BytesIO(grid.as_xlsx(CATS, rows)))


def test_xlsx_header_frozen_and_merged():
    wb = workbook(grid.rows(CATS, batch(), BASE))
    ws = wb["Grid"]
    assert wb.sheetnames == ["Grid", "About"] and ws.freeze_panes == "C3"
    merged = {str(m) for m in ws.merged_cells.ranges}
    assert merged == {"A1:E1", "F1:J1", "K1:O1", "P1:T1", "U1:Y1"}
    assert [ws.cell(1, 6 + 5 * i).value for i in range(len(CATS))] == CATS
    assert [c.value for c in ws[2]][:10] == ["index", "file", "status", "error", "review_url", "found", "page", "quote", "terms", "position"]
    assert ws["A2"].font.b and ws["F1"].font.b and ws.column_dimensions["H"].width > ws.column_dimensions["F"].width
    assert ws.max_row == 2 + len(batch())
    about = wb["About"]
    assert about["A5"].value == "Categories:" and [about.cell(6 + i, 1).value for i in range(len(CATS))] == CATS


def test_xlsx_links_a_found_clause_to_the_review_at_its_page():
    rows = grid.rows(CATS, batch(), BASE)
    ws = workbook(rows)["Grid"]
    cap = rows[0]["cells"]["Cap On Liability"]  # columns K..O
    assert ws["K3"].value == "yes" and ws["L3"].value == cap["page"] == 12
    assert ws["K3"].hyperlink.target == ws["L3"].hyperlink.target == cap["url"] == f"{BASE}/?review=rid0&page=12"
    assert ws["K3"].style == "Hyperlink"
    assert ws["B3"].value == DATA["contracts"][0]["file"] and ws["B3"].hyperlink.target == rows[0]["review_url"]
    assert ws["K4"].value == "no" and ws["K4"].hyperlink is None  # not found in the second contract
    assert ws["K5"].value is None and ws["C5"].value == "failed"


def test_xlsx_writes_a_formula_as_text():
    rows = grid.rows(CATS, [contract(0, hostile("=SUM(1,2)"), filename="=1+1")], BASE)
    data = grid.as_xlsx(CATS, rows)
    ws = load_workbook(io.BytesIO(data))["Grid"]
    assert (ws["H3"].value, ws["H3"].data_type) == ("=SUM(1,2)", "s")  # unchanged, not prefixed
    assert (ws["B3"].value, ws["B3"].data_type) == ("=1+1", "s")
    assert b"<f>" not in zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")


def test_xlsx_truncates_what_a_cell_cannot_hold_and_drops_what_xml_cannot():
    rows = grid.rows(CATS, [contract(0, hostile("x" * 40_000)), contract(1, hostile("Ohio\x00\x0b law"))], BASE)
    ws = workbook(rows)["Grid"]
    assert len(ws["H3"].value) == 32_767 and ws["H3"].value.endswith("x…")
    assert ws["H4"].value == "Ohio law"


# --- real contracts, computed here ------------------------------------------------------------


@pytest.fixture(scope="module")
def live() -> tuple[list[str], list[dict]]:
    """Finals for two CUAD dev contracts, every category of the default playbook."""
    from services.analyze import logic
    from shared.clauses import clause_model, findings, playbook
    from shared.documents import layout, pdf

    model, book = clause_model.default("tfidf"), playbook.default()
    cats = [r.category for r in book.rules]
    finals = []
    for name in [c["file"] for c in DATA["contracts"]]:
        texts = layout.strip(pdf.page_texts(cuad.dev_pdf(name).read_bytes()))
        scored = findings.score_pages(texts, model)
        found = findings.findings(scored, cats)
        shown = logic.final_findings(found, book)
        searched = sum(1 for t in texts if t.strip())
        rows = logic.summary(shown, cats, logic.playbook_result(book, shown, cats, searched))
        finals.append({"findings": shown, "absent": findings.absent(scored, found, cats, searched), "summary": rows})
    return cats, finals


@pytest.mark.cuad
@pytest.mark.skipif(not cuad.available(), reason=f"no CUAD data at {cuad.cuad_dir()}")
def test_a_grid_of_real_contracts(live):
    cats, finals = live
    rows = grid.rows(cats, [contract(i, f) for i, f in enumerate(finals)], BASE)
    for r, f in zip(rows, finals):
        check_row(r, f, cats)
    assert any(c["found"] for r in rows for c in r["cells"].values()) and any(not c["found"] for r in rows for c in r["cells"].values())
    lines = list(csv.reader(io.StringIO(grid.as_csv(cats, rows))))
    assert len(lines) == 3 and len(lines[1]) == 5 + 5 * len(cats)
    ws = load_workbook(io.BytesIO(grid.as_xlsx(cats, rows)))["Grid"]
    assert len(ws.merged_cells.ranges) == 1 + len(cats) and ws.freeze_panes == "C3"

"""A tenant's playbook end to end: the same contract reviewed against the default playbook, then
against the tenant's with one rule changed, then changed back: the deviation appears and goes
with the rule, each final names the version it was checked against, and none is replayed from
the results cache across versions."""

from __future__ import annotations

import httpx
import pytest

from bench import cuad
from shared.clauses import playbook
from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"
TENANT = "other"  # the session's second tenant: its playbook changes here, nobody else's
TEXAS = "CANOPETROLEUM,INC_12_13_2007-EX-10.1-Sponsorship Agreement.PDF"  # CUAD dev: governed by the laws of Texas
DEFAULT_LAWS = next(c.one_of for r in playbook.default().rules if r.category == "Governing Law" for c in r.conditions if c.one_of)


def final(c: httpx.Client, data: bytes, question: str = QUESTION) -> dict:
    r, _ = submit(c, data, question)
    assert r.status_code == 202, r.text
    evs = events(c, r.json()["request_id"])
    assert evs[-1]["type"] == "final", evs[-1]
    return evs[-1]["data"]


def tfc(fin: dict) -> dict:
    """The termination-for-convenience clause's position (the contract has one: 90 days, either party)."""
    found = [p for f in fin["findings"] for p in f.get("positions", []) if p["category"] == "Termination For Convenience"]
    assert found, [f["categories"] for f in fin["findings"]]
    return found[0]


def with_notice(days: int) -> dict:
    rules = [r.model_dump(exclude_none=True) for r in playbook.default().rules]
    for r in rules:
        if r["category"] == "Termination For Convenience":
            r["conditions"] = [{"term": "notice_period", "at_least": days}, {"mutual": True}]
    return {"name": f"default, notice at least {days} days", "rules": rules}


def test_a_rule_the_tenant_changes_makes_the_deviation_appear_and_go(stack):
    data = make_contract(title="PLAYBOOK SERVICES AGREEMENT").data
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(TENANT), timeout=60) as c:
        start = c.get("/v1/playbook").json()
        before = final(c, data)
        assert before["playbook"]["version"] == start["version"]
        assert tfc(before)["status"] == "meets" and any("ninety (90) days" in q for q in tfc(before)["quotes"])

        stricter = c.put("/v1/playbook", json=with_notice(120)).json()
        after = final(c, data)
        assert after.get("cached") is None, "a final checked against another version is not replayed"
        assert after["playbook"]["version"] == stricter["version"] > start["version"]
        assert tfc(after)["status"] == "deviates" and "at least 120 days" in tfc(after)["rule"]
        assert any(d["category"] == "Termination For Convenience" for d in after["playbook"]["deviations"])

        relaxed = c.put("/v1/playbook", json=with_notice(30)).json()
        back = final(c, data)
        assert back["playbook"]["version"] == relaxed["version"]
        assert tfc(back)["status"] == "meets"
        assert not any(d["category"] == "Termination For Convenience" for d in back["playbook"]["deviations"])


def with_laws(*laws: str) -> dict:
    rules = [r.model_dump(exclude_none=True) for r in playbook.default().rules]
    for r in rules:
        if r["category"] == "Governing Law":
            r["conditions"] = [{"term": "law", "one_of": list(laws)}]
    return {"name": f"default, law one of {', '.join(laws)}", "rules": rules}


def governing_law(fin: dict) -> list[dict]:
    return [p for f in fin["findings"] for p in f.get("positions", []) if p["category"] == "Governing Law"]


@pytest.mark.cuad
@pytest.mark.skipif(not cuad.available(), reason=f"CUAD contracts not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
def test_a_real_contract_against_the_default_playbook_then_the_tenants(stack):
    """A CUAD dev contract governed by the laws of Texas, reviewed against the whole playbook:
    the default's list of laws makes it a deviation; the tenant's playbook, with Texas added
    to that one rule, makes it meet; the default's list again brings the deviation back."""
    data = cuad.dev_pdf(TEXAS).read_bytes()
    question = "Review this contract against our playbook"
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(TENANT), timeout=60) as c:
        c.put("/v1/playbook", json=with_laws(*DEFAULT_LAWS))
        before = final(c, data, question)
        law = governing_law(before)
        assert law and law[0]["status"] == "deviates" and any("Texas" in q for q in law[0]["quotes"]), law
        assert any(d["category"] == "Governing Law" for d in before["playbook"]["deviations"])
        assert next(r for r in before["summary"] if r["category"] == "Governing Law")["status"] == "deviates"
        assert "Governing Law: 1 clause" in before["answer"] and "Deviates from the playbook" in before["answer"]

        texan = c.put("/v1/playbook", json=with_laws(*DEFAULT_LAWS, "Texas")).json()
        after = final(c, data, question)
        assert after["playbook"]["version"] == texan["version"] > before["playbook"]["version"]
        assert [p["status"] for p in governing_law(after)][:1] == ["meets"], governing_law(after)
        assert not any(d["category"] == "Governing Law" for d in after["playbook"]["deviations"])
        assert next(r for r in after["summary"] if r["category"] == "Governing Law")["status"] == "meets"

        c.put("/v1/playbook", json=with_laws(*DEFAULT_LAWS))
        back = final(c, data, question)
        assert any(d["category"] == "Governing Law" for d in back["playbook"]["deviations"])
    print(f"\n{TEXAS}: {len(before['findings'])} findings; deviations before {len(before['playbook']['deviations'])}, "
          f"with Texas {len(after['playbook']['deviations'])}\n{before['answer']}")


def test_the_report_is_the_final_checked_and_the_tenants_own(stack):
    import csv
    import io

    from services.edge.reports import COLUMNS, row

    data = make_contract(title="REPORTED SERVICES AGREEMENT").data
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as c:
        r, _ = submit(c, data, QUESTION)
        rid = r.json()["request_id"]
        early = c.get(f"/v1/reviews/{rid}/report.json")
        fin = events(c, rid)[-1]["data"]
        assert early.status_code in (200, 409)  # 409 `not_ready` while the review runs
        if early.status_code == 409:
            assert early.json()["error"]["code"] == "not_ready"
        rep = c.get(f"/v1/reviews/{rid}/report.json").json()
        assert rep["request_id"] == rid and rep["question"] == QUESTION and rep["file"] == "contract.pdf"
        assert rep["playbook"] == fin["playbook"] and rep["summary"] == fin["summary"] and rep["absent"] == fin["absent"]
        card = ("category", "page", "quote", "position", "confidence", "tier")
        assert [tuple(f.get(k) for k in card) for f in rep["findings"]] == [tuple(f.get(k) for k in card) for f in fin["findings"]]
        assert all(f["tier"] in ("likely", "possible", "weak") and 0 <= f["confidence"] <= 1 for f in rep["findings"])
        got = c.get(f"/v1/reviews/{rid}/report.csv")
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(got.text)))
        assert rows[0] == COLUMNS and rows[1:] == [[str(x) for x in row(f)] for f in fin["findings"]]
        assert any(r[COLUMNS.index("position")] == "meets" for r in rows[1:]), "the termination clause meets the default playbook"
    with httpx.Client(base_url=stack.base_url, headers=stack.headers("other"), timeout=30) as other:
        for what in ("report.json", "report.csv"):
            assert other.get(f"/v1/reviews/{rid}/{what}").status_code == 404, "another tenant's review does not exist for it"


@pytest.mark.parametrize("question", ["Review this contract against our playbook", "  "])
def test_a_question_against_the_playbook_or_none_asks_every_category_of_it(stack, question):
    from services.edge.reviews import PLAYBOOK_QUESTION

    data = make_contract(title="WHOLE PLAYBOOK AGREEMENT").data
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as c:
        book = c.get("/v1/playbook").json()
        r, _ = submit(c, data, question)
        assert r.status_code == 202, r.text
        fin = events(c, r.json()["request_id"])[-1]["data"]
        assert c.get(f"/v1/reviews/{r.json()['request_id']}").json()["question"] == (question.strip() or PLAYBOOK_QUESTION)
    assert {row["category"] for row in fin["summary"]} == {rule["category"] for rule in book["rules"]}
    required = {rule["category"] for rule in book["rules"] if rule.get("presence") == "required"}
    found = {row["category"] for row in fin["summary"] if row["found"]}
    assert {d["category"] for d in fin["playbook"]["deviations"] if d.get("missing")} == required - found
    assert [row["status"] for row in fin["summary"]] == sorted((row["status"] for row in fin["summary"]), key=lambda s: {"deviates": 0, "missing": 0, "unknown": 1, "meets": 2, None: 3}[s])

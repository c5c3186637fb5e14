"""bench/clause_eval.py: CUAD's rule, and what counts as two cards for one clause."""

from __future__ import annotations

from bench import clause_eval

CAT = "Uncapped Liability"
VIP = "VIP shall have no liability for consequential, exemplary, special, indirect, incidental or punitive damages."
BNL = "BNL shall have no liability for consequential, exemplary, special, indirect, incidental or punitive damages."


def score(labels: list[str], quotes: list[str]) -> dict:
    rows = [{"file": "f", "clauses": [{"category": CAT, "text": t} for t in labels]}]
    return clause_eval.score(rows, [CAT], {("f", CAT): quotes})["micro"]


def test_parallel_clauses_each_labelled_are_no_repeats():
    got = score([VIP, BNL], [VIP, BNL])
    assert got["precision"] == 1.0 and got["recall"] == 1.0
    assert got["repeats"] == 0.0, "each labelled clause has its own card"
    assert got["repeats_set"] == 0.5, "the set rule: the first card matched both labels"


def test_two_cards_for_one_labelled_clause_are_a_repeat():
    label = "Each Party shall maintain general liability insurance of $1,000,000 per occurrence. Such insurance shall name the other Party as additional insured."
    got = score([label], [label.split(". ")[0] + ".", "Such insurance shall name the other Party as additional insured."])
    assert got["repeats"] == 0.5
    got = score([VIP], [VIP, BNL])  # only one of the two parallel clauses labelled: the second card repeats it
    assert got["repeats"] == 0.5 and got["precision"] == 1.0


def test_the_card_audit_is_a_sample_of_wrong_cards_each_with_a_verdict_and_a_reason():
    """bench/card_audit.py: every read card has a known verdict and says why; none matches a
    label of its category by CUAD's rule (they were drawn as wrong cards)."""
    import json

    from bench import card_audit, cuad

    audit = [json.loads(line) for line in card_audit.AUDIT.read_text().splitlines() if line.strip()]
    assert len(audit) >= 100
    assert all(a["verdict"] in card_audit.VERDICTS and a["why"] and a["quote"] for a in audit)
    if cuad.available():
        labels = {r["file"]: r["clauses"] for r in cuad.labels("dev")}
        for a in audit:
            sets = [clause_eval._sets(c["text"])[1] for c in labels[a["file"]] if c["category"] == a["category"]]
            assert not any(clause_eval._jaccard(clause_eval._sets(a["quote"])[1], s) >= 0.5 for s in sets), a["quote"][:80]
    lo, hi = card_audit.wilson(13, 120)
    assert 0.06 < lo < 13 / 120 < hi < 0.18

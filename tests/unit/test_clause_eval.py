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

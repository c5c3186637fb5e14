"""Playbook positions against hand labels: is each clause's position against a rule right, and
is ``meets`` never said of a clause that deviates? (a benchmark; tests/unit/test_playbook.py
holds the same bar)

Cases, one (clause, one condition of the default playbook) each:

- from ``tests/data/clause_terms.jsonl`` (clauses whose terms were labelled by hand): every
  term condition of the default playbook on that category and term; the expected position is the
  condition applied to the hand-labelled value (``unknown`` where the label says the clause
  states none);
- ``tests/data/playbook_positions_hand.jsonl``: clauses labelled by hand against the conditions
  that no term carries: an assignment clause's exception for a change of control, a cap or a
  termination right that binds both parties.

    .venv/bin/python bench/bench_playbook.py [--show-wrong]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.clauses import playbook, terms  # noqa: E402

DATA = ROOT / "tests" / "data"


def _expected(cond: playbook.Condition, row: dict) -> str:
    norm = row.get("normalized") or {}
    if cond.one_of is not None:
        place = norm.get("jurisdiction")
        return "unknown" if not place else ("meets" if any(playbook.same_place(place, o) for o in cond.one_of) else "deviates")
    days = norm.get("days")
    if days is None:
        return "unknown"
    return "meets" if (days >= cond.at_least if cond.at_least is not None else days <= cond.at_most) else "deviates"


def cases(book: playbook.Playbook | None = None) -> list[dict]:
    """Every case: {id, category, condition (a Condition), clause, expected}."""
    book = book or playbook.default()
    out = []
    for row in (json.loads(line) for line in (DATA / "clause_terms.jsonl").read_text().splitlines() if line.strip()):
        rule = book.rule(row["category"])
        for cond in rule.conditions if rule else []:
            if cond.term == row["term"]:
                out.append({"id": row["id"], "split": row["split"], "hand": False, "category": row["category"], "condition": cond, "clause": row["clause"], "expected": _expected(cond, row)})
    for row in (json.loads(line) for line in (DATA / "playbook_positions_hand.jsonl").read_text().splitlines() if line.strip()):
        rule = book.rule(row["category"])
        for cond in rule.conditions if rule else []:
            if (row["condition"] == "mutual" and cond.mutual) or (row["condition"] == "excepts" and cond.excepts):
                out.append({"id": row["id"], "split": row["split"], "hand": True, "category": row["category"], "condition": cond, "clause": row["clause"], "expected": row["expected"]})
    return out


def judge(case: dict) -> str:
    rule = playbook.Rule(category=case["category"], conditions=[case["condition"]])
    return playbook.position(rule, case["clause"], terms.terms(case["category"], case["clause"]))["status"]


def run(show_wrong: str = "") -> dict:
    """Per rule, and for the hand-labelled dev clauses apart (the wording rules for exceptions
    and mutuality were written looking at the train clauses only). ``show_wrong``: "train" or
    "all" prints the cases judged wrong."""
    per: dict[str, Counter] = defaultdict(Counter)
    for case in cases():
        got = judge(case)
        keys = [f"{case['category']}: {case['condition'].words()}"] + (["(hand-labelled, dev: the wording rules were written on the train clauses)"] if case["hand"] and case["split"] == "dev" else [])
        for k in keys:
            _tally(per[k], case, got)
        if show_wrong and got != case["expected"] and (show_wrong == "all" or case["split"] == "train" or not case["hand"]):
            print(f"  {case['id']}: expected {case['expected']}, got {got}: {case['clause'][:160]}")
    total = sum((v for k, v in per.items() if not k.startswith("(")), Counter())
    return {"per_rule": per, "total": total}


def _tally(t: Counter, case: dict, got: str) -> None:
    t["cases"] += 1
    t["right"] += got == case["expected"]
    t["false_meets"] += got == "meets" and case["expected"] == "deviates"
    t[f"expected {case['expected']}"] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show-wrong", choices=["train", "all"], help="print the cases judged wrong (train: not the held-out dev hand labels)")
    res = run(ap.parse_args().show_wrong or "")
    print("| rule | cases | meets / deviates / unknown expected | accuracy | false meets |\n|---|---|---|---|---|")
    for name, t in sorted(res["per_rule"].items(), key=lambda kv: (kv[0].startswith("("), kv[0])):
        exp = " / ".join(str(t[f"expected {s}"]) for s in ("meets", "deviates", "unknown"))
        print(f"| {name} | {t['cases']} | {exp} | {t['right'] / t['cases']:.2f} | {t['false_meets']} |")
    t = res["total"]
    print(f"| **all** | {t['cases']} | | **{t['right'] / t['cases']:.3f}** | **{t['false_meets']}** |")


if __name__ == "__main__":
    main()

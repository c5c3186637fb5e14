"""What decides a summary row (services/analyze/logic.summary): every clause of the category, or
the clauses that are more than a weak match where there are any (terms: read from those first).
For each CUAD dev contract and each category of the default playbook that the review finds, the
row's playbook position and key terms both ways; where they differ, whether the clause that
decided is one CUAD labelled for that category (bench/cuad.py's rule).

    PYTHONPATH=. .venv/bin/python bench/bench_summary_rows.py
"""

from __future__ import annotations

from collections import Counter

from bench import cuad
from bench.bench_grid_quote import playbook_finals
from services.analyze import logic
from services.edge.grid import quoted
from shared.clauses import confidence, playbook


def _decided_by(clauses: list[dict], cat: str) -> tuple[str | None, dict | None, dict[str, dict]]:
    """The worst position over ``clauses``, the clause it is from, and the clause each stated term is first read from."""
    positions = [(p, f) for f in clauses for p in f.get("positions", []) if p["category"] == cat]
    worst = playbook.worst([p for p, _ in positions])
    by = next((f for p, f in positions if worst and p["status"] == worst["status"]), None)
    terms: dict[str, dict] = {}
    for f in clauses:
        for t in f.get("terms", []):
            if t["category"] == cat and t["stated"] is True:
                terms.setdefault(t["name"], f)
    return (worst or {}).get("status"), by, terms


def main() -> None:
    t: Counter = Counter()
    for lab, shown, cats in playbook_finals():
        rows = {r["category"]: r for r in logic.summary(shown, cats, None)}
        for cat in cats:
            mine = [f for f in shown if cat in f["categories"]]
            if not mine:
                continue
            labelled = [c["text"] for c in lab["clauses"] if c["category"] == cat]
            is_labelled = lambda f: f is not None and any(cuad.matches(quoted(f), c) for c in labelled)  # noqa: E731
            surer_first = sorted(mine, key=lambda f: confidence.for_category(f, cat).get("tier") == "weak")
            sure = [f for f in surer_first if confidence.for_category(f, cat).get("tier") != "weak"] or mine
            old, old_by, old_terms = _decided_by(mine, cat)
            new, new_by, _ = _decided_by(sure, cat)
            new_terms = _decided_by(surer_first, cat)[2]
            assert new == rows[cat]["status"]  # the bench reads the rule the product serves
            t["rows"] += 1
            if old != new:
                t["position differs"] += 1
                t["… decided on a labelled clause, every clause"] += is_labelled(old_by)
                t["… decided on a labelled clause, surer clauses"] += is_labelled(new_by)
            for name in set(old_terms) | set(new_terms):
                if old_terms.get(name) is not new_terms.get(name):
                    t["term differs"] += 1
                    t["… read from a labelled clause, every clause"] += is_labelled(old_terms.get(name))
                    t["… read from a labelled clause, surer clauses"] += is_labelled(new_terms.get(name))
            t["rows with a weak deviation named apart"] += bool(rows[cat].get("weak_deviates"))
    print(f"{t['rows']} summary rows with a clause found, over the default playbook's {len(playbook.default().rules)} categories")
    for k, v in t.items():
        if k != "rows":
            print(f"  {k}: {v}")


if __name__ == "__main__":
    main()

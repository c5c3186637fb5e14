"""Which clause a grid cell should show (services/edge/grid.py): the first in page order, or the
one the clause model is surest of. For each CUAD dev contract and each category of the default
playbook that the review finds, whether the shown clause is one CUAD labelled for that category
(bench/cuad.py's rule), either way; and how often any of the category's findings is one (the
most a one-quote cell could reach).

    PYTHONPATH=. .venv/bin/python bench/bench_grid_quote.py
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from bench import cuad
from services.analyze import logic
from services.edge.grid import quoted, sureness
from shared.clauses import clause_model, findings, playbook
from shared.documents import layout, pdf


def playbook_finals() -> Iterator[tuple[dict, list[dict], list[str]]]:
    """(CUAD labels, the final's findings, the default playbook's categories) of each dev contract, reviewed for those categories."""
    model, book = clause_model.default("tfidf"), playbook.default()
    cats = [r.category for r in book.rules]
    for lab in cuad.labels("dev"):
        path = cuad.dev_pdf(lab["file"])
        if path.exists():
            texts = layout.strip(pdf.page_texts(path.read_bytes()))
            yield lab, logic.final_findings(findings.findings(findings.score_pages(texts, model), cats), book), cats


def main() -> None:
    t: Counter = Counter()
    for lab, shown, cats in playbook_finals():
        for cat in cats:
            mine = sorted((f for f in shown if cat in f["categories"]), key=lambda f: f["page"])
            if not mine:
                continue
            clauses = [c["text"] for c in lab["clauses"] if c["category"] == cat]
            t["found cells"] += 1
            t["first in page order"] += any(cuad.matches(quoted(mine[0]), c) for c in clauses)
            t["surest"] += any(cuad.matches(quoted(max(mine, key=lambda f: f["score"])), c) for c in clauses)
            t["most likely for the cell's category"] += any(cuad.matches(quoted(max(mine, key=lambda f: sureness(f, cat))), c) for c in clauses)
            t["any finding"] += any(cuad.matches(quoted(f), c) for f in mine for c in clauses)
    n = t["found cells"]
    print(f"{n} found cells over {len(cats)} categories")
    for k in ("first in page order", "surest", "most likely for the cell's category", "any finding"):
        print(f"  {k}: {t[k]} labelled ({t[k] / n:.3f})")


if __name__ == "__main__":
    main()

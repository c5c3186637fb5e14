"""The findings a tree of ClauseFlow shows on CUAD dev, one category asked at a time, as JSON
(``{"<file>\\x1f<category>": [quote, ...]}``, best first). bench/bench_clauses.py runs it with
PYTHONPATH set to another checkout to measure that version side by side; it uses only what
every version since the clause model has (page_units, score_units, findings).

    PYTHONPATH=<tree> .venv/bin/python bench/clause_findings_dump.py --model <tree>/models/clause --out f.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench import cuad
from shared.clauses import findings
from shared.clauses.clause_model import ClauseModel
from shared.documents import layout, pdf


def dump(rows: list[dict], model: ClauseModel, cats: list[str]) -> dict[str, list[str]]:
    out = {}
    for row in rows:
        texts = layout.strip(pdf.page_texts(Path(row["pdf"])))
        units = findings.page_units(texts)
        scored = findings.score_pages(texts, model) if hasattr(findings, "score_pages") else findings.score_units(units, model)
        for cat in cats:
            out[f"{row['file']}\x1f{cat}"] = [f"{f.quote} {f.continued}".strip() for f in findings.findings(scored, [cat])]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, required=True)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    model = ClauseModel.load(args.model)
    cats = [c for c in model.categories if c not in cuad.NON_CLAUSE]
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[: args.contracts]
    args.out.write_text(json.dumps(dump(rows, model, cats)))


if __name__ == "__main__":
    main()

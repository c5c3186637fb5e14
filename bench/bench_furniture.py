"""The page text the clause model reads, side by side in one run on the CUAD dev contracts (a
benchmark, not a test): as extracted; with page furniture (running headers, footers, page
numbers: shared/documents/layout.py) taken out; and, the default, also with clauses that run over a page
break read whole (shared/clauses/findings.py). Reported: the clause model's finding precision, recall
and AUPR against the CUAD labels.

    .venv/bin/python bench/bench_furniture.py [--contracts 100]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import run  # noqa: E402
from shared.clauses import clause_model, extent, findings
from shared.documents import layout, pdf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    model = clause_model.default()
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[: args.contracts]
    raw = {r["file"]: pdf.page_texts(Path(r["pdf"])) for r in rows}
    removed = sum(len(lines) for texts in raw.values() for lines in layout.split(texts)[1])
    print(f"{len(rows)} CUAD dev contracts, {sum(map(len, raw.values()))} pages: {removed} furniture lines taken out")
    print("| page text | finding precision | recall | no-clause accuracy | precision at 80% recall | AUPR | findings |")
    print("|---|---|---|---|---|---|---|")
    runs_on = extent.runs_on
    variants = (
        ("as extracted, each page on its own", lambda t: t, False),
        ("furniture taken out, each page on its own", layout.strip, False),
        ("furniture out, clauses over page breaks whole (default)", layout.strip, True),
    )
    for name, fn, over in variants:
        extent.runs_on = runs_on if over else (lambda before, after: False)
        for r in rows:
            r["pages_text"] = fn(raw[r["file"]])
        m = run(rows, model, model.categories)["micro"]["model"]
        print(f"| {name} | {m['precision']:.4f} | {m['recall']:.4f} | {m['no_clause_acc']:.4f} | {m['p_at_80']:.4f} | {m['aupr']:.4f} | {m['findings']} |", flush=True)
    extent.runs_on = runs_on
    over = sum(1 for texts in raw.values() for u in findings.page_units(layout.strip(texts)) if u.continued)
    print(f"({over} clause units run over a page break)")


if __name__ == "__main__":
    main()

"""What an absence quotes in its place (``shared.clauses.instead``), counted on CUAD: for each
category with such a reader, the contracts where the product finds no clause of it, and how many
of those quote what the contract gives instead, apart for contracts the lawyers labelled with the
category (there the model missed a clause, and a quote beside the absence should be rare) and
contracts they did not (there it answers the question).

Dev is read from its PDFs as the product reads them; train from CUAD's text, cut into pages of
about 3,500 characters at sentence ends (the model learned from train: few labelled absences).

    .venv/bin/python bench/bench_instead.py [--show CATEGORY] [--contracts N]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bench import cuad
from shared.clauses import findings, instead
from shared.clauses.clause_model import ClauseModel
from shared.documents import layout, pdf


def _pages(text: str, size: int = 3500) -> list[str]:
    out, cur = [], ""
    for part in re.split(r"(?<=[.;:])\s+", text):
        cur += part + " "
        if len(cur) > size:
            out.append(cur)
            cur = ""
    return [*out, cur]


def _texts(split: str, row: dict) -> list[str] | None:
    if split == "dev":
        return layout.strip(pdf.page_texts(Path(row["pdf"])))
    path = Path(row.get("txt") or cuad.cuad_dir() / "train" / "txt" / (row["file"].rsplit(".", 1)[0] + ".txt"))
    return _pages(path.read_text(encoding="utf-8")) if path.exists() else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", help="print the first quote of every absence of this category that quotes one")
    ap.add_argument("--contracts", type=int, default=0, help="at most this many contracts per split (0: all)")
    args = ap.parse_args()
    model = ClauseModel.load()
    cats = list(instead.INSTEAD)
    print("| split | category | labelled: contracts / none found / quote instead | unlabelled: contracts / none found / quote instead |")
    print("|---|---|---|---|")
    for split in ("dev", "train"):
        count = {c: {True: [0, 0, 0], False: [0, 0, 0]} for c in cats}
        rows = sorted(cuad.labels(split), key=lambda r: r["file"])
        for row in rows[: args.contracts or None]:
            texts = _texts(split, row)
            if texts is None:
                continue
            scored = findings.score_pages(texts, model)
            labelled = {c["category"] for c in row["clauses"]}
            for cat in cats:
                n = count[cat][cat in labelled]
                n[0] += 1
                found = findings.findings(scored, [cat])
                if found:
                    continue
                n[1] += 1
                (gone,) = findings.absent(scored, found, [cat], len(texts))
                if gone.get("instead"):
                    n[2] += 1
                    if cat == args.show:
                        print(f"  {split} {'LABELLED' if cat in labelled else 'unlabelled'} {row['file'][:48]}: {gone['instead'][0]['quote'][:220]}")
        for cat in cats:
            yes, no = count[cat][True], count[cat][False]
            print(f"| {split} | {cat} | {' / '.join(map(str, yes))} | {' / '.join(map(str, no))} |", flush=True)


if __name__ == "__main__":
    main()

"""How CUAD's lawyers cut neighbouring sentences of one category: one labelled clause or two?
(a measurement of the labels, no model; issue 18's "repeats").

On CUAD train, the text is cut into units as the product cuts pages (``clause_spans``); each
labelled clause is found in the text (its words, any whitespace between; "<omitted>" clauses and
the name/date categories skipped); a unit belongs to a clause when half of it lies inside. For
every two neighbouring units that both belong to clauses of the same category, it counts
whether they belong to the same labelled clause or to two, by what separates them: a full stop
or not ("mid" = the first unit ends mid-sentence), on the same line, after one newline, after a
blank line; and per category for neighbours after a full stop on one line.

    .venv/bin/python bench/bench_label_adjacency.py
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from shared.documents.splitter import clause_spans  # noqa: E402

META = {"Document Name", "Parties", "Agreement Date", "Effective Date"}
STOPS = (".", ";", ":", "!", "?", '"', ")")


def main() -> None:
    by_gap, by_cat = Counter(), Counter()
    train = cuad.cuad_dir() / "train"
    for line in (train / "labels.jsonl").read_text().splitlines():
        row = json.loads(line)
        if "txt" not in row:
            continue
        path = Path(row["txt"]) if Path(row["txt"]).is_absolute() else train / row["txt"]
        text = path.read_text()
        spans = clause_spans(text)
        labelled = []
        for k, c in enumerate(row["clauses"]):
            words = c["text"].split()
            if c["category"] in META or "<omitted>" in c["text"] or not words:
                continue
            m = re.search(r"\s+".join(map(re.escape, words)), text)
            if m:
                labelled.append((c["category"], k, m.start(), m.end()))
        owners = [{} for _ in spans]
        for i, s in enumerate(spans):
            for cat, k, a, b in labelled:
                if max(0, min(b, s.end) - max(a, s.start)) >= 0.5 * (s.end - s.start):
                    owners[i].setdefault(cat, set()).add(k)
        for i in range(len(spans) - 1):
            newlines = text[spans[i].end : spans[i + 1].start].count("\n")
            gap = ("stop" if spans[i].text.rstrip().endswith(STOPS) else "mid") + (" / same line" if newlines == 0 else " / newline" if newlines == 1 else " / blank line")
            for cat, ks in owners[i].items():
                if cat in owners[i + 1]:
                    same = "one clause" if ks & owners[i + 1][cat] else "two clauses"
                    by_gap[(gap, same)] += 1
                    if gap == "stop / same line":
                        by_cat[(cat, same)] += 1
    print("| between the two units | one labelled clause | two labelled clauses |\n|---|---|---|")
    for gap in sorted({g for g, _ in by_gap}):
        print(f"| {gap} | {by_gap[(gap, 'one clause')]} | {by_gap[(gap, 'two clauses')]} |")
    print("\nAfter a full stop on the same line, per category (most pairs first):\n\n| category | one | two |\n|---|---|---|")
    for cat in sorted({c for c, _ in by_cat}, key=lambda c: -(by_cat[(c, "one clause")] + by_cat[(c, "two clauses")]))[:15]:
        print(f"| {cat} | {by_cat[(cat, 'one clause')]} | {by_cat[(cat, 'two clauses')]} |")


if __name__ == "__main__":
    main()

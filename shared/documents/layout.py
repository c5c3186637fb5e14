"""Page furniture: running headers, footers and page numbers, taken out of the clause text.

A footer ("Source: ACME CORP, 10-K, 3/1/2012", "Page 4 of 12", "- 4 -") printed in the middle of
a clause that runs over a page break ends up inside the clause as the text layer reads it, and a
quote that spans it is no longer what the contract says. A line is furniture when it sits among
the first or last ``EDGE_LINES`` lines of its page and either is a page number or has the same
shape (digits aside, case and spacing folded) as an edge line on at least half of the pages (and
three or more). The lines removed are returned too, for what wants them (a page's summary).
"""

from __future__ import annotations

import math
import re
from collections import Counter

EDGE_LINES = 2
MIN_SHARE = 0.5
MIN_PAGES = 3
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+|p\.\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?\s*(?:(?:of|/)\s*\d{1,4})?\s*$", re.IGNORECASE)


def _shape(line: str) -> str:
    return " ".join(re.sub(r"\d+", "#", line).casefold().split())


def _edges(lines: list[str]) -> list[int]:
    """Indices of the first and last EDGE_LINES non-blank lines."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return sorted(set(filled[:EDGE_LINES] + filled[-EDGE_LINES:]))


def split(texts: list[str]) -> tuple[list[str], list[list[str]]]:
    """(the pages without their furniture, the furniture lines of each page)."""
    pages = [t.split("\n") for t in texts]
    edges = [_edges(lines) for lines in pages]
    seen = Counter(shape for lines, idx in zip(pages, edges) for shape in {_shape(lines[i]) for i in idx})
    need = max(MIN_PAGES, math.ceil(MIN_SHARE * len(texts)))
    repeated = {s for s, n in seen.items() if n >= need and s}
    clean, removed = [], []
    for lines, idx in zip(pages, edges):
        drop = {i for i in idx if _PAGE_NUMBER.match(lines[i]) or _shape(lines[i]) in repeated}
        clean.append("\n".join(line for i, line in enumerate(lines) if i not in drop))
        removed.append([lines[i].strip() for i in sorted(drop)])
    return clean, removed


def strip(texts: list[str]) -> list[str]:
    return split(texts)[0]

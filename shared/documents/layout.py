"""Page furniture: running headers, footers and page numbers, taken out of the clause text.

A footer ("Source: ACME CORP, 10-K, 3/1/2012", "Page 4 of 12", "- 4 -") printed in the middle of
a clause that runs over a page break ends up inside the clause as the text layer reads it, and a
quote that spans it is no longer what the contract says. A line is furniture when it sits among
the first or last ``EDGE_LINES`` lines of its page (or runs on from the edge in furniture, up to
``EDGE_RUN`` lines) and either is a page number or has the same shape (digits aside, case and
spacing folded) as an edge line on at least half of the pages (and three or more). The lines
removed are returned too, for what wants them (a page's summary).
"""

from __future__ import annotations

import difflib
import math
import re
from collections import Counter
from collections.abc import Callable

EDGE_LINES = 2
EDGE_RUN = 4  # a header of several lines (a confidential-treatment legend) is furniture as far as it runs on from the edge
MIN_SHARE = 0.5
MIN_PAGES = 3
DASHED_NUMBER = r"[-–—][ \t]*\d{1,3}[ \t]*[-–—]"  # "- 43 -": a page number wherever it stands (the splitter's too)
_DASHED = re.compile(rf"^\s*{DASHED_NUMBER}\s*$")
# A line that is only a rule ("-----------------------" under a heading the filing underlined,
# "-------- -------" under two words) is no text, wherever it stands: a quote across it read
# "shall ----------------------- commence" (STAMPS.COM).
_RULE = re.compile(r"^\s*(?=.*[-_=–—]{3})[-_=–—]+(?:\s+[-_=–—]+)*\s*$")  # also "- ------" (a dash, then the rule)
# Section numbers the text layer left at a page's end, each on a line of its own ("41." | "42." | "43."), detached from
# the titles they number: a clause cut at the page break read "... in direct conflict of 41. 42. 43. 44." (MJ BIOTECH).
_NUMBER_ONLY = re.compile(r"^\s*(\d{1,3})\.\s*$")
# A confidential-treatment legend at a page's edge, on the pages that hold a redaction only ("[***] Confidential Treatment
# Requested" on 8 of BLOOM ENERGY's 56 pages, one of them after "... Efficiency Level has"; "Cargill Confidential" | "*
# Confidential treatment requested": BIOAMBER): the whole line, nothing more.
_LEGEND = re.compile(r"^\W*(?:\[\s*\*+\s*\]\s*)?\**\s*confidential\s+treatment\s+(?:has\s+been\s+)?requested\.?\s*$"
                     r"|^\s*[A-Z][\w&.-]+(?:\s+[A-Z][\w&.-]+)?\s+(?-i:Confidential)\s*$", re.I)
# A running footer that names the page ("September 2, 1998 Page 27"), which the text layer may put anywhere in a page
# (filings that print several pages on one: STARTEC): furniture wherever it stands, where its words (the page aside) are on
# half the pages or more.
_PAGE_TAIL = re.compile(r"\bpage\s+[0-9ivxlc]{1,4}[a-z]?\s*$", re.I)
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+|p\.\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?\s*(?:(?:of|/)\s*\d{1,4})?\s*$", re.IGNORECASE)


def _shape(line: str) -> str:
    return " ".join(re.sub(r"\d+", "#", line).casefold().split())


def _edges(lines: list[str], n: int = EDGE_LINES) -> list[int]:
    """Indices of the first and last ``n`` non-blank lines."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return sorted(set(filled[:n] + filled[-n:]))


def _runs(lines: list[str], furniture: Callable[[str], bool], deeper: Callable[[str], bool]) -> set[int]:
    """Furniture past the first and last ``EDGE_LINES`` lines: a line that runs on, unbroken,
    from the furniture at the page's edge (at most ``EDGE_RUN`` lines each way), where the
    header it belongs to has not ended ("... PURSUANT TO RULE 24b-2" | "PROMULGATED UNDER THE
    SECURITIES EXCHANGE ACT OF 1934") or it is in capitals. A sentence repeated next to a
    footer is body text."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    out: set[int] = set()
    for top, side in ((True, filled[:EDGE_RUN]), (False, filled[::-1][:EDGE_RUN])):
        for k, i in enumerate(side):
            if not (furniture if k < EDGE_LINES else deeper)(lines[i]):
                break
            if k >= EDGE_LINES:
                upper = lines[i].upper() == lines[i]
                join = lines[side[k - 1]] if top else lines[i]  # the upper of the two lines that meet
                if not upper and join.rstrip().endswith((".", ";", ":", "!", "?")):
                    break
            out.add(i)
    return out


def _numbers_at_end(lines: list[str]) -> set[int]:
    """The last lines of a page when two or more are section numbers alone, counting up."""
    run, after = set(), None  # the number on the line below
    for i in reversed([i for i, line in enumerate(lines) if line.strip()]):
        if not (m := _NUMBER_ONLY.match(lines[i])) or (after is not None and int(m.group(1)) != after - 1):
            break
        run.add(i)
        after = int(m.group(1))
    return run if len(run) >= 2 else set()


# A document number the scan read differently on each page ("1162967.3", "i 162967.3", "1!62967.3", "I62W.3": WESTERN COPPER)
# is furniture where an edge line like it, digits and no word, stands on half the pages: a clause over the page break read
# "... Mining Activities, or i 162967.3 (b) advise ...".
_ID_LIKE = re.compile(r"^(?=(?:\D*\d){4})(?!.*[A-Za-z]{3})[^$€£%,]{4,20}$")
_MAX_IDS = 40


def _near(a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.7


def _ids(pages: list[list[str]], edges: list[list[int]], need: int) -> set[str]:
    """Edge lines like a document number, with one like them (by ``_near``) on ``need`` pages or more. More than
    ``_MAX_IDS`` different ones number pages or dates, no one document: none (and the comparisons stay few)."""
    per = [{lines[i].strip() for i in idx if _ID_LIKE.match(lines[i].strip())} for lines, idx in zip(pages, edges)]
    distinct = sorted(set().union(*per))
    if len(distinct) > _MAX_IDS:
        return set()
    near = {x: {y for y in distinct if _near(x, y)} for x in distinct}
    return {x for x in distinct if sum(bool(near[x] & page) for page in per) >= need}


# A footer the text layer put mid-page (two columns, the left one's foot read before the right one: "expiration of this" |
# "McDATA Corporation Standard Terms OF Reseller Agreement" | "JUNE 2004" | "2" | "Agreement, Reseller agrees ...": MTI): up to
# three lines just above a page number, none ending a sentence, each on half the pages or more, one of them three words or more,
# go with the number.
def _mid_footers(pages: list[list[str]], need: int) -> list[set[int]]:
    anywhere = Counter(s for lines in pages for s in {_shape(line) for line in lines if re.search(r"[A-Za-z]{2}", line)})
    out = []
    for lines in pages:
        drop: set[int] = set()
        for j, line in enumerate(lines):
            if not line.strip() or not _PAGE_NUMBER.match(line):
                continue
            above = [i for i in range(j - 1, max(-1, j - 4), -1) if lines[i].strip()]
            block = []
            for i in above:
                if anywhere[_shape(lines[i])] < need or lines[i].rstrip().endswith((".", ";", ":", "!", "?")):  # a sentence is body text
                    break
                block.append(i)
            if any(len(lines[i].split()) >= 3 for i in block):
                drop |= {*block, j}
        out.append(drop)
    return out


def _footer_key(line: str) -> str | None:
    m = _PAGE_TAIL.search(line) if len(line.split()) <= 10 else None
    return _shape(line[: m.start()]) + " page" if m else None


def _named_footers(pages: list[list[str]], need: int) -> list[set[int]]:
    """Per page, the lines that are such footers: their key (``_footer_key``) on ``need`` pages or more. A sentence that goes
    on under one in lower case ("... set out on Page 4" | "of Exhibit A.") is body text."""
    keys = [[_footer_key(line) for line in lines] for lines in pages]
    seen = Counter(k for page in keys for k in set(page) if k)
    out = []
    for lines, page in zip(pages, keys):
        filled = [i for i, line in enumerate(lines) if line.strip()]
        after = {i: lines[j].strip() for i, j in zip(filled, filled[1:])}  # the next non-blank line
        out.append({i for i, k in enumerate(page) if k and seen[k] >= need and not after.get(i, "")[:1].islower()})
    return out


def split(texts: list[str]) -> tuple[list[str], list[list[str]]]:
    """(the pages without their furniture, the furniture lines of each page)."""
    pages = [t.split("\n") for t in texts]
    edges = [_edges(lines) for lines in pages]
    seen = Counter(shape for lines, idx in zip(pages, edges) for shape in {_shape(lines[i]) for i in idx})
    need = max(MIN_PAGES, math.ceil(MIN_SHARE * len(texts)))
    repeated = {s for s, n in seen.items() if n >= need and s}
    # Deeper in, only the very same words on half the pages count (a section's "Article 13"
    # has the shape of "Article 12").
    deep = Counter(line for lines in pages for line in {lines[i].strip() for i in _edges(lines, EDGE_RUN)})
    same = {line for line, n in deep.items() if n >= need and sum(c.isalpha() for c in line) >= 3}
    clean, removed = [], []

    ids = _ids(pages, edges, need)

    def furniture(line: str) -> bool:
        return bool(_PAGE_NUMBER.match(line) or _LEGEND.match(line)) or _shape(line) in repeated or line.strip() in ids

    for lines, idx, mid, named in zip(pages, edges, _mid_footers(pages, need), _named_footers(pages, need)):
        drop = {i for i in idx if furniture(lines[i])} | mid | named
        drop |= _runs(lines, furniture, lambda line: line.strip() in same or bool(_DASHED.match(line) or _LEGEND.match(line)))
        drop |= {i for i, line in enumerate(lines) if _RULE.match(line)} | _numbers_at_end(lines)
        clean.append("\n".join(line for i, line in enumerate(lines) if i not in drop))
        removed.append([lines[i].strip() for i in sorted(drop)])
    return clean, removed


def strip(texts: list[str]) -> list[str]:
    return split(texts)[0]

"""One line per page that a reviewer can use in the draft: the page's section headings as the
page prints them, then the clause categories the clause model found on it, e.g.

    9. LIMITATION OF LIABILITY; 10. INDEMNIFICATION — Cap On Liability, Uncapped Liability

A page without headings is named by its first sentence instead; a page with neither text nor
findings says so. Summaries describe pages; they never decide alone which pages answer a
question (locate ranks the pages' own text).
"""

from __future__ import annotations

import re
from collections import defaultdict

from shared.clauses.findings import Scored
from shared.documents.splitter import sentences

# "5. LIMITATION OF LIABILITY", "ARTICLE IX - INDEMNIFICATION", "Section 12.3 Governing Law:"
_HEADING = re.compile(
    r"^\s*((?:(?:ARTICLE|SECTION|Section|Article)\s+[\dIVXLC]+(?:\.\d+)*[.:]?\s*[-—]?\s*)?(?:\d{1,2}(?:\.\d+)*[.)]?\s+)?"
    r"(?:[A-Z][A-Z0-9 ,;&'/\-]{5,80}[A-Z]|(?:[A-Z][a-z]+)(?:\s+(?:of|and|or|to|the|for|in|on|by|[A-Z][a-z]+)){1,6}(?=[.:]?\s*$)))"
)
# 第五条 合同终止 (an article and its title on one line)
_CN_HEADING = re.compile(r"^\s*(第[〇零一二三四五六七八九十百千0-9]+[条章节](?:[ \t　]*[^\s，。；：]{1,16})?)\s*$")

NO_TEXT = "(no text layer on this page)"
# Recitals and stamps that open pages but say nothing about them.
_SKIP = frozenset({"whereas", "witnesseth", "in witness whereof", "now, therefore", "now therefore", "confidential", "redacted", "recitals", "exhibit", "execution version"})


def headings(text: str) -> list[str]:
    """The section headings of a page, verbatim (whitespace collapsed), in order, once each."""
    out = []
    for line in text.splitlines():
        m = _HEADING.match(line) or _CN_HEADING.match(line)
        if not m:
            continue
        title = " ".join(m.group(1).split()).rstrip(" .:-—")
        words = re.sub(r"^[\W\d]+", "", title)
        if len(title.split()) <= 10 and not any(words.lower().startswith(w) for w in _SKIP):
            out.append(title)
    return list(dict.fromkeys(out))


def page_categories(scored: Scored | None, n_pages: int, per_page: int = 3) -> list[list[str]]:
    """Per page, the clause categories with a unit at or above their threshold, best first."""
    best: list[dict[str, float]] = [defaultdict(float) for _ in range(n_pages)]
    if scored is not None:
        model = scored.model
        for i, unit in enumerate(scored.units):
            for k, cat in enumerate(model.categories):
                s = float(scored.scores[i, k])
                if s >= model.threshold(cat) and s > best[unit.page - 1][cat]:
                    best[unit.page - 1][cat] = s
    return [[c for c, _ in sorted(b.items(), key=lambda kv: -kv[1])[:per_page]] for b in best]


def summarize_page(text: str, max_chars: int = 160, categories: list[str] | None = None, gist: str | None = None) -> str:
    """The page's headings (else its first sentence), then the categories found on it, cut to fit.
    With a ``gist`` (a model's line on the page: gists.py), the headings then the gist."""
    cats = " — " + ", ".join(categories) if categories else ""
    if not text.strip():
        return NO_TEXT
    heads = headings(text)
    if gist:
        line = "; ".join(heads) + ": " + gist if heads else gist
    elif heads:
        line = "; ".join(heads)
    else:
        spans = sentences(text)
        line = " ".join((spans[0].text if spans else text).split())
    room = max_chars - len(cats)
    if len(line) > room:
        cut = line[: max(room - 1, 0)]
        line = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
    return line + cats

"""Clause findings from the clause model: the one place locate, phase2 and analyze get them.

A document is cut into clause units per page (``page_units``), every unit is scored once
for all categories (``score_document``, cached by the document's sha256 in-process), and the
stages read what they need from those scores: locate a score per page, phase2 the best spans
of the located pages, analyze every span above its category's operating threshold and the
asked categories with none (``absent``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from shared import cjk
from shared.clause_model import CONTEXT_CHARS, ClauseModel
from shared.clauses import content_words
from shared.splitter import clause_spans, heading


@dataclass(frozen=True)
class Unit:
    page: int      # 1-based
    start: int     # offsets in the page text
    end: int
    text: str      # page_text[start:end]
    context: str   # the text just before the unit (the end of the previous page at a page start)
    continued: str = ""  # the clause runs over the page break: its rest, verbatim from the next page's start

    @property
    def whole(self) -> str:
        """What the clause model reads: the clause with its rest on the next page."""
        return f"{self.text} {self.continued}" if self.continued else self.text


@dataclass(frozen=True)
class Finding:
    category: str
    page: int
    quote: str     # the unit's text, whitespace collapsed (quote_on_page ignores whitespace)
    score: float
    continued: str = ""  # its rest on page + 1, whitespace collapsed ("" when it ends on its page)

    def as_dict(self) -> dict:
        """The finding as events carry it: a clause that runs over the page break has its rest
        under ``continues`` ({"page", "quote"}), each part quoted on its own page."""
        out = {"page": self.page, "quote": self.quote, "category": self.category, "score": self.score}
        if self.continued:
            out["continues"] = {"page": self.page + 1, "quote": self.continued}
        return out


# A clause's last words before a page break, when they do not end it (no stop), and the next
# page's first words, when they go on with it (lower case, or CJK text after an open sentence).
_ENDS = (".", ";", ":", "!", "?", "。", "；", "：", "！", "？", '"', "”", ")", "）")


def _runs_on(before: str, after: str) -> bool:
    before, after = before.rstrip(), after.lstrip()
    if not before or not after or before.endswith(_ENDS) or heading(after):
        return False
    return after[0].islower() or (cjk.has_cjk(before[-1]) and cjk.has_cjk(after[0]))


@dataclass(frozen=True)
class Scored:
    units: list[Unit]
    scores: np.ndarray   # (len(units), len(model.categories))
    model: ClauseModel

    def column(self, category: str) -> np.ndarray:
        return self.scores[:, self.model.index[category]] if category in self.model.index else np.zeros(len(self.units), np.float32)


def page_units(texts: list[str]) -> list[Unit]:
    """Clause units of every page, in reading order.

    A unit's context is the title of the section it sits in ("Limitation of Liability"), as
    far as the pages read show it, and the text just before it: a clause's own words often
    do not name what it is about, its section title does.
    """
    out: list[Unit] = []
    title = ""
    spans = [clause_spans(t) for t in texts]
    for page in range(1, len(texts) + 1):
        text = texts[page - 1]
        before = texts[page - 2][-CONTEXT_CHARS:] if page > 1 else ""
        for k, s in enumerate(spans[page - 1]):
            rest = spans[page][0].text if page < len(texts) and spans[page] else ""
            last = k == len(spans[page - 1]) - 1
            continued = rest if last and rest and _runs_on(s.text, rest) else ""
            out.append(Unit(page, s.start, s.end, s.text, f"{title} | {(before + text[: s.start])[-CONTEXT_CHARS:]}", continued))
            title = heading(s.text) or title
    return out


def score_units(units: list[Unit], model: ClauseModel) -> Scored:
    return Scored(units, model.score([u.whole for u in units], [u.context for u in units]), model)


class ScoreCache:
    """Whole-document scores by sha256: a second question on the same contract scores nothing.

    One per process, which holds one model: the key is the document alone."""

    def __init__(self, max_docs: int = 64) -> None:
        self._max = max_docs
        self._data: OrderedDict[str, Scored] = OrderedDict()
        self._lock = threading.Lock()  # reviews are scored in worker threads, several at once

    def get(self, key: str) -> Scored | None:
        with self._lock:
            hit = self._data.get(key) if key else None
            if hit is not None:
                self._data.move_to_end(key)
            return hit

    def put(self, key: str, scored: Scored) -> None:
        if not key:
            return
        with self._lock:
            self._data[key] = scored
            self._data.move_to_end(key)
            while len(self._data) > self._max:
                self._data.popitem(last=False)

    def get_or_score(self, key: str, texts: list[str], model: ClauseModel) -> Scored:
        hit = self.get(key)
        if hit is not None:
            return hit
        scored = score_units(page_units(texts), model)
        self.put(key, scored)
        return scored


def page_scores(scored: Scored, categories: list[str], n_pages: int) -> np.ndarray:
    """Per page, the best probability of any of its units for any asked category."""
    out = np.zeros(n_pages, np.float32)
    if not categories or not scored.units:
        return out
    best = np.max(np.stack([scored.column(c) for c in categories], axis=1), axis=1)
    np.maximum.at(out, np.array([u.page - 1 for u in scored.units]), best)
    return out


def findings(scored: Scored, categories: list[str], pages: set[int] | None = None, *, per_category: int = 25) -> list[Finding]:
    """Units at or above their category's operating threshold, best first within a category.

    A unit may be found for several categories (a cap with its carve-out is Cap On Liability
    and Uncapped Liability at once).
    """
    out = []
    for cat in categories:
        col, thr = scored.column(cat), scored.model.threshold(cat)
        idx = [i for i in np.argsort(-col, kind="stable") if col[i] >= thr and (pages is None or scored.units[i].page in pages)]
        # The rest of a clause found over a page break is in that finding: not one of its own.
        idx = [i for i in idx if not (i > 0 and scored.units[i - 1].continued and i - 1 in idx)]
        out += [_finding(cat, scored.units[i], float(col[i])) for i in idx[:per_category]]
    return out


def _finding(category: str, unit: Unit, score: float) -> Finding:
    return Finding(category, unit.page, " ".join(unit.text.split()), round(score, 4), " ".join(unit.continued.split()))


def absent(scored: Scored, found: list[Finding], categories: list[str], searched_pages: int) -> list[dict]:
    """The asked clause categories with no finding: the contract has no such clause, as far as
    the model sees. Names and dates (Parties, Agreement Date, …) are not clauses the model
    scores, so their absence is never claimed; nor is anything when no page had text."""
    if searched_pages == 0:
        return []
    have = {f.category for f in found}
    return [{"category": c, "searched_pages": searched_pages} for c in categories if c in scored.model.index and c not in have]


def best_spans(scored: Scored, categories: list[str], pages: set[int], *, limit: int = 12) -> list[Finding]:
    """The draft's evidence: the findings on the located pages, best first over all categories;
    a category with no unit over its threshold there gets none."""
    found = findings(scored, categories, pages, per_category=limit)
    return sorted(found, key=lambda f: -f.score)[:limit]


def question_spans(units: list[Unit], question: str, *, limit: int = 12) -> list[Finding]:
    """For a question that names no clause category: the units sharing at least two content
    words with it, most shared first (category "Question")."""
    qwords = content_words(question)
    scored = [(len(qwords & content_words(u.text)), i) for i, u in enumerate(units)]
    best = sorted((t for t in scored if t[0] >= 2), key=lambda t: (-t[0], t[1]))[:limit]
    return [_finding("Question", units[i], float(n)) for n, i in best]

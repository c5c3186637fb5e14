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


@dataclass(frozen=True)
class Finding:
    category: str
    page: int
    quote: str     # the unit's text, whitespace collapsed (quote_on_page ignores whitespace)
    score: float


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
    out = []
    title = ""
    for page in range(1, len(texts) + 1):
        text = texts[page - 1]
        before = texts[page - 2][-CONTEXT_CHARS:] if page > 1 else ""
        for s in clause_spans(text):
            out.append(Unit(page, s.start, s.end, s.text, f"{title} | {(before + text[: s.start])[-CONTEXT_CHARS:]}"))
            title = heading(s.text) or title
    return out


def score_units(units: list[Unit], model: ClauseModel) -> Scored:
    return Scored(units, model.score([u.text for u in units], [u.context for u in units]), model)


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
        out += [Finding(cat, scored.units[i].page, " ".join(scored.units[i].text.split()), round(float(col[i]), 4)) for i in idx[:per_category]]
    return out


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
    return [Finding("Question", units[i].page, " ".join(units[i].text.split()), float(n)) for n, i in best]

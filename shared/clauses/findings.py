"""Clause findings from the clause model: the one place locate, phase2 and analyze get them.

A document is cut into clause units per page (``page_units``), every unit is scored once
for all categories (``score_pages``; cached per document by ``shared.store.scores``), and the
stages read what they need from those scores: locate a score per page, phase2 the best spans
of the located pages, analyze every span above its category's operating threshold and the
asked categories with none (``absent``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from shared.clauses import cues, extent, instead
from shared.clauses.disclaimers import DISCLAIMERS
from shared.clauses.routing_text import content_stems
from shared.clauses.definitions import NOT_A_CLAUSE
from shared.clauses.clause_model import CONTEXT_CHARS, ClauseModel
from shared.documents import splitter, titles


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
    """One clause: its best category, and every other category it was found for (``also``)."""

    category: str
    page: int
    quote: str     # the clause's text, whitespace collapsed (quote_on_page ignores whitespace)
    score: float
    continued: str = ""  # its rest on page + 1, whitespace collapsed ("" when it ends on its page)
    also: tuple[tuple[str, float], ...] = ()  # (category, score) of the same clause, best first
    around: str = ""  # the units beside it, unquoted (its lead-in, the sentences after): a term it lacks may be there
    sure: tuple[tuple[str, float, str], ...] = ()  # (category, confidence, tier) of each of its categories (``shared.clauses.confidence``)

    @property
    def categories(self) -> list[str]:
        return [self.category, *(c for c, _ in self.also)]

    def as_dict(self) -> dict:
        """The finding as events carry it: a clause that runs over the page break has its rest
        under ``continues`` ({"page", "quote"}), each part quoted on its own page; a clause of
        several categories lists them all under ``categories`` (best first)."""
        out = {"page": self.page, "quote": self.quote, "category": self.category, "score": self.score, "categories": self.categories}
        if self.continued:
            out["continues"] = {"page": self.page + 1, "quote": self.continued}
        if self.sure:  # how likely it is a clause of ``category``, in words ("likely", "possible", "weak"), and of each category
            out["confidence"], out["tier"] = self.confidence, self.tier
            out["confidences"] = [{"category": c, "confidence": p, "tier": t} for c, p, t in self.sure]
        return out

    @property
    def confidence(self) -> float | None:
        return self.sure[0][1] if self.sure else None

    @property
    def tier(self) -> str:
        return self.sure[0][2] if self.sure else ""


@dataclass(frozen=True)
class Scored:
    units: list[Unit]
    scores: np.ndarray   # (len(units), len(model.categories))
    model: ClauseModel
    texts: tuple[str, ...] = ()  # the page texts the units were cut from: a clause of several units is quoted from them
    complete: bool = False  # the units are the whole document's (not only some pages'): presence can be judged

    @cached_property
    def presence(self) -> np.ndarray | None:
        """Per category of the model, the presence model's logit that the contract has such a
        clause at all (``shared.clauses.presence``); None without a presence model or the
        whole document."""
        judge = getattr(self.model, "presence", None)
        if judge is None or not self.complete or not self.units or not self.texts:
            return None
        thresholds = np.array([self.model.threshold(c) for c in self.model.categories], np.float32)
        return judge.score(self.texts, np.where(self.bare[:, None], 0.0, self.scores).max(axis=0), thresholds)

    def _logit(self, category: str) -> float | None:
        judged = self.presence
        return None if judged is None or category not in self.model.index else float(judged[self.model.index[category]])

    def present(self, category: str) -> bool | None:
        """False: judged not to have such a clause; None: not judged (no presence model)."""
        v = self._logit(category)
        return None if v is None else v >= self.model.presence.threshold

    def likely(self, category: str) -> bool:
        """Contracts like this one usually have such a clause (the presence model's logit at or
        over its ``likely`` threshold): said beside an absence, which is then not to be relied on."""
        v = self._logit(category)
        return v is not None and v >= self.model.presence.likely

    @cached_property
    def bare(self) -> np.ndarray:
        """Per unit: too bare to be a clause on its own (a title, a contents line, a scrap:
        ``splitter.bare``). Such a unit is never a finding by itself, whatever its score."""
        return np.array([titles.bare(u.whole) for u in self.units], bool)

    def column(self, category: str) -> np.ndarray:
        """The units' scores for ``category``; a unit that says its cue (``shared.clauses.cues``) at least at the threshold."""
        if category not in self.model.index:
            return np.zeros(len(self.units), np.float32)
        col = self.scores[:, self.model.index[category]]
        cued = self.cued(category)
        return col if cued is None else np.where(cued & ~self.bare, np.maximum(col, self.model.threshold(category)), col)

    def cued(self, category: str) -> np.ndarray | None:
        """Per unit, whether it says ``category``'s cue (None: no cue); read once per category (analyze asks some twice)."""
        if category not in self._cued:
            self._cued[category] = cues.matches(category, [u.whole for u in self.units])
        return self._cued[category]

    @cached_property
    def _cued(self) -> dict[str, np.ndarray | None]:
        """Per category asked so far, which units say its cue (``shared.clauses.cues``)."""
        return {}


def page_units(texts: list[str]) -> list[Unit]:
    """Clause units of every page, in reading order.

    A unit's context is the title of the section it sits in ("Limitation of Liability"), as
    far as the pages read show it, and the text just before it: a clause's own words often
    do not name what it is about, its section title does.
    """
    out: list[Unit] = []
    title = ""
    spans = [splitter.clause_spans(t) for t in texts]
    for page in range(1, len(texts) + 1):
        text = texts[page - 1]
        before = texts[page - 2][-CONTEXT_CHARS:] if page > 1 else ""
        for k, s in enumerate(spans[page - 1]):
            rest = spans[page][0].text if page < len(texts) and spans[page] else ""
            last = k == len(spans[page - 1]) - 1
            continued = rest if last and rest and extent.runs_on(s.text, rest) else ""
            out.append(Unit(page, s.start, s.end, s.text, f"{title} | {(before + text[: s.start])[-CONTEXT_CHARS:]}", continued))
            title = titles.heading(s.text) or title
    return out


def score_units(units: list[Unit], model: ClauseModel, texts: list[str] | tuple[str, ...] = (), *, complete: bool = False) -> Scored:
    """Scores of ``units`` (cut from ``texts``, which clauses of several units are quoted from;
    ``complete``: they are every unit of ``texts``)."""
    return Scored(units, model.score([u.whole for u in units], [u.context for u in units]), model, tuple(texts), complete)


def score_pages(texts: list[str], model: ClauseModel) -> Scored:
    return score_units(page_units(texts), model, texts, complete=True)


def page_scores(scored: Scored, categories: list[str], n_pages: int) -> np.ndarray:
    """Per page, the best probability of any of its units for any asked category."""
    out = np.zeros(n_pages, np.float32)
    if not categories or not scored.units:
        return out
    best = np.max(np.stack([scored.column(c) for c in categories], axis=1), axis=1)
    np.maximum.at(out, np.array([u.page - 1 for u in scored.units]), best)
    return out


def findings(scored: Scored, categories: list[str], pages: set[int] | None = None, *, per_category: int = 25) -> list[Finding]:
    """One finding per clause: the units at or above a category's operating threshold, joined
    where they are one clause, and clauses of several categories joined into one finding (two
    findings never quote the same text). Best first within a category, in the order asked."""
    ranges = [(a, b, cat, score) for cat in categories for a, b, score in clause_ranges(scored, cat, pages)[:per_category]]
    out = [_card(scored, group) for group in _overlapping(ranges)]
    out = list({(f.category, f.quote.lower(), f.continued.lower()): f for f in sorted(out, key=lambda f: (f.score, -f.page))}.values())  # a clause said twice word for word (CORIO repeats one over a page break) is one card: its best, the first
    order = {c: i for i, c in enumerate(categories)}
    return sorted(out, key=lambda f: (order[f.category], -f.score))


def clause_ranges(scored: Scored, category: str, pages: set[int] | None = None) -> list[tuple[int, int, float]]:
    """(first unit, last unit, best score) of each clause found for ``category``, best first.

    A unit over the threshold is a clause, from the start to the end of its sentence and with
    its rest over a page break, unless it is too bare to be one (a section title names a
    category without being its clause); the next unit joins it when the clause has not ended
    (no stop) and it opens no clause of its own (a title, an item), bare or not. A clause that
    is none by the category's definition (``definitions.NOT_A_CLAUSE``: a termination for cause,
    a term that renews nothing, a cap that excepts nothing)
    is left out. Where the whole document was scored and the model has a presence model, a
    category the contract is judged not to have has none but units that say its cue (``cues``).
    """
    if category not in scored.model.index:
        return []
    col, thr = scored.column(category), scored.model.threshold(category)
    if scored.present(category) is False:  # judged absent: only a unit that says the category's cue is still one
        cued = scored.cued(category)
        if cued is None or not cued.any():
            return []
        col = np.where(cued, col, 0.0)
    units = scored.units
    out: list[list] = []
    for i in np.flatnonzero(col >= thr):
        if pages is not None and units[i].page not in pages:
            continue
        first, last = extent.sentence(units, int(i), pages)
        last = last + 1 if units[last].continued and last + 1 < len(units) else last
        prev = units[out[-1][1]] if out else None
        if prev and (first <= out[-1][1] or (first == out[-1][1] + 1 and (extent.goes_on(prev, units[first]) or extent.next_limb(prev, units[first])
                                                                        or (scored.texts and extent.refers_back(prev, units[first], scored.texts[prev.page - 1]))))):
            out[-1][1] = max(out[-1][1], last)
            out[-1][2] = max(out[-1][2], float(col[i]))
        elif not scored.bare[i]:  # a bare unit may end a clause, not be one
            out.append([first, int(last), float(col[i])])
    out = [(a, b, extent.with_items(units, b), sc) for a, b, sc in out]
    if veto := NOT_A_CLAUSE.get(category):  # e.g. "Termination For Convenience" is an end without cause; a lead-in also with its items
        out = [r for r in out if not any(veto(" ".join(u.whole for u in units[r[0] : b + 1])) for b in {r[1], r[2]})]
    return sorted(((a, b, sc) for a, _, b, sc in out), key=lambda r: -r[2])


def _overlapping(ranges: list[tuple[int, int, str, float]]) -> list[list[tuple[int, int, str, float]]]:
    """Ranges grouped where they share a unit (sweep over starts)."""
    groups: list[list] = []
    end = -1
    for r in sorted(ranges, key=lambda r: (r[0], r[1])):
        if groups and r[0] <= end:
            groups[-1].append(r)
            end = max(end, r[1])
        else:
            groups.append([r])
            end = r[1]
    return groups


def _card(scored: Scored, group: list[tuple[int, int, str, float]]) -> Finding:
    a, b = min(r[0] for r in group), max(r[1] for r in group)
    best: dict[str, float] = {}
    for _, _, cat, score in group:
        best[cat] = max(best.get(cat, 0.0), score)
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    quote, continued = _quote(scored, a, b)
    near = [u for u in scored.units[max(0, a - 2) : a] if u.page == scored.units[a].page]
    near += [u for u in scored.units[b + 1 : b + 3] if u.page == scored.units[b].page]
    around = " ".join(" ".join(u.text.split()) for u in near)
    calibration = getattr(scored.model, "confidence", None)
    sure = tuple((c, round(p, 2), calibration.tier(p)) for c, v in ranked for p in [calibration.of(c, v, scored.model.threshold(c))]) if calibration else ()
    return Finding(ranked[0][0], scored.units[a].page, quote, round(ranked[0][1], 4), continued, tuple((c, round(v, 4)) for c, v in ranked[1:]), around, sure)


def _quote(scored: Scored, a: int, b: int) -> tuple[str, str]:
    """The text of units ``a``..``b`` verbatim from their pages (whitespace collapsed): on the
    first unit's page, and its rest on the next page."""
    units = scored.units
    first = units[a]
    if a == b:
        return " ".join(first.text.split()), " ".join(first.continued.split())
    same = [u for u in units[a : b + 1] if u.page == first.page]
    rest = [u for u in units[a : b + 1] if u.page == first.page + 1]
    if scored.texts:
        text = scored.texts[first.page - 1][first.start : same[-1].end]
        more = scored.texts[first.page][rest[0].start : rest[-1].end] if rest else ""
    else:  # no page texts kept: the units themselves (their gaps are whitespace in practice)
        text, more = " ".join(u.text for u in same), " ".join(u.text for u in rest)
    return " ".join(text.split()), " ".join(more.split())


def absent(scored: Scored, found: list[Finding], categories: list[str], searched_pages: int) -> list[dict]:
    """The asked clause categories with no finding: the contract has no such clause, as far as
    the model sees; ``likely`` where contracts like this one usually have one (the absence is
    then a reason to look, not to rely on it); ``disclaimed`` where the contract says so itself
    (:func:`disclaimer`), which then needs no warning; ``instead`` what it gives in the category's place
    (a termination for cause where no termination for convenience: ``instead.given``). Names and dates (Parties, Agreement Date, …) are not clauses the model
    scores, so their absence is never claimed; nor is anything when no page had text."""
    if searched_pages == 0:
        return []
    have = {c for f in found for c in f.categories}
    out = []
    for c in categories:
        if c in scored.model.index and c not in have:
            said, other = disclaimer(scored, c), instead.given(scored, c, _quote)
            out.append({"category": c, "searched_pages": searched_pages, "likely": not said and scored.likely(c)} | ({"disclaimed": said} if said else {})
                       | ({"instead": other, "instead_what": instead.INSTEAD[c].what, "instead_tag": instead.INSTEAD[c].tag} if other else {}))
    return out


def disclaimer(scored: Scored, category: str) -> dict | None:
    """Where the contract says it has no clause of ``category`` ("No third party is intended to be
    ... a third party beneficiary of this Agreement", "There shall be no minimum amounts due"): the
    page and quote of the best unit at or over the category's threshold that disclaims one
    (``disclaimers.DISCLAIMERS``), read to the end of its sentence; for a title ("14. No Third-Party
    Beneficiaries."), the clause under it, which says whether it excepts anyone; None where none does."""
    says = DISCLAIMERS.get(category)
    if says is None or category not in scored.model.index:
        return None
    col, units = scored.column(category), scored.units
    for i in sorted(np.flatnonzero(col >= scored.model.threshold(category)), key=lambda i: -col[i]):
        i = int(i) + (1 if scored.bare[i] and i + 1 < len(units) and not scored.bare[i + 1] else 0)
        if scored.bare[i]:
            continue
        a, b = extent.sentence(units, i, None)
        quote, rest = _quote(scored, a, b)
        if says(f"{quote} {rest}".strip()):
            return {"page": units[a].page, "quote": quote}
    return None


def best_spans(scored: Scored, categories: list[str], pages: set[int], *, limit: int = 12) -> list[Finding]:
    """The draft's evidence: the findings on the located pages, best first over all categories;
    a category with no unit over its threshold there gets none."""
    found = findings(scored, categories, pages, per_category=limit)
    return sorted(found, key=lambda f: -f.score)[:limit]


def question_spans(units: list[Unit], question: str, *, limit: int = 12) -> list[Finding]:
    """For a question that names no clause category: the units sharing at least two content
    words with it (stemmed), most shared first (category "Question")."""
    qwords = content_stems(question)
    scored = [(len(qwords & content_stems(u.text)), i) for i, u in enumerate(units)]
    best = sorted((t for t in scored if t[0] >= 2), key=lambda t: (-t[0], t[1]))[:limit]
    return [Finding("Question", units[i].page, " ".join(units[i].text.split()), float(n), " ".join(units[i].continued.split())) for n, i in best]

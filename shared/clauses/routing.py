"""Route a free-form question to the CUAD clause categories it asks about.

1. named: the question quotes CUAD category names (CUAD's own question form does), so the
   quoted names are the answer and nothing else is guessed (``method="named"``);
2. otherwise (``method="semantic"``, the interface has no other name) a lexical layer, which
   needs no model, decides wherever it can: lawyer-style trigger phrases matched as whole,
   lightly stemmed word sequences, and combinations of words that name a clause only together
   ("raise" near "prices"). Generic words count only when nothing more specific is said in the
   same part of the question, the longest match wins, and a specific clause makes a generic
   one redundant ("a termination fee" is not also "termination for convenience"); parts are
   what "and", "but", ";" or "?" separate, so "X, and Y?" keeps both.
3. When ``embed`` is given, cosine similarity to per-category prototypes (the CUAD description,
   the name and the trigger phrases) fills in where no phrase matched (the question or a part of
   it): the best category only, past a threshold and by a margin over non-CUAD "background" topics.
4. With ``embed`` and ``models/question/``, a learned classifier (shared.clauses.routing_learned)
   reads the embedding and the n-grams of the question and of each part, and a second stage weighs
   it against the phrases and prototypes: it decides (adds what no phrase found, drops a stray hit).
   Without ``embed``, routing is the lexical layer alone, on the question ``normalise``d ("warrenty").

Question text is normalised and stemmed by shared.clauses.routing_text; the semantic layer is
shared.clauses.routing_embed. The vocabulary is data, ``routing_data.json`` beside this module
(its ``_comment`` says what each table means; the CUAD descriptions in it are CC BY 4.0, The
Atticus Project, CUAD v1). It was written from contract-drafting vocabulary and the way
lawyers and their clients talk about each clause, not copied from the evaluation questions
(tests/data/routing_questions.jsonl, and the "tune" splits of routing_questions_independent.jsonl
that guided it; its "holdout" splits were not read).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from importlib import resources

import numpy as np

from shared.clauses import routing_learned, routing_lists, routing_parts
from shared.clauses.catalogue import CATEGORIES
from shared.clauses.routing_embed import Embed, Prototypes
from shared.clauses.routing_text import Speller, as_list, clean, hide, neutral_phrases, several_parts, split_parts, stem_words, tokenize, topical

_DATA = json.loads(resources.files(__package__).joinpath("routing_data.json").read_text(encoding="utf-8"))


def _table(key: str) -> dict[str, tuple[str, ...]]:
    return {name: tuple(phrases) for name, phrases in _DATA[key].items()}


DESCRIPTIONS: dict[str, str] = dict(_DATA["descriptions"])  # CUAD's own, per category
TRIGGERS = _table("triggers")  # phrases that alone name the clause (also semantic prototypes)
WEAK = _table("weak")  # generic words, counted only where nothing more specific is said
COMBOS = _table("combos")  # "a|b + c|d": words that name a clause only together
SUPPRESS = _table("suppress")  # clause -> the more generic ones it makes redundant
NEUTRAL: tuple[str, ...] = tuple(_DATA["neutral"])  # phrases hidden from the lexical layer
BACKGROUND: tuple[str, ...] = tuple(_DATA["background"])  # non-CUAD topics for the semantic layer

THRESHOLD = 0.50  # semantic score a question needs when no phrase matched; below it MiniLM similarity is topical noise
PART_THRESHOLD = 0.60  # a part of a question matches loosely: ask for more
BACKGROUND_MARGIN = 0.12  # ... and the best category must beat the best non-CUAD topic by this much
LEX_BASE = 0.70   # lexical scores: an explicit trigger is strong evidence, longer ones more so
MAX_CATEGORIES = 4  # a question naming several things
MAX_LISTED = 8  # a question that lists its topics ("caps, termination rights, renewal terms, governing law and insurance") gets each
META = frozenset({"Document Name", "Parties", "Agreement Date", "Effective Date"})  # about the whole contract, which every question resembles a little:
META_THRESHOLD = 0.65  # ... so semantically they need a clearly higher score (lexical triggers still work)

NAMES: tuple[str, ...] = tuple(c.name for c in CATEGORIES)
_BY_LOWER = {n.lower(): n for n in NAMES}
if not set(DESCRIPTIONS) == set(NAMES) == set(TRIGGERS):  # fail at import, not on some later question
    raise RuntimeError("shared.clauses.routing data is out of step with shared.clauses.catalogue.CATEGORIES")


@dataclass(frozen=True)
class Route:
    categories: list[str]        # CUAD category names (as in clauses.CATEGORIES), best first
    scores: dict[str, float]     # category -> score in [0, 1] for the routed ones
    method: str                  # "named", "semantic" (trigger phrases and/or embeddings), or "none"


def correct(expected: list[str], got: list[str]) -> bool:
    """Benchmark rule: every expected category routed with at most two extras; [] must route to []."""
    if not expected:
        return not got
    return set(expected) <= set(got) and len(set(got) - set(expected)) <= 2


# --- lexical layer ------------------------------------------------------------------------

_QUOTED = (re.compile(r"[\"“]([^\"“”]{2,60})[\"”]"), re.compile(r"(?<!\w)['‘]([^'‘’\"“”]{2,60})['’](?!\w)"))  # not in a word: "don't ... they're"
# "us, them, or both?" asks about each alternative: nothing found in that part is redundant.
_BOTH = frozenset({"both", "jointly", "together", "either"})

Pattern = tuple[str, ...]
WINDOW = 20  # the words of a combination must lie within this many words of its anchor
STRONG, COMBO, WEAK_KIND = "strong", "combo", "weak"


def _build_lexicon() -> dict[str, list[tuple[Pattern, str, str]]]:
    # Indexed by first stem, so a question is scanned once rather than once per phrase.
    out: dict[str, list[tuple[Pattern, str, str]]] = {}
    for name in NAMES:
        # "Parties" as a bare word is in every "third party" or "either party": triggers only.
        own = () if name == "Parties" else (name.replace("/", " "),)
        for kind, phrases in ((STRONG, (*own, *TRIGGERS[name])), (WEAK_KIND, WEAK.get(name, ()))):
            for phrase in phrases:
                stems = stem_words(clean(phrase))
                if stems:
                    out.setdefault(stems[0], []).append((stems, name, kind))
    return out


def _build_combos() -> list[tuple[str, int, tuple[tuple[Pattern, ...], ...]]]:
    out = []
    for name, combos in COMBOS.items():
        for combo in combos:
            window = WINDOW
            if combo.startswith("@"):  # "@3 first + refusal|offer": a tighter window for a common word
                head, combo = combo.split(" ", 1)
                window = int(head[1:])
            groups = tuple(tuple(s for s in (stem_words(clean(a)) for a in group.split("|")) if s) for group in combo.split(" + "))
            if len(groups) < 2 or not all(groups):
                raise RuntimeError(f"bad routing combination for {name}: {combo!r}")
            out.append((name, window, groups))
    return out


def _check_suppress() -> None:
    # A clause and the one it makes redundant must not make each other redundant (both would go).
    for name, redundant in SUPPRESS.items():
        if name not in NAMES or not set(redundant) <= set(NAMES) or any(name in SUPPRESS.get(r, ()) for r in redundant):
            raise RuntimeError(f"routing_data.json's suppress is inconsistent at {name!r}")


_check_suppress()
_LEXICON = _build_lexicon()
_COMBOS = _build_combos()
_NEUTRAL = neutral_phrases(NEUTRAL)
_SPELLER = Speller(re.findall(r"[a-z]+", " ".join((*NAMES, *DESCRIPTIONS.values(), *NEUTRAL, *BACKGROUND, *(  # what a typo is folded to
    p for table in (TRIGGERS, WEAK, COMBOS) for phrases in table.values() for p in phrases))).lower()))


def normalise(question: str) -> str:
    """The question as both layers read it: spelling and stray clause words folded, typos mended."""
    return _SPELLER(clean(question))


@dataclass(frozen=True)
class _Hit:
    name: str
    kind: str
    start: int
    end: int
    part: int
    score: float
    borrowed: bool = False  # a combination built with words of an earlier part
    paired: bool = False  # named side by side with another category's phrase ("minimum purchase commitments or volume restrictions")


def _find(toks: tuple[str, ...], stems: Pattern, at: dict[str, list[int]]) -> list[int]:
    """Start positions of ``stems`` in ``toks``; never straight after "non" unless it starts so
    ("non-exclusive" is not "exclusive")."""
    return [i for i in at.get(stems[0], ()) if toks[i : i + len(stems)] == stems and not (i and toks[i - 1] == "non" and stems[0] != "non")]


def _hits(text: str) -> list[_Hit]:
    """The trigger phrases and combinations found in ``text`` that survive the rules above."""
    toks, parts, back = tokenize(text)
    toks = hide(toks, text, _NEUTRAL)  # the words of phrases that only look like clause words
    at: dict[str, list[int]] = {}
    for i, tok in enumerate(toks):
        at.setdefault(tok, []).append(i)
    hits = []
    for tok in at:
        for stems, name, kind in _LEXICON.get(tok, ()):
            for i in _find(toks, stems, at):
                score = min(0.95, LEX_BASE + 0.05 * len(stems)) if kind == STRONG else LEX_BASE - 0.1
                hits.append(_Hit(name, kind, i, i + len(stems), parts[i], score))
    several = len(set(parts)) > 1
    for name, window, groups in _COMBOS:
        found = [[(i, i + len(alt)) for alt in group for i in _find(toks, alt, at)] for group in groups]
        if not all(found):
            continue
        for a0, a1 in found[0]:
            p = parts[a0]

            def near(s: int, e: int) -> bool:
                # close to the anchor, not overlapping it, and in its part (or in an earlier part
                # when the anchor's part refers back to it)
                return abs(s - a0) <= window and (e <= a0 or s >= a1) and (
                    not several or parts[s] == p or (parts[s] < p and p in back))

            if all(any(near(s, e) for s, e in group) for group in found[1:]):
                own = all(any(near(s, e) and parts[s] == p for s, e in group) for group in found[1:])
                hits.append(_Hit(name, COMBO, a0, a1, p, LEX_BASE + 0.1, borrowed=not own))
                break
    # The longest match wins: "termination fee" is not also "termination", and a combination
    # anchored inside a longer phrase goes too ("hard stop" is not stopping the renewal).
    phrases = [h for h in hits if h.kind != COMBO]
    hits = [h for h in hits if not any(
        o.name != h.name and o.start <= h.start and h.end <= o.end and o.end - o.start > h.end - h.start for o in phrases)]
    strong = [h for h in hits if h.kind != WEAK_KIND]
    alternatives = {parts[i] for i in range(len(toks) - 1) if toks[i] == "or" and toks[i + 1] in _BOTH}

    def listed(h: _Hit, o: _Hit) -> bool:  # named side by side: "non-solicitation or non-compete", "a most favored nation clause or price restrictions"
        x = max((x for x in strong if x.name == o.name and x.start < o.end and o.start < x.end), key=lambda x: x.end - x.start)  # o's longest wording
        gap = set(toks[min(h.end, x.end) : max(h.start, x.start)])
        return bool(gap & {"or", "and", "nor"}) and gap <= {"or", "and", "nor", "any", "claus", "provis", "covenant", "us", "them", "me"}

    def redundant(h: _Hit) -> bool:
        # A more specific clause in the same part makes it redundant; so does any clause for the
        # metadata categories ("we signed in March - when does it end?" is about the end). A
        # combination that borrowed words of an earlier part makes nothing redundant: "does it
        # renew, and how can it be terminated?" asks about the renewal and about ending it.
        return h.part not in alternatives and any(
            o.part == h.part and not o.borrowed and not listed(h, o) and (h.name in SUPPRESS.get(o.name, ()) or (h.name in META and o.name not in META))
            for o in strong)

    kept = [h for h in strong if not redundant(h)]
    kept = [replace(h, paired=True) if any(o.name != h.name and (listed(h, o) or listed(o, h)) for o in kept) else h for h in kept]
    kept += [h for h in hits if h.kind == WEAK_KIND and h.part not in {o.part for o in strong if not o.borrowed}]
    return kept


def _named(question: str) -> list[str]:
    seen: list[str] = []
    for quoted in (q for rx in _QUOTED for q in rx.findall(question)):
        name = _BY_LOWER.get(" ".join(quoted.split()).lower())
        if name and name not in seen:
            seen.append(name)
    return seen


# --- semantic layer: each category's description, name and trigger phrases are its prototypes

_PROTOTYPES = Prototypes(NAMES, {n: (DESCRIPTIONS[n], n.replace("/", " or "), *TRIGGERS[n]) for n in NAMES}, BACKGROUND)


# --- routing ------------------------------------------------------------------------------


def _semantic(text: str, hits: list[_Hit], embed: Embed) -> tuple[dict[str, float], dict[str, float], np.ndarray]:
    """What the prototypes pick (category -> similarity), the whole question's similarities
    ('' -> the best background topic) and its vector, from one embedding call.

    The whole question counts when no phrase matched anywhere in it; a part of a several-part
    question counts when no phrase matched in that part ("is the licence perpetual, and <a
    paraphrase>?")."""
    covered = {h.part for h in hits}
    split = split_parts(text)
    parts = [p for i, p in enumerate(split) if i not in covered and topical(p)] if hits and len(split) > 1 else []
    floors = [THRESHOLD, *[PART_THRESHOLD] * len(parts)]
    vectors = _PROTOTYPES.embed_texts([text, *parts], embed)
    sems = _PROTOTYPES.score_vectors(vectors, embed)
    picks: dict[str, float] = {}
    for k, (sem, floor) in enumerate(zip(sems, floors)):
        if k == 0 and hits:
            continue
        background = sem[""]
        name, best = max(((n, v) for n, v in sem.items() if n), key=lambda kv: kv[1])
        if best >= max(floor, META_THRESHOLD if name in META else 0.0) and best >= background + BACKGROUND_MARGIN:
            picks[name] = max(picks.get(name, 0.0), best)
    return picks, sems[0], vectors[0]


def route(question: str, embed: Embed | None = None, seen: dict | None = None) -> Route:
    """The CUAD categories ``question`` asks about, best first (at most four; a list of topics
    at most eight).

    Quoted CUAD names win outright ("named"). Otherwise trigger phrases and combinations of
    words decide; when ``embed`` (texts -> unit vectors) is given, similarity to category
    prototypes fills in the question, or the parts of it, where no phrase matched, and the
    learned classifier weighs both ("semantic" either way); each item of a plain list of topics
    is also asked on its own (``routing_lists.listed``), and so is a part of the question none of
    the categories answers (``routing_parts.ask_apart``; ``seen`` keeps those parts' routes).
    Otherwise "none". Never raises on text."""
    whole = _route(question, embed)
    return whole if whole.method == "named" else routing_parts.ask_apart(question, routing_lists.listed(question, whole, route, embed), route, embed, seen)


def routed(question: str, embed: Embed | None = None) -> tuple[Route, list[dict[str, object]]]:
    """``route`` and what it leaves ``unasked``, each part of the question routed alone once."""
    got = route(question, embed, seen := {})
    return got, routing_parts.unasked(question, got, route, embed, seen)


def unasked(question: str, got: Route, embed: Embed | None = None) -> list[dict[str, object]]:
    """The parts of ``question`` that none of the categories of ``got`` (its route) answers (``routing_parts.unasked``)."""
    return routing_parts.unasked(question, got, route, embed)


def _route(question: str, embed: Embed | None) -> Route:
    named = _named(question)
    if named:
        named = named[:MAX_CATEGORIES]
        return Route(named, {n: 1.0 for n in named}, "named")
    text = normalise(question)
    if not text.strip():
        return Route([], {}, "none")
    hits, limit = _hits(text), MAX_CATEGORIES
    # A list of topics ("the caps, termination rights, renewal terms, governing law and insurance"):
    # each item is read on its own (one item's words neither suppress another's category nor
    # combine with them) and every one is asked. A list inside one topic ("for fraud, gross
    # negligence or wilful misconduct") names fewer than three categories and stays one part.
    items = as_list(text)
    split = _hits(items) if items != text else []
    if len({h.name for h in split}) >= 3:
        text, hits, limit = items, split, MAX_LISTED
    found_in = {h.part for h in hits}  # five topics the phrases find are five asked; so are four beside a part they find nothing in ("What's the term, ...")
    asked = max(limit, min(MAX_LISTED, len({h.name for h in hits}) + sum(1 for i, p in enumerate(split_parts(text)) if len(p.split()) >= 2 and i not in found_in)))
    scores: dict[str, float] = {}
    for h in hits:
        scores[h.name] = max(scores.get(h.name, 0.0), h.score)
    lexical = dict(scores)
    if embed is not None:
        picks, whole, vector = _semantic(text, hits, embed)
        model = routing_learned.load()
        if model is None:  # no committed classifier: the prototypes' picks count as they are
            for name, s in picks.items():
                scores[name] = max(scores.get(name, 0.0), s)
        else:
            parts = several_parts(text)  # each also read on its own
            scores = model.weigh(text, vector, scores, picks, whole, parts, _PROTOTYPES.embed_texts(parts, embed) if parts else None, asked)
            # topics named side by side are asked together: the classifier read "or volume restrictions" as a stray
            scores.update({h.name: lexical[h.name] for h in hits if h.paired and h.name not in scores and any(o.paired and o.name in scores for o in hits)})
    if limit == MAX_LISTED:  # every item the list names is asked; the classifier adds to it only where an item names nothing
        scores = lexical if {h.part for h in hits} >= set(tokenize(text)[1]) else {**lexical, **scores}
    ranked = sorted(scores, key=lambda n: -scores[n])[:asked]
    if not ranked:
        return Route([], {}, "none")
    return Route(ranked, {n: round(min(1.0, max(0.0, scores[n])), 4) for n in ranked}, "semantic")

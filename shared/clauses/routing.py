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
3. When ``embed`` is given, cosine similarity to per-category prototypes (the CUAD
   description, the name and the trigger phrases) fills in where no phrase matched: the whole
   question, or a part of a several-part question. Only the best category is taken, and only
   if it passes a threshold and beats a set of non-CUAD "background" topics by a margin.

The vocabulary (shared.clauses.routing_data) was written from contract-drafting vocabulary and the
way lawyers and their clients talk about each clause, not copied from the evaluation
questions (tests/data/routing_questions.jsonl, and the "tune" split of
tests/data/routing_questions_independent.jsonl that guided it; its "holdout" split was not read).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from shared.clauses.catalogue import CATEGORIES, content_words
from shared.clauses.routing_data import BACKGROUND, COMBOS, DESCRIPTIONS, NEUTRAL, SUPPRESS, TRIGGERS, WEAK

log = logging.getLogger(__name__)

Embed = Callable[[list[str]], np.ndarray]

THRESHOLD = 0.50  # semantic score a question needs when no phrase matched; below it MiniLM similarity is topical noise
PART_THRESHOLD = 0.60  # a part of a question matches loosely: ask for more
BACKGROUND_MARGIN = 0.12  # ... and the best category must beat the best non-CUAD topic by this much
LEX_BASE = 0.70   # lexical scores: an explicit trigger is strong evidence, longer ones more so
MAX_CATEGORIES = 4  # a question naming several things
# Metadata categories describe the contract as a whole, so every contract question resembles
# them a little; semantically they need a clearly higher score (lexical triggers still work).
META = frozenset({"Document Name", "Parties", "Agreement Date", "Effective Date"})
META_THRESHOLD = 0.65

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


# --- text normalisation -------------------------------------------------------------------

# Double quotes, or single quotes not inside a word (so "don't ... they're" pairs nothing).
_QUOTED = (re.compile(r"[\"“]([^\"“”]{2,60})[\"”]"), re.compile(r"(?<!\w)['‘]([^'‘’\"“”]{2,60})['’](?!\w)"))
# Entity forms and policy names contain clause words ("liability", "policy") without asking
# about the clause; they are folded to a neutral word before either layer sees the question.
_STRAY = {
    re.compile(r"\blimited liability (?:compan(?:y|ies)|partnerships?)\b|\bl\.?l\.?[cp]\b\.?", re.I): "company",
    re.compile(r"\bprivacy polic(?:y|ies)\b", re.I): "privacy notice",
}
_SPELLING = {"licence": "license", "licences": "licenses", "licenced": "licensed", "licencing": "licensing",
             "favour": "favor", "favoured": "favored", "favourable": "favorable", "wind-down": "wind down"}
_SPELLING_RX = re.compile(r"\b(?:" + "|".join(map(re.escape, _SPELLING)) + r")\b", re.I)
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*|&|\|")
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "its", "their", "our", "his", "her", "my", "your"})
# Where a question moves on to another thing ("..., and ...", "...; ...", "?"); a clause found
# in one part does not make another part's clause redundant (SUPPRESS, WEAK). A dash does not
# split: "what if they go under - do we get the code?" is one thing.
_BOUNDARY = re.compile(r"[;?!:]|\.(?=\s|$)|\b(?:and|but)\b", re.I)
# A part with one of these refers back to an earlier part ("..., and is anything carved out of
# it?"), so a combination may use words from there.
_ANAPHORA = frozenset({"it", "them", "that", "this", "those", "these", "thereof"})
# "us, them, or both?" asks about each alternative: nothing found in that part is redundant.
_BOTH = frozenset({"both", "jointly", "together", "either"})
# "the supplier", "the vendor's" ... name a party, not a topic; MiniLM weighs such nouns
# heavily, so a prototype like "sole supplier" would attract every question about a supplier.
# For embedding only they become "them"; "sole supplier" or "their customers" stay.
_ROLE = re.compile(r"\b(?:the|a|an)\s+(?:supplier|vendor|contractor|company|customer|client|buyer|seller|provider|distributor"
                   r"|reseller|manufacturer|consultant|developer)(?=\W|$)", re.I)


def _clean(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    for rx, neutral in _STRAY.items():
        text = rx.sub(neutral, text)
    return " ".join(_SPELLING_RX.sub(lambda m: _SPELLING[m.group(0).lower()], text).split())


_SUFFIXES = tuple((suf, "y" if suf in ("ies", "ied") else "") for suf in (
    "ations", "ation", "itions", "ition", "ating", "ated", "ates", "ate", "ments", "ment", "ity", "ies", "ied",
    "ions", "ion", "ing", "als", "al", "ed", "es", "s", "e"))


def _stem(word: str) -> str:
    # Crude suffix stripping: enough to make "terminated"/"terminate"/"termination" or
    # "royalty"/"royalties" meet; both sides go through the same function, so errors cancel.
    word = word.removesuffix("'s")
    for suf, rep in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3 and not (suf == "s" and word.endswith("ss")):
            # "liabilities" -> "liability" -> "liabil", as "liability" itself stems
            return _stem(word[: -len(suf)] + rep) if rep else word[: -len(suf)]
    return word


def _tokens(text: str) -> tuple[tuple[str, ...], tuple[int, ...], frozenset[int]]:
    """Stems of ``text`` (articles dropped), for each which part of the question it is in, and the
    parts that point back at an earlier one ("..., and can they assign it?")."""
    marked = _BOUNDARY.sub(lambda m: " | " + m.group(0) if m.group(0)[0].isalpha() else " | ", text.lower())
    stems: list[str] = []
    parts: list[int] = []
    back: set[int] = set()  # parts with a word that points back at an earlier part
    part = 0
    for word in _TOKEN.findall(marked.replace("-", " ")):
        if word == "|":
            part += 1
            continue
        if word in _ANAPHORA:
            back.add(part)
        if word not in _ARTICLES:
            stems.append(_stem(word))
            parts.append(part)
    return tuple(stems), tuple(parts), frozenset(back)


def _stems(text: str) -> tuple[str, ...]:
    return _tokens(text)[0]


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
                stems = _stems(_clean(phrase))
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
            groups = tuple(tuple(s for s in (_stems(_clean(a)) for a in group.split("|")) if s) for group in combo.split(" + "))
            if len(groups) < 2 or not all(groups):
                raise RuntimeError(f"bad routing combination for {name}: {combo!r}")
            out.append((name, window, groups))
    return out


def _check_suppress() -> None:
    # A clause and the one it makes redundant must not make each other redundant (both would go).
    for name, redundant in SUPPRESS.items():
        if name not in NAMES or not set(redundant) <= set(NAMES) or any(name in SUPPRESS.get(r, ()) for r in redundant):
            raise RuntimeError(f"shared.clauses.routing_data.SUPPRESS is inconsistent at {name!r}")


_check_suppress()
_LEXICON = _build_lexicon()
_COMBOS = _build_combos()
_NEUTRAL = tuple(_stems(_clean(p)) for p in NEUTRAL)


@dataclass(frozen=True)
class _Hit:
    name: str
    kind: str
    start: int
    end: int
    part: int
    score: float


def _find(toks: tuple[str, ...], stems: Pattern, at: dict[str, list[int]]) -> list[int]:
    """Start positions of ``stems`` in ``toks``; never straight after "non" unless it starts so
    ("non-exclusive" is not "exclusive")."""
    return [i for i in at.get(stems[0], ()) if toks[i : i + len(stems)] == stems and not (i and toks[i - 1] == "non" and stems[0] != "non")]


def _hits(text: str) -> list[_Hit]:
    """The trigger phrases and combinations found in ``text`` that survive the rules above."""
    toks, parts, back = _tokens(text)
    for stems in _NEUTRAL:  # hide the words of phrases that only look like clause words
        for i in range(len(toks) - len(stems) + 1):
            if toks[i : i + len(stems)] == stems:
                toks = toks[:i] + ("",) * len(stems) + toks[i + len(stems) :]
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
                hits.append(_Hit(name, COMBO, a0, a1, p, LEX_BASE + 0.1))
                break
    # The longest match wins: "termination fee" is not also "termination", and a combination
    # anchored inside a longer phrase goes too ("hard stop" is not stopping the renewal).
    phrases = [h for h in hits if h.kind != COMBO]
    hits = [h for h in hits if not any(
        o.name != h.name and o.start <= h.start and h.end <= o.end and o.end - o.start > h.end - h.start for o in phrases)]
    strong = [h for h in hits if h.kind != WEAK_KIND]
    alternatives = {parts[i] for i in range(len(toks) - 1) if toks[i] == "or" and toks[i + 1] in _BOTH}

    def redundant(h: _Hit) -> bool:
        # A more specific clause in the same part makes it redundant; so does any clause for the
        # metadata categories ("we signed in March - when does it end?" is about the end).
        return h.part not in alternatives and any(
            o.part == h.part and (h.name in SUPPRESS.get(o.name, ()) or (h.name in META and o.name not in META)) for o in strong)

    kept = [h for h in strong if not redundant(h)]
    kept += [h for h in hits if h.kind == WEAK_KIND and h.part not in {o.part for o in strong}]
    return kept


def _named(question: str) -> list[str]:
    seen: list[str] = []
    for quoted in (q for rx in _QUOTED for q in rx.findall(question)):
        name = _BY_LOWER.get(" ".join(quoted.split()).lower())
        if name and name not in seen:
            seen.append(name)
    return seen


# --- semantic layer -----------------------------------------------------------------------

_CACHE: dict[Embed, tuple[np.ndarray, np.ndarray]] = {}
_CACHE_LOCK = threading.Lock()


def _prototypes(embed: Embed) -> tuple[np.ndarray, np.ndarray]:
    """(vectors, owner index) for every prototype; computed once per embed function."""
    with _CACHE_LOCK:
        hit = _CACHE.get(embed)
        if hit is not None:
            return hit
        texts, owner = [], []
        for i, name in enumerate(NAMES):
            for t in (DESCRIPTIONS[name], name.replace("/", " or "), *TRIGGERS[name]):
                texts.append(t)
                owner.append(i)
        texts.extend(BACKGROUND)
        owner.extend([-1] * len(BACKGROUND))  # -1: not a category
        vecs = np.asarray(embed([_ROLE.sub("them", t) for t in texts]), dtype=np.float32)
        if len(_CACHE) >= 8:  # bound the cache if callers pass throwaway callables
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[embed] = (vecs, np.asarray(owner))
        log.debug("embedded %d routing prototypes", len(texts))
        return _CACHE[embed]


def _semantic(texts: list[str], embed: Embed) -> list[dict[str, float]]:
    """Per text: category -> best prototype cosine, and '' -> best background cosine."""
    protos, owner = _prototypes(embed)
    sims = np.asarray(embed([_ROLE.sub("them", t) for t in texts]), dtype=np.float32) @ protos.T
    out = []
    for row in sims:
        best = np.full(len(NAMES), -1.0, dtype=np.float32)
        cat = owner >= 0
        np.maximum.at(best, owner[cat], row[cat])
        scores = {NAMES[i]: float(best[i]) for i in range(len(NAMES))}
        scores[""] = float(row[~cat].max())
        out.append(scores)
    return out


def _parts(text: str) -> list[str]:
    """The parts of a question (split as _tokens splits them), indexed like _Hit.part."""
    return _BOUNDARY.split(text)


def _topical(part: str) -> bool:
    # A fragment such as "for how long" carries no topic of its own and only adds noise.
    return len(part.split()) >= 4 and len(content_words(part)) >= 3


# --- routing ------------------------------------------------------------------------------


def route(question: str, embed: Embed | None = None) -> Route:
    """The CUAD categories ``question`` asks about, best first (at most four).

    Quoted CUAD names win outright ("named"). Otherwise trigger phrases and combinations of
    words decide; when ``embed`` (texts -> unit vectors) is given, similarity to category
    prototypes fills in the question, or the parts of it, where no phrase matched
    ("semantic" either way). A question about none of the categories routes to nothing
    ("none"). Never raises on text.
    """
    named = _named(question)
    if named:
        named = named[:MAX_CATEGORIES]
        return Route(named, {n: 1.0 for n in named}, "named")
    text = _clean(question)
    if not text.strip():
        return Route([], {}, "none")
    hits = _hits(text)
    scores: dict[str, float] = {}
    for h in hits:
        scores[h.name] = max(scores.get(h.name, 0.0), h.score)
    if embed is not None:
        # The whole question counts when no phrase matched anywhere in it; a part of a
        # several-part question counts when no phrase matched in that part ("is the licence
        # perpetual, and <a paraphrase>?"). The question is embedded either way, so each
        # question costs one embedding call.
        covered = {h.part for h in hits}
        split = _parts(text)
        parts = [p for i, p in enumerate(split) if i not in covered and _topical(p)] if hits and len(split) > 1 else []
        floors = [THRESHOLD, *[PART_THRESHOLD] * len(parts)]
        for k, (sem, floor) in enumerate(zip(_semantic([text, *parts], embed), floors)):
            if k == 0 and hits:
                continue
            background = sem.pop("")
            name, best = max(sem.items(), key=lambda kv: kv[1])
            if best >= max(floor, META_THRESHOLD if name in META else 0.0) and best >= background + BACKGROUND_MARGIN:
                scores[name] = max(scores.get(name, 0.0), best)
    ranked = sorted(scores, key=lambda n: -scores[n])[:MAX_CATEGORIES]
    if not ranked:
        return Route([], {}, "none")
    return Route(ranked, {n: round(min(1.0, max(0.0, scores[n])), 4) for n in ranked}, "semantic")

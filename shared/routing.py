"""Route a free-form question to the CUAD clause categories it asks about.

1. named: the question quotes CUAD category names (CUAD's own question form does), so the
   quoted names are the answer and nothing else is guessed (``method="named"``);
2. otherwise two layers are combined (``method="semantic"`` for both, the interface has no
   third name): lexical, whole-word and lightly stemmed matching of short lawyer-style trigger
   phrases, which works without any model; and, when ``embed`` is given, cosine similarity of
   the question, and of its parts when it joins several things with "and" / "," / ";", to
   per-category prototypes (the CUAD description, the name and the trigger phrases), a
   category scoring its best prototype. A trigger hit is always kept; a semantic candidate must
   pass a threshold, be near the best, and beat a set of non-CUAD "background" topics.

Prototype phrases were written from contract-drafting vocabulary, not from the test questions
in tests/data/routing_questions.jsonl (see the note at the top of tests/unit/test_routing.py).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from shared.clauses import CATEGORIES, content_words
from shared.routing_data import BACKGROUND, DESCRIPTIONS, TRIGGERS

log = logging.getLogger(__name__)

Embed = Callable[[list[str]], np.ndarray]

THRESHOLD = 0.45  # semantic score a category needs; below it MiniLM similarity is topical noise
PART_THRESHOLD = 0.55  # a fragment of a question ("for how long") matches loosely: ask for more
MARGIN = 0.06     # semantic categories within this of the best one are kept too (near-ties)
LEX_BASE = 0.70   # lexical scores: an explicit trigger is strong evidence, longer ones more so
MAX_CATEGORIES = 4  # a question naming several things
MAX_SINGLE = 3      # a question naming one thing: best plus at most two near-ties
# Metadata categories describe the contract as a whole, so every contract question resembles
# them a little; semantically they need a clearly higher score (lexical triggers still work).
META = frozenset({"Document Name", "Parties", "Agreement Date", "Effective Date"})
META_THRESHOLD = 0.65

NAMES: tuple[str, ...] = tuple(c.name for c in CATEGORIES)
_BY_LOWER = {n.lower(): n for n in NAMES}
if not set(DESCRIPTIONS) == set(NAMES) == set(TRIGGERS):  # fail at import, not on some later question
    raise RuntimeError("shared.routing data is out of step with shared.clauses.CATEGORIES")


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
_TOKEN = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "its", "their", "our", "any"})
# "the supplier", "the vendor's" ... name a party, not a topic; MiniLM weighs such nouns
# heavily, so a prototype like "sole supplier" would attract every question about a supplier.
# For embedding only they become "them"; "sole supplier" or "their customers" stay.
_ROLE = re.compile(r"\b(?:the|a|an)\s+(?:supplier|vendor|contractor|company|customer|client|buyer|seller|provider|distributor"
                   r"|reseller|manufacturer|consultant|developer)(?=\W|$)", re.I)
_PARTS = re.compile(r"\s*(?:[,;]|\band\b)\s*", re.I)


def _clean(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    for rx, neutral in _STRAY.items():
        text = rx.sub(neutral, text)
    return " ".join(_SPELLING.get(w.lower(), w) for w in text.split())


_SUFFIXES = tuple((suf, "y" if suf in ("ies", "ied") else "") for suf in (
    "ations", "ation", "itions", "ition", "ating", "ated", "ates", "ate", "ments", "ment", "ity", "ies", "ied",
    "ions", "ion", "ing", "als", "al", "ed", "es", "s", "e"))


def _stem(word: str) -> str:
    # Crude suffix stripping: enough to make "terminated"/"terminate"/"termination" or
    # "royalty"/"royalties" meet; both sides go through the same function, so errors cancel.
    word = word.removesuffix("'s")
    for suf, rep in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3 and not (suf == "s" and word.endswith("ss")):
            return word[: -len(suf)] + rep
    return word


def _stems(text: str) -> tuple[str, ...]:
    words = _TOKEN.findall(text.lower().replace("-", " - "))
    return tuple(_stem(w) for w in words if w not in _ARTICLES and w != "-")


def _build_lexicon() -> dict[str, list[tuple[tuple[str, ...], str]]]:
    # Indexed by first stem, so a question is scanned once rather than once per phrase.
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for name in NAMES:
        # "Parties" as a bare word is in every "third party" or "either party": triggers only.
        own = () if name == "Parties" else (name.replace("/", " "),)
        for phrase in (*own, *TRIGGERS[name]):
            stems = _stems(_clean(phrase))
            if stems:
                out.setdefault(stems[0], []).append((stems, name))
    return out


_LEXICON = _build_lexicon()


def _lexical(text: str) -> dict[str, float]:
    """Category -> score for trigger phrases found as whole (stemmed) word sequences."""
    toks = _stems(text)
    found: dict[str, float] = {}
    for i, tok in enumerate(toks):
        # "non-exclusive" or "non-transferable" negate the word, so they do not match "exclusive".
        negated = i > 0 and toks[i - 1] == "non"
        for stems, name in _LEXICON.get(tok, ()):
            if toks[i : i + len(stems)] == stems and not (negated and stems[0] != "non"):
                found[name] = max(found.get(name, 0.0), min(0.95, LEX_BASE + 0.05 * len(stems)))
    return found


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
    # A fragment such as "for how long" carries no topic of its own and only adds noise.
    parts = [p.strip(" ?.!") for p in _PARTS.split(text)]
    parts = [p for p in parts if len(p.split()) >= 3 and content_words(p)]
    return parts if len(parts) > 1 else []


# --- routing ------------------------------------------------------------------------------


def route(question: str, embed: Embed | None = None) -> Route:
    """The CUAD categories ``question`` asks about, best first (at most four).

    Quoted CUAD names win outright ("named"). Otherwise trigger phrases and, when ``embed``
    (texts -> unit vectors) is given, similarity to category prototypes decide ("semantic").
    A question about none of the categories routes to nothing ("none"). Never raises on text.
    """
    named = _named(question)
    if named:
        named = named[:MAX_CATEGORIES]
        return Route(named, {n: 1.0 for n in named}, "named")
    text = _clean(question)
    if not text.strip():
        return Route([], {}, "none")
    pieces = [text, *_parts(text)]
    scores = _lexical(text)  # explicit trigger phrases are kept whatever the embedder thinks
    keep = set(scores)
    if embed is not None:
        for k, sem in enumerate(_semantic(pieces, embed)):
            background = sem.pop("")
            best = max(sem.values())
            floor = THRESHOLD if k == 0 else PART_THRESHOLD
            if best < floor or background > best:  # off-topic piece: adds nothing
                continue
            for name, s in sem.items():
                if s >= max(floor, META_THRESHOLD if name in META else 0.0) and s >= best - MARGIN:
                    keep.add(name)
                    scores[name] = max(scores.get(name, 0.0), s)
    ranked = sorted(keep, key=lambda n: -scores[n])[: MAX_CATEGORIES if len(pieces) > 1 else MAX_SINGLE]
    if not ranked:
        return Route([], {}, "none")
    return Route(ranked, {n: round(min(1.0, max(0.0, scores[n])), 4) for n in ranked}, "semantic")

"""Question text as routing reads it: spelling and stray clause words folded (``clean``),
lightly stemmed words with the part of the question each is in (``tokenize``), and the parts
themselves (``split_parts``). Used by both layers of shared.clauses.routing; knows no vocabulary.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

from spellchecker import SpellChecker

from shared.clauses.catalogue import content_words

# Entity forms and policy names contain clause words ("liability", "policy") without asking
# about the clause; they are folded to a neutral word before either layer sees the question.
_STRAY = {
    re.compile(r"\blimited liability (?:compan(?:y|ies)|partnerships?)\b|\bl\.?l\.?[cp]\b\.?", re.I): "company",
    re.compile(r"\bprivacy polic(?:y|ies)\b", re.I): "privacy notice",
    # "this" that ends, lasts or is ended is the contract: "As the shipper: when does this end, can it roll over, ..." routed
    # no Expiration Date (ZTO EXPRESS, CUAD train, read on the final page), where "when does it end" routes to it
    re.compile(r"\bthis\b(?=\s+(?:end|ends|expires?|lasts?|runs?\s+out|renews?|terminates?|finish(?:es)?)\b)", re.I): "this agreement",
    re.compile(r"\b(end|exit|leave|renew|extend|cancel|terminate|out\s+of)\s+this(?=\s*(?:[?,.;!]|$|\s+(?:early|now|before|after|without|if|and|or)\b))", re.I):
        r"\1 this agreement",
    # the services a contract is for, terminated or cancelled, are the contract: "when can they terminate support" (a maintenance
    # agreement) routed to Post-Termination Services alone (IMAGEWARE, CUAD train, read on the final page)
    re.compile(r"\b(terminat(?:e|es|ed|ing)|cancel(?:s|l?ed|l?ing)?)\s+(?:the\s+|our\s+|their\s+|this\s+)?(?:support|maintenance|services?|subscription)"
               r"(?:\s+(?:agreement|contract))?\b(?!\s+(?:fees?|charges?|levels?|tickets?|requests?|calls?|hours?)\b)", re.I): r"\1 the agreement",
    # ... and so is how long they last ("How long does the maintenance last": HER IMPORTS, CUAD train, on the final page), not after the end
    re.compile(r"\b(how\s+long\s+(?:does|will|would|do)\s+)(?:the|our|their|this)\s+(?:support|maintenance|services?|subscription|hosting)"
               r"(?=\s+(?:last|run|go\s+on|continue)\b(?![^?.;,]{0,30}\b(?:after|following|once|post|when|beyond)\b))", re.I): r"\1the agreement",
    # ... and so is how long a party gets to do what the contract is for: "How long does Wildform have to support the software" (ON2) and "How
    # long does Rogers get to show our films" (EUROMEDIA; CUAD train, read on the final page) routed nowhere
    re.compile(r"\b(how\s+long\s+)(?:(?:does|do|will|would)\s+(?:\w+\s+){1,2}?(?:get|have)\s+to\s+|(?:can|may)\s+(?:\w+\s+){1,2}?)(?:support|maintain|host|show|exhibit|broadcast|air"
               r"|screen|stream|distribute|sell|resell|market|use|provide|supply|service|carry|promote|operate)\b(?![^?.;,]*\b(?:after|following|once|post|beyond)\b)[^?.;,]*", re.I):
        r"\1does the agreement last",
}
# "how long does it run/last" asks the contract's term, unless a thing that lasts was named before it ("Is there a non-compete, and
# how long does it last?"): "We're the customer of this service. How long does it run and does it renew, ...?" (OPERA) and "what
# happens if we terminate early, and how long does it run?" (AMERICAS SHOPPING MALL; CUAD train, read on the final page) asked no
# Expiration Date.
_LASTS = re.compile(r"\b(how\s+long\s+(?:does|will|would|can|should)\s+)it(?=\s+(?:last|run|go\s+on|continue)\b)", re.I)
_THINGS_THAT_LAST = re.compile(r"compet|solicit|warrant|guarant|licen[cs]|exclusiv|restrict|confidential|support|insur|transition|option|right\s+of\s+first"
                               r"|lock|escrow|disparag|covenant|protection|trial|pilot|promot|discount|pric|royalt|obligation|indemn|cap\b|limit", re.I)


# ... and what renews is the contract, whatever came before: "are we the exclusive sponsor, how long does it run and can we renew"
# (LOOKSMART, CUAD train, read on the final page: no Expiration Date was asked, nor the part named).
_RENEWS_AFTER = re.compile(r"[^.;?!]{0,40}?\b(?:renew\w*|extend\w*|roll\w*\s+over|auto-?renew\w*)", re.I)


# ... and so is "it" after a part that asks about the contract itself: "Is this alliance exclusive, how long does it last"
# (XLI strategic alliance, CUAD train, read on the final page).
_CONTRACT_ASKED = re.compile(r"\b(?:is|does|will|can|would)\s+(?:this|the|our)\s+(?:alliance|agreement|contract|deal|partnership|(?:joint\s+)?venture"
                             r"|franchise|arrangement|relationship|sponsorship|engagement)\b", re.I)


def _the_term(text: str) -> str:
    m = _LASTS.search(text)
    if not m or _THINGS_THAT_LAST.search(text, 0, m.start()) and not (_RENEWS_AFTER.match(text, m.end()) or _CONTRACT_ASKED.search(text, 0, m.start())):
        return text
    return f"{text[: m.end(1)]}the agreement{text[m.end(1) + 2 :]}"


_SPELLING = {"licence": "license", "licences": "licenses", "licenced": "licensed", "licencing": "licensing",
             "favour": "favor", "favoured": "favored", "favourable": "favorable", "wind-down": "wind down"}
_SPELLING_RX = re.compile(r"\b(?:" + "|".join(map(re.escape, _SPELLING)) + r")\b", re.I)
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*|&|\|")
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "its", "their", "our", "his", "her", "my", "your"})
# Where a question moves on to another thing ("..., and ...", "...; ...", "?"); a clause found
# in one part does not make another part's clause redundant (SUPPRESS, WEAK). A dash does not
# split: "what if they go under - do we get the code?" is one thing.
_BOUNDARY = re.compile(r"[;?!:]|\.(?=\s|$)|\b(?:and|but)\b", re.I)
# A comma before a question word starts another question ("When does it expire, can it be
# renewed?"), unless the part it ends opens with a condition ("If they go bust, can we ...?").
_QUESTION_COMMA = re.compile(r",(?=\s+(?:can|could|is|are|does|do|did|will|would|should|may|must|what|when|how|who|which|where|why|am(?=\s+i\b))\b)", re.I)  # "can I renew, am I barred from ...?" (PF HOSPITALITY)
# A list of three or more short items that ends with "and" or "or" ("the liability caps,
# termination rights, renewal terms and governing law"; "exclusivity, non-compete and
# non-solicit"): routing may read each item as a part of its own (``as_list``). Items of a list of three are shorter (two words at most):
# "If the supplier breaches, the customer may terminate and claim damages" is no list. Four or
# more items need no "and" where they end the sentence ("governing law, assignment, change of
# control, third party rights.").
_W = r"[\w'/-]+"
_LISTS = (re.compile(rf"\b{_W}(?:\s+{_W}){{0,3}}(?:,\s+{_W}(?:\s+{_W}){{0,3}}){{2,}},?\s+(?:and|or)\s+{_W}", re.I),
          re.compile(rf"\b{_W}(?:\s+{_W})?,\s+{_W}(?:\s+{_W}){{0,5}},?\s+(?:and|or)\s+{_W}", re.I),  # "exclusivity, a minimum purchase commitment, or most favoured pricing" (a middle item of up to six words)
          re.compile(rf"\b{_W}(?:\s+{_W}){{0,3}}(?:,\s+{_W}(?:\s+{_W}){{0,3}}){{3,}}(?=\s*(?:[.?!;]|$))", re.I))
_AUX = r"(?:can|could|is|are|does|do|did|will|would|should|may|must)"
_CONDITION = re.compile(rf"^\W*(?:if|whenever|once|after|before|unless|until|while|in case|as soon as|assuming|suppose|say|(?:when|where)(?!\s+{_AUX}\b))\b", re.I)
_LAST_BOUNDARY = re.compile(r".*(?:[,;?!:]|\.(?=\s)|\b(?:and|but)\b)", re.I | re.S)
# A part with one of these refers back to an earlier part ("..., and is anything carved out of
# it?"), so a combination may use words from there.
_ANAPHORA = frozenset({"it", "them", "that", "this", "those", "these", "thereof"})
# So does a part that is only "when", "where" or "who" ("Who signed this and when?"); not "and for
# how long?", which asks how long the thing just named lasts ("does the deal extend itself, and
# for how long?" is about the extension, not the deal's term).
_ELLIPTIC = frozenset({"and", "but", "or", "also", "when", "where", "who", "whom", "by", "exactly", "then"})
_WH = frozenset({"when", "where", "who", "whom"})


def clean(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    for rx, neutral in _STRAY.items():
        text = rx.sub(neutral, text)
    text = _the_term(text)
    return " ".join(_SPELLING_RX.sub(lambda m: _SPELLING[m.group(0).lower()], text).split())


class Speller:
    """Misspelt words folded to a word routing knows ("warrenty" -> "warranty", "terminaton" ->
    "termination"): a word of five letters or more that is neither English (pyspellchecker's
    dictionary) nor in ``known`` becomes the word of ``known`` one edit away from it, the
    commonest in English where there are several. Acronyms (all capitals) and every word with no
    such neighbour stay as they are; so does any word the dictionary knows ("assigned" is no
    "assignee")."""

    _WORD = re.compile(r"[A-Za-z]{5,}")

    def __init__(self, known: Iterable[str]) -> None:
        self._known = frozenset(w.lower() for w in known)
        self._english: SpellChecker | None = None
        self._lock = threading.Lock()

    def _dictionary(self) -> SpellChecker:
        if self._english is None:
            with self._lock:  # loaded on the first unknown word, once (about 0.1 s)
                if self._english is None:
                    self._english = SpellChecker(distance=1)
        return self._english

    def _fold(self, m: re.Match) -> str:
        word = m.group(0)
        low = word.lower()
        if word.isupper() or low in self._known or low in (english := self._dictionary()):
            return word
        near = english.edit_distance_1(low) & self._known
        return max(sorted(near), key=english.word_usage_frequency) if near else word

    def __call__(self, text: str) -> str:
        return self._WORD.sub(self._fold, text)


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


def content_stems(text: str) -> set[str]:
    """The content words of a text, stemmed: "disputes" meets "dispute", "refunded" "refund"."""
    return {_stem(w) for w in content_words(text)}


def _list_spans(text: str) -> list[tuple[int, int]]:
    """Where lists of topics stand: each item has a word of four letters or more ("us, them, or
    both of us together" lists no topics)."""
    return [m.span() for rx in _LISTS for m in rx.finditer(text)
            if all(re.search(r"[A-Za-z]{4}", item) for item in re.split(r",|\b(?:and|or)\b", m.group()) if item.strip())]


def as_list(text: str) -> str:
    """``text`` with the commas between the items of a list of three or more made semicolons."""
    for a, b in _list_spans(text):
        text = text[:a] + text[a:b].replace(",", ";") + text[b:]
    return text


def _questions(text: str) -> str:
    """``text`` with each comma that starts another question made a semicolon."""
    out, last = [], 0
    for m in _QUESTION_COMMA.finditer(text):
        before = text[: m.start()]
        bound = _LAST_BOUNDARY.match(before)
        head = before[bound.end() if bound else 0 :]
        out.append(before[last:] + ("," if _CONDITION.match(head) else ";"))
        last = m.end()
    return "".join(out) + text[last:]


def tokenize(text: str) -> tuple[tuple[str, ...], tuple[int, ...], frozenset[int]]:
    """Stems of ``text`` (articles dropped), for each which part of the question it is in, and the
    parts that point back at an earlier one ("..., and can they assign it?")."""
    marked = _BOUNDARY.sub(lambda m: " | " + m.group(0) if m.group(0)[0].isalpha() else " | ", _questions(text).lower())
    stems: list[str] = []
    parts: list[int] = []
    back: set[int] = set()  # parts with a word that points back at an earlier part
    part = 0
    words: list[str] = []  # the current part's
    for word in _TOKEN.findall(marked.replace("-", " ")) + ["|"]:
        if word == "|":
            if part and words and set(words) <= _ELLIPTIC and set(words) & _WH:
                back.add(part)
            part, words = part + 1, []
            continue
        words.append(word)
        if word in _ANAPHORA:
            back.add(part)
        if word not in _ARTICLES:
            stems.append(_stem(word))
            parts.append(part)
    return tuple(stems), tuple(parts), frozenset(back)


def stem_words(text: str) -> tuple[str, ...]:
    return tokenize(text)[0]


def neutral_phrases(phrases) -> tuple[tuple[tuple[str, ...], re.Pattern | None], ...]:
    """(stems, plural) of each neutral phrase. One said in the plural hides only where the question says
    the plural: "the terms of the agreement" are its provisions, "the term of the agreement" is how long
    it runs (stemmed, both are "term of")."""
    return tuple((stem_words(clean(p)), re.compile(rf"\b{re.escape(w)}\b", re.I) if (w := clean(p).split()[0]).endswith("s") and not w.endswith("ss") else None)
                 for p in phrases)


def hide(toks: tuple[str, ...], text: str, neutral) -> tuple[str, ...]:
    """``toks`` (the stems of ``text``) with the words of the ``neutral`` phrases found in them blanked."""
    for stems, plural in neutral:
        if plural is not None and not plural.search(text):
            continue
        for i in range(len(toks) - len(stems) + 1):
            if toks[i : i + len(stems)] == stems:
                toks = toks[:i] + ("",) * len(stems) + toks[i + len(stems) :]
    return toks


def split_parts(text: str) -> list[str]:
    """The parts of a question (split as ``tokenize`` splits them), indexed like its part numbers."""
    return _BOUNDARY.split(_questions(text))


def topical(part: str) -> bool:
    # A fragment such as "for how long" carries no topic of its own and only adds noise.
    return len(part.split()) >= 4 and len(content_words(part)) >= 3


def several_parts(text: str) -> list[str]:
    """The parts of a several-part question that routing's classifier also reads on their own
    (those of two words or more; [] where there is only one)."""
    parts = [p for p in split_parts(text) if len(p.split()) >= 2]
    return parts if len(parts) >= 2 else []


# "Review this contract against our playbook", "does it meet our standard positions?": every
# category of the tenant's playbook is asked (locate reads which).
_PLAYBOOK = re.compile(r"\bplay\s?books?\b|\b(?:against|per|with|meet|meets|follow|follows)\s+(?:our|my)\s+(?:standard\s+)?(?:positions?|standards|guidelines)\b", re.I)


def asks_playbook(question: str) -> bool:
    """Whether the question asks for the contract against the playbook as a whole."""
    return bool(_PLAYBOOK.search(question))


# Where a question asks another thing in a reader's sense, coarser than _BOUNDARY: "and" or "but"
# only before a question word ("..., and how do we get out of it?"; "go around us and contract
# directly" is one thing), a colon ("Two things: ..."), never "or" ("exclusive, or can we use
# others?" asks one thing twice) nor the stop of "e.g.".
ASK_WORD = r"(?:can|could|is|are|does|do|did|will|would|should|may|must|has|have|what|what's|whats|when|how|who|whose|which|where|why|any|whether)"
_ASK_BOUNDARY = re.compile(rf"[;?!]|(?<!e\.g)(?<!i\.e)\.(?=\s|$)|:\s|,?\s+\b(?:and|but|also|plus)\s+(?={ASK_WORD}\b)", re.I)
# A condition may lead in: "If I sell my agency or close it, what happens to my clients" asks (GOOSEHEAD franchise, read on the final page).
_ASKS = re.compile(rf"^\W*(?:(?:and|but|or|also|plus|so|then)\s+)?(?:(?:if|once|after|before|in\s+case)\b[^,?]{{3,80}},\s*)?{ASK_WORD}\b", re.I)
# A part that refers back ("how long do they last?", "can we move it to a buyer?") is about what
# an earlier part named, not a topic of its own; not "what does it cost us to drop the content early" (WATCHIT).
# "Their" and "them" are the other side where it owns or is acted on ("can we work with their competitors", "can we hire their
# staff", "are we promising not to sue them": DUOS TECHNOLOGIES, CUAD train, read on the final page, where the part that dropped
# Non-Compete was not named), the things just named where their length, scope or terms are asked ("what are their terms?").
_REFERS_BACK = re.compile(r"\b(?:it(?!\s+costs?\b)|its|they)\b|\btheir\s+(?:\w+\s+)?(?:duration|length|term|terms|scope|period|periods|limits?|amounts?|caps?|conditions|requirements|effect|wording|exceptions)\b"
                          r"|(?<!\bsue\s)(?<!\bhire\s)(?<!\bpoach\s)(?<!\bsolicit\s)(?<!\bagainst\s)(?<!\bwith\s)\bthem\b", re.I)
# ... but "it" that ends, or is ended, renewed or left, is the contract ("how can either side end it", "what happens to
# unsold stock when it ends"): a thing of its own.
_CONTRACT_IT = re.compile(r"\b(?:end|terminate|cancel|renew|extend|exit|leave|get\s+out\s+of|walk\s+away\s+from)\s+it\b"
                          r"|\bit\s+(?:ends|expires|terminates|renews|runs\s+out|is\s+(?:terminated|ended|renewed|cancell?ed|over))\b", re.I)

# ... and "they" who act on the contract or on us are the other side: "how much notice do they need to give to end it" asks a notice
# of its own (GLOBAL TECHNOLOGIES consulting agreement, CUAD train, read on the final page: the part was dropped without a word).
_THEY_ACT = re.compile(r"\bthey\s+(?:\w+\s+){0,3}?(?:terminate|end|cancel|exit|leave|walk\s+away|give\s+(?:\w+\s+)?notice|need\s+to\s+give"
                       r"|keep\s+using|use|pay|charge|raise|sue|hire|audit|sell|license|owe|stop)\b", re.I)  # "how long can they keep using my name" (GRIDIRON)
# ... and "it" after a thing the part itself names, in the same breath, is that thing: "sell my agency or close it", "our data and the
# software if they stop hosting it" (GOOSEHEAD, CORIO: read on the final page, both parts dropped without a word).
_OWN_IT = re.compile(r"\b(?:my|our|your|the)\s+[\w-]+\s+(?:(?:or|and)\s+\w+|[^,;?]{0,40}?\b(?:if|when|once|unless)\b[^,;?]{0,30}?)\s+it\b", re.I)


def the_contract(part: str) -> str:
    """``part`` with each "it" that is the contract said as "the agreement" ("how can either side end it"), as it
    is routed on its own."""
    return _CONTRACT_IT.sub(lambda m: re.sub(r"\bit\b", "the agreement", m.group(), flags=re.I), part)


def asking_parts(question: str) -> list[str]:
    """The parts of ``question``, in its own words, that each ask a thing of their own (a
    question word first, three words or more, nothing that refers back); [] where the question
    is one part."""
    parts = [p.strip(" ,-—") for p in _ASK_BOUNDARY.split(_questions(clean(question)))]
    parts = [p for p in parts if p]
    if len(parts) < 2:
        return []
    return [p for p in parts if _ASKS.match(p) and len(p.split()) >= 3 and not _REFERS_BACK.search(_THEY_ACT.sub(" ", _OWN_IT.sub(" ", _CONTRACT_IT.sub(" ", p))))]

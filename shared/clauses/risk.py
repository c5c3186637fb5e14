"""Clause-specific risk notes without a model: verbatim facts pulled from a clause, and a
neutral note that fills the category's checklist with them.

Every fact is an exact slice of the clause (``quote[a:b]``), stripped and cut at word boundaries,
so a reader can find it in the contract. The note only restates what the clause says, or what it
does not state."""

from __future__ import annotations

import re

from shared.clauses.catalogue import BY_NAME
from shared.clauses.checklist import (BARRED_ONLY, BARS, CHECKLIST, EXCLUSION_ONLY, FORMULA, LABELS, OPEN_ENDED_NOTE, OPTIONAL, TERM_KIND, TERM_LABEL,
                                      TIME_LIMIT_ONLY, WHAT, open_ended)
from shared.clauses.carve_outs import carve_end, overrides, part_end
from shared.clauses.fact_patterns import FROM_END, HALF, LESS_THAN, RX as _RX
from shared.clauses.playbook_words import liable_to_another, side

_AS = {"term_period": "duration"}  # internal kinds reported as one of the public kinds
# A capitalised thing that "shall" is not a party ("the Escrow Agreement shall", "Calendar Quarter shall").
_HEAD_CAPS = re.compile(r"(?:[A-Z][A-Z&-]+\s+)*(?=[A-Z][a-z])|")  # a heading in capitals before the name
_NOT_PARTY = re.compile(
    r"\b(?:Agreement|Contract|Assignment|Addendum|Attachments?|Quarter|Year|Period|Term|Date|Fees?|Prices?|Notice|Exhibits?|Schedules?|Products?|Services?|Escrow|"
    r"Territory|Rights|Orders?|Plan|Payments?|Software|Information|Obligations|Provisions|Section|Shares?|Warrants?|Royalt(?:y|ies)|Amendment|Option|Program|Records|"
    r"Content|Equipment|Event|Property|Marks|Data|Packages?|Catalog|System|Works?|Deliverables?|Warranty|Inventions?|Improvements?|Coverage|Percentage|Forecast|Licen[cs]es?|"
    r"Tooling|Die|Revenue|Transactions?|Proposals?|Sites?|Website|Destination|Control|Person|Paragraph|Details|Audit|Acceptance|Segment|Materials?|Group|Advance|Contributions?|Customers|Users|Personnel|Employees|Officers|Directors)\s+(?:shall|may|will|must|agrees?)\b", re.I
)
_FIGURES = ("duration", "amount", "percent")
_HOLDERS = ("multiple", "notice_period", "survival", "duration")
# A cure period after notice is no notice to end ("uncured after thirty days written notice", "to comply with a 30 day written notice");
# a duty complied with is no cure ("if either party fails materially to comply with any covenant ..., by written notice given ...
# not less than thirty (30) days prior": AIRSPAN).
_CURE = re.compile(r"\b(?:uncured|cured?|remed(?:y|ied))\b(?![^.;]*\bterminat)[^.;]*$|\bcomply\s+with\s+(?:\w+\s+){0,3}$", re.I)

# Where a cap basis ends besides its clause part's end (shared.clauses.carve_outs.part_end): where the clause moves on.
_BASIS_END = re.compile(
    r",?\s+(?:whether|regardless|even\s+if|and\s+in\s+no\s+event|except|provided|excluding|other\s+than|notwithstanding|including|under\s+any|arising|for\s+any|unless|in\s+which\s+case|and\s+(?=(?:each|either|neither|the|such|all)\b[^;,.]{0,60}?\b(?:is|are|shall|will|must)\b))\b"
    r"|,?\s+(?:and\s+)?\((?:ii|iii|iv|b|c|d|2|3|4)\)\s"  # the next item of a list: "... hereunder, (ii) if the termination occurs ..." (BLACKSTONE)
    r"|,\s+(?:(?:shall|will)\s+)?(?:be|is|are|constitutes?)\s", re.I  # the verb of a money-back remedy: "upon a refund of all fees paid to Changepoint, be Corio's sole … remedy" (CHANGEPOINT)
)
# A name that starts inside the second name of a compound subject ("Glamis and Western | Copper
# will"): the subject is both, not one party.
_COMPOUND = re.compile(r"\b(?:and|or|&)\s+(?:the\s+)?(?:[A-Z][\w&.'’-]*\s+)*?[A-Z][a-z][\w&.'’-]*\s+$|\b(?:and|or|&)\s+the\s+(?:[A-Z][\w&.'’-]*\s+)*$")  # "The Fund and the Investment | Adviser agree"
# The letter or number of a document's part is no party ("APPENDIX C shall be jointly reviewed", "Segment S shall be owned": NICE, a JV).
_PARTS = r"\b(?:appendix|annex|exhibit|schedule|section|article|clause|part|segment|paragraph|attachment|tranche|phase|class|series)"
_NUMBERED, _NUMBERED_NAME = re.compile(_PARTS + r"\s+$", re.I), re.compile(_PARTS + r"\s+[\w.]{1,4}\s", re.I)
_THING = re.compile(r"\b(?:a|an|any|each|such|no)\s+(?:[A-Z][\w&.'’-]*\s+){1,3}$")  # the last word of a thing's name ("a Joint | Solution shall")
_OF_ALL = re.compile(r"\bof\s+the\s+[A-Z][a-z]+s\b")  # "Any of the Participants": every one of them
_NOTICE_NEXT = re.compile(r"(?:['’]s?)?\s*(?:(?:prior|advance|advanced|written)\s+){0,3}(?:notice|notification)\b", re.I)


def _trim(quote: str, a: int, b: int) -> tuple[int, int]:
    """Shrink [a, b) to a stripped fragment that neither starts nor ends inside a word."""
    if 0 < a < b and quote[a - 1].isalnum() and quote[a].isalnum():
        while a < b and quote[a].isalnum():  # started inside a word: drop that word
            a += 1
    if a < b < len(quote) and quote[b - 1].isalnum() and quote[b].isalnum():
        while b > a and quote[b - 1].isalnum():  # a cut word: drop it
            b -= 1
    # Trailing spaces and stray punctuation go; a full stop after a word ("Wales.") ends the
    # sentence, one after a capital ("U.S.") belongs to the word.
    while b > a and (quote[b - 1].isspace() or quote[b - 1] in ",(-–—" or (quote[b - 1] == "." and quote[b - 3 : b - 1].islower())):
        b -= 1
    while a < b and quote[a].isspace():
        a += 1
    return a, b


# "(d) Upon termination or expiration of this Agreement for any reason: (i) the Parties shall immediately cease using the Marks"
# (HEALTHCENTRAL co-branding, CUAD train, read on the final page: "Grounds: “for any reason”" on a right to end for cause)
_UPON_END = re.compile(r"\b(?:upon|on|after|following|in\s+the\s+event\s+of)\s+(?:the\s+|any\s+|such\s+)?(?:termination|expiration|expiry)\b[^.;:]{0,50}$", re.I)


def _spans(kind: str, quote: str) -> list[tuple[int, int]]:
    """Non-overlapping (start, end) of ``kind`` in ``quote``, in order, each trimmed to whole words."""
    spans = []
    for rx in _RX[kind]:
        for m in rx.finditer(quote):
            a, b = m.span("f" if "f" in rx.groupindex else 0)  # "f": the fact inside a wider match
            if kind == "carve_out" and "ref" in rx.groupindex:
                a, b = m.span()
            elif kind == "carve_out":
                if overrides(quote, a, b):
                    continue  # "Notwithstanding the foregoing, <a cap>": the cap overrides, it excepts nothing
                marker_end, b = b, max(b, carve_end(quote, a, b))
                if b - marker_end < 4:  # the marker alone tells nothing
                    continue
            elif kind == "notice_period" and _CURE.search(quote[max(0, a - 80) : a]):
                continue
            elif kind == "trigger" and _UPON_END.search(quote, max(0, a - 70), a):  # what follows an end "for any reason" is no ground to end it
                continue
            elif kind == "owner" and (head := quote[max(0, a - 200) : a]).count("(") > head.count(")"):  # "(those domains owned by THC" describes
                continue
            elif kind == "duration" and _NOTICE_NEXT.match(quote, b):  # "thirty (30) day prior written notice" is a notice, no term
                continue
            elif kind == "multiple":  # a basis runs to the end of its clause part, or to the next topic
                b = max(b, part_end(quote, a))
                stop = _BASIS_END.search(quote, m.end(), b)
                b = stop.start() if stop else b
            spans.append(_trim(quote, a, b))
    # Longest first, then drop spans that overlap a kept one ("$1,000,000" in "$1,000,000 per occurrence").
    kept: list[tuple[int, int]] = []
    for a, b in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
        if b > a and any(c.isalnum() for c in quote[a:b]) and not any(a < kb and ka < b for ka, kb in kept):  # "$5OO,000" trims to "$": nothing
            kept.append((a, b))
    return sorted(kept)


# A cap names its one side in words the playbook reads where the bound patterns find none, most often in capitals ("IN NO EVENT
# WILL CHANGEPOINT BE LIABLE", "WGT'S LIABILITY", "liability of Cisco"; AZUL's "THE REPAIRER SHALL NOT BE LIABLE", CUAD train, on
# the final page, said no one it binds): 52 of 189 labelled caps in capitals and 34 of 317 others had such a side and no bound fact.
# The words start at the name, not at the verb before it ("SETS FORTH ACCURAY'S SOLE AND EXCLUSIVE LIABILITY").
_SETS_OUT = re.compile(r"SETS?\s+FORTH\s+", re.I)


def _shouting(quote: str) -> bool:
    """Mostly capitals: every word looks like a name there, so a named party cannot be told apart."""
    return sum(c.isupper() for c in quote if c.isalpha()) > 0.6 * sum(c.isalpha() for c in quote)


def _kinds(category: str) -> list[str]:
    return [k for tok in CHECKLIST.get(category, ("",))[0].split() for k in tok.rstrip("*").split("+")]


# What a proviso states when it is the category's clause itself (BLOOM ENERGY, REWALK, PHREESIA: a cap,
# an end on notice, a most-favoured term "provided that" it holds); on CUAD train such provisos are
# the clause in 6 of 7 readings (the seventh, "in no event shall this limitation apply", says "apply").
_OWN = {cat: re.compile(rx, re.I) for cat, rx in (
    ("Cap On Liability", r"\bexceed\b|\bin\s+excess\s+of|\blimited\s+to\b"),  # "provided further that such fee shall in no event exceed RUB 50 000 000" (QIWI)
    ("Liquidated Damages", r"\bliquidated\s+damages\b"),  # "provided that, in the event of termination ... NAI shall pay to the Co-Host the Liquidated Damages Amount" (BEYONDCOM)
    ("Termination For Convenience", r"\bmay\s+(?:\w+\s+)?terminate|\bright\s+to\s+terminate"),
    ("Most Favored Nation", r"\b(?:less|more)\s+favou?rabl|\bno\s+less\b|\bnot\s+(?:be\s+)?less\b|\blowest\b|\bbest\b"),
    ("Price Restrictions", r"\bnot\s+(?:be\s+)?(?:increas|rais|chang)\w*|\bnot\s+exceed|\bremain\s+(?:in\s+effect|fixed|firm|unchanged)"),  # "provided, that the Price may not increase more than" (ULTRAGENYX)
    # "...; provided that the rights and obligations of UTEK ... may not be assigned ... without the prior written consent of MKOS" (MANAKOA; 5 of 65 train provisos, each the clause)
    ("Anti-Assignment", r"\b(?:may|shall|will|can)\s+not\s+(?:be\s+)?(?:assign|transfer|delegat|sublicens|convey)\w*|\bneither\s+party\s+(?:may|shall|will)\s+(?:assign|transfer)"))}
_CONFLICT_RULES = re.compile(r"5-140[12]|conflicts?[\s-]+(?:of[\s-]+)?laws?|choice[\s-]+of[\s-]+laws?|United\s+Nations\s+Convention|\bCISG\b|private\s+international\s+law|actual\s+state\s+or\s+country", re.I)
_CONSENT_STANDARD = re.compile(r"provided,?\s+(?:however,?\s+)?(?:that\s+)?(?:the\s+)?[\w’'-]+(?:\s+[\w’'-]+)?\s+(?:will|shall)\s+not\s+unreasonably\s+(?:withhold|delay|condition)\w*\s+(?:its\s+)?(?:consent|approval)\b[^;]*$", re.I)
_ALSO_EXCEPT = re.compile(r"\b(?:except|provided|save)\b", re.I)


def facts(category: str, quote: str) -> list[dict]:
    """Verbatim facts a reviewer checks for ``category``, pulled from ``quote``.

    Each fact is ``{"kind", "text"}`` with ``text`` an exact, stripped slice of ``quote``; a
    ``bound`` fact also has ``"scope": "mutual" | "one_party"``. Unknown categories and clauses
    that state nothing extractable give ``[]``."""
    cat = BY_NAME.get(category.lower())
    rows: list[tuple[int, int, str, dict]] = []  # start, end, public kind, extra fields
    for kind in _kinds(cat.name if cat else category):
        if kind == "bound":  # one fact: the first wording of who is bound, usually the main clause's subject
            hits = []
            for scope, rx in zip(("mutual", "one_party"), _RX["bound"]):
                ms = rx.finditer(quote) if scope == "mutual" or not _shouting(quote) else ()
                m = next((m for m in ms if (not (cat and cat.name == "Cap On Liability" and liable_to_another(quote, m)) if scope == "mutual" else _a_party(quote, m))), None)
                hits += [(m.start(), scope, m)] if m else []
            if hits:
                _, scope, m = min(hits, key=lambda h: h[0])
                a = m.start() if scope == "mutual" else _HEAD_CAPS.match(quote, m.start()).end()  # "SUB LICENSE AGREEMENT Licensee agrees"
                rows.append((*_trim(quote, a, m.end()), kind, {"scope": scope}))
            elif cat and cat.name == "Cap On Liability" and (one := side(quote, cat.name)) and (a := quote.find(one[1])) >= 0:
                lead = _SETS_OUT.match(quote, a)
                rows.append((lead.end() if lead else a, a + len(one[1]), kind, {"scope": "one_party"}))
            continue
        public = _AS.get(kind, kind)
        for a, b in _spans(kind, quote)[:4]:
            same = [(ra, rb) for ra, rb, k, _ in rows if k == public]
            if not any((a < rb and ra < b) or quote[a:b].split() == quote[ra:rb].split() for ra, rb in same):
                rows.append((a, b, public, {}))
    rows = [r for r in rows if not (r[2] == "multiple" and HALF.search(quote[r[0] : r[1]]))]  # "the lesser of (i) … RBC or": half a basis
    # "with less than six (6) months' prior written notice": the notice is quoted with its bound (fact_patterns.LESS_THAN)
    rows = [(m.start(), b, k, x) if k == "notice_period" and (m := LESS_THAN.search(quote, max(0, a - 30), a)) else (a, b, k, x) for a, b, k, x in rows]
    if cat and cat.name == "Expiration Date":  # a period from the contract's end is no term of it
        rows = [r for r in rows if not (r[2] == "duration" and FROM_END.match(quote, r[1]))]
    if cat and (own := _OWN.get(cat.name)):  # "...; provided that the aggregate liability shall not exceed ...": the clause itself, no exception to it
        rows = [r for r in rows if not (r[2] == "carve_out" and quote[r[0] : r[0] + 8].lower() == "provided" and own.search(quote, r[0], r[1])
                                        and not re.search(r"\b(?:apply|construed)\b", quote[r[0] : r[1]], re.I))]
    # "... for any losses ... but specifically excluding any and all consequential punitive or other indirect damages": the kinds
    # of loss the clause itself excludes (quoted as such), no exception to it (AULAMERICAN)
    rows = [r for r in rows if not (r[2] == "carve_out" and quote[r[0] : r[0] + 5].lower() == "exclu" and any(o[2] == "excluded" and 0 < o[0] - r[0] < 40 for o in rows))]
    # "provided that Licensor will not unreasonably withhold its consent to ...": how consent is given, no exception (SFG)
    rows = [(a, b, "consent" if k == "carve_out" and _CONSENT_STANDARD.match(quote, a, b) else k, x) for a, b, k, x in rows]
    if cat and cat.name == "Governing Law":  # leaving out the conflict rules or the CISG is how a law is chosen, not an exception to it
        rows = [r for r in rows if not (r[2] == "carve_out" and _CONFLICT_RULES.search(quote, r[0], r[1]) and not _ALSO_EXCEPT.search(quote, r[0] + 8, r[1]))]
    # A figure inside a longer fact (a notice period, a cap basis) is already quoted there; so is a period inside an exception
    # where the clause states one outside it ("for one year ...; provided that ... terminated for six months or longer": PANDION).
    inside = lambda r, kinds: any(o[2] in kinds and o[0] <= r[0] and r[1] <= o[1] and o[:2] != r[:2] for o in rows)  # noqa: E731
    outside = any(r[2] == "duration" and not inside(r, ("carve_out",)) for r in rows)
    # "other than in an Initial Merger" names no trigger (MARSHALL); "(excluding a Tender Offer Transaction), merger, ..." ends at its bracket
    excepted = lambda r: any(o[2] == "carve_out" and o[0] <= r[0] and r[1] <= o[1] and ")" not in quote[o[0] : r[0]] for o in rows)  # noqa: E731
    if any(r[2] == "event" and not excepted(r) for r in rows):
        rows = [r for r in rows if not (r[2] == "event" and excepted(r))]
    bare = lambda r: _EVENT_LEAD.sub("", _words(quote[r[0] : r[1]])).lower()  # noqa: E731
    rows = [r for i, r in enumerate(rows) if not any(o[2] == r[2] == "event" and bare(o) == bare(r) for o in rows[:i])]  # "Upon a Change of Control", "Change Of Control"
    rows = [r for r in rows if not (r[2] in _FIGURES and inside(r, _HOLDERS + (("carve_out",) if outside and r[2] == "duration" else ())))]
    return [{"kind": k, "text": quote[a:b], **extra} for a, b, k, extra in rows]


_EVENT_LEAD = re.compile(r"^(?:upon|in\s+the\s+event\s+of|following|on|after)\s+(?:a|an|any|the)\s+", re.I)
_NAMED_AS = re.compile(r"\s+be\s+(?:listed|named|included|added|designated|endorsed|shown)\b", re.I)  # "APOLLO shall be listed as an additional insured"


def _a_party(quote: str, m: re.Match) -> bool:
    """Whether the one-party wording ``m`` names a party it binds: not a thing ("the Agreement shall"), not
    the second name of a compound subject, not the letter of a document's part ("APPENDIX C shall"),
    not a party another must name ("APOLLO shall be listed as an additional insured": APOLLO), not the last word of a thing's
    name ("a Joint Solution shall be addressed")."""
    return not (_NOT_PARTY.search(m.group()) or _COMPOUND.search(quote, 0, m.start()) or _NUMBERED.search(quote, 0, m.start()) or _NUMBERED_NAME.match(m.group())
                or _NAMED_AS.match(quote, m.end()) or _THING.search(quote, 0, m.start()))


def _words(text: str) -> str:
    return " ".join(text.split())


def _overlap(words: str, text: str) -> bool:
    """Whether ``words`` (whitespace collapsed) and ``text`` quote the same figure, one inside the other."""
    return words in _words(text) or _words(text) in words


def _q(texts: list[str], hidden: set[str] = frozenset()) -> str:
    """Up to three quotes; one in ``hidden`` is said to be a redaction, or a blank left to fill in ("until _______")."""
    texts = list({_words(t).lower(): t for t in reversed(texts)}.values())[::-1]  # once each: not "for Convenience", "for convenience"
    return ", ".join(f"“{_words(t)}”" + ("" if t not in hidden else " (left blank in this copy)" if t[0] == "_" else " (redacted in the contract as filed)") for t in texts[:3])


# Words that may state a key fact the patterns did not read ("without, with respect to any
# Investor, the express prior written consent of the Company"): where they stand, the note does not
# say the fact is missing (MEET GROUP). Figures are the terms' to judge (``terms``).
_HINT = {k: re.compile(rx, re.I) for k, rx in {
    "consent": r"\b(?:consent|approv\w*|permission|authori[sz]\w*)", "carve_out": r"\b(?:except|provided|notwithstanding|unless|other\s+than|excluding|save|subject\s+to)\b",
    "event": r"\b(?:control|merg\w*|acqui\w*|consolidat\w*|reorgani\w*|substantially\s+all)", "survival": r"\b(?:surviv\w*|thereafter|post-)",
    "law": r"\blaws?\b|\blegislation\b", "territory": r"\b(?:territor\w*|world\w*|countr\w*|region)",
    "amount": FORMULA,
    # a limit on a price that is no figure: an index, a frequency, the costs it follows (BIOFRONTERA)
    "percent": r"\b(?:CPI|consumer\s+price|index\w*|inflation|remain\s+(?:in\s+effect|fixed|firm|unchanged)|not\s+(?:be\s+)?(?:increased|raised|changed)|no\s+more\s+(?:than\s+)?(?:once|twice|frequently)|once\s+(?:annually|a\s+year|per\s+(?:calendar\s+)?year)|actual\s+increases?|cost\s+increases?"
                # a share in words or a rate set out elsewhere in the clause ("the Parties shall equally share the Net Profit", "at the rates set forth below")
                r"|equally|in\s+equal\s+(?:shares|proportions|parts)|pro\s+rata|50/50|set\s+(?:forth|out)\s+below|as\s+follows|following\s+(?:table|schedule|rates|amounts?|fees?|royalt(?:y|ies))"
                r"|(?:as\s+per|(?:set\s+(?:forth|out)|specified|described|stated|provided|defined)\s+(?:in|on|under))\s+(?:the\s+)?(?:attached\s+)?(?:Schedule|Exhibit|Appendix|Annex|Attachment|(?-i:Section|Subsection|Paragraph|Clause|Article))"  # "as per the attached Schedule 1" (KUBIENT)
                # a share by a formula or a defined one ("the excess, if any, of the sales price ... over the net asset value", "a cash royalty based on a
                # percentage of", "shall pay to Affiliate the Affiliate Transactional Share": CUAD train)
                r"|\bpercentage\s+of\b|\bdefined\s+(?:below|above|herein)\b|\b(?:specified|set\s+(?:forth|out))\s+in\s+the\s+table\b|\bexcess\b[^.;]{0,120}\bover\b|(?-i:\b(?!(?:The|Each|Any|Such|This|That|No|All|In|If|For)\b)[A-Z][a-z]+\s+(?:[A-Z][a-z]+\s+)?(?:Share|Royalty|Royalties|Commissions?|Fee|Compensation)\b))"}.items()}


def risk_note(category: str, quote: str, *, may_say_absent: bool = True, facts_found: list[dict] | None = None, terms: list[dict] = (),
              already: set[str] | None = None) -> dict:
    """A neutral note for ``quote`` as a ``category`` clause: its facts in the category's checklist.

    Returns ``{"risk", "facts", "risk_source": "template"}``. The note restates only what the
    clause says (facts in typographic quotes) or that it does not state a key item, and ends with
    the category's generic checklist line. ``may_say_absent=False``: the note does not say a key
    item is missing (the caller could not rule out that the clause states it). ``facts_found``:
    ``facts(category, quote)`` when the caller has them already. ``terms``: the clause's terms
    record (``shared.clauses.terms``); a stated term the facts do not quote is quoted with them.
    ``already``: sentences the notes of the clause's other categories said; they are not said
    again (a clause of five categories quoted its exceptions five times), and this note's are added.
    """
    cat = BY_NAME.get(category.lower())
    found = facts(category, quote) if facts_found is None else facts_found
    name = cat.name if cat else category
    order, labels, missing = CHECKLIST.get(name, ("", {}, ""))
    if any(f["kind"] == "excluded" for f in found):
        missing = EXCLUSION_ONLY.get(name, missing)
    missing = BARRED_ONLY[name] if name in BARRED_ONLY and BARS.search(quote) else missing
    if said := open_ended(name, quote):
        missing = f"{OPEN_ENDED_NOTE[name]} ({_q([said])})."
    optional = [t for t in terms if t["name"] in OPTIONAL and t["stated"]]  # said under their own label, after the key item
    if optional:
        missing = TIME_LIMIT_ONLY.get(name, missing)
    tokens = order.split()
    parts: list[str] = []
    first_key = True  # no key kind ("*") came before
    said: list[str] = []  # the words of what the note quoted so far: a figure is said once, under its first label
    for tok in tokens:
        kinds = tok.rstrip("*").split("+")
        if kinds == ["bound"]:
            for f in found:
                if f["kind"] == "bound":
                    every = "," in f["text"] or _OF_ALL.search(f["text"])  # "A, B and C", "Any of the Participants"
                    who = "Applies to one party" if f["scope"] != "mutual" else "Applies to all parties" if every else "Applies to both parties"
                    parts.append(f"{who} ({_q([f['text']])}).")
            continue
        texts = [x for x in (f["text"] for f in found if f["kind"] in {_AS.get(k, k) for k in kinds}) if not any(_words(x) in w for w in said)]
        hidden = set()
        labelled = False  # the record's term of these kinds was said under its own label
        for t in terms:  # what the record states and no fact quotes ("an additional month", "[***]")
            stated = _words(t["text"] or "")
            if not (t["stated"] and stated and TERM_KIND.get(t["name"]) in kinds):
                continue
            hidden |= {t["text"]} if t.get("redacted") else set()
            if t["name"] in TERM_LABEL:
                labelled = True
                texts = [x for x in texts if not _overlap(stated, x)]
                parts.append(f"{TERM_LABEL[t['name']]}: {_q([t['text']], hidden)}.")
            elif not any(t["text"] == x if t.get("redacted") else _overlap(stated, x) for x in texts) and not any(stated in w for w in said):  # "****" is not "[*****]"
                texts.insert(0, t["text"])
            elif not t.get("redacted") and stated not in map(_words, texts) and (part := next((x for x in texts if _words(x) in stated), None)):
                texts = [t["text"] if x == part else x for x in texts]  # "the lesser of (i) …" quoted on through "(ii) …"
        label = labels.get(kinds[0], LABELS[kinds[0]])
        if texts:
            parts.append(f"{label} {_q(texts, hidden)}." if label.endswith((" at", " to", " by")) else f"{label}: {_q(texts, hidden)}.")
            said += [_words(x) for x in texts[:3]]
        elif tok.endswith("*") and not labelled and may_say_absent and not any(k in _HINT and _HINT[k].search(quote) for k in kinds):
            parts.append(missing if first_key and missing else f"No {WHAT.get(kinds[0], kinds[0])} is stated in this clause.")
        first_key = first_key and not tok.endswith("*")
    for t in optional:
        parts.insert(min(1, len(parts)), f"{TERM_LABEL[t['name']]}: {_q([t['text']])}.")
    if already is not None:
        parts = [x for x in parts if x not in already]
        already.update(parts)
    if cat:
        parts.append((APPROVED_NOTE if _APPROVED.search(quote) else BY_AGREEMENT_NOTE) if name == "Renewal Term" and renews_by_agreement(quote) else cat.risk)
    return {"risk": " ".join(parts), "facts": found, "risk_source": "template"}


# A renewal the parties must both agree to ("the Parties may agree in writing to extend the Agreement for
# successive One (1) Year periods": VNUE; "shall renew only upon the mutual written agreement of the
# parties") locks no one in: the generic line ("Automatic renewal can lock a party in") says the opposite.
_BY_AGREEMENT = re.compile(r"\bmutual(?:ly)?\s+(?:written\s+)?(?:agree\w*|consent)|\bby\s+mutual\b|\b(?:the\s+)?(?:both\s+)?parties\s+(?:may|can|shall)\s+(?:\w+\s+){0,2}?agree\b"
                           r"|\bupon\s+(?:the\s+)?(?:written\s+)?agreement\s+of\s+(?:both|the)\s+parties|\bif\s+(?:both\s+)?(?:the\s+)?parties\s+(?:so\s+)?agree", re.I)
# Nor is a renewal at one party's option whose terms are to be agreed ("HSWI shall have the right to renew ...", "by notice
# in writing given by XFN ..., for a consideration to be mutually agreed"): CUAD train.
_AUTOMATIC = re.compile(r"automatic\w*|\bunless\b|\bwithout\s+(?:further\s+)?(?:action|notice)|\boption\b|\bright\s+to\s+(?:renew|extend)|\bby\s+(?:\w+\s+){0,2}notice", re.I)
BY_AGREEMENT_NOTE = "Renews only if both parties agree, so it cannot lock a party in; note the renewal length."
# ... nor one that goes on only while approved ("from year to year thereafter provided such continuance is specifically approved by ... the trustees": SECURIAN)
_APPROVED = re.compile(r"\bprovided\s+(?:that\s+)?(?:such\s+)?(?:continuance|renewal|extension)\s+is\s+(?:\w+\s+)?approved\b", re.I)
APPROVED_NOTE = "Goes on only while it is approved as it says, so it does not renew by itself; note the renewal length."


def renews_by_agreement(quote: str) -> bool:
    return bool(_BY_AGREEMENT.search(quote) or _APPROVED.search(quote)) and not _AUTOMATIC.search(quote)

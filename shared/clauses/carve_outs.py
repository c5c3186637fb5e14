"""Where an exception in a clause ends: the rule it excepts from, a bracket that closes it, the
comma before the main clause, or the end of its clause part (``shared.clauses.risk`` quotes it).
Also where a clause part ends, and whether a "Notwithstanding X, <rule>" excepts anything."""

from __future__ import annotations

import re

# Where a carve-out or cap basis ends (a semicolon, a colon, a sentence end, an omission).
_PART_END = re.compile(r";|:\s|(?<![A-Z]\.[A-Z])\.(?=\s+[A-Z(\"“]|\s+[a-z]\)\s|\s*$)|\n\s*\n|<omitted>")  # "... hereof. a) The SENDER"
_MAX_PART = 500
# An exception placed before the main verb ("Except for A, B or C, in no event shall ...") ends at the last comma before that verb, so a list inside it does not end it.
_MODAL = re.compile(r"\b(?:shall|will|may|must)\b", re.I)
_VERB = re.compile(r"\b(?:shall|will|may|must|is|are|agrees?|makes?|has|have|does|do|can(?:not)?|grants?|acknowledges?|warrants?|represents?|assumes?|disclaims?|bears?|retains?|owns?)\b", re.I)


def part_end(quote: str, start: int) -> int:
    """End of the clause part that starts at ``start``: its ";" or sentence end, at most ~500 chars (an exception is quoted whole: "… from at least one of S&P, Moody's, A.M. Best …" was cut at 250 mid-phrase)."""
    m = _PART_END.search(quote, start + 1, start + _MAX_PART + 1)
    return m.start() if m else min(len(quote), start + _MAX_PART)


# Where the rule after an exception takes over ("except for loss ... caused by NCC's negligence
# and in such event NCC's total liability ... shall not exceed", "..., in which case ...").
_OPENER = re.compile(r",\s+(?=(?:if(?!\s+any\s*[,)])|when|where|in\s+no\s+event|under\s+no\s+circumstances?|nothing|neither"
                     r"|the\s+(?:(?:total|aggregate|maximum|entire|cumulative)\s+)+liabilit(?:y|ies))\b)", re.I)  # a main clause's opening after a leading exception ("..., the total liability of one Party": CARDAX)
_CARVE_STOP = re.compile(r",?\s+(?:and\s+)?in\s+(?:such|that|which|any\s+such)\s+(?:event|case)\b|,?\s+and\s+in\s+no\s+event\b|,\s+(?=except\b)", re.I)  # ", except ...": the next one


# "Notwithstanding X, <rule>" opening a sentence sets the rule above X ("NOTWITHSTANDING ANY
# FAILURE OF ESSENTIAL PURPOSE ...", "Notwithstanding the foregoing, ... shall be limited to
# $5,000,000"): the rule is no exception to the clause, unless it lifts a limit ("...,
# neither Party excludes or limits any liability for: ...") or permits ("..., either party may
# assign ... to an Affiliate"). On dev, 13 of 14 such "exceptions" in liability findings were
# the cap or exclusion itself.
_OVERRIDE = re.compile(r"notwithstanding\b", re.I)
_LIFTS = re.compile(
    r"\b(?:not|none|neither|nothing|no)\b[^.;]{0,60}?\b(?:limit|exclud|restrict)\w*|\bunlimited\b|\bwithout\s+limit\b|"
    r"(?<!event )\bmay\b(?!\s+not\b|\s+be\s+withheld)|\b(?:is|are)\s+(?:permitted|entitled|free)\s+to\b|\bshall\s+(?:be\s+)?(?:permitted|entitled|free)\s+to\b",
    re.I,
)
_OPENS = re.compile(r"(?:^|[.;:]\s+|\n)(?:\(?[0-9a-zA-Z]{1,4}[.)]\s+)?(?:[A-Z][A-Za-z]*\s+){0,5}$")
_SENTENCE_END = re.compile(r"[.;](?=\s)")
_POINTS = re.compile(r"(?:except|save)\s+as\s+(?:(?:otherwise|expressly|specifically|may\s+be)\s+){0,2}(?:provided|set\s+(?:forth|out)|permitted|described|stated|specified|contemplated)\s+(?:in|by|under)\b", re.I)


def _open_brackets(text: str) -> int:
    """Brackets ``text`` leaves open; a ")" with none open closes nothing ("B) any acquisition (excluding ...": GOLD RESOURCE)."""
    depth = 0
    for c in text:
        depth = depth + 1 if c == "(" else max(0, depth - 1) if c == ")" else depth
    return depth


def carve_end(quote: str, a: int, marker_end: int) -> int:
    """End of the exception that starts at ``a``: its closing bracket, the comma before the main
    clause, where the rule it excepts from takes over, or the end of its clause part."""
    end = part_end(quote, a)
    if stop := _CARVE_STOP.search(quote, marker_end, end):
        end = stop.start()
    ends = [m.end() for m in _SENTENCE_END.finditer(quote, max(a - 300, 0), a)]  # not the stop in "Section 10.7"
    head = quote[max(ends[-1] if ends else 0, a - 300, 0) : a]
    if _open_brackets(head):  # inside brackets: the exception ends with them ("(provided that ... three (3) business days ...)")
        depth = 0
        for k in range(marker_end, end):
            depth += {"(": 1, ")": -1}.get(quote[k], 0)
            if depth < 0:
                return k
        return end
    # Only "except"/"save" can open a sentence as a list of exceptions; after "notwithstanding X,"
    # or "provided that" comes the rule that overrides, so it stays in the fact.
    # "Except as set forth in this Article VIII, prior to ..., without the prior written consent
    # of ...": an exception that points elsewhere ends with its pointer (TRANSPHORM).
    if _POINTS.match(quote, a) and (comma := quote.find(",", marker_end, end)) != -1:
        return comma
    # ", other than in an Initial Merger, sells ...": set off by commas, it ends at the next one (MARSHALL, BNL)
    if quote[a : a + 10].lower() == "other than" and quote[:a].rstrip().endswith(",") and (comma := quote.find(",", marker_end, end)) != -1:
        return comma
    if not _VERB.search(head[max(head.rfind(":"), 0) :]) and quote[a : a + 3].lower() in ("exc", "sav", "oth"):
        # the main clause's modal first: "EXCEPT FOR ... ANY LICENSE GRANT ..., IN NO EVENT WILL" (a noun may read as a verb)
        # not a modal inside brackets: "(d) LIABILITY ARISING FROM EPIDEMIC DEFECTS (WHICH WILL BE SUBJECT TO …)" (ENERGOUS)
        verb = next((v for v in _MODAL.finditer(quote, marker_end, end) if quote.rfind(",", marker_end, v.start()) != -1
                     and quote.count("(", marker_end, v.start()) <= quote.count(")", marker_end, v.start())), None) or _VERB.search(quote, marker_end, end)
        comma = quote.rfind(",", marker_end, verb.start()) if verb else -1
        end = comma if comma != -1 else end
        end = m.start() if (m := _OPENER.search(quote, marker_end, end)) else end  # "Save the event of gross negligence, if any claims arise ..., this shall not exceed" (GRAN TIERRA)
    return end


def overrides(quote: str, a: int, b: int) -> bool:
    """Whether the "Notwithstanding ..." at ``quote[a:b]`` opens a sentence whose rule overrides
    rather than excepts (it neither lifts a limit nor permits)."""
    return bool(_OVERRIDE.match(quote[a:]) and _OPENS.search(quote[:a]) and not _LIFTS.search(quote, b, part_end(quote, a)))

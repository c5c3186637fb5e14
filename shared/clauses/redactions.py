"""Where a contract as filed hides a term ("[***]", "*****", "[REDACTED]", a form's blank): which
redaction stands for which term, read from the words around it (:mod:`shared.clauses.terms` says
such a term is stated and redacted, never "not stated")."""

from __future__ import annotations

import re

REDACTED = re.compile(r"\[\s*\*(?:\s*\*)*\s*\]|\*{3,}|\[(?:REDACTED|Redacted|redacted)\b[^\]]{0,80}\]|_{3,}|\[\s*X{2,}\s*\]|\bX{5,}\b|\[[^\]\[]{0,6}[●•][^\]\[]{0,6}\]|(?<![\w*])\*\s?%|(?<![\w*])\*(?=\s+(?:years?|months?|weeks?|days?)\b)")  # "[* * *]", "[XXXX]", "XXXXXXXX" as filed; a form's "[●%]", "*%"  # a form's blank ("until _______") hides the term as a redaction does

# A window to notify, reject or inspect is no warranty period ("the right to reject, via written notification ... within this
# thirty (30) day period, any ... Product that fails to satisfy any warranty": APOLLO); "within the twenty-four (24) month warranty
# period" is one.
TO_ANSWER = re.compile(r"\b(?:notif\w*|notice|reject\w*|inspect\w*|accept\w*|test\w*)\b[^.;]{0,60}\bwithin(?:\s+(?:this|such|the|a))?\s*$", re.I)

# Where a redaction stands for the term: by what the figure would be (money, a notice, a length of time, an end date), read from
# the words around it. "uncured for [***] following written notice" hides a cure period, not a notice period; "kept in force for
# [***] after" no amount.
_TIME_AFTER = r"\s*(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?|quarters?)\b"
# A minimum's share hidden after "less than" or "exceeds a" ("less than [***] of the PO quantity ordered": BELLRING, CUAD train,
# read on the final page as "no value read"; 5 of 7,043 labelled clauses change, each a Minimum Commitment whose figure is hidden).
_REDACTION_AT: dict[str, tuple[re.Pattern, re.Pattern]] = {  # kind -> (words just before, words just after)
    "money": (re.compile(r"(?:[$€£]|\b(?:exceeds?(?:\s+an?)?|limited\s+to|limits?\s+of|amount\s+of|minimum\s+of|maximum\s+of|(?:less|fewer)\s+than|in\s+excess\s+of|up\s+to|"
                         r"sum\s+of|equal\s+to|fee\s+of|at\s+least|greater\s+than|purchases?\s+of)\s*)$", re.I),  # "not less than", "no fewer than" end so
              re.compile(r"^\s*(?:%|percent|dollars|usd|u\.s\.|\(\s*[$€£]|per\s+(?:occurrence|claim|year|month|unit)|in\s+the\s+aggregate|annual\s+aggregate|combined|units?\b|packages?\b|batch)", re.I)),
    # "at least [***]" is a notice where a notice is named just before it ("notification of
    # non-renewal to the other Party at least ****") or after it ("at least [***] prior written
    # notice"), not in "Net Merchandise Sales of at least *****"
    "notice": (re.compile(r"\bnotice\s+(?:period\s+)?(?:of\s+)?(?:at\s+least\s+|not\s+less\s+than\s+)?$"
                          r"|\b(?:notice|notif\w*)\b[^.;]{0,60}\b(?:at\s+least|not\s+less\s+than|no\s+(?:less|later)\s+than)\s*$", re.I),
               re.compile(rf"^(?:{_TIME_AFTER})?(?:'s?|’s?)?\s*(?:(?:prior|advance|advanced|written)\s+){{0,3}}(?:notice|notification)\b|^(?:{_TIME_AFTER})?\s*(?:prior\s+to|before|in\s+advance)", re.I)),
    "time": (re.compile(r"\b(?:(?:periods?|terms?)\s+of|for|within|additional|successive|further)\s*(?:at\s+least\s+)?$", re.I),
             re.compile(rf"^(?:{_TIME_AFTER}|\s*(?:\(|periods?\b|terms?\b|thereafter|after|following|from))", re.I)),
    "date": (re.compile(r"\b(?:until|through|ending|end(?:s|ed)?|expir\w*|terminat\w*)(?:\s+on)?\s*$", re.I), re.compile(r"^\s*day\s+of\b", re.I)),
}


def _figure_kind(how: str) -> str:
    if how.startswith("date"):
        return "date"
    if "notice" in how:
        return "notice"
    return "time" if how.startswith("period") or "duration" in how else "money"


def redaction(name: str, how: str, clause: str) -> str | None:
    """The redaction that stands where the term ``name`` (read as ``how``: ``shared.clauses.checklist.SPEC``)
    would, or None: a term hidden in the contract as filed is said to be redacted only where the words
    around the redaction say it is this term."""
    kind = _figure_kind(how)
    before, after = _REDACTION_AT[kind]
    for m in REDACTED.finditer(clause):
        lead = clause[max(0, m.start() - 80) : m.start()].rstrip(" […*.")  # "[…***…]", "[* ****]": what wraps it
        rest = clause[m.end() : m.end() + 40].lstrip(" …]*.")
        if kind == "notice" and re.match(r"^\s*(?:following|after)\b", rest, re.I):  # a cure period after a notice
            continue
        if kind == "money" and re.match(rf"^(?:{_TIME_AFTER}|\s*(?:prior|before|after|following|in\s+advance)\b)", rest, re.I):  # a time, not a sum
            continue
        if name == "warranty_period" and TO_ANSWER.search(lead):  # "Astellas shall notify FG within [ * ] of ... receipt" (FIBROGEN)
            continue
        if before.search(lead) or after.search(rest):
            return m.group()
        if kind == "money" and _ASIDE.search(clause[max(0, m.start() - 160) : m.start()].rstrip(" […*.")):
            return m.group()
    return None


# ... or after an aside between the limit and its sum: "IN NO EVENT WILL SUPPLIER'S LIABILITY ... BE GREATER THAN, PER CLAIM OR SERIES
# OF CLAIMS ARISING FROM THE SAME CAUSE OF ACTION, [* * *]" read "cap: no value read (check it)" (PARATEK, CUAD train, on the final page)
_ASIDE = re.compile(r"\b(?:exceed|greater\s+than|limited\s+to|in\s+excess\s+of|more\s+than)\s*,[^,;.]{1,100},\s*$", re.I)

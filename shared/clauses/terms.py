"""A clause's terms as a typed record: the few values a reviewer checks for its category (a
cap's amount or basis, a notice period, a term's length, the governing law), each quoted
verbatim from the clause with a normalised value.

A term has three states. ``stated: true``: its words and value. ``stated: false``: the clause
does not state it, which is a statement about the contract, so it is made only over the whole
clause (callers pass every unit of it, its rest over a page break included) and only when the
clause holds nothing that could state it (no figure of that kind, no redaction). ``stated:
null``: the clause has such figures but none reads as this term; the finding says nothing
rather than something false.

The values come from :mod:`shared.clauses.risk`'s facts (exact slices of the clause) and
:mod:`shared.clauses.figures`' readings (what a figure is worth). Pure functions, no I/O, no model.
"""

from __future__ import annotations

import re

from shared.clauses import figures, risk
from shared.clauses.checklist import ALTERNATIVES, OPTIONAL, SPEC, open_ended
from shared.clauses.fact_patterns import FROM_END as _FROM_END, HALF, SHORTER_THAN
from shared.clauses.jurisdictions import jurisdiction, named_state
from shared.clauses.redactions import REDACTED, TO_ANSWER as _TO_ANSWER, redaction
from shared.clauses.unstated import could_state, elsewhere

_DAYS = {"day": 1, "business day": 1, "week": 7, "month": 365 / 12, "quarter": 365 / 4, "year": 365}  # twelve months are a year
# Words that tie a period to a renewal ("a successor franchise ... for a single term of five (5) years": MRS. FIELDS, CUAD train),
# and words that tie it to the initial term instead.
_RENEW = re.compile(r"\b(?:renew\w*|extend\w*|extension|additional|successive|successor\s+(?:franchise|term|agreement|license|licence)s?|further|thereafter)\b", re.I)
_GOES_ON = re.compile(r"\bcontinu\w*\s+(?:\w+\s+){0,4}?(?:on\s+|from\s+)?(?:an?\s+)?((?:year|month)[\s-]to[\s-](?:year|month))\b", re.I)
_RENEWED = re.compile(r"\b(?:renew\w*|extended|extending|extension|additional|successive|further|(?<!continue )(?<!continues )thereafter)\b", re.I)  # "the Term shall extend for fifty (50) years" is the term
# "... not to renew six (6) months prior to the expiration of the initial twenty (20) year term" (MRS. FIELDS, CUAD train, read
# on the final page as "renewal length: twenty (20) year"): the initial term's length, said before it.
_AS_INITIAL = re.compile(r"\b(?:initial|original)\s+$", re.I)
# "five (5) years ("Initial Term")", over a line's spaces; not "three (3) years (the "First Additional Term")" (MUSCLEPHARM, CUAD train, on the final page)
_INITIAL = re.compile(r"^\W{0,16}(?:\w+\W{1,16})?(?:initial|first)\b(?!\W{1,4}(?:additional|renewal|extension|extended|successive|renewed)\b)", re.I)
# A renewal by the year or the month in words ("renewing annually", "an additional month").
_RENEW_WORDS = [(re.compile(r"\bhalf\s+(?:a\s+)?year\b|\bhalf[\s-]year(?:ly)?\b|\bsemi-?annual(?:ly)?\b", re.I), 182.0),
                (re.compile(r"\b(?:annual(?:ly)?|yearly|year[\s-]to[\s-]year|(?<!half )(?:an?|another)\s+(?:additional\s+|further\s+)?year|(?:every|each)\s+(?:calendar\s+)?year)\b", re.I), 365.0),  # "renewed tacitly every year"
                (re.compile(r"\b(?:monthly|month[\s-]to[\s-]month|(?:an?|another)\s+(?:additional\s+|further\s+)?month)\b", re.I), 30.0)]
# "The first year warranty starts with the date of shipment" (VISIUM): a warranty of a year, said as its first.
_TOTAL = re.compile(r"\b(?:total|aggregate|overall|combined)\b[^.;,]{0,30}$", re.I)  # the whole of a period made of parts
_FIRST_YEAR = re.compile(r"\b(?:first|one)[\s-]year\s+(?:limited\s+|standard\s+|product\s+)?warrant\w*", re.I)
_AFTER_END = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:after|following|thereafter|beyond|post)\b", re.I)
# Words before a date that make it a start, not an end ("commencing the 1st day of May, 2006").
_START_CUE = re.compile(r"\b(?:commenc\w*|effective|begin\w*|began|start\w*|from|dated|as\s+of)\s+(?:on\s+|as\s+of\s+)?(?:the\s+)?(?:day\s+of\s+)?$", re.I)
_END_CUE = re.compile(r"\b(?:until|through|thru|ending|end(?:s|ed)?|expir\w*|terminat\w*|to)\s+(?:on\s+)?(?:and\s+including\s+)?$", re.I)
# "the Agreement shall expire and terminate automatically without further notice on July 22, 2022" (MUSCLEPHARM, CUAD train, on the final page)
_ENDS_ON = re.compile(r"\b(?:expire|terminate)s?\b[^.;,]{0,60}?\bon\s+$", re.I)
# "This Agreement expires ten (10) years from the Agreement Date" (PF HOSPITALITY, CUAD train, on the final page: no term length read)
_EXPIRES_IN = re.compile(r"\bexpires?\s+(?:in\s+|after\s+)?$", re.I)
_TERM_CUE = re.compile(r"\b(?:term|period|effect|force|continue\w*|commenc\w*|last|valid|remain|duration)\b", re.I)
# A cap that is the lesser (or greater) of two bases: "the lesser of (i) the fees paid …; or (ii) $500,000".
_COMPARE = re.compile(r"^(?:the\s+)?(?:lesser|greater|lower|higher)\s*,?\s+of\b", re.I)
_SENTENCE_END = re.compile(r"\.\s+[A-Z]")
# A warranty period is a duration said of a warranty; a post-termination period one said of the contract's end. A duration
# before "notice" or "prior" is a notice, no renewal, term or post-termination period ("by giving less than six (6) months notice").
_WARRANT = re.compile(r"\b(?:warrant\w*|guarant\w*)", re.I)
# A period after the end is said so: "... for two (2) years following termination", "survive for one year"; "shall continue for
# twenty-four (24) months ... unless terminated sooner" is the term.
_POST_BEFORE = re.compile(r"\b(?:surviv\w*|after|following|post[\s-]*termination|sell[\s-]*off|thereafter|wind[\s-]*down|transition)\b", re.I)
_NEXT_DAY = re.compile(r"effective\s+(?:on|as\s+of)\s+the\s+(?:next\s+)?\w*\s*day\b", re.I)  # a notice of a day: "effective on the business day next following ... notice"
_ENDING = re.compile(r"\b(?:terminat\w*|expir\w*|cancel\w*|end\s+of\s+the\s+term)", re.I)
_NOTICE_AFTER = re.compile(r"^(?:['’]s?)?\W*(?:prior|before|notice|in\s+advance)", re.I)  # "one year's prior notice"
_TO_CURE = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:(?:in\s+which\s+)?to\s+)?cure\b", re.I)  # "an additional 180 days to cure such breach" renews nothing
# A window counted from the end is no renewal's length ("may renew the Agreement within two (2) years of the expiry of the initial term":
# NOVO, CUAD train, read on the final page, where "renewal length: two (2) years" deviated from the playbook)
_OF_THE_END = re.compile(r"^\W*of\s+(?:the\s+)?(?:date\s+of\s+(?:the\s+)?)?(?:expir|end\b|terminat)", re.I)  # "from", "after" ...: _FROM_END
# A period given to act ("Neoforma shall have two days to consider each request") restricts nothing.
_WINDOW = re.compile(r"\s*(?:in\s+which\s+|within\s+which\s+)?to\s+(?!compete|solicit|engage|hire|employ)\w+", re.I)
# A period to cure a breach is no restriction ("three (3) business days following written notice
# ... of any material breach to remedy such material breach": MEET GROUP)
_CURE_AFTER = re.compile(r"[^.;()]{0,100}?\bto\s+(?:cure|remedy)\b", re.I)
# A term that ends on an anniversary ("will terminate on the third anniversary of the Effective
# Date"), unless it is one of two ends ("the later of (i) the third anniversary … or (ii) …").
# Said in words, in figures or both ("the tenth (10th) anniversary", "twenty-first (21st)"; "5t h" as filed).
_UNITS = "first second third fourth fifth sixth seventh eighth ninth".split()
_ORDINALS = {w: i for i, w in enumerate([*_UNITS, "tenth", "eleventh", "twelfth", *(f"{t}teenth" for t in "thir four fif six seven eigh nine".split()),
                                         "twentieth", *(f"twenty-{u}" for u in _UNITS), "thirtieth"], 1)}
_NTH = r"(\d{1,2})\s*(?:s\s?t|n\s?d|r\s?d|t\s?h)"
_ANNIVERSARY = re.compile(rf"\b(?:the\s+)?(?:({'|'.join(sorted(_ORDINALS, key=len, reverse=True))})(?:\s*\(\s*{_NTH}\s*\))?|{_NTH})\s+anniversary\b", re.I)
# The later of two ends leaves the end open; the earlier ("until the earlier of (a) the fifth (5th) anniversary ..., and (b)
# termination by either Party ...": LIGHTBRIDGE) is the anniversary at the latest, and is read.
_EITHER_END = re.compile(r"\b(?:later|latest)\s+(?:to\s+occur\s+)?of\b[^.;]{0,40}$", re.I)


def days(value: float, unit: str) -> float | None:
    """A duration in days (a year 365, a month a twelfth of it: "12 months" is a year, to 0.1 of
    a day), or None for a unit that is no time."""
    per = _DAYS.get(unit.lower().rstrip("s"))
    return round(value * per, 1) if per else None


def _term(name: str, text: str | None, value=None, unit: str | None = None, stated: bool | None = True) -> dict:
    return {"name": name, "stated": stated, "text": text, "value": value, "unit": unit}


def _durations(clause: str, every: bool = False) -> list[tuple[int, int, float]]:
    """(start, end, days) of every duration in the clause (``every``: each place it is said)."""
    out = []
    for a, b, fig in figures.scan(clause, every):
        if fig["kind"] == "duration" and (d := days(float(fig["value"]), fig["unit"])) is not None:
            out.append((a, b, d))
    return out


# A time to sue: a claim that must be brought within a time ("may bring a claim ... more than two years
# after the cause of action accrues", "must be commenced within five (5) years from the date the ...
# cause of action shall first arise"); no cap's look-back ("the fees paid in the twelve (12) months preceding the claim").
_BROUGHT = re.compile(r"\b(?:brought|bring|commenced?|instituted?|filed?|asserted?|initiated?)\b[^.;]{0,180}?\b(?:within|more\s+than|later\s+than|after|beyond)\s+(?:a\s+period\s+of\s+)?(?:the\s+)?$", re.I)
_SUIT = re.compile(r"\b(?:claims?|actions?|suits?|proceedings?)\b", re.I)
# A time to cure is no period after the end ("any material breach, which is not cured within 30 days after written notice": GIGGLES)
_CURED = re.compile(r"\bcur(?:e|ed|ing)\b[^.;]{0,30}$", re.I)
_SINCE_CAUSE = re.compile(r"^\W*(?:after|from|following|of)\s+(?:the\s+)?(?:date\s+(?:on\s+which\s+|of\s+|that\s+|when\s+)?)?(?:the\s+|such\s+|any\s+)?"
                          r"(?:cause|claim|breach|right|occurr|accru|discover|event\s+giving)", re.I)


# A renewal as long as the term before it ("renew automatically for an additional term equal in duration to the previous term":
# BLUEFLY, CUAD train, read on the final page as "no value read (check it)"; "successive terms of the same duration"): the
# length is stated, as a length the clause does not give in days.
_LIKE_TERM = re.compile(r"\b(?:an?\s+|successive\s+|additional\s+)*(?:terms?|periods?)\s+(?:of\s+)?(?:equal\s+(?:in\s+(?:duration|length)\s+)?to|(?:of\s+)?the\s+same\s+(?:duration|length))"
                        r"(?:\s+(?:as\s+|to\s+)?(?:that\s+of\s+)?(?:the\s+)?(?:previous|preceding|prior|initial|original|then[\s-]current|current|expiring)\s+(?:term|period))?", re.I)


def _period(name: str, cue: str, clause: str) -> dict | None:
    """A duration of the clause: after a renewal word for a renewal, not after one for the
    initial term, else the first."""
    found = _durations(clause, every=cue == "renew")  # "for a one (1) year period ... renew for successive one (1) year periods"
    if cue == "warrant":  # "for an additional twenty-four (24) months - making the total warranty period sixty (60) months"
        found.sort(key=lambda x: not _TOTAL.search(clause, max(0, x[0] - 40), x[0]))
    for a, b, d in found:
        before = clause[max(0, a - 80) : a]
        after = clause[b : b + 40]
        if cue == "renew" and (not _RENEW.search(before) or _INITIAL.search(after) or _AS_INITIAL.search(before) or _NOTICE_AFTER.search(after) or _TO_CURE.match(after)
                               or (re.search(r"\bwithin\s+$", before, re.I) and (_OF_THE_END.match(after) or _FROM_END.match(after)))):
            continue
        if cue == "after" and (not (_AFTER_END.search(after) or re.match(r"\W*from\b", after) and _FROM_END.match(after)) or _CURE_AFTER.match(clause, b)):  # "one year from the date of expiration or termination" (CORAL GOLD)
            continue
        if cue == "warrant" and (not _WARRANT.search(clause[max(0, a - 400) : b + 120]) or _TO_ANSWER.search(before) and not _WARRANT.match(after, 1)):
            continue
        if cue == "post" and (_NOTICE_AFTER.search(after) or _CURED.search(before) or not _ENDING.search(clause[max(0, a - 300) : b + 80])
                              or not (_AFTER_END.search(after) or _POST_BEFORE.search(clause[max(0, a - 60) : a])
                                      or re.match(r"\W*from\b", after) and _FROM_END.match(after))):  # "five years from the date of termination"
            continue
        if cue == "claim" and not (_BROUGHT.search(clause[max(0, a - 240) : a]) or (re.search(r"\bwithin\s+$", before, re.I) and _SINCE_CAUSE.match(after) and _SUIT.search(clause, max(0, a - 160), a))):
            continue
        if cue == "term" and (_RENEWED.search(clause[max(0, a - 40) : a]) or _NOTICE_AFTER.search(after) or not (_TERM_CUE.search(before) or _EXPIRES_IN.search(before))
                              or _FROM_END.match(after)):  # "for a period of twelve (12) months from the effective date of termination"
            continue
        return _term(name, clause[a:b], d, "days")
    if (cue == "term" or cue == "warrant" and _WARRANT.search(clause)) and (m := _ANNIVERSARY.search(clause)) \
            and not _EITHER_END.search(clause[max(0, m.start() - 60) : m.start()]):  # a warranty "ending on the twenty-first (21st) anniversary of ..."
        years = _ORDINALS[m.group(1).lower()] if m.group(1) else int(m.group(2) or m.group(3))
        return _term(name, m.group(), 365.0 * years, "days")
    if cue == "warrant" and (m := _FIRST_YEAR.search(clause)):
        return _term(name, m.group(), 365.0, "days")
    if cue == "renew":
        for rx, d in _RENEW_WORDS:
            if (m := rx.search(clause)) and _RENEW.search(clause[max(0, m.start() - 80) : m.end() + 12]):  # "automatic annual renewals"
                return _term(name, m.group(), d, "days")
        if m := _GOES_ON.search(clause):  # "this Agreement shall continue on a year to year basis" (CUAD train: 1 of 161 labelled renewals says so; it read no length)
            return _term(name, m.group(1), 30.0 if m.group(1).lower().startswith("month") else 365.0, "days")
        if (m := _LIKE_TERM.search(clause)) and _RENEW.search(clause[max(0, m.start() - 80) : m.start()]):
            return _term(name, m.group())  # stated, as long as a term the clause does not measure
    return None


def _end_date(name: str, clause: str) -> dict | None:
    dates = [(a, b, fig) for a, b, fig in figures.scan(clause, every=True) if fig["kind"] == "date"]
    cued = [t for t in dates if _END_CUE.search(clause[max(0, t[0] - 30) : t[0]]) or _ENDS_ON.search(clause[max(0, t[0] - 80) : t[0]])]
    one = len({fig["value"] for _, _, fig in dates}) == 1  # one date, perhaps said twice
    alone = dates[0] if one and not any(_START_CUE.search(clause[max(0, a - 30) : a]) for a, _, _ in dates) else None
    pick = cued[0] if cued else alone
    if not pick and (m := _YEAR_END.search(clause)):  # "in effect until the end of 2006" (WATCHIT, CUAD train, on the final page: "no value read")
        return _term(name, m.group(1), f"{m.group(2)}-12-31")
    return _term(name, clause[pick[0] : pick[1]], pick[2]["value"]) if pick else None


_YEAR_END = re.compile(r"\b(?:until|through|ending|to)\s+((?:the\s+)?end\s+of\s+(?:(?:the\s+)?(?:calendar\s+)?year\s+)?((?:19|20)\d{2}))\b", re.I)


def _window(fact: dict, clause: str) -> bool:
    """Whether ``fact`` is a duration given to act ("two days to consider"), not one of a restriction."""
    at = clause.find(fact["text"])
    return fact["kind"] == "duration" and at >= 0 and bool(_WINDOW.match(clause, at + len(fact["text"])) or _CURE_AFTER.match(clause, at + len(fact["text"]))
                                                           or _DEADLINE.search(clause, max(0, at - 30), at) and _SHORT.search(fact["text"]))


# A deadline of days is no restriction's period ("Within three business days of receiving ... written update, Application Provider
# will remove any advertising": INVENDA); none of train's 215 restriction labels states its period so.
_DEADLINE = re.compile(r"\bwithin\s+(?:a\s+period\s+of\s+)?$", re.I)
NO_END = "term and thereafter"  # a restriction for the term and with no end after it (INTERNATIONAL FAST FOOD, CUAD train, on the final page)
_THEN_ON = re.compile(r"\band\s+thereafter$", re.I)
_SHORT = re.compile(r"\b(?:days?|hours?|weeks?)\b", re.I)


def _hidden_after(name: str, clause: str) -> dict | None:
    """A restriction's period after the end, redacted ("During the term and for a period of [***] thereafter"): the term plus a hidden
    time, so not "during the term" alone."""
    for m in REDACTED.finditer(clause):
        if _AFTER_END.match(clause[m.end() : m.end() + 40].lstrip(" …]*.")):
            return {**_term(name, m.group()), "redacted": True}
    return None


def _fact(name: str, kinds: list[str], clause: str, found: list[dict]) -> dict | None:
    if "law" in kinds and (m := named_state(clause)):
        return _term(name, m.group(1), jurisdiction(m.group(1)))
    if "multiple" in kinds and (got := _comparison(name, clause, found)):  # before either of its figures
        return got
    for kind in kinds:
        for f in found:
            if f["kind"] != kind:
                continue
            if kind == "law":
                return _term(name, f["text"], jurisdiction(f["text"])) if jurisdiction(f["text"]) else None
            if kind == "multiple":  # a basis ("the fees paid in the prior 12 months") is its own words
                return _term(name, f["text"])
            figs = figures.extract(f["text"], 0)
            dur = next((days(float(g["value"]), g["unit"]) for g in figs if g["kind"] == "duration"), None)
            dur = 0.0 if dur is None and f["text"].lower().startswith(("immediately", "effective immediately")) else dur  # no time at all
            dur = 1.0 if dur is None and _NEXT_DAY.match(f["text"]) else dur
            if kind in ("notice_period",) and dur is None:
                continue
            if kind == "notice_period" and SHORTER_THAN.match(f["text"]):  # a bound, not the period (the fact is quoted from it)
                return _term(name, f["text"])
            if kind == "duration" and dur is None:  # "during the term": as long as the contract; "... and thereafter": with no end
                return _term(name, f["text"], NO_END if _THEN_ON.search(f["text"]) else "term") if "term" in f["text"].lower() or "agreement" in f["text"].lower() else None
            if dur is not None and kind != "quantity":  # "50,000 units within the period of three (3) years" is no time
                return _term(name, f["text"], dur, "days")
            money = next((g for g in figs if g["kind"] in ("amount", "percent")), None)
            return _term(name, f["text"], money["value"] if money else None, money["unit"] if money else None)
    return None


_LAST_ALTERNATIVE = re.compile(r"[^.;]{0,200}?\s(?:and|or)\s+\((?:b|ii|2|B|II)\)\s[^;]{1,250}?(?=[.;](?:\s|$)|,\s|$)", re.I)


def _comparison(name: str, clause: str, found: list[dict]) -> dict | None:
    """A term that is the lesser or greater of two figures, quoted from "the lesser of" to the
    end of the last figure after it in the same sentence; it has no one value (neither figure
    alone is the cap)."""
    for f in found:
        start = clause.find(f["text"])
        if f["kind"] != "multiple" or start < 0 or not _COMPARE.match(f["text"]):
            continue
        end = start + len(f["text"])
        for g in found:
            at = clause.find(g["text"], end)
            if g is not f and g["kind"] in ("amount", "percent", "multiple") and at >= 0 and not _SENTENCE_END.search(clause[end:at]):
                end = max(end, at + len(g["text"]))
        # on through the last alternative ("the greater of (a) $1,000,000 and (b) the fees paid in the twelve months preceding the claim")
        if (last := _LAST_ALTERNATIVE.match(clause, start)) and last.end() > end:
            end = last.end()
        return None if HALF.search(clause[start:end]) else _term(name, clause[start:end].rstrip(" ,"))
    return None


_NON_RENEWAL = re.compile(r"\bnon-?\s?renew\w*|\bnot\s+(?:to\s+)?(?:renew|extend)\b", re.I)


# A clause that names its own notice with no period ("This Agreement may be terminated by Company at any time upon written notice to
# FIIOC") states none; the period of the right beside it ("FIIOC may terminate ... upon ninety (90) days' written notice") is not its
# (NYLIAC service agreement, CUAD train, read on the final page: "not in this clause's own words; the text beside it states one").
_OWN_NOTICE = re.compile(r"\b(?:upon|on|by|with|after|following|giving)\s+(?:(?:prior|advance|written|giving|the\s+other\s+party)\s+){0,3}notice\b", re.I)


def terms(category: str, clause: str, facts: list[dict] | None = None, around: str = "") -> list[dict]:
    """The clause's terms for ``category``: ``{"name", "stated", "text", "value", "unit"}``
    each, ``text`` an exact slice of ``clause``. Categories without terms give ``[]``.
    ``facts``: ``risk.facts(category, clause)`` when the caller has them already; ``around``:
    the text beside the clause, which a term it lacks may be stated in (it then says nothing,
    not "not stated")."""
    if category not in SPEC:
        return []
    found = risk.facts(category, clause) if facts is None else facts
    out = []
    beside: set[str] | None = None  # the terms the text around the clause states: read once, when needed
    for name, how in SPEC[category]:
        kind, _, arg = how.partition(":")
        if kind == "period":
            got = _period(name, arg, clause)
        elif kind == "date":
            got = _end_date(name, clause)
        elif name == "restriction_period":  # a period after the contract ends, else "during the term"; no window to act
            got = _period(name, "after", clause) or _hidden_after(name, clause) or _fact(name, ["duration"], clause, [f for f in found if not _window(f, clause)])
        elif category == "Termination For Convenience":  # a notice of non-renewal is no notice to end at will (CUAD train: VISIUM)
            got = _fact(name, arg.split(","), clause, [f for f in found if not (f["kind"] == "notice_period" and _NON_RENEWAL.search(f["text"]))])
        else:
            got = _fact(name, arg.split(","), clause, found)
        if got is None and name in OPTIONAL:
            continue
        if got is None:
            got = {**_term(name, said), "redacted": True} if (said := redaction(name, how, clause)) else None
        if got is None:
            could = could_state(how, clause) or bool(_ANNIVERSARY.search(clause)) or elsewhere(name, clause)
            if not could and around and not (name == "notice_period" and _OWN_NOTICE.search(clause)):
                beside = {t["name"] for t in terms(category, around) if t["stated"]} if beside is None else beside
                could = "beside" if name in beside else False  # said as such: "the next sentence caps it" is no unread figure
            got = _term(name, None, stated=None if could else False) | ({"beside": True} if could == "beside" else {})
            # "this Agreement is valid for an indefinite term" states no length because it has none (ZTO EXPRESS, CUAD train, on the
            # final page: "term length: not stated in this clause" under a row that read "none, it runs with no fixed end")
            got |= {"open_ended": said} if got["stated"] is False and (said := open_ended(category, clause)) else {}
        out.append(got)
    either = ALTERNATIVES.get(category, ())
    if any(t["stated"] for t in out if t["name"] in either):
        out = [t for t in out if t["stated"] or t["name"] not in either]
    elif open_ := [t for t in out if t["name"] in either and t.get("open_ended")]:  # no end: said once, of the length
        out = [t for t in out if t is open_[0] or t["name"] not in either]
    return out

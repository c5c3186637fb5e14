"""The grounds of a termination: for cause (a breach, a default, an insolvency, a change of control,
a death) or without (for convenience, at will, on notice alone). Read by the definitions (a
Termination For Convenience that is for cause only is none) and by what is quoted instead of an
absent one (``instead``). Pure functions over text.
"""

from __future__ import annotations

import re

from shared.clauses.catalogue import FOR_CAUSE

# A termination whose only grounds are a breach, a default or an insolvency is for cause, not
# for convenience, whatever its words score ("B. Either Party may terminate ... in the event of a
# material breach ... which remains uncured"). On CUAD train 1 of 123 labelled Termination For
# Convenience clauses reads so (a right on notice and one for breach, as items (i) and (ii)).
# A change of control is such a ground too (DYNAMEX: "In the event of a change in control of a Party,
# the other Party shall have the right ... to terminate"): no Termination For Convenience label of
# CUAD train names one.
# So are a death or a disability ("The Company may terminate the Consultant's engagement upon the
# Consultant's Disability": SLINGERBAG): no train label names one either.
GROUNDS = re.compile(rf"\b(?:{FOR_CAUSE}|change\s+(?:in|of)\s+(?:the\s+)?control|death|dies|disab\w*|incapacit\w*)\b", re.I)
_ANY_TIME = re.compile(r"\b(?:at\s+)?any\s+time\s+(?:upon|on|by|with|after)\b(?!\s+the\s+occurrence)", re.I)  # "at any time upon the occurrence of any of the following events": for cause
# An end for any reason; a party that "ceases for any reason to carry on business" gives a ground, no such end (CARDAX, CUAD train,
# on the final page). Read here and by ``instead``.
ANY_REASON = r"(?<!ceases )(?<!cease )(?<!ceasing )\bfor\s+(?:any|no)\s+reason"
_WITHOUT_CAUSE = re.compile(
    r"\bwithout\s+cause|" + ANY_REASON + r"|\bfor\s+(?:its|their|his|her)?\s*convenience|\bat\s+(?:its|their|his|her)\s+(?:sole\s+)?(?:discretion|option|election)"
    r"|\bin\s+(?:its|their)\s+sole\s+discretion|\bwith\s+or\s+without\s+cause|\bdesires?\s+to\s+terminate|\bfor\s+whatever\s+reason|\bwithout\s+(?:any\s+)?(?:reason|liability|penalty)"
    r"|\bat\s+will\b|\bat\s+the\s+(?:sole\s+)?option\s+of|" + _ANY_TIME.pattern, re.I)
# "at any time on notice" gives a right without cause unless the cause is named beside it ("may
# terminate ... for Cause at any time on written notice").
_NAMED_CAUSE = re.compile(r"\bfor\s+cause\b", re.I)
# ... or where the notice comes with a time to cure: "Either party may terminate this Agreement, effective at any time after providing sixty
# days written notice and an opportunity to cure ..., in the event of a material failure of the other party" (KING PHARMACEUTICALS, CUAD
# train, read on the final page: a weak Termination For Convenience card that "meets" the playbook)
_TO_CURE = re.compile(r"\bnotice\s+and\s+(?:an?\s+|the\s+)?(?:opportunity|right|chance|time|period)\s+to\s+cure\b", re.I)


def for_cause_only(text: str) -> bool:
    """Whether a termination clause's only grounds are for cause."""
    without = [m for m in _WITHOUT_CAUSE.finditer(text) if not (_ANY_TIME.match(m.group()) and (_NAMED_CAUSE.search(text, max(0, m.start() - 40), m.end())
                                                                                                  or _TO_CURE.search(text, m.end(), m.end() + 80)))]
    return bool(GROUNDS.search(text)) and not without and notice_alone(text) is None


# An end both parties must agree to is no right of either: "(b) The parties may terminate this Agreement at any time by written
# agreement" (VAPOTHERM, CUAD train, read on the final page: a Termination For Convenience card, "not decided" on its notice). None
# of CUAD's labelled Termination For Convenience clauses (train and dev) names an end by agreement.
_AGREED = re.compile(r"(?:\bat\s+any\s+time\s+)?\b(?:by|upon|with|through)\s+(?:the\s+)?(?:(?:mutual|written|express|joint)\s+){1,2}(?:agreement|consent)\b"
                     r"(?:\s+(?:in\s+writing\s+)?of\s+(?:the|both|all)\s+(?:parties|partners)\b)?|(?:\bat\s+any\s+time\s+)?\b(?:by|upon|with)\s+(?:the\s+)?(?:agreement|consent)\s+of\s+(?:the|both|all)\s+"
                     r"(?:parties|partners)\b|\bby\s+mutual\s+\w+|\bmutually\s+agree\w*|\bparties\s+(?:may\s+|shall\s+)?(?:mutually\s+)?agree\s+(?:in\s+writing\s+)?to\s+terminat\w*", re.I)


def by_agreement_only(text: str) -> bool:
    """Whether a termination clause's only end without cause is one both parties agree to; an end for cause beside it is none."""
    rest = _AGREED.sub(" ", text)
    on_notice = notice_alone(rest) is not None or bool(_NOTICE.search(rest) and not GROUNDS.search(rest))  # "(b) by Licensee upon ninety (90) days' notice"
    return rest != text and not _WITHOUT_CAUSE.search(rest) and not on_notice


# One of a list of rights that is an end on notice alone: "This Agreement shall be terminable as follows: (a) In the event
# that a party hereto commits a material breach ...; (b) ... fails to pay ...; (c) In accordance with the provisions of
# Section 8.03; or, (d) Either party hereto may terminate this Agreement after the Initial Period upon at least six (6)
# months' prior written notice" (CCA INDUSTRIES, CUAD train, read on the final page: the labelled right was left out as
# for cause, and a card quoted only the fee for a shorter notice). A piece (an item or a sentence) that gives a right to
# terminate on a notice period and names neither a ground nor a condition ("if", "in the event", a lead-in's colon).
# Over the 3,613 CUAD train sentences that name termination, 4 read for cause only before and not now, each a right on notice.
# An item is lettered or in roman numerals, after a stop, a comma, "or"/"and" or a line's start ("six (6) months" is no item).
_ITEM = r"(?:(?<=^)|(?<=[;:,.]\s)|(?<=\n)|(?<=\bor\s)|(?<=\band\s))\((?:[a-z]|[ivx]{1,4})\)\s"
_RIGHT = re.compile(r"\b(?:may|can|shall\s+(?:have\s+the\s+right|be\s+entitled)\s+to|is\s+entitled\s+to|has\s+the\s+right\s+to)\b[^.;]{0,60}?\bterminat\w*", re.I)
_NOTICE = re.compile(r"\b(?:days?|months?|years?)['’]?\s+(?:\w+\s+){0,3}?notice\b", re.I)
_CONDITION = re.compile(r"\bif\b|\bin\s+the\s+event\b|\bupon\s+the\s+occurrence|\bin\s+case\b|\bshould\b|\bwhere\b|\bunless\b|\bfollowing\b|\bas\s+follows\b|:\s*$", re.I)


def notice_alone(text: str) -> str | None:
    """The piece of ``text`` (an item or a sentence) that gives a right to terminate on notice alone; None if none does."""
    for piece in re.split(rf"(?<=[.;])\s+|{_ITEM}", text):
        if piece and _RIGHT.search(piece) and _NOTICE.search(piece) and not GROUNDS.search(piece) and not _CONDITION.search(piece):
            return piece
    return None


# A right to end on notice at any time, with no period and no ground ("Hydron shall have the right to terminate this Agreement upon
# written notice to Dolphins at any time between November 1, 1997 and December 15, 1997": HYDRON sponsorship, CUAD train, read on the
# final page, where the absent Termination For Convenience was said to be "for cause only").
_AT_ANY_TIME = re.compile(r"\b(?:upon|on|by|with)\s+(?:\w+\s+){0,2}?notice\b[^.;]{0,80}?\bat\s+any\s+time\b|\bat\s+any\s+time\b[^.;]{0,80}?\b(?:upon|on|by|with)\s+(?:\w+\s+){0,2}?notice\b", re.I)


def at_will(text: str) -> bool:
    """Whether a sentence of ``text`` gives a right to terminate on notice at any time, on no ground and no condition."""
    return any(_RIGHT.search(p) and _AT_ANY_TIME.search(p) and not GROUNDS.search(p) and not _IF.search(p) for p in re.split(r"(?<=[.;])\s+", text))


_IF = re.compile(r"\bif\b(?!\s+any\b)|\bin\s+the\s+event\s+(?:of|that)\b|\bupon\s+the\s+occurrence|\bin\s+case\b|\bshould\b|\bunless\b|\bas\s+follows\b|:\s*$", re.I)  # not "following the last game, if any"

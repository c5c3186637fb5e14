"""What a clause disclaims instead of giving: a grant, a minimum, a right of first refusal, a
restriction or a benefit to others said not to exist ("No license ... is granted", "There shall be
no minimum amounts due", "Nothing in this Agreement shall prohibit ...", "No third party is intended
to be ... a third party beneficiary"), and an exception that excepts nothing. CUAD's definitions ask
for the thing itself, so such text is no clause of the category whatever its score
(``shared.clauses.definitions`` leaves it out). Each rule was checked on CUAD train's labelled
clauses (the share it keeps stands beside it) before it was measured on dev."""

from __future__ import annotations

import re
from collections.abc import Callable

def only(says: re.Pattern, unless: re.Pattern) -> Callable[[str], bool]:
    """Text that says ``says`` and nothing that ``unless`` names (a non-exclusive grant with nothing exclusive)."""
    return lambda text: bool(says.search(text)) and not unless.search(text)


# An item's number or letter before a clause's first word ("1.65 ", "(b) ").
LEAD = r"^\W*(?:\(\w{1,4}\)\s*|\d+(?:\.\d+)*\.?\s*)?"  # "1.16“Competing Product” means" (INNOVIVA): the number may lose its space


# A right of first refusal disclaimed ("... shall not constitute a right of first offer, right of first
# refusal ...": FIBROGEN) is none: no labelled clause of CUAD train disclaims one.
_NO_FIRST_RIGHT = re.compile(r"\b(?:not\s+(?:constitute|be\s+deemed|create|give\s+rise\s+to|grant|confer)|no)\s+(?:an?\s+|any\s+)?right\s+of\s+first", re.I)


# A minimum disclaimed ("There shall be no minimum amounts due …", "nothing in this Agreement requires
# AMAG to purchase any particular quantity": ANTARES) is none: no labelled Minimum Commitment clause of
# CUAD train (0 of 237) reads so, and 6 of the model's out-of-fold train findings did, all wrong.
_NO_MINIMUM = re.compile(r"(?:nothing|no\s+provision)\b[^.]{0,80}\b(?:require|obligat)|\bno\s+minimum\b|not\s+(?:be\s+)?(?:required|obligated)\s+to\s+(?:purchase|buy|order)", re.I)


# A grant disclaimed ("No license, right, or immunity is granted by either Party …", "Nothing in this
# Agreement will be construed as granting any rights under any patent …", "No title to the intellectual
# property in the Work is transferred"), or only warranted ("AGI warrants that it has the right and ability to grant the License":
# HOLIDAY RV) grants or assigns nothing: no labelled License Grant (0 of 434) or Ip Ownership Assignment (0 of 172) of CUAD
# train opens so; 7 of the model's out-of-fold train findings did, all wrong.
_NO_GRANT = re.compile(LEAD + r"(?:[A-Z][\w ]{0,40}\s)?(?:except\s+as\s+[^,]{0,80},\s*)?(?:no\s+(?:other\s+)?(?:licen[sc]es?|rights?|title|interest|ownership)\b[^.]{0,60}\b"
                       r"(?:is|are|shall\s+be|will\s+be|has\s+been|have\s+been)\s+(?:hereby\s+)?(?:granted|implied|conferred|assigned|transferred|conveyed)"
                       r"|nothing\b[^.]{0,120}\b(?:construed|deemed|interpreted)\b[^.]{0,60}\b(?:grant|confer|licen|assign|transfer|convey|vest)"
                       r"|(?!.*\bhereby\s+(?:grants?|assigns?)\b)(?:represents\s+and\s+)?warrants?\b[^;]{0,80}?\b(?:right|power|authority)\b[^;]{0,40}?\bto\s+(?:grant|assign))", re.I | re.S)


def disclaims_a_grant(text: str) -> bool:
    return bool(_NO_GRANT.match(text.strip()))


# A freedom is no restriction: "Nothing in this Agreement shall prohibit Co-Host from distributing
# competing products" (BEYOND.COM) opens none of CUAD train's labelled non-competes, exclusivities,
# no-solicits, non-disparagements or volume restrictions (0 of 555).
# "Nothing shall prohibit the Association ... from licensing ... to other companies" (FREEZE TAG) too.
_FREES = re.compile(LEAD + r"nothing\s+(?:(?:contained\s+)?(?:in|herein|under)\b[^.;]{0,60}?\b)?(?:shall|will|is\s+intended\s+to|may)\s+"
                    r"(?:be\s+(?:construed|deemed|interpreted)\s+(?:to|as)\s+)?(?:prohibit|prevent|restrict|preclude|limit|bar)", re.I)
RESTRICTIONS = ("Non-Compete", "Exclusivity", "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement", "Volume Restriction")


# So is a carve-out that opens by naming the restriction it limits ("The preceding sentence shall not
# prohibit NAI from ...": BEYOND.COM; "These exclusivity obligations will not limit Smith's right to
# appear ...": HALITRON) or that sets a party free ("... MBE will be free to use its own personnel ...":
# STAMPS.COM): an exception to a restriction, which CUAD files as a Competitive Restriction Exception
# for the three restrictions that category covers (CARVED_OUT_OF); none of their 378 labelled clauses
# in CUAD train reads so. A no-solicit of employees keeps its own ("The foregoing shall not preclude
# either party from employing any such employee ... who seeks employment ... in response to any
# general advertisement" is labelled with it): it has no other home.
_CARVED = re.compile(LEAD + r"(?:(?:notwithstanding|however)[^,]{0,80},\s*)?(?:the\s+(?:foregoing|preceding|above)|this\s+(?:section|paragraph|article|clause)"
                     r"|these\s+[\w\s]{0,40}?(?:obligations|restrictions|provisions)|such\s+[\w\s]{0,30}?(?:obligations|restrictions))\b[^.;]{0,80}?\b(?:shall|will|does|do)\s+not\s+"
                     r"(?:be\s+(?:construed|deemed|interpreted)\s+(?:to|as)\s+)?(?:prohibit|prevent|restrict|preclude|limit|bar|apply)|\b(?:will|shall)\s+be\s+free\s+to\b|\bas\s+freely\s+as\b"
                     r"|\b(?:shall|will|may)\s+not\s+be\s+(?:prevented|prohibited|restricted|precluded|barred|restrained)\s+from\b", re.I)  # "... and the Professional shall not be prevented from ... licensing others" (SPORT-HALEY)
CARVED_OUT_OF = ("Non-Compete", "Exclusivity", "No-Solicit Of Customers")


def frees_a_party(text: str) -> bool:
    return bool(_FREES.search(text.strip()))


def carves_out(text: str) -> bool:
    return bool(_CARVED.search(text.strip()))


# A third party's benefit disclaimed ("No third party is intended to be ... a third party beneficiary
# of this Agreement": BNL FINANCIAL; "Nothing in this Agreement is intended to confer benefits, rights
# or remedies unto any person or entity other than the Parties ...": NEOFORMA) gives no one outside the
# contract a right, which is what CUAD's Third Party Beneficiary asks. A disclaimer with an exception
# ("Except as set forth in Sections 10.3 and 10.4, nothing ...", "Other than Affiliates of a Party,
# nothing ...", "... unless otherwise provided in this AGREEMENT", "... for the sole benefit of the Parties
# ... and the Persons indemnified in Section 22") names or leaves room for one, and stays. None of CUAD train's 26 labelled clauses is a disclaimer without an exception.
_NO_BENEFIT = re.compile(r"\bno\s+(?:\w+\s+){0,2}third[\s-]+part(?:y|ies)\b|\bnothing\b[^.]{0,120}?\b(?:confer|create|give|benefit)"
                         r"|\bnot\b[^.]{0,40}?\b(?:confer|benefit|create|intended\s+to\s+be|deemed\s+to\s+be)"
                         r"|\bbenefit\s+of\s+the\s+parties\s+(?:hereto\s+)?only\b|\bsolely\s+for\s+the\s+benefit\s+of\s+the\s+parties\b", re.I)
_EXCEPT = re.compile(r"\b(?:except|exception|unless|save\s+as|notwithstanding|indemnif\w*)\b|\bother\s+than\s+(?!(?:the\s+)?(?:part(?:y|ies)|signator))", re.I)


def disclaims_a_beneficiary(text: str) -> bool:
    return bool(_NO_BENEFIT.search(text)) and not _EXCEPT.search(text)


# Exclusivity disclaimed ("Cano recognizes and agrees that it does not and will not have exclusive rights
# ...": CANO PETROLEUM; "This Agreement ... shall not be interpreted as granting Contractor any exclusive
# rights ...": NICE; "All rights not exclusively granted to SFJ are reserved ...": PHASEBIO) with no
# exclusivity said elsewhere in the clause. 2 of CUAD train's 204 labelled Exclusivity clauses read so
# ("Fox has not granted and will not grant any exclusive distribution rights ... to VGSL or any other
# party"; a licence that "shall become non-exclusive" after a date).
_NO_EXCLUSIVITY = re.compile(r"\b(?:does|do|will|shall|is|are|has|have)\s+not\s+(?:and\s+(?:will|shall)\s+not\s+)?(?:[\w.'’-]+\s+){0,4}?exclusiv"  # "does not agree to use BookingEntertainment.com exclusively" (VNUE)
                             r"|\bnot\s+(?:be\s+)?(?:interpreted|construed|deemed)\s+as\s+(?:granting|creating|giving)\s+(?:\w+\s+){0,3}?exclusiv|\bno\s+exclusiv|\bnot\s+exclusive(?:ly)?\b", re.I)
_NON_EXCLUSIVE = re.compile(r"\bnon[-\s]?exclusiv", re.I)  # a non-exclusive grant: no exclusivity, but no word that the contract has none
_EXCLUSIVE = re.compile(r"(?<!non-)(?<!non )(?<!not )\b(?:sole\s+and\s+)?exclusive(?:ly)?\b(?!\s+of\b)", re.I)
_DEALS_ONLY = re.compile(r"\bsole\b|\b(?:only|solely)\s+(?:from|to|with|through|by)\b|\bno\s+other\b|\brefrain|\bagrees?\s+not\b", re.I)  # "purchase only from Supplier"


def disclaims_exclusivity(text: str, *, grant: bool = True) -> bool:
    """Exclusivity disclaimed (``grant``: a non-exclusive grant counts too)."""
    said = _NO_EXCLUSIVITY.search(text) or (_NON_EXCLUSIVE.search(text) if grant else None)
    return bool(said) and not _DEALS_ONLY.search(text) and not any(m.start() < said.start() or m.start() > said.end() for m in _EXCLUSIVE.finditer(text))


# An exception carves something out of a restriction ("except for ...", "Nothing herein shall prevent
# ...", "... may continue to sell ...", "provided that ...") or says what keeps it ("to maintain the
# exclusivity granted hereunder, Zanotti shall provide Aura with orders for a minimum of ..."); a
# restriction in words of its own ("... the Licensee will not solicit any person employed by Licensor
# ...": SFG FINANCIAL) is the restriction, not its exception. None of CUAD train's 62 labelled
# Competitive Restriction Exception clauses is without one of these words.
_CARVES = re.compile(
    r"\b(?:except\w*|exclu(?:ding|ded?|sions?)|notwithstanding|provided|provisions?|nothing|other\s+than|unless|save|however|but|solely|only|outside|beyond"
    r"|permit\w*|may|free\w*|allow\w*|entitled|rights?|subject\s+to|consent|approv\w*|waive\w*|apply|applies|carve\w*|in\s+no\s+event"
    r"|limit\w*|restrict\w*|prohibit\w*|prevent\w*|not\s+be|(?:does|do|shall|will)\s+not\s+(?:include|apply)|does\s+not|do\s+not|minimum|maintain\w*|no\s+obligation)\b", re.I)


def carves_out_nothing(text: str) -> bool:
    return not _CARVES.search(text)


# Category -> text that says the contract has no such clause: an absence the contract itself states
# (``shared.clauses.findings.absent`` quotes it beside the absence). A freedom is not one: "The
# preceding sentence shall not prohibit ..." presumes the restriction it limits.
# A restriction on how a licence is used, with no word that grants ("The Company Marks must be used solely in connection with
# the activities authorized under this Agreement": FREEZE TAG; "Licensee will not sell, lease, lend, transfer ... the licensed
# programs": SFG FINANCIAL), grants nothing: 1 of CUAD train's 434 labelled License Grant clauses reads so.
_USE_LIMITED = re.compile(r"\b(?:shall|will|may|must|can)\s+not\b|\bcannot\b|\bdoes\s+not\s+have\b|\bno\s+right|\b(?:must|shall)\s+be\s+used\s+(?:solely|only)", re.I)
_GRANTS = re.compile(r"\bgrant|\blicen[cs]es?\b(?!\s+(?:agreement|fee))|\bright(?:s)?\s+(?:to|of|and\s+licen)|\bmay\s+(?!not\b)|\bauthori[sz](?!ed\s+under)|\bappoint"
                     r"|\bpermi(?:t(?!ted\s+(?:by|under))|ssion)|\bentitle|\bsublicens|\bfree\s+to\b|\bcan\s+(?!not\b)|\ballow|\bexcept\b|\bother\s+than\b|\bprovided\b", re.I)


limits_use_only = only(_USE_LIMITED, _GRANTS)


DISCLAIMERS: dict[str, Callable[[str], bool]] = {
    "Rofr/Rofo/Rofn": lambda text: bool(_NO_FIRST_RIGHT.search(text)), "Minimum Commitment": lambda text: bool(_NO_MINIMUM.search(text)),
    "License Grant": disclaims_a_grant, "Ip Ownership Assignment": disclaims_a_grant, "Third Party Beneficiary": disclaims_a_beneficiary,
    "Exclusivity": lambda text: disclaims_exclusivity(text, grant=False),
}
# Category -> what is no clause of it (``shared.clauses.definitions`` adds these to its rules).
RULES: tuple[tuple[str, Callable[[str], bool]], ...] = (*DISCLAIMERS.items(), ("Exclusivity", disclaims_exclusivity), ("License Grant", limits_use_only), *((c, frees_a_party) for c in RESTRICTIONS), *((c, carves_out) for c in CARVED_OUT_OF),
                                                        ("Competitive Restriction Exception", carves_out_nothing))

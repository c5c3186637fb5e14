"""What says nothing of when a contract expires, whatever the clause model scores it for Expiration
Date (:mod:`shared.clauses.definitions` adds these to its rules; the end for cause alone is there).
Each rule was checked on CUAD train's 269 labelled Expiration Date clauses first: none reads so."""

from __future__ import annotations

import re

from shared.clauses.disclaimers import only

# When a contract starts, with no word of its end ("This Agreement will become effective on the date a fully
# executed copy of this Agreement is received by Nationwide": AULAMERICAN; "This agreement shall ... take effect
# from the effective date": CHINA RECYCLING). A heading in capitals ("5. TERM This Agreement will be effective as
# of the Effective Date": REWALK) is no word of an end.
_STARTS = re.compile(r"\b(?:become|becomes|shall\s+be|will\s+be|is)\s+effective\b|\beffective\s+(?:as\s+of|on|upon)\b|\bcommenc\w*|\bcome\s+into\s+(?:force|effect)"
                     r"|\benter\s+into\s+force|\btakes?\s+effect\b", re.I)
_ENDS = re.compile(r"\b(?:terminat|expir|until|through|years?\b|months?\b|perpetu|indefinite|continu|remain|end\b|ending|period|(?-i:[Tt]erm)\b)", re.I)


says_only_when_it_starts = only(_STARTS, _ENDS)


# A renewal said after the initial term ends, with no word of that term's own length or date ("After the initial
# term, unless terminated, this Agreement will automatically renew for periods of one (1) calendar year each": LUCID;
# "Upon the expiration of such term, this Agreement will renew automatically ...": NEON SYSTEMS) is a Renewal Term.
_AFTER_TERM = re.compile(r"^\W*(?:\w{1,3}[.)]\s*)?(?:(?:after|upon|following|at)\s+(?:the\s+)?(?:(?:expiration|expiry|end|conclusion|completion)\s+of\s+)?"
                         r"(?:the\s+|such\s+|this\s+|said\s+)?(?:initial\s+|original\s+|first\s+)?term\b|unless\s+(?:either|one|a)\s+part)", re.I)
_RENEWS = re.compile(r"renew|year[\s-]+to[\s-]+year|extended\s+term|successive|additional\s+(?:term|period)", re.I)
_INITIAL = re.compile(r"initial\s+term\s+(?:of|shall|will)|for\s+a\s+(?:period|term)\s+of|shall\s+(?:expire|terminate|end)\s+on|until\s+(?:the\s+)?\w+\s+\d|\b(?:19|20)\d\d\b", re.I)


def renews_after_the_term(text: str) -> bool:
    return bool(_AFTER_TERM.search(text.strip())) and bool(_RENEWS.search(text)) and not _INITIAL.search(text)


# Severability ("If any ... clause ... shall be held to be ... invalid, illegal or otherwise voidable or unenforceable, ... the
# balance of this Agreement shall continue in full force and effect": HUBEI MINKANG) keeps the rest of the contract, it ends nothing.
_SEVERED = re.compile(r"\b(?:invalid|illegal|unenforceab\w*|void(?:able)?|severab\w*|sever(?:ed)?)\b", re.I)


def keeps_the_rest(text: str) -> bool:
    return bool(_SEVERED.search(text)) and not re.search(r"\b(?:expir\w*|until|years?|months?|anniversar\w*|perpetu\w*)\b", text, re.I)


# What outlasts the contract ("Regardless of any termination of this Agreement ..., the obligations of the Fund ... shall remain
# operative and in full force and effect until fully satisfied": NUVEEN; "... shall survive the expiration") is survival, no expiry.
_OUTLASTS = re.compile(r"\b(?:regardless|notwithstanding)\s+(?:of\s+)?(?:any\s+|the\s+)?(?:prior\s+)?(?:termination|expiration|expiry)\b"
                       r"|\bsurviv\w*\s+(?:any\s+|the\s+|such\s+)?(?:termination|expiration|expiry)|\bremain\s+operative\b", re.I)


def outlasts(text: str) -> bool:
    return bool(_OUTLASTS.search(text))


NO_EXPIRY = (says_only_when_it_starts, renews_after_the_term, keeps_the_rest, outlasts)

"""Clauses of another kind that the clause model reads as a category's: a restriction on assigning the
contract as a change of control, the shares a company states as revenue sharing, records kept as an
audit right, a minimum of meetings or insurance limits as a minimum commitment, a representation of what
has (not) been assigned or stands now as a restriction. :mod:`shared.clauses.definitions` adds these to its rules; each was checked on CUAD
train's labelled clauses of the category it rules out first (the share it rules out beside it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.clauses.disclaimers import only as _only


# Assigning the contract, with no word of control, a merger, a sale of the business or shares ("Neither party may assign or
# otherwise transfer its rights and/or obligations under this Agreement without the prior written consent of the other
# party": WEBHELP, DYNAMEX, SFG FINANCIAL) is an Anti-Assignment clause, no change of control: 0 of CUAD train's 127 labels.
_ASSIGNS = re.compile(r"\b(?:assign\w*|transfer\w*|delegat\w*|dispose\s+of)\b[^.;]{0,80}\b(?:this\s+agreement|its\s+rights|rights\s+(?:and|or|and/or)\s+obligations"
                      r"|rights\s+(?:under|hereunder)|obligations\s+(?:under|hereunder)|hereunder)|\b(?:this\s+agreement|rights)\b[^.;]{0,60}\b(?:assign|transfer)\w*", re.I)
_CONTROL = re.compile(r"control|merg|acqui|consolidat|substantially\s+all|ownership|owner|shares|stock|equity|voting|reorgani|operation\s+of\s+law|change\s+in"
                      r"|successor|sale\s+of\s+(?:the|its|all)|business|assets|bankrupt|insolv|death|dissol", re.I)

# Records kept, with no word of anyone seeing them ("Each Party will retain such records for [***] after the earlier of expiration
# ...": PHASEBIO), are no audit right: 1 of CUAD train's 380 labelled Audit Rights clauses reads so.
_SEEN = re.compile(r"audit|inspect|examin|review|access|verif|available|cop(?:y|ies)|enter|visit|observ|test|disclos|furnish|provide|deliver|submit|send|report|permit|allow", re.I)

# A company's shares stated or named ("The authorized capital stock of the Company consists of 15,000,000 shares ... par value
# $.01", "No shares ... have been or will be issued prior to the Closing Time": ALLIANCE BANCORP) share no revenue: 0 of 228 train labels.
_CAPITAL = re.compile(r"authori[sz]ed\s+(?:capital|share)|issued\s+and\s+outstanding|hereinafter\s+(?:called|referred\s+to\s+as)|\bpar\s+value\b"
                      r"|(?:shares|stock)\b[^.;]{0,60}\b(?:ha(?:ve|s)\s+been|will\s+be)\s+issued", re.I)
_PAID = re.compile(r"\bgrant|\bpa(?:y|id|yable|yment)|\baward|\bcompensat|\breceiv|\bconsideration|\broyalt|\brevenue|\bprofit|\bcommission|\bfees?\b|\bpercent|%|\bshare\s+(?:in|of)\b", re.I)

# A minimum of meetings or of notice, with no word of buying, supplying or paying ("the Board of Directors shall hold at least one
# (1) regular meeting in each calendar year": VALENCE; "at least 60 days' prior written notice": CURO), commits to no minimum:
# 1 of CUAD train's 237 labelled Minimum Commitment clauses reads so (a minimum of online conferences).
_MEETS = re.compile(r"\bmeetings?\b|\b(?:shall|will)\s+meet\s+with\b|\bin\s+advance\b|\badvance\s+notice|\bprior\s+(?:written\s+)?notice|\bat\s+a\s+minimum,", re.I)
_COMMERCE = re.compile(r"purchas|order|buy|sell|sale|supply|supplie|deliver|pa(?:y|id|yment)|fee|royalt|volume|quantit|units?\b|\$|revenue|target|guarant|impression"
                       r"|spend|commit|forecast|shortfall|take[\s-]or[\s-]pay|capacity|batches|product|performance|goal", re.I)

# Insurance limits, with no word of buying ("such insurance shall also have annual aggregate limits not less than $2,000,000":
# APOLLO), and what a document must contain at a minimum ("Each Purchase Order shall contain at a minimum, the following
# information": APOLLO) commit to no minimum: 0 of CUAD train's 237 labels read either way.
_INSURED = re.compile(r"\b(?:insurance|insured|insurers?)\b(?=.*\b(?:limits?|coverage|per\s+occurrence|polic(?:y|ies)|premiums?)\b)"
                      r"|\b(?:limits?|coverage|per\s+occurrence|polic(?:y|ies)|premiums?)\b(?=.*\b(?:insurance|insured|insurers?)\b)", re.I | re.S)
_BOUGHT = re.compile(r"purchas|order|\bbuy|royalt|revenue|\bsales?\b|\bunits?\b|volume|quantit|impression|spend|forecast|take[\s-]or[\s-]pay", re.I)
_CONTENTS = re.compile(r"\b(?:contain|include|set\s+forth|specify|state)\w*,?\s+at\s+a\s+minimum\b|\bat\s+a\s+minimum,?\s+(?:the\s+following|include|contain)", re.I)


def _no_commitment(text: str, meets=_only(_MEETS, _COMMERCE), insured=_only(_INSURED, _BOUGHT)) -> bool:
    return meets(text) or insured(text) or bool(_CONTENTS.search(text))


# A representation of what has been done or stands ("... have not conveyed, transferred, assigned, pledged or hypothecated any
# of their respective equity interests"; "neither of the Transaction Entities ... is currently prohibited, restricted or limited
# in its respective ability to pay ... dividends": BLUEROCK) restricts nothing from now on: no CUAD train label reads so.
_HAS_NOT = re.compile(r"\bha(?:ve|s)\s+not\s+(?:been\s+)?(?:[a-z]+,?\s+(?:or\s+)?){0,3}?(?:conveyed|transferred|assigned|pledged)", re.I)
_IS_NOT_NOW = re.compile(r"\b(?:is|are)\s+(?:not\s+)?(?:currently|presently)\s+(?:prohibited|restricted|limited|bound)", re.I)

# "Exclusive" said only of a forum, a remedy, an owner or a discretion ("THE PARTIES HEREBY IRREVOCABLY SUBMIT TO THE EXCLUSIVE
# JURISDICTION": BLOOM ENERGY; "its sole and exclusive remedy") deals with no one exclusively: 0 of CUAD train's 204 labels.
_EXCLUSIVE = re.compile(r"exclusiv\w*", re.I)
_NOT_DEALING = re.compile(r"\bexclusive\s+(?:jurisdiction|venue|forum|remed(?:y|ies)|means|property|owner\w*|right,?\s+title|control|responsibility"
                          r"|discretion|judge|authority|use\s+and\s+benefit)", re.I)


def _exclusive_elsewhere(text: str) -> bool:
    said = len(_EXCLUSIVE.findall(text))
    return bool(said) and len(_NOT_DEALING.findall(text)) == said


RULES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("Exclusivity", _exclusive_elsewhere),
    ("Minimum Commitment", _no_commitment),
    ("Anti-Assignment", lambda text: bool(_HAS_NOT.search(text))),
    ("Non-Compete", lambda text: bool(_IS_NOT_NOW.search(text))),
    ("Change Of Control", _only(_ASSIGNS, _CONTROL)),
    ("Audit Rights", lambda text: not _SEEN.search(text)),
    ("Revenue/Profit Sharing", _only(_CAPITAL, _PAID)),
)

"""What comes before or beside a contract's terms and states none of them: its title and the
sentence that names the parties, the recitals that say why they contract, a filing's legend, a
definition that only points elsewhere. None is a clause of any category, whatever the clause
model scores it (``shared.clauses.definitions`` leaves them out of every category). Each pattern
matches no labelled clause of CUAD train (``tests/unit/test_findings.py`` checks it)."""

from __future__ import annotations

import re

from shared.clauses.disclaimers import LEAD

# A recital ("WHEREAS, Licensee wishes to obtain from Licensor ... the right and license to use ...") says why the parties
# contract, not what they agree (ATENTO, BIOFRONTERA, BNL FINANCIAL); so does one under a lettered list of recitals that
# says what a party wants ("C. Distributor desires to obtain the exclusive right to distribute the Products ...":
# INNERSCOPE), not a condition ("If the Company wishes to purchase ...", a right of first refusal).
_RECITAL = re.compile(LEAD + r"(?:(?-i:WHEREAS|Whereas)\b|(?:[A-Z]\.\s+)?(?!(?:if|when|where|whenever|should|unless|in|to)\b)"
                      r"(?:the\s+)?(?-i:[A-Z][\w-]*)(?:\s+(?-i:[A-Z][\w-]*)){0,3}\s+(?:desires?|wish(?:es)?)\s+to\b(?![^.]*\b(?:shall|will|agrees?|hereby)\b))", re.I)


# The contract's title and the sentence that names its parties ("EXCLUSIVE DISTRIBUTOR AGREEMENT This agreement (“Agreement”)
# is made by and between Erchonia Corporation.", "... This Distributor Agreement (the ‘Agreement’) dated [*] is between Lucid
# Inc.": INNERSCOPE, LUCID, both quoted as Exclusivity for the title's word).
_PREAMBLE = re.compile(r"^\W*(?-i:[A-Z0-9][A-Z0-9\s&,.()-]{3,80}\s+)?(?:this|the)\s+(?:[\w-]+\s+){0,5}?agreement\b\s*,?\s*(?:\([^)]{0,60}\)\s*,?\s*)?"
                       r"(?:(?:is\s+|was\s+|has\s+been\s+)?(?:made|entered|dated|executed|between)\b[^.]{0,160}?\b(?:between|among|amongst)\b"
                       r"|(?:shall\s+be\s+|is\s+)?effective\s+as\s+of\b[^;]{0,120}?\bby\s+and\s+(?:between|among)\b)"  # "... shall be effective as of _Dec. 8, 2005 ..., by and between" (LEGACY)
                       # the parties numbered ("ESCROW AGREEMENT: DATED: Between: (1) [-1] whose registered office is at ...") and one of
                       # them named ("(2) [-4] ("the Licensee"); and": HEALTHGATE's escrow form, both Source Code Escrow cards)
                       r"|^[\s\S]{0,300}?\bbetween\s*:?\s*\(1\)|^\W*\(\d\)\s+[^.;]{0,160}?\((?:the\s+)?[\"“'‘](?:the\s+)?[A-Z][\w-]*[\"”'’]\)\s*[;,]", re.I)


# A filing's legend ("CERTAIN INFORMATION HAS BEEN EXCLUDED FROM THIS EXHIBIT BECAUSE IT IS NOT MATERIAL ...": GPAQ).
_LEGEND = re.compile(r"^\W*(?:\[?\*+\]?\s*)?(?:certain\s+)?(?:confidential\s+)?(?:information|portions?)\s+(?:\S+\s+){0,8}?(?:has|have)\s+been\s+(?:excluded|omitted|redacted)"
                     r"|^\W*confidential\s+treatment\s+(?:has\s+been\s+)?requested", re.I)


# A definition that only points elsewhere ("1.65 “Minimum Top Target Requirement” has the meaning set forth in Exhibit B":
# IMMUNOMEDICS; "“Employer's Interest in the Policies” is defined in Articles IV and V.": PRUDENTIAL BANCORP).
_POINTER = re.compile(LEAD + r"(?:[\"“][^\"”]{1,80}[\"”]|['‘][^'’]{1,80}['’])\s+(?:(?:has|shall\s+have|will\s+have)\s+the\s+meaning|(?:is|are|shall\s+be)\s+defined\s+in\b)", re.I)


def not_the_contract(text: str) -> bool:
    """A title and the parties' names, a recital, a filing's legend or a definition that points
    elsewhere: no clause of any category."""
    return any(pattern.match(text.strip()) for pattern in (_RECITAL, _PREAMBLE, _LEGEND, _POINTER))

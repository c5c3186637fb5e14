"""What a clause is not, by its category's definition: text the clause model scores for a
category that CUAD's definition of the category rules out, whatever its score (a termination
for cause is no Termination For Convenience; a term that renews nothing is no Renewal Term; a
cap that excepts nothing is no Uncapped Liability). :func:`shared.clauses.findings.clause_ranges`
leaves such clauses out."""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.clauses import risk
from shared.clauses.catalogue import FOR_CAUSE


# A termination whose only grounds are a breach, a default or an insolvency is for cause, not
# for convenience, whatever its words score ("B. Either Party may terminate ... in the event of a
# material breach ... which remains uncured"). On CUAD train 1 of 123 labelled Termination For
# Convenience clauses reads so (a right on notice and one for breach, as items (i) and (ii)).
_FOR_CAUSE = re.compile(rf"\b(?:{FOR_CAUSE})\b", re.I)
_WITHOUT_CAUSE = re.compile(
    r"\bwithout\s+cause|\bfor\s+(?:any|no)\s+reason|\bfor\s+(?:its|their|his|her)?\s*convenience|\bat\s+(?:its|their|his|her)\s+(?:sole\s+)?(?:discretion|option|election)"
    r"|\bin\s+(?:its|their)\s+sole\s+discretion|\bwith\s+or\s+without\s+cause|\bdesires?\s+to\s+terminate|\bfor\s+whatever\s+reason|\bwithout\s+(?:any\s+)?(?:reason|liability|penalty)"
    r"|\bat\s+will\b|\bat\s+the\s+(?:sole\s+)?option\s+of|\b(?:at\s+)?any\s+time\s+(?:upon|on|by|with|after)\b", re.I)


def for_cause_only(text: str) -> bool:
    """Whether a termination clause's only grounds are for cause."""
    return bool(_FOR_CAUSE.search(text)) and not _WITHOUT_CAUSE.search(text)


# A renewal says so: on CUAD train 131 of 135 labelled Renewal Term clauses have one of these
# words (of the four without, two are mislabelled data-protection text); a term that runs "one
# (1) year, commencing January 1, 2008 and ending on December 31, 2008" renews nothing.
_RENEWS = re.compile(r"\b(?:renew\w*|extend\w*|extension|successi\w*|continu\w*|additional|automatic\w*|thereafter|roll\w*|further\s+(?:term|period)s?)\b", re.I)


def renews_nothing(text: str) -> bool:
    return not _RENEWS.search(text)


def excepts_nothing(text: str) -> bool:
    """Whether a liability clause states no exception to its limits ("... shall not apply to",
    "except for", "Nothing in this Section shall limit", "Subject to Section 17(c)"). CUAD's
    Uncapped Liability is such an exception: on CUAD train 87 of 89 labelled clauses state one;
    a plain cap ("IN NO EVENT SHALL LICENSOR'S ... LIABILITY ... EXCEED ONE HALF OF THE AMOUNT
    PAID") is none."""
    return not any(f["kind"] == "carve_out" for f in risk.facts("Uncapped Liability", text))


# Category -> what makes text scored for it no such clause by CUAD's definition, whatever its score.
NOT_A_CLAUSE: dict[str, Callable[[str], bool]] = {
    "Termination For Convenience": for_cause_only,
    "Renewal Term": renews_nothing,
    "Uncapped Liability": excepts_nothing,
}

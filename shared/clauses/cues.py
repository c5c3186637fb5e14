"""The words that name a clause by its category's definition, for the rare categories where the clause
model is thin: a unit that says them ("shall not contest the validity of", "right of first refusal",
"an irrevocable, perpetual license") is a candidate at the category's threshold whatever its score, so
the clause is listed (as a weak match, its confidence the threshold's) rather than said to be absent.

Each cue was measured on CUAD train's units before dev was read: of the units it names that could be
cards (not bare, not ruled out by the category's definition), the share labelled for the category
(beside each cue; tests/unit/test_cues.py checks it is at least half). Measured on dev and not kept:
"change of control" (26 of 51 on train) added seven wrong Change Of Control cards and found no
labelled clause more; "liquidated damages" (22 of 36) one labelled clause for three wrong cards and
no category less "not found"; a notice before the end of the term (26 of 39) changed nothing.
:meth:`shared.clauses.findings.Scored.column` applies the cues; the presence model still reads the
model's own scores, and a contract it judges not to have the category lists only the units that say the
cue (BABCOCK's and SPORT-HALEY's unlimited licences were judged absent: two labelled clauses found, no
wrong card more on dev).
"""

from __future__ import annotations

import re

import numpy as np

# category -> cue; the share of CUAD train's candidate units it names that are labelled for the category, beside it
CUES: dict[str, re.Pattern] = {cat: re.compile(rx, re.I) for cat, rx in (
    # "Licensee shall not contest the validity of the Licensed Marks", "covenants not to sue" (29 of 36)
    ("Covenant Not To Sue", r"\b(?:shall|will|may|agrees?\s+(?:that\s+it\s+(?:shall|will)\s+)?)\s*not\b[^.;]{0,80}\b(?:contest|challenge|dispute|attack|oppose)\b"
                            r"[^.;]{0,80}\b(?:validity|ownership|title|enforceability|rights?)\b|\bcovenants?\s+not\s+to\s+sue\b"),
    ("Rofr/Rofo/Rofn", r"\bright\s+of\s+first\s+(?:refusal|offer|negotiation)|\bfirst\s+right\s+(?:of\s+refusal|to\s+(?:negotiate|purchase|acquire|offer))"),  # 44 of 68
    ("Irrevocable Or Perpetual License", r"\b(?:irrevocable|perpetual)\b[^.;]{0,120}\b(?:sub)?licen[cs]e[sd]?\b"),  # 49 of 64
    ("Source Code Escrow", r"\bsource\s+code\b[^.;]{0,100}\bescrow|\bescrow\b[^.;]{0,100}\bsource\s+code"),  # 16 of 27
    ("Joint Ip Ownership", r"\bjointly[\s-]+own(?!ed\s+(?:entit|compan|subsidiar|venture))|\bjoint\s+owners?\b|\bco-?own"),  # 22 of 39
    # "The Company shall have unlimited rights of utilization of the Professional's Image" (4 of 8)
    ("Unlimited/All-You-Can-Eat-License", r"\bunlimited\b(?![^.;]{0,40}\bright\s+to\s+enter)[^.;]{0,80}\b(?:licen|copies|users|right|use)|\b(?:licen|right)[^.;]{0,80}\bunlimited\b"),
    # a right to end on a period's notice ("may terminate this Agreement upon ninety (90) days' prior written notice"), or at a
    # party's option ("shall terminate (a) at the option of any party, upon 90 days' advance written notice"): 12 of 18
    ("Termination For Convenience", r"\b(?:may|right\s+to|entitled\s+to|option\s+to)\s+(?:\w+\s+){0,3}?terminat\w*\b[^.;]{0,150}?\b(?:upon|on|by|with|after|giving|providing)\s+"
                                    r"(?:\w+\s+){0,6}?(?:days?|months?)['’]?\s+(?:(?:prior|advance|advanced|written)\s+){0,3}(?:notice|notification)"
                                    r"|\bterminat\w*\s+(?:\w+\s+){0,6}?at\s+the\s+option\s+of|\bat\s+the\s+option\s+of\s+(?:any|either)\s+party"),
    ("No-Solicit Of Employees", r"\bsolicit\w*\b[^.;]{0,80}\b(?:employ|hire|personnel|staff)"),  # 24 of 31
    ("Third Party Beneficiary", r"\bthird[\s-]+party\s+beneficiar|\bintended\s+beneficiar|\brights\s+of\s+third\s+parties\s+act"),  # 20 of 38
)}


def matches(category: str, texts: list[str]) -> np.ndarray | None:
    """Per text, whether it says ``category``'s cue; None for a category with no cue."""
    cue = CUES.get(category)
    return None if cue is None else np.array([bool(cue.search(t)) for t in texts], bool)

"""Titles and bare units: what opens a section, and what cannot be a clause on its own.

A section title ("12. Limitation of Liability.", "GOVERNING LAW") is read by the splitter (a
numbered title is the next section, not a list's item) and by the findings (a title, a contents
line or a scrap of a table is never quoted as a clause by itself).
"""

from __future__ import annotations

import re

from shared.documents import cjk

# A heading: a numbered or upper-case title of a few words ("12. Limitation of Liability.",
# "ARTICLE 9 - INDEMNIFICATION", "Governing Law:"), on its own or opening a clause.
_HEADING = re.compile(
    r"^(?:(?:ARTICLE|Article|SECTION|Section)\s+)?(?:[0-9IVX]{1,4}(?:\.\d{1,3})*\.?\s*[-—:]?\s+)?"
    r"((?:[A-Z][A-Za-z'’/&-]*|of|and|or|to|the|for|in|on|by|with|a|an)(?:[ \t]+(?:[A-Z][A-Za-z'’/&-]*|of|and|or|to|the|for|in|on|by|with|a|an)){0,7})[.:\-—]?(?=\s|$)"
)


# A line of a table of contents: a title and its page number, no stop ("13.4 Limitation of Liability 33"),
# the contents page's own number after it ("7.1 Termination Prior to the Effective Date 15 -i-").
_PAGE_AT_END = re.compile(r"\s\d{1,3}(?:\s+-\s*(?:[ivxlc]+|\d{1,3})\s*-)?$")
_LETTER = re.compile(r"[A-Za-z]")
# A longer one is numbered and in title case ("9.2 TPH-A’s Right to Require the Purchase of the
# Shares from FSL or AFSL 20"): on CUAD train 23 units more read so, none of them a labelled clause.
NUMBERED = re.compile(r"^\W{0,2}(?:(?:section|article)\s+)?\d{1,2}(?:\.\d{1,3})*\.?\s", re.I)


def _contents(line: str) -> bool:
    words = line.split()
    page = _PAGE_AT_END.search(line) if len(words) <= 22 else None
    # words, and no stop, between the last stop and the page number (in linear time)
    if not page or not _LETTER.search(line, max(line.rfind(c, 0, page.start()) for c in ".;:!?") + 1, page.start()):
        return False
    if len(words) < 14:
        return True
    long = [w for w in words if len(re.sub(r"\W", "", w)) >= 4]
    return bool(NUMBERED.match(line)) and bool(long) and sum(w[0].isupper() for w in long) >= 0.6 * len(long)


# A contents page without page numbers, its lines run together ("Exercise of Option 15.4.2 No Waiver 15.4.3 Unauthorized Transfer
# Void 15.4.4 Sale; BKC Consent 15.5 ...": INTERNATIONAL FAST FOOD, CUAD train, on the final page): four section numbers or more
# before titles, and no verb of a clause; no labelled clause of CUAD (train or dev) reads so.
_SECTION_NUMBER = re.compile(r"(?<![\w.])\d{1,2}(?:\.\d{1,3}){1,3}\.?(?=\s*[A-Z(])")
_CLAUSE_VERB = re.compile(r"\b(?:shall|will|may|must|is|are|agrees?|hereby)\b", re.I)
BARE_WORDS = 8  # a unit of fewer words is a title, a label or a scrap of a table, not a clause


def bare(text: str) -> bool:
    """Whether ``text`` cannot be a clause on its own: fewer than ``BARE_WORDS`` words (in CJK
    text, two characters count as a word), a section title with at most three words after it,
    or a line of a table of contents. On CUAD train, 5 of 915 such units the clause model scored
    over a threshold were a labelled clause."""
    t = text.strip()
    n = len(cjk.unspace(t)) // 2 if cjk.has_cjk(t) else len(t.split())
    if n < BARE_WORDS:
        return True
    title = heading(t)
    if title and n <= 12 and len(t[t.find(title) + len(title):].split()) <= 3:
        return True
    line = " ".join(t.split())
    if len(_SECTION_NUMBER.findall(line)) >= 4 and not _CLAUSE_VERB.search(line):  # contents without page numbers, run together
        return True
    return n <= 22 and (_contents(line) or (n <= 12 and _title_line(line)) or (n <= 14 and bool(_EXHIBIT.match(line))))


# The title of an exhibit or schedule ("EXHIBIT F Buy Rates and Revenue Share [***]", "Exhibit C – Minimum
# Performance Goals Rev. IMS 8/29/2018 3:38 PM": PHREESIA, INNERSCOPE) states nothing; 1 of 7,751 CUAD train labels reads so.
_EXHIBIT = re.compile(r"^\W*(?:exhibit|schedule|appendix|annex|attachment)\s+[\w.-]{1,4}\b(?!.*\b(?:shall|will|may|must|is|are|agrees?|hereby|contains?|sets?\s+forth|provides?)\b)", re.I | re.S)
# A numbered line in title case with no verb of a clause and no figure is a title, however long its
# words ("5.2 Contractor's Right to Terminate Agreement for any Reason.": EMERALD; on CUAD train 122
# more units read so, 1 of them inside a labelled clause); "12.3.2.3 Clinical Trials Liability:
# [***] dollars ($[***]) per occurrence." states a term (PHASEBIO).
_NOT_TITLE = re.compile(r"\b(?:shall|will|may|must|is|are)\b|[$€£%*]|\d")


def _title_line(line: str) -> bool:
    long, rest = [w for w in line.split()[1:] if len(re.sub(r"\W", "", w)) >= 4], line.split(maxsplit=1)[-1]
    return bool(NUMBERED.match(line) and long) and sum(w[0].isupper() for w in long) >= 0.6 * len(long) and not _NOT_TITLE.search(rest)


def heading(text: str) -> str:
    """The section title that opens ``text``, or "" (a title is a few capitalised words)."""
    m = _HEADING.match(text.strip())
    if not m:
        return ""
    title = m.group(1).strip()
    words = title.split()
    if not words or len(title) < 4 or not any(w[0].isupper() and len(w) > 2 for w in words):
        return ""
    if title[0].islower():  # a title opens with a capital: "the Plan. the Agent will be paid" goes on a sentence cut by a page (ALAMOGORDO)
        return ""
    # A sentence that merely starts with capitals ("The Company shall ...") is no title: the
    # title must end the text or be followed by a stop.
    after = text.strip()[m.end():]
    rest = after.lstrip()
    # A title ends the text, ends with a stop, stands on its own line before a capital, or is in
    # capitals before a sentence that is not ("GOVERNING LAW This Agreement ..."): the first
    # words of a clause in capitals ("IN NO EVENT SHALL THE ...") are no title.
    own_line = after[:1] in ("\n", "\r") and rest[:1].isupper()
    shouted = title.isupper() and rest[:1].isupper() and not rest.split()[0].isupper()
    ended = not rest or text.strip()[m.end() - 1] in ".:-—" or own_line or shouted
    return title if ended else ""


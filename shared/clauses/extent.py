"""How far a clause runs over its units: across a line or a page break, to the end of its
sentence, and from a lead-in through the items it leads into. ``shared.clauses.findings`` cuts a
document into units and finds clauses among them; this decides where each clause starts and ends.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from shared.documents import cjk
from shared.documents.splitter import BLANK
from shared.documents.titles import heading

if TYPE_CHECKING:
    from shared.clauses.findings import Unit


# A clause's last words before a page break, when they do not end it (no stop), and the next
# page's first words, when they go on with it (lower case, after a word no sentence ends on —
# "an exclusive license, even as to" | "VerticalNet, to use ..." — or CJK text after an open
# sentence).
_ENDS = (".", ";", ":", "!", "?", "。", "；", "：", "！", "？", '"', "”", ")", "）")


def ended(text: str) -> bool:
    """Whether ``text`` ends its sentence: a stop, a closing quote, or a bracket closed after one
    ("... (see Section 5.)"); "... OR TORT (INCLUDING NEGLIGENCE)" goes on."""
    t = text.rstrip()
    if t.endswith((")", "）")):
        return t[:-1].rstrip().endswith(_ENDS)
    return t.endswith(_ENDS)


def runs_on(before: str, after: str) -> bool:
    before, after = before.rstrip(), after.lstrip()
    if not before or not after or ended(before) or heading(after):
        return False
    return (after[0].islower() or bool(_MID.search(before)) or _name_cut(before, after) or (cjk.has_cjk(before[-1]) and cjk.has_cjk(after[0])) or _closes(before, after)
            or (_shouted(re.findall(r"[A-Za-z]{2,}", before[-80:])[-4:]) and _shouted(re.findall(r"[A-Za-z]{2,}", after[:80])[:4])
                and len(before.split()) >= 15 and ended(after) and not opens(after)))


def _closes(before: str, after: str) -> bool:
    """A bracket the last sentence before the break opens and the next page's first words close
    ("... (the \"Termination" | "Date\"). In the event ...")."""
    tail, head = re.split(r"[.;:]\s", before)[-1], re.split(r"[.;:](?:\s|$)", after, maxsplit=1)[0]
    return tail.count("(") > tail.count(")") and head.count(")") > head.count("(")


def _name_cut(before: str, after: str) -> bool:
    """A name cut at the break after its first word: a sentence of some words before, words of a
    sentence after (not a title, an item, a list of exhibits)."""
    return bool(_MID_NAME.search(before) and len(re.split(r"[.;:]\s", before)[-1].split()) >= 6 and not after[0].isdigit()
                and re.search(r"\b[a-z]{2,}\b", after.split("\n", 1)[0]))


def _shouted(words: list[str]) -> bool:
    """Upper-case words at the cut ("... AND (B) WITH REGARD" | "TO SERVICES, THE REPERFORMANCE OF THE
    SERVICES."): a long clause in capitals goes on in capitals to the stop that ends it (not a running
    head, a contents line or a signature block, which end with none)."""
    return len(words) >= 2 and all(w.isupper() for w in words)


def with_items(units: list[Unit], b: int, most: int = 6) -> int:
    """The last unit of a clause that ends on unit ``b``: a lead-in ("... CONSULTANT shall not:",
    "... as set forth below:") goes on through what it leads into, the next unit and the items
    after it (at most ``most``, on its page or, from a lead-in that ends its page, the next: NICE's "... shall be limited to
    the following:" | "3.8.1. Payment of a fixed cancellation charge ..."), never into a title."""
    k = b
    while (units[b].text.rstrip().endswith(":") and k + 1 < len(units) and k < b + most and units[k + 1].page - units[b].page in (0, 1)
           and not _title(units[k + 1].text, first=k == b) and (k == b or _next_item(units[k].text, units[k + 1].text) or _leads_on(units, b, k))
           and not _sibling(units[b].text, units[k + 1].text)):
        k += 1
    return k


def _leads_on(units: list[Unit], b: int, k: int) -> bool:
    """Unit ``k`` (not the first lead-in ``b``) is a lead-in of its own, right after ``b``: "The minimum annual royalties ... are:" |
    "1st anniversary of the EFFECTIVE DATE and each subsequent anniversary ... during the term:" | "Three-thousand dollars ($3000)"
    (VIRTUOSO SURGICAL, CUAD train, read on the final page: the card stopped before its sum)."""
    return k == b + 1 and units[k].text.rstrip().endswith(":")


_DOTTED = re.compile(r"(?:^|[.;:]\s+|^(?-i:[A-Z][A-Z &,-]{2,80})\s)\W{0,2}(\d+(?:\.\d+)+)\.?\s")  # also after a heading in capitals: "MINIMUM ANNUAL ROYALTIES 3.1 The ..."


def _sibling(lead: str, text: str) -> bool:
    """``text`` is numbered beside the lead-in's last item, not under it: "10.4.15 ... unfair competition:" leads into
    10.4.15.1-3, and 10.4.16 is the next clause (SENMIAO)."""
    own, other = [m.group(1) for m in _DOTTED.finditer(lead)], _DOTTED.match(text)
    return bool(own and other) and not other.group(1).startswith(own[-1] + ".")


def _next_item(last: str, text: str) -> bool:
    """``text`` is the next item of a list whose last item so far is ``last``: an item ("B.", "(ii)")
    after one that did not end the list with a full stop ("... of PRODUCT;" | "B.sponsor ...")."""
    return not last.rstrip().endswith(".") and bool(_ITEM.match(text) or _RUN_IN_ITEM.match(text)
                                                    or (last.rstrip().endswith(";") and _ALTERNATIVE.match(text)))


# The next alternative of a lead-in's list, after a semicolon: "... THE LESSER OF:" | "THE AMOUNT PAID ... CLAIM;" | "OR FIVE HUNDRED THOUSAND DOLLARS".
_ALTERNATIVE = re.compile(r"^\W{0,2}(?:or|and|and/or)\s", re.I)


def _title(text: str, first: bool) -> bool:
    """A section title; right after a lead-in, only a numbered or upper-case one: "Annual Net
    Sales of Product for the Indication" over a table is the table's head, the rest of the clause."""
    title = heading(text)
    return bool(title) and (not first or title.isupper() or bool(re.match(r"\W*(?:\d+(?:\.\d+)*\.?|[A-Z]\.|article|section)\s", text, re.I)))


def sentence(units: list[Unit], i: int, pages: set[int] | None, most: int = 3) -> tuple[int, int]:
    """The first and last units of the sentence unit ``i`` is part of (at most ``most`` units
    either way): a finding quotes a clause from its first word to its last, not from or to where
    a blank line or a line cut it ("excess of the Specified Minimum Percentage ...", "... BE
    LIABLE TO THE"). A unit goes on with the one before when it starts in lower case or that one
    ends on a word no sentence ends on ("... of this" | "Section 8(d), the Agent ..."); a title
    or an item ("(b) IN NO EVENT ...") is never the rest of one."""
    def read(j: int) -> bool:
        return pages is None or units[j].page in pages

    first = last = i
    while (first > max(0, i - most) and joins(units[first - 1], units[first]) and read(first - 1)
           and (units[first].text[:1].islower() or (_MID.search(units[first - 1].text) and not opens(units[first].text)))):
        first -= 1
    # on to the sentence's end, through a proviso and what the proviso's own line breaks cut ("…; PROVIDED,
    # HOWEVER, that … equal to or better than the" | "Company's then-current rating …": SEPARATE ACCOUNT II)
    while last + 1 < len(units) and read(last + 1) and ((last < i + most and goes_on(units[last], units[last + 1])) or _proviso(units[last], units[last + 1])):
        last += 1
    while first > 0 and _proviso(units[first - 1], units[first]) and read(first - 1):
        first -= 1
    return first, last


def _proviso(prev: Unit, unit: Unit) -> bool:
    """A proviso after a semicolon or a comma ("... (the "Term"); PROVIDED that TouchStar shall
    have the right to terminate ...") is the rest of the clause before it, not a clause of its own."""
    return prev.page == unit.page and prev.text.rstrip()[-1:] in ";,:" and bool(_PROVISO.match(unit.text))


_PROVISO = re.compile(r"^\W*(?:provided|PROVIDED|Provided)\b")


_MID = re.compile(r"\b(?:the|this|that|these|those|of|in|to|under|and|or|with|by|for|a|an|such|any|its|their|from|on|at|as|per|pursuant|hereof|than"
                  r"|before|after|until|upon|within|into|between|including|during|shall|will|may"  # "... paid to Grantor on or before" | "March 31, 2017." (RGC)
                  r"|THE|THIS|THAT|THESE|THOSE|OF|TO|UNDER|AND|OR|WITH|BY|FOR|SUCH|ANY|ITS|THEIR|FROM|PER|PURSUANT|HEREOF|THAN|BEFORE|AFTER|UNTIL|UPON|WITHIN|SHALL|WILL|MAY)\s*$")  # "... BE LIABLE FOR" | "CONSEQUENTIAL"
# A name cut at the break after the word that opens it ("... after receipt of a Purchase" | "Order, Antares shall": ANTARES).
_MID_NAME = re.compile(r"\b(?:the|a|an|of|to|under|by|for|such|any|each|its|their|this|that|with|from)\s+(?-i:[A-Z][a-z][\w-]*)\s*$")
_RUN_IN_ITEM = re.compile(r"^\W{0,2}(?:[A-Za-z]|[ivx]{1,5}|\d{1,3})[.)](?=[A-Za-z])")  # "B.sponsor ...": the space lost in the text
_ITEM = re.compile(r"^\W{0,2}(?:\((?:[a-z]|[ivx]{1,5}|\d{1,3})\)|(?:[a-z]|[ivx]{1,5}|\d{1,3}(?:\.\d{1,3})*)[.)]|\d{1,3}(?:\.\d{1,3})+(?=\s+(?-i:[A-Z])))\s", re.I)


def opens(text: str) -> bool:
    """A section title or an item ("(b) ", "ii. ", "2. ", "10.2 ") opens a clause of its own."""
    return bool(heading(text) or _ITEM.match(text))


def goes_on(prev: Unit, unit: Unit) -> bool:
    """Whether ``unit`` is the rest of the sentence ``prev`` cut: it does not open one of its own."""
    return joins(prev, unit) and not opens(unit.text)


def joins(prev: Unit, unit: Unit) -> bool:
    """Whether ``unit`` goes on with the clause ``prev`` ends: ``prev`` stopped mid-sentence, on
    the same page or at the end of the one before, running on into this one."""
    return (prev.page == unit.page or (unit.page == prev.page + 1 and bool(prev.continued))) and not ended(prev.text)


# A sentence that goes on with the clause before it by referring back to it: "Such insurance may be
# provided in more than one policy", "Any such attempted assignment shall be void", "Such audit shall
# occur once per year", "The foregoing licenses include ...", "This limitation of liability will not apply ...".
_REFERS_BACK = re.compile(r"^\W{0,3}(?:(?:any|each|all)\s+such|such|the\s+foregoing|any\s+(?:purported|attempted)"
                          r"|(?:this|these|the)\s+(?:right|obligation|restriction|covenant|option|licen[cs]e|audit|insurance|cap|limitation|exclusivity)s?)\b", re.I)


# The next limb of one sentence: "... (A) UNDER NO CIRCUMSTANCE ... SHALL EITHER PARTY BE LIABLE ... FOR ANY LOST PROFITS ...;" |
# "AND (B) THE MAXIMUM LIABILITY OF EACH PARTY ... SHALL NOT EXCEED $2,000,000.00" (XPRESSPA, CUAD train, read on the final
# page: two cards for clause 10.06, the first saying its cap was "not in this clause's own words").
_LIMB = re.compile(r"^\W{0,2}(?:and|or|but)\s+\((?:[a-z]|[ivx]{1,5}|\d{1,3})\)\s", re.I)


def next_limb(prev: Unit, unit: Unit) -> bool:
    """Whether ``unit`` is the next limb of the sentence ``prev`` ends with a semicolon or a comma: an item that opens with
    "and", "or" or "but"."""
    return prev.page == unit.page and prev.text.rstrip().endswith((";", ",")) and bool(_LIMB.match(unit.text))


def refers_back(prev: Unit, unit: Unit, page_text: str) -> bool:
    """Whether ``unit`` is the next sentence of the clause ``prev`` ends, in the same paragraph (no
    blank line between), and refers back to it: one clause, one card (CUAD labels such sentences
    one by one as often as together; a reader reads them as one clause)."""
    return prev.page == unit.page and not BLANK.search(page_text, prev.end, unit.start) and bool(_REFERS_BACK.match(unit.text))

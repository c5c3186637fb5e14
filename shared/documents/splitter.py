"""Sentences and clause spans of contract text, as verbatim slices.

Contracts break the rules a general sentence splitter relies on: a period ends "Corp.",
"U.S.", "Sec. 7" and "No. 3" without ending anything, and a clause is often a lead-in
("The cap shall not apply to:") followed by its items ("(a) ... ; (b) ..."). A carve-out
read without its lead-in loses its meaning, so :func:`clause_spans` joins them.

Every span is ``text[start:end]``, stripped: quotes built from spans can be found again on
the page they came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.documents import cjk
from shared.documents.layout import DASHED_NUMBER
from shared.documents.titles import NUMBERED, heading


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


# Words that end with a period and do not end a sentence (compared lower case, without the dot).
ABBREVIATIONS = frozenset(
    """
    inc corp co ltd llc l.l.c l.p lp n.a s.a plc p.c pty bv b.v gmbh ag s.p.a
    no nos sec secs art arts para paras cl ch pt pts vol fig ex exh sched approx
    dept est etc e.g i.e viz vs v cf al ibid
    mr mrs ms dr prof st jr sr rev hon gen messrs
    jan feb mar apr jun jul aug sep sept oct nov dec
    u.s u.s.a u.k e.u d.c n.y p.o
    """.split()
)

# A list marker at a line start: (a) (iv) (A) a) iv. 1. 1.2 12.3.4 — or a heading word.
# "(10) days" wrapped onto a new line is no item: a bracketed number opens one only before a capital.
_ROMAN = r"(?:[ivx]{2,4}|[IVX]{2,4})"  # "iii. Licensor hereby ..." (a lone letter is any letter)
_ITEM = r"(?:\((?:[a-z]{1,2}|[ivxlc]{1,6}|[A-Z])\)|\(\d{1,2}\)(?=\s+[A-Z])|[a-z]\)|(?:[a-zA-Z]|" + _ROMAN + r")\.(?=[ \t]+[A-Z(])|\d{1,2}(?:\.\d{1,2}){0,3}\.?(?=\s+(?:[A-Z(]|[a-z][A-Z])))"  # "6.2 eGain represents": a name in camel case
_CN_ITEM = r"第[〇零一二三四五六七八九十百千0-9]+[条章节款]|[（(][一二三四五六七八九十]{1,3}[）)]"  # 第五条, （一）
# a section number that lost its space to the text ("14.1Term and Expiration of Term.", "8.4.1At the latest ...": INNOVIVA, GRAN TIERRA) opens an item too
# A bullet at a line start opens an item too ("●USA MCO will allow access ..." | "●Access will only be ...": ICORECONNECT's ten bullets were one unit).
_BULLET = r"[●•▪◦‣■➢►▸◆○⁃]"
_LINE_ITEM = re.compile(rf"\n[ \t]*(?={_ITEM}\s|{_BULLET}|(?:ARTICLE|Article|SECTION|Section)\s+[0-9IVX]|{_CN_ITEM}|\d{{1,2}}(?:\.\d{{1,2}}){{1,3}}(?-i:[A-Z][a-z]))")
# A line in capitals starts a unit only where the line before it ended one (a stop) or was a
# heading of its own: an upper-case clause ("IN NO EVENT SHALL ... EXCEED\nTHE AMOUNT ...")
# wraps onto lines that all start with capitals, and each of them is the same clause.
_CAPS_LINE = re.compile(r"\n[ \t]*(?=[A-Z][A-Z ]{3,}\b)")
_LINE_ENDS = (".", ";", ":", "!", "?", ")", "]", "\"", "”", "。", "；", "：")
HEADING_LINE_CHARS = 60  # a heading is a short line; a wrapped line of a clause is nearly full
_NUMBER_LINE = re.compile(r"^(?:(?:ARTICLE|Article|SECTION|Section)\s+)?[0-9IVX]{1,4}(?:\.\d{1,3})*\.?$")
# A sentence end: . ; : ! ? followed by space and something that can open a sentence.
# A sentence ends at . ; : ! ? before a capital, a digit or a bracket; in CJK text at 。！？；
# (no space follows them), and at ： that ends its line (a lead-in).
# A redaction after a semicolon ("... or its controlled Affiliates; [***].") goes on with its sentence.
_END = re.compile(r"[.!?][\"”')\]]?(?=\s+[A-Z(\"“0-9\[])|[;:][\"”')\]]?(?=\s+(?:[A-Z(\"“0-9]|\[(?!\*)))|[。！？；][”’」』）]?|：(?=[ \t]*\n)")
BLANK = re.compile(r"\n[ \t]*\n")  # a blank line: where a paragraph ends (also read by shared.clauses.extent)
# A page number on a line of its own inside a page ("-2-": filings that print several pages on
# one): it ends what stands before it and belongs to no unit.
_PAGE_LINE = re.compile(rf"\n[ \t]*{DASHED_NUMBER}[ \t]*(?=\n)")
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")
# Letters each closed by a period: "A.M." (Best, the insurers' rating), "N.V.", "a.m.".
_INITIALISM = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")
_INLINE_ITEM = re.compile(rf"^(?:{_ITEM}\s|{_BULLET}\s*|[（(][一二三四五六七八九十]{{1,3}}[）)])")


# An upper-case clause goes on after a semicolon with a word that would be in lower case in a mixed-case one ("... GIVING RISE TO
# SUCH LIABILITY; AND FURTHER PROVIDED THAT SUCH AGGREGATE LIABILITY ..."): BELLICUM, CUAD train, read on the final page.
_GOES_ON = re.compile(r"(?:[ \t]+|[ \t]*\n[ \t]*)(?:AND|OR|NOR|BUT|PROVIDED|EXCEPT|UNLESS)\b(?![ \t]*[(\[])")
# ... and a line in capitals that opens with a clause's verb goes on with the line before ("NEITHER KING NOR DEPOMED (WHICH ... AGENTS)" |
# "SHALL HAVE ANY LIABILITY ...": KING PHARMACEUTICALS, CUAD train, read on the final page, quoted without its subject)
_VERB_GOES_ON = re.compile(r"\n[ \t]*(?:SHALL|WILL|MAY|MUST|IS|ARE|HAS|HAVE|DOES)\s+[A-Z]")
_LIST_NUMBER = re.compile(r"(?:^|[\n.;:)]\s*|;\s*(?:and|or)\s+)\d{1,2}(?:\.\d{1,2})*$")  # "...; or 3. Within ..." too
_LETTER_LABEL = re.compile(r"\b(?:Exhibit|Schedule|Annex|Appendix|Attachment|Article|Section|Part|Class|Series)\s+[A-Z]$")


MIN_CHARS, MIN_CJK_CHARS = 12, 4  # shorter spans are not sentences (a CJK character is a word)


def _is_abbreviation(text: str, dot: int) -> bool:
    """Whether the period at ``dot`` closes an abbreviation, an initial or a list number."""
    before = text[max(0, dot - 24) : dot]
    m = _WORD_BEFORE.search(before + ".")
    if m:
        word = m.group(1)
        if word.lower() in ABBREVIATIONS or _INITIALISM.match(word):
            return True
        # A lone letter or a Roman numeral opening its line is a list marker ("a. Distributor shall ...", "iv. It is
        # ..."), and one in lower case after a lead-in's colon ("... consent of Network 1: i. Contact"): the item starts there.
        opener = before[: -len(word)].rstrip(" \t")[-1:]
        if (len(word) == 1 or re.fullmatch(_ROMAN, word)) and (opener in ("", "\n") or (word.islower() and opener == ":")):
            return True
        # A lone capital is an initial ("John A. Smith"), not a label ("Exhibit A. The ...").
        return len(word) == 1 and word.isupper() and not _LETTER_LABEL.search(before)
    # "2. Payment": a list number opening a clause, not a sentence end.
    return bool(_LIST_NUMBER.search(before))


def _boundaries(text: str) -> list[tuple[int, int]]:
    """(end of one sentence, start of search for the next), in order."""
    cuts: dict[int, int] = {}
    for m in _END.finditer(text):
        if (text[m.start()] == "." and _is_abbreviation(text, m.start())) or (text[m.start()] in ";:" and _bracketed(text, m.start())) \
                or (text[m.start()] == ";" and _GOES_ON.match(text, m.end())):
            continue
        cuts[m.end()] = m.end()
    for rx in (BLANK, _LINE_ITEM, _PAGE_LINE):
        for m in rx.finditer(text):
            cuts.setdefault(m.start(), m.end())
    for m in _CAPS_LINE.finditer(text):
        line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if _ends_a_unit(line) and not (line.rstrip().endswith(";") and _GOES_ON.match(text, m.start()) or _VERB_GOES_ON.match(text, m.start())):
            cuts.setdefault(m.start(), m.end())
    return sorted(cuts.items())


def _bracketed(text: str, at: int, most: int = 160) -> bool:
    """Whether ``at`` lies inside a bracket that closes nearby ("(11,250,000 per quarter; 13,000,000
    per year)"): a semicolon there separates what the bracket lists, not two sentences."""
    before, after = text[max(0, at - most) : at], text[at : at + most]
    opened, closed = before.rfind("("), after.find(")")
    return opened >= 0 and ")" not in before[opened:] and closed >= 0 and "(" not in after[:closed] and "\n\n" not in before[opened:] + after[:closed]


def _ends_a_unit(line: str) -> bool:
    """Whether a line closes what it belongs to: it ends with a stop, or it is a heading of its
    own (a short line of title words: "LIMITATION OF LIABILITY", "12. Indemnification")."""
    line = line.strip()
    if not line or line.endswith(_LINE_ENDS):
        return True
    # the title is the whole line: "... APPEARANCE RIGHTS. IN NO EVENT" ends with a clause's first words, which the next line goes on
    # with ("SHALL THE AS PARTIES BE LIABLE": MUSCLEPHARM, CUAD train, on the final page, quoted without its "IN NO EVENT")
    return len(line) <= HEADING_LINE_CHARS and bool((title := heading(line)) and line.rstrip(".:-— \t").endswith(title) or _NUMBER_LINE.match(line))


def sentence_ends(text: str) -> list[int]:
    """Where each sentence of ``text`` ends (the abbreviation rules of :func:`sentences`)."""
    return [end for end, _ in _boundaries(text)]


def sentences(text: str, max_chars: int = 1000) -> list[Span]:
    """Sentence spans of ``text``; each span's text is ``text[start:end]``, stripped, verbatim."""
    spans: list[Span] = []
    pos = 0
    for end, nxt in [*_boundaries(text), (len(text), len(text))]:
        if end < pos:
            continue
        _add_span(text, pos, end, max_chars, spans)
        pos = nxt
    return spans


_CUT_START = re.compile(r"[A-Z][A-Za-z]*(?:\s+[A-Za-z]+){0,3}")


def _add_span(text: str, start: int, end: int, max_chars: int, out: list[Span]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    # A short span is no sentence, unless it is the start of one the text's end cuts ("... as
    # provided under the Policy. In" | the next page: "the event this Agreement is terminated";
    # "... under this Agreement. In no" | "event will Agent be liable": BLACKSTONE).
    span = text[start:end]
    cut_by_end = end == len(text.rstrip()) and bool(_CUT_START.fullmatch(span))  # a few words, no stop ("In no" | "event will ...")
    # "... upon reasonable" | the next page: "notice." (ANTARES); "... (the \"Termination" | "Date\")." (HOLIDAY RV): it closes a bracket
    rest_at_start = start == len(text) - len(text.lstrip()) and (span[:1].islower() or span.count(")") > span.count("("))
    if end - start < (MIN_CJK_CHARS if cjk.has_cjk(span) else MIN_CHARS) and not (cut_by_end or rest_at_start):
        return
    if end - start > max_chars:  # cut long runs at a word boundary, still verbatim
        cut = text.rfind(" ", start, start + max_chars)
        cut = cut if cut > start + max_chars // 2 else start + max_chars
        _add_span(text, start, cut, max_chars, out)  # strips what precedes the cut, too
        _add_span(text, cut, end, max_chars, out)
        return
    out.append(Span(start, end, text[start:end]))


def _opens_list(s: Span) -> bool:
    """A lead-in: ends with ':' or with a dash, or with 'following' / 'as follows'."""
    t = s.text.rstrip()
    return t.endswith((":", "：", "—", "-")) or t.lower().endswith(("as follows", "the following"))


def _marker(text: str) -> tuple[bool, str]:
    """An item marker's kind: bracketed or not, and digits, lower or upper case ("(iii)", "D.")."""
    m = re.match(r"\W*([0-9a-zA-Z])", text)
    c = m.group(1) if m else ""
    return text.lstrip()[:1] == "(", "digit" if c.isdigit() else "lower" if c.islower() else "upper"


# An item with a verb of its own ("b. The Professional grants ...") is a sentence of its own; one
# without ("3. Directly or indirectly ... own, manage, operate ... any restaurant business." after
# "you shall not:") still reads with its lead-in.
_OWN_VERB = re.compile(r"\b(?:shall|will|may|must|agrees?|grants?|acknowledges?|warrants?|represents?|covenants?|undertakes?)\b", re.I)


def _continues(prev: Span, s: Span, leadin: bool, first: bool = False) -> bool:
    """Whether ``s`` is an item of the list that ``prev`` (or the lead-in) opened: it starts
    with a marker and follows a lead-in or an item that did not end its sentence. After an
    item that ended its sentence, a marker of another kind ("(iii) ... creditors." | "D.
    Notwithstanding ...") or an item that is a sentence of its own ("a. ... apparel." | "b. The
    Professional grants ...") is the next clause of the list the lead-in stands in, not its item."""
    m = _INLINE_ITEM.match(s.text)
    if not m or _titled(s.text) or (leadin and _section(s.text)):
        return False
    before = prev.text.rstrip()
    lower = s.text[m.end() :].lstrip()[:1].islower()
    if leadin and not first and before.endswith(".") and _INLINE_ITEM.match(prev.text) and (_marker(prev.text) != _marker(s.text) or (not lower and _OWN_VERB.search(s.text, m.end()))):
        return False
    return leadin or before.endswith((";", ":", ",", " and", " or", "—", "-")) or (lower and not before.endswith((".", "!", "?")))


_DOTTED = re.compile(r"\s*(\d{1,3}(?:\.\d{1,3})*)\.?\s")


def _closes(text: str, head: Span, prev: Span, s: Span) -> bool:
    """An item on a line of its own numbered shallower than the one before it ends that one's
    sublist ("10.4.15.3 ...;" | "10.4.16 ...;"), unless it is the lead-in's own item."""
    a, b, h = (_DOTTED.match(x.text) for x in (prev, s, head))
    up, down, top = (m.group(1).split(".") if m else [] for m in (a, b, h))
    return bool(up and down) and not text[text.rfind("\n", 0, s.start) + 1 : s.start].strip() and len(down) < len(up) and not (top and len(down) > len(top) and down[: len(top)] == top)


def _titled(text: str) -> bool:
    """A numbered section title and nothing more ("5. Featured Guests."): the next section,
    not an item of the list before it ("... as other such sponsors;" | "5. Featured Guests.")."""
    title = heading(text)
    return bool(title) and len(text.strip()) - text.strip().find(title) - len(title) <= 1


def _section(text: str) -> bool:
    """A numbered title on a line of its own over its body ("1. Appointment" | "A) Lucid appoints
    ..."): the next section, not an item of a lead-in ("the parties hereby agree:" | "1. Appointment")."""
    first, _, rest = text.strip().partition("\n")
    return bool(rest.strip()) and bool(NUMBERED.match(first)) and _titled(first)


def clause_spans(text: str, max_chars: int = 1500, sentence_chars: int = 1000) -> list[Span]:
    """Clause units: sentences, with a lead-in and its list items joined into one span.

    A lead-in ("... shall not apply to:") and the items that follow it, or a sentence and the
    lower-case items that continue it ("; (a) the cap shall not apply to ..."), become one
    span while it stays within ``max_chars``; longer lists stay separate sentences.
    """
    sents = sentences(text, sentence_chars)
    out: list[Span] = []
    i = 0
    while i < len(sents):
        head = sents[i]
        j = i + 1
        leadin = _opens_list(head)
        while j < len(sents) and _continues(sents[j - 1], sents[j], leadin, j == i + 1) and not _closes(text, head, sents[j - 1], sents[j]):
            if sents[j].end - head.start > max_chars:
                break
            j += 1
        last = sents[j - 1]
        out.append(head if j == i + 1 else Span(head.start, last.end, text[head.start : last.end]))
        i = j
    return out

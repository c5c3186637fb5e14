"""Word files as a person would have typed a contract, built from its page texts, so that what
LibreOffice makes of an upload can be measured against the PDF it came from (bench_docx).

A page of the original is a page of the .docx: a page break (Ctrl+Enter) ends each, and the
font (9 pt, smaller on a full page) and margins let the page's text fit on one page, so page N
of the converted PDF holds page N's text. Only clear wraps are joined into paragraphs (a full
line that ends no sentence, before a line that opens no item), because every line break the
original kept is one the clause splitter may cut at. Headings get Heading styles; numbered
clauses ("12.", "12.3") get Word's automatic numbering, restarted wherever the original's
numbers do not follow on, so the numbers printed are the original's. ``title`` is the file's
title property only. Same input, same bytes (fixed dates and zip times).
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from datetime import datetime, timezone

import docx
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Inches, Pt

MARGIN = Inches(0.5)
PAGE_W, PAGE_H = 612.0, 792.0  # points: US Letter, as the CUAD filings are
WIDTH = PAGE_W - 2 * MARGIN.pt
EDGE_LINES = 2  # layout.EDGE_LINES
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0)
# LibreOffice sets Times New Roman in whatever stands in for it; DejaVu Serif, the widest
# usual stand-in, averages about 0.55 em a character on contract text (Times about 0.45).
EM_PER_CHAR, LINE_EM, FILL = 0.56, 1.17, 0.9
FIXED = datetime(2024, 1, 1, tzinfo=timezone.utc)
LIST_ID = 90  # the first abstractNum id of ours, clear of the template's

_STOP = re.compile(r"[.;:!?][\"”’')\]]*$")
_ITEM = re.compile(r"^(?:\(?[a-zA-Z]{1,4}\)|\(\d{1,2}\)|[a-zA-Z][.)]\s|\d{1,2}(?:\.\d{1,2}){0,3}\.?\s|[•·\-–—]\s)")
_ARTICLE = re.compile(r"^(?:ARTICLE|Article|SECTION|Section|PART|Part|EXHIBIT|Exhibit|SCHEDULE|Schedule)\s+[0-9IVXLC]+\b\.?")
_NUMBER = re.compile(r"^\d{1,2}(?:\.\d{1,2})*\.?\s")
_WORD = re.compile(r"[A-Za-z][\w'’&/-]*")
_SMALL = frozenset("of and or to the for in on by a an".split())
_LABEL = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,2})(\.?)\s+(?=[A-Z(\"“])")
_BAD = re.compile("[\x00-\x08\x0b-\x1f\uffff]")  # not allowed in XML


def _lines(text: str) -> list[str]:
    text = _BAD.sub(" ", text.replace("\xa0", " ").replace("\t", " ").replace("\ufffe", "-"))  # as typed: spaces, hyphens
    return [" ".join(line.split()) for line in text.split("\n")]


def _titled(text: str) -> bool:
    """A few words, each capitalised but the small ones, and no clause after them."""
    words, clause = _WORD.findall(text), text.endswith((",", ";")) or text.lstrip().startswith("(")
    return len(words) <= 8 and not clause and all(w[0].isupper() or w in _SMALL for w in words)


def _heading(line: str) -> int:
    """The heading level of a line on its own (1: an article or a title in capitals, 2: a
    numbered title), or 0."""
    if len(line) > 80:
        return 0
    article, number = _ARTICLE.match(line), _NUMBER.match(line)
    letters = sum(c.isalpha() for c in line)
    capitals = line.upper() == line and len(line) <= 60 and letters >= max(4, 0.6 * len(line.replace(" ", ""))) and not line.endswith(",")
    if capitals or (article and _titled(line[article.end() :])):
        return 1
    return 2 if number and _WORD.findall(line) and _titled(line[number.end() :]) else 0


def paragraphs(page: str) -> list[tuple[str, int, bool]]:
    """(text, heading level, edge) of each paragraph of a page: wrapped lines joined, but the first
    and last two lines kept each on its own (``edge``) and set not to wrap, so that the running
    headers, footers and page numbers stay the edge lines layout.strip looks at."""
    lines = _lines(page)
    filled = [i for i, line in enumerate(lines) if line]
    edges = set(filled[:EDGE_LINES] + filled[-EDGE_LINES:])
    lengths = sorted(len(lines[i]) for i in filled)
    full = lengths[int(0.8 * (len(lengths) - 1))] if lengths else 0  # a full line; not the longest, which may be two run together
    out: list[tuple[str, int, bool]] = []
    cur: list[str] = []

    def flush() -> None:
        if cur:
            out.append((" ".join(cur), _heading(cur[0]) if len(cur) == 1 else 0, False))
            cur.clear()

    for i, line in enumerate(lines):
        if not line or i in edges:
            flush()
            out += [(line, _heading(line), True)] if line else []
            continue
        if cur and (_ITEM.match(line) or _ARTICLE.match(line)):  # lines the splitter cuts at
            flush()
        cur.append(line)
        if _STOP.search(line) or len(line) < 0.7 * full or (len(cur) == 1 and _heading(line)):
            flush()
    flush()
    return out


def _ems(text: str) -> float:
    """About how wide ``text`` is set, in ems (capitals are wider)."""
    return EM_PER_CHAR * len(text) + 0.2 * sum(c.isupper() for c in text)


def _size(paras: list[tuple[str, int, bool]]) -> float:
    """The largest font size at which a page's paragraphs fit on one page, with room to spare."""
    for size in SIZES:
        lines = sum(1 if edge else max(1, math.ceil(_ems(text) * size / WIDTH)) for text, _, edge in paras) + 1  # + the page break's
        if lines * LINE_EM * size <= (PAGE_H - 2 * MARGIN.pt) * FILL:
            return size
    return SIZES[-1]


class _Numbering:
    """Word's automatic numbering for "12." / "12.3" / "12.3.1": one list per prefix ("12.%1"),
    as LibreOffice prints an unused upper level of a multilevel list as 1 whatever its start; a
    number that does not follow on restarts its list (startOverride)."""

    def __init__(self, document) -> None:
        self.root = document.part.numbering_part.element
        self.abstracts: dict[tuple, int] = {}
        self.lists: dict[tuple, list[int]] = {}  # (prefix, dot) -> [numId, last number printed]

    def apply(self, paragraph, label: tuple[int, ...], dot: str) -> bool:
        """Number ``paragraph`` as ``label``; False for a bare "12" (no list number)."""
        key, n = (label[:-1], dot), label[-1]
        if not key[0] and not dot:
            return False
        if key not in self.abstracts:
            self.abstracts[key] = aid = LIST_ID + len(self.abstracts)
            text = "".join(f"{x}." for x in key[0]) + "%1" + dot
            el = parse_xml(
                f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{aid}"><w:multiLevelType w:val="singleLevel"/>'
                f'<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="{text}"/>'
                f'<w:lvlJc w:val="left"/><w:suff w:val="space"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl></w:abstractNum>'
            )
            nums = self.root.findall(qn("w:num"))  # the schema puts abstract definitions first
            self.root.insert(self.root.index(nums[0]) if nums else len(self.root), el)
        current = self.lists.get(key)
        if current is None or current[1] + 1 != n:
            num = self.root.add_num(self.abstracts[key])
            num.add_lvlOverride(ilvl=0).add_startOverride(n)
            current = self.lists[key] = [num.numId, n]
        current[1] = n
        numPr = paragraph._p.get_or_add_pPr().get_or_add_numPr()
        numPr.get_or_add_ilvl().val = 0
        numPr.get_or_add_numId().val = current[0]
        return True


def _styles(document) -> None:
    """Body and headings at one size and no spacing, headings not kept with what follows:
    a heading that moved to the next page would take the page's text with it."""
    for name in ("Normal", "Heading 1", "Heading 2"):
        style = document.styles[name]
        style.font.name, style.font.size, style.font.color.rgb = "Times New Roman", Pt(SIZES[0]), None  # ascii and hAnsi
        fmt = style.paragraph_format
        fmt.space_before = fmt.space_after = Pt(0)
        fmt.line_spacing, fmt.keep_with_next, fmt.widow_control = 1.0, False, False
        style.font.bold = name != "Normal"
        rfonts = style.element.get_or_add_rPr().get_or_add_rFonts()
        rfonts.set(qn("w:cs"), "Times New Roman")
        for attr in ("w:asciiTheme", "w:hAnsiTheme", "w:cstheme", "w:eastAsiaTheme"):  # the template's theme fonts out
            rfonts.attrib.pop(qn(attr), None)


def contract_docx(page_texts: list[str], *, title: str | None = None) -> bytes:
    """A .docx of the contract, one page per page of ``page_texts`` (see the module's notes)."""
    document = docx.Document()
    section = document.sections[0]
    section.page_width, section.page_height = Pt(PAGE_W), Pt(PAGE_H)
    section.left_margin = section.right_margin = section.top_margin = section.bottom_margin = MARGIN
    _styles(document)
    numbering = _Numbering(document)
    for n, page in enumerate(page_texts):
        paras = paragraphs(page) or [("", 0, False)]  # a blank page is a page too (a break with nothing after it is not)
        page_size = _size(paras)
        for text, level, edge in paras:
            size = Pt(min(page_size, max(3.0, math.floor(2 * 0.95 * WIDTH / _ems(text)) / 2)) if edge else page_size)
            label = _LABEL.match(text)
            paragraph = document.add_paragraph(style=f"Heading {level}" if level else None)
            if label and numbering.apply(paragraph, tuple(int(x) for x in label.group(1).split(".")), label.group(2)):
                text = text[label.end() :]
            paragraph.add_run(text).font.size = size
            # The paragraph mark's size is the list number's, and sets the line's height with it.
            paragraph._p.get_or_add_pPr().append(parse_xml(f'<w:rPr {nsdecls("w")}><w:sz w:val="{round(size.pt * 2)}"/></w:rPr>'))
        if n < len(page_texts) - 1:
            document.add_page_break()
    props = document.core_properties
    props.title, props.author, props.last_modified_by, props.revision = title or "", "ClauseFlow tests", "ClauseFlow tests", 1
    props.created = props.modified = props.last_printed = FIXED
    saved, out = io.BytesIO(), io.BytesIO()
    document.save(saved)
    with zipfile.ZipFile(saved) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:  # python-docx stamps members with the time
        for name in src.namelist():
            dst.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), src.read(name), zipfile.ZIP_DEFLATED)
    return out.getvalue()

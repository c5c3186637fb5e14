"""Word files (.docx) from strangers: told apart from PDFs, checked within limits, and cleaned
into the document that is reviewed (converted to PDF by ``convert``).

``sniff(data)`` names what an upload is by its first bytes: a PDF, a zip (a .docx is a zip of
XML parts), a legacy Word or other OLE file, RTF. ``inspect(data, ...)`` checks a .docx before
anything converts it, in the sandbox: the zip's directory within :data:`LIMITS` (the archive
guard), what its content types say it is (a macro-enabled .docm, a spreadsheet or a slide deck
is refused with 415 and what to send instead), its parts present, and every XML part parsed
with defusedxml, which refuses a DTD (entity expansion) outright. It counts what the review
should say: tracked changes, comments, external links, and refuses a file that is certainly
over the page limit before converting it.

``clean(data, main)`` writes the .docx that LibreOffice converts:

- **tracked changes accepted**: the text reviewed is the text as it would read with every
  change accepted (insertions kept, deletions and moved-from text dropped, formatting changes
  settled), because that is the contract the parties are about to sign;
- **comments left out**: their anchors, references and parts; comments are not contract text;
- **nothing outside the file**: every external relationship but a hyperlink (linked images,
  attached templates, linked objects) is dropped, and fields that pull content in
  (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE) are emptied. convert.py also runs LibreOffice
  without a network where the kernel allows it.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

import defusedxml.ElementTree as safe_et
from defusedxml import DefusedXmlException
from lxml import etree

from shared.core.errors import CorruptDocx, InputError, TooLarge, UnsupportedFormat
from shared.documents import archives
from shared.documents.archives import ZipLimits

MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
MiB = 1 << 20
# A .docx embeds images and objects (sheets, other documents); it never holds thousands of parts.
# A long document.xml of repeated markup compresses far better than a zip of PDFs: a part is a
# bomb past 200 times (a real one is 10-30).
LIMITS = ZipLimits(max_members=1_000, max_total_bytes=256 * MiB, max_member_bytes=64 * MiB, max_ratio=200.0, nested=True)
MAX_CHARS_PER_PAGE = 10_000  # no printed page holds more: a file over this many a page is over the limit
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_MAIN = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
}
_MACRO = {
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
}
SEND_INSTEAD = "save it as a Word document (.docx) or a PDF and upload that"


def sniff(data: bytes) -> str:
    """``pdf``, ``zip`` (maybe a .docx), ``ole`` (a legacy .doc, .xls ...), ``rtf`` or ``other``."""
    head = data[:1024]
    if head.lstrip().startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "zip"
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "ole"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    return "other"


def refuse_other(kind: str) -> None:
    """A clear 415 for the formats that are not taken (a .doc, RTF)."""
    if kind == "ole":
        raise UnsupportedFormat(f"a legacy Word .doc (or another pre-2007 Office file) is not taken: {SEND_INSTEAD}", code="legacy_doc")
    if kind == "rtf":
        raise UnsupportedFormat(f"an RTF file is not taken: {SEND_INSTEAD}")


@dataclass(frozen=True)
class DocxInfo:
    """What ``inspect`` found; plain data, so it crosses the sandbox's process boundary."""

    main: str                 # the main document part, e.g. word/document.xml
    chars: int                # text characters in the main part
    page_breaks: int
    tracked_changes: int      # insertions, deletions and moves (formatting changes not counted)
    comments: int
    external_links: int       # relationships to outside the file, hyperlinks excepted (dropped)

    def as_fields(self) -> dict:
        return {"tracked_changes": self.tracked_changes, "comments": self.comments, "external_links_dropped": self.external_links}


def _parts(data: bytes) -> tuple[list[archives.Member], set[str]]:
    try:
        found = archives.members(data, LIMITS)
    except InputError as exc:  # the guard's own advice is for a zip of contracts: say what to do with a Word file
        reason = re.sub(r"[;:] (send|refused as) .*$", "", exc.message)
        raise type(exc)(f"the Word file (a zip of XML parts) is refused: {reason}; {SEND_INSTEAD} again from Word", code=exc.code) from None
    return found, {m.name for m in found}


def _read_each(data: bytes, names: list[str]):
    """The parts named, inflated in turn from one opening of the zip (a thousand parts would
    otherwise mean a thousand openings)."""
    done = 0
    try:
        for name, body in archives.read_each(data, names):
            yield name, body
            done += 1
    except InputError:
        raise CorruptDocx(f"the Word file's part {names[done]} cannot be read: it is damaged; {SEND_INSTEAD} again from Word") from None


def _read(data: bytes, name: str) -> bytes:
    return next(_read_each(data, [name]))[1]


def _parse(name: str, xml: bytes):
    """An XML part's tree; any DTD (the way to entity expansion) or unreadable XML is refused."""
    try:
        return safe_et.fromstring(xml, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise CorruptDocx(f"the Word file's part {name} declares a DTD or entities: refused (entity expansion)", code="docx_dtd") from None
    except safe_et.ParseError as exc:
        raise CorruptDocx(f"the Word file's part {name} is not well-formed XML ({exc})") from None
    except (LookupError, ValueError) as exc:  # an encoding expat does not know (utf-32, a made-up name)
        raise CorruptDocx(f"the Word file's part {name} declares an encoding that cannot be read ({exc})") from None


def _main_part(types) -> str:
    found = {}
    for el in types.iter(f"{_CT}Override"):
        found[el.get("ContentType", "")] = el.get("PartName", "").lstrip("/")
    if found.keys() & _MACRO:
        raise UnsupportedFormat(f"a macro-enabled Word file (.docm) is not taken: {SEND_INSTEAD} (without macros)", code="macro_enabled")
    for kind in _MAIN:
        if kind in found:
            return found[kind]
    raise UnsupportedFormat("the upload is a zip but not a Word document (a spreadsheet, slides or an archive?): send a PDF or a .docx")


def inspect(data: bytes, *, max_bytes: int, max_pages: int) -> DocxInfo:
    """Check a .docx without converting it; its :class:`DocxInfo`, or an :class:`InputError`."""
    if len(data) > max_bytes:
        raise TooLarge(f"the upload is {len(data)} bytes; the limit is {max_bytes}")
    members, names = _parts(data)
    if "[Content_Types].xml" not in names:
        raise CorruptDocx("the zip has no [Content_Types].xml: it is not a Word document (send a PDF or a .docx)")
    main = _main_part(_parse("[Content_Types].xml", _read(data, "[Content_Types].xml")))
    if any(n.lower().endswith("vbaproject.bin") for n in names):
        raise UnsupportedFormat(f"the Word file carries macros: {SEND_INSTEAD} (without macros)", code="macro_enabled")
    if main not in names:
        raise CorruptDocx(f"the Word file has no main document part ({main}): it is damaged; {SEND_INSTEAD} again")
    counts = {"chars": 0, "page_breaks": 0, "tracked_changes": 0, "comments": 0, "external_links": 0}
    xml = [m.name for m in members if m.name.lower().endswith((".xml", ".rels"))]
    for name, body in _read_each(data, xml):
        tree = _parse(name, body)
        if name.endswith(".rels"):
            counts["external_links"] += sum(1 for r in tree if _external(r))
        elif name == main:
            _count(tree, counts)
    if counts["page_breaks"] + 1 > max_pages or counts["chars"] > max_pages * MAX_CHARS_PER_PAGE:
        pages = max(counts["page_breaks"] + 1, counts["chars"] // MAX_CHARS_PER_PAGE)
        raise TooLarge(f"the Word file has over {pages} pages; the limit is {max_pages}")
    return DocxInfo(main=main, **counts)


def _count(tree, counts: dict) -> None:
    for el in tree.iter():
        tag = el.tag
        if tag == f"{{{W}}}t":
            counts["chars"] += len(el.text or "")
        elif tag == f"{{{W}}}br" and el.get(f"{{{W}}}type") == "page":
            counts["page_breaks"] += 1
        elif tag in (f"{{{W}}}ins", f"{{{W}}}del", f"{{{W}}}moveFrom", f"{{{W}}}moveTo") and len(el):
            counts["tracked_changes"] += 1  # a run-level change (a paragraph mark's own marker has no children)
        elif tag == f"{{{W}}}commentReference":
            counts["comments"] += 1


def _external(rel) -> bool:
    return rel.get("TargetMode") == "External" and not rel.get("Type", "").endswith("/hyperlink")


# --- the cleaned file LibreOffice converts -------------------------------------------------------

_DROP = {f"{{{W}}}{t}" for t in (
    "del", "moveFrom", "rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "tblGridChange", "trPrChange",
    "tcPrChange", "numberingChange", "moveFromRangeStart", "moveFromRangeEnd", "moveToRangeStart", "moveToRangeEnd",
    "commentRangeStart", "commentRangeEnd", "commentReference", "customXmlDelRangeStart", "customXmlDelRangeEnd",
    "customXmlInsRangeStart", "customXmlInsRangeEnd", "cellDel", "cellIns",
)}
_UNWRAP = {f"{{{W}}}ins", f"{{{W}}}moveTo"}
_PULLS = re.compile(r"^\s*(INCLUDEPICTURE|INCLUDETEXT|LINK|DDE|DDEAUTO|IMPORT|INCLUDE)\b", re.I)
_STORY = re.compile(r"^word/(header\d*|footer\d*|footnotes|endnotes)\.xml$")
_COMMENTS = re.compile(r"^word/comments\w*\.xml$", re.I)
_PARSER = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _accept(root) -> None:
    """Tracked changes accepted, comment anchors and content-pulling fields dropped, in place."""
    for tr in root.iter(f"{{{W}}}tr"):  # a row whose insertion is kept stays; a deleted row goes
        if tr.find(f"{{{W}}}trPr/{{{W}}}del") is not None:
            tr.getparent().remove(tr)
    for el in [e for e in root.iter() if e.tag in _DROP]:
        if el.getparent() is not None:
            el.getparent().remove(el)
    for el in [e for e in root.iter() if e.tag in _UNWRAP]:
        parent = el.getparent()
        if parent is None:
            continue
        at = parent.index(el)
        if len(el) == 0 or parent.tag.endswith("}rPr") or parent.tag.endswith("}trPr"):
            parent.remove(el)  # a paragraph mark's or a row's marker: nothing to keep
            continue
        for offset, child in enumerate(list(el)):
            parent.insert(at + offset, child)
        parent.remove(el)
    for el in root.iter(f"{{{W}}}instrText"):
        if el.text and _PULLS.match(el.text):
            el.text = " "
    for el in root.iter(f"{{{W}}}fldSimple"):
        if _PULLS.match(el.get(f"{{{W}}}instr", "")):
            el.set(f"{{{W}}}instr", " ")


def _rewrite_rels(root) -> None:
    for rel in list(root):
        if _external(rel) or rel.get("Type", "").lower().endswith(("/comments", "/commentsextended", "/commentsids", "/commentsextensible")):
            root.remove(rel)


def _rewrite_types(root) -> None:
    for el in list(root):
        if _COMMENTS.match(el.get("PartName", "").lstrip("/")):
            root.remove(el)


def clean(data: bytes, main: str) -> bytes:
    """The .docx to convert (see the module's notes); ``data`` has passed :func:`inspect`."""
    out = io.BytesIO()
    # Every part, inflated by the archive guard: inspect read only the XML ones, so an image may
    # still be damaged or lie about its size (corrupt_docx, as any unreadable part).
    names = [m.name for m in _parts(data)[0] if not _COMMENTS.match(m.name)]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, body in _read_each(data, names):
            if name == main or _STORY.match(name) or name.endswith(".rels") or name == "[Content_Types].xml":
                try:
                    root = etree.fromstring(body, etree.XMLParser(**_PARSER))
                except etree.XMLSyntaxError as exc:  # libxml2 stops at 256 levels deep and 10 MB a text node; expat does not
                    raise CorruptDocx(f"the Word file's part {name} cannot be read ({exc})") from None
                if name.endswith(".rels"):
                    _rewrite_rels(root)
                elif name == "[Content_Types].xml":
                    _rewrite_types(root)
                else:
                    _accept(root)
                body = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            dst.writestr(name, body)
    return out.getvalue()

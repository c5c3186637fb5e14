"""Hostile Word files, made on the spot from a ``random.Random``: what a stranger may upload as a
.docx to get past the check (shared/documents/docx.py) or into the conversion (convert.py).

``generate_docx(seed, n)`` yields ``(kind, data)``, the kinds in turn, as :func:`generate` does for
PDFs. :data:`EXPECTED` says what each kind gets before anything converts it (``sniff`` and
``refuse_other``, ``inspect`` with the edge's limits of 25 MiB and 500 pages, then ``clean``): the
refusals ``(status, code)`` it may get, one per variant, or ``None`` for a valid file that must
convert. The kinds in :data:`REFUSED_BY_CLEAN` get past ``inspect``, which reads only the XML
parts, with expat, and are refused by ``clean``. Nothing huge is made: a bomb is zeros
*compressed*, and no file is over 400 KB. :func:`package` writes a valid .docx by hand with
zipfile (the hostile kinds need parts python-docx would not write); the tests build on it.

    docx_bomb                   a part of 16-32 MiB of zeros (inflates 1,000 times), or 257-300     422 archive_bomb,
                                parts of exactly 1 MiB (under the ratio check): 257+ MiB in all     413 archive_too_large
    docx_lying_size             an XML part that says 100 bytes and inflates to 2 MiB (its CRC)     422 corrupt_docx
    docx_broken_stream          an XML part with a damaged deflate or LZMA stream; deflate64, AES   422 corrupt_docx
    docx_too_many_parts         1,001-1,500 parts                                                   413 archive_too_many_entries
    docx_missing_content_types  no [Content_Types].xml                                              422 corrupt_docx
    docx_missing_main           [Content_Types].xml names a main part that is absent                422 corrupt_docx
    docx_entity_expansion       billion laughs in document.xml (UTF-8 or UTF-16) or the types       422 docx_dtd
    docx_external_entity        a SYSTEM entity, parameter entity or external DTD to ``url``        422 docx_dtd
    docx_macro                  a .docm's content type, a vbaProject.bin, or both                   415 macro_enabled
    legacy_doc                  an OLE header (D0 CF 11 E0 A1 B1 1A E1), then junk                  415 legacy_doc (refuse_other)
    rtf                         ``{\\rtf1`` text, sometimes with an embedded object                 415 unsupported_format (refuse_other)
    xlsx_zip                    a spreadsheet's package (or a slide deck's)                         415 unsupported_format
    docx_malformed_xml          cut short, mismatched tags, a control character, bad UTF-8, an      422 corrupt_docx
                                unbound prefix, an encoding expat does not know
    docx_thousand_pages         1,000-1,100 pages by explicit page breaks                           413 too_large (never converted)
    docx_lying_image            an image that says 100 bytes and inflates to 2 MiB                  clean: 422 corrupt_docx
    docx_deep_nesting           content controls 514-10,000 elements deep (libxml2 stops at 256)    clean: 422 corrupt_docx
    docx_external_links         valid: an image by r:link, an attached template, INCLUDEPICTURE     converts, nothing fetched
                                and INCLUDETEXT fields and a hyperlink, all to ``url``
"""

from __future__ import annotations

import io
import random
import struct
import zipfile
from collections.abc import Callable, Iterator

MiB = 1 << 20
URL = "http://127.0.0.1:9/x"  # the discard port: nothing answers, so a fetch would only stall
MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
MACRO_TYPE = "application/vnd.ms-word.document.macroEnabled.main+xml"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_OOXML = "http://schemas.openxmlformats.org"
NS = (f'xmlns:w="{_OOXML}/wordprocessingml/2006/main" xmlns:r="{RELS}" xmlns:wp="{_OOXML}/drawingml/2006/wordprocessingDrawing" '
      f'xmlns:a="{_OOXML}/drawingml/2006/main" xmlns:pic="{_OOXML}/drawingml/2006/picture"')
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_FIELDS = {"method": ("<H", 8, 10), "size": ("<I", 22, 24)}  # zip header fields: format, offset locally, in the directory
CLAUSES = ("The Supplier shall deliver the Goods to the Customer at the Delivery Address.",
           "Either party may terminate this Agreement on ninety (90) days' written notice.",
           "The Customer shall pay each invoice within thirty (30) days of its date.",
           "Neither party shall disclose the other party's Confidential Information.",
           "This Agreement is governed by the laws of England and Wales.")


# --- a valid package ----------------------------------------------------------------------------
def para(text: str, ppr: str = "") -> str:
    return f'<w:p>{ppr}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def document(body: str) -> str:
    return f"{DECL}<w:document {NS}><w:body>{body}<w:sectPr/></w:body></w:document>"


def relationships(rels: list[tuple[str, str, str, bool]]) -> str:
    """``(id, type, target, external)`` -> a .rels part; a ``type`` without a scheme is under :data:`RELS`."""
    items = "".join(f'<Relationship Id="{i}" Type="{t if ":" in t else RELS + "/" + t}" Target="{target}"'
                    + (' TargetMode="External"/>' if ext else "/>") for i, t, target, ext in rels)
    return f'{DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{items}</Relationships>'


def content_types(overrides: dict[str, str]) -> str:
    """``{part name: content type}`` -> [Content_Types].xml (defaults for rels, xml, png, bin)."""
    defaults = {"rels": "application/vnd.openxmlformats-package.relationships+xml", "xml": "application/xml", "png": "image/png",
                "bin": "application/vnd.ms-office.vbaProject"}
    items = "".join(f'<Default Extension="{e}" ContentType="{t}"/>' for e, t in defaults.items())
    items += "".join(f'<Override PartName="/{p}" ContentType="{t}"/>' for p, t in overrides.items())
    return f'{DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">{items}</Types>'


def parts(body: str, *, extra: dict[str, str | bytes] | None = None, doc_rels: list[tuple[str, str, str, bool]] = (),
          overrides: dict[str, str] | None = None, main_type: str = MAIN_TYPE) -> dict[str, str | bytes]:
    """The parts of a .docx, by name, for a maker to change before :func:`zip_parts`."""
    return {"[Content_Types].xml": content_types({"word/document.xml": main_type, **(overrides or {})}),
            "_rels/.rels": relationships([("rId1", "officeDocument", "word/document.xml", False)]),
            "word/document.xml": document(body), "word/_rels/document.xml.rels": relationships(list(doc_rels)), **(extra or {})}


def zip_parts(files: dict[str, str | bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, data in files.items():  # a fixed date, so a seed gives the same bytes
            z.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), data, compress_type=compression)
    return buf.getvalue()


def package(body: str, **kw) -> bytes:
    """A valid .docx around ``body`` (paragraphs of WordprocessingML); ``kw`` as :func:`parts`."""
    return zip_parts(parts(body, **kw))


def _body(rng: random.Random, n: int = 4) -> str:
    return "".join(para(rng.choice(CLAUSES)) for _ in range(n))


def _patch(data: bytes, name: str, field: str, value: int) -> bytes:
    """``data`` with a field of ``name``'s local header and directory entry set to ``value``."""
    fmt, local, central = _FIELDS[field]
    out, key = bytearray(data), name.encode()
    for sig, at, name_at in ((b"PK\x03\x04", local, 30), (b"PK\x01\x02", central, 46)):
        i = out.find(sig)
        while out[i + name_at : i + name_at + len(key)] != key:
            i = out.find(sig, i + 1)
            assert i >= 0, name
        struct.pack_into(fmt, out, i + at, value)
    return bytes(out)


# --- the kinds ----------------------------------------------------------------------------------
def bomb(rng: random.Random) -> bytes:
    files = parts(_body(rng))
    if rng.random() < 0.5:
        name = rng.choice(["word/media/image1.png", "word/embeddings/oleObject1.bin", "customXml/item1.xml"])
        files[name] = bytes(rng.choice([16, 32]) * MiB)
    else:  # each part exactly at the ratio floor, so only the total gives it away
        files.update({f"word/media/image{i}.png": bytes(MiB) for i in range(rng.randint(257, 300))})
    return zip_parts(files)


def lying_size(rng: random.Random) -> bytes:
    files = parts(_body(rng), extra={"word/styles.xml": f"{DECL}<w:styles {NS}/>"})
    name = rng.choice(["word/document.xml", "word/styles.xml", "[Content_Types].xml", "word/_rels/document.xml.rels"])
    files[name] = files[name].encode() + b" " * (2 * MiB)  # white space after the root: still well-formed
    return _patch(zip_parts(files), name, "size", 100)


def broken_stream(rng: random.Random) -> bytes:
    name = rng.choice(["word/document.xml", "word/_rels/document.xml.rels", "[Content_Types].xml"])
    fault = rng.randrange(3)
    data = zip_parts(parts(_body(rng, 6)), zipfile.ZIP_LZMA if fault == 2 else zipfile.ZIP_DEFLATED)
    if fault == 1:  # deflate64 or AES: methods zipfile does not know
        return _patch(data, name, "method", rng.choice([9, 99]))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo(name)
    start = info.header_offset + 30 + len(info.filename) + struct.unpack_from("<H", data, info.header_offset + 28)[0]
    out = bytearray(data)
    for at in rng.sample(range(start + 2, start + info.compress_size - 2), 8):
        out[at] ^= rng.randint(1, 255)
    return bytes(out)


def too_many_parts(rng: random.Random) -> bytes:
    files = parts(_body(rng))
    files.update({f"word/media/image{i}.png": rng.randbytes(8) for i in range(rng.randint(1_001, 1_500))})
    return zip_parts(files, zipfile.ZIP_STORED)


def missing_content_types(rng: random.Random) -> bytes:
    files = parts(_body(rng))
    del files["[Content_Types].xml"]
    return zip_parts(files)


def missing_main(rng: random.Random) -> bytes:
    files = parts(_body(rng))
    if rng.random() < 0.5:
        del files["word/document.xml"]
    else:  # the content types name another main part
        files["[Content_Types].xml"] = content_types({"word/main.xml": MAIN_TYPE})
    return zip_parts(files)


def entity_expansion(rng: random.Random) -> bytes:
    files = parts(_body(rng))
    ents = '<!ENTITY lol0 "lol">' + "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    where = rng.randrange(3)
    if where == 1:  # the first part inspect parses
        types = files["[Content_Types].xml"].replace(DECL, "").replace('Extension="bin"', 'Extension="&lol9;"')
        files["[Content_Types].xml"] = f"{DECL}<!DOCTYPE Types [{ents}]>{types}"
    else:
        doc = f"{DECL}<!DOCTYPE w:document [{ents}]>" + document(para("&lol9;") + _body(rng, 2)).replace(DECL, "")
        files["word/document.xml"] = doc.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16") if where == 2 else doc
    return zip_parts(files)


def external_entity(rng: random.Random, url: str = URL) -> bytes:
    files = parts(_body(rng), extra={"word/styles.xml": f"{DECL}<w:styles {NS}/>"})
    name = rng.choice(["word/document.xml", "word/styles.xml", "word/_rels/document.xml.rels", "_rels/.rels"])
    root = {"word/document.xml": "w:document", "word/styles.xml": "w:styles"}.get(name, "Relationships")
    doctype = rng.choice([f'<!DOCTYPE {root} [<!ENTITY xxe SYSTEM "{url}">]>', f'<!DOCTYPE {root} [<!ENTITY % xxe SYSTEM "{url}"> %xxe;]>',
                          f'<!DOCTYPE {root} SYSTEM "{url}">'])
    xml = files[name].replace(DECL, "")
    if "ENTITY xxe" in doctype:
        xml = xml.replace("<w:body>", f"<w:body>{para('&xxe;')}")
    files[name] = DECL + doctype + xml
    return zip_parts(files)


def macro(rng: random.Random) -> bytes:
    variant = rng.randrange(3)  # 0: the .docm's type, 1: a vbaProject.bin, 2: both
    vba = [("rIdVba", "http://schemas.microsoft.com/office/2006/relationships/vbaProject", "vbaProject.bin", False)]
    files = parts(_body(rng), main_type=MAIN_TYPE if variant == 1 else MACRO_TYPE, doc_rels=vba if variant else [])
    if variant:
        files["word/vbaProject.bin"] = OLE + rng.randbytes(rng.randint(512, 2048))
    return zip_parts(files)


def legacy_doc(rng: random.Random) -> bytes:
    return OLE + rng.randbytes(rng.randint(504, 8192))


def rtf(rng: random.Random) -> bytes:
    text = " ".join(rng.choice(CLAUSES) for _ in range(rng.randint(1, 5)))
    obj = r"{\object\objemb{\*\objdata 01050000" + rng.randbytes(64).hex() + "}}" if rng.random() < 0.5 else ""
    return (r"{\rtf1\ansi\deff0{\fonttbl{\f0 Times New Roman;}}\f0 " + text + obj + r"\par}").encode()


def xlsx_zip(rng: random.Random) -> bytes:
    if rng.random() < 0.7:
        main, kind = "xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
        body = f'{DECL}<workbook xmlns="{_OOXML}/spreadsheetml/2006/main"><sheets><sheet name="Prices" sheetId="1"/></sheets></workbook>'
    else:
        main, kind = "ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
        body = f'{DECL}<p:presentation xmlns:p="{_OOXML}/presentationml/2006/main"/>'
    return zip_parts({"[Content_Types].xml": content_types({main: kind}),
                      "_rels/.rels": relationships([("rId1", "officeDocument", main, False)]), main: body})


def malformed_xml(rng: random.Random) -> bytes:
    files = parts(_body(rng, 6))
    name = rng.choice(["word/document.xml", "word/document.xml", "word/_rels/document.xml.rels"])
    xml = files[name].encode()
    at, fault = xml.rfind(b"</"), rng.randrange(6)
    if fault == 0:  # cut short: at least the end of the closing tag is gone
        xml = xml[: rng.randint(len(DECL) + 20, len(xml) - 5)]
    elif fault == 1:  # the root closed by another name
        xml = xml[:at] + b"</Mismatched>"
    elif fault == 2:  # a character XML 1.0 does not allow, bytes that are not UTF-8, a prefix bound to nothing
        xml = xml[:at] + rng.choice([b"\x00", b"\x01", b"\x0b", b"\x1f", b"\xff\xfe\xc3", b"<zz:note/>"]) + xml[at:]
    else:  # an encoding expat does not know
        xml = xml.replace(b'encoding="UTF-8"', rng.choice([b'encoding="UTF-32"', b'encoding="x-contract"']), 1)
    files[name] = xml
    return zip_parts(files)


def thousand_pages(rng: random.Random) -> bytes:
    pages = rng.randint(1_000, 1_100)
    brk = '<w:r><w:br w:type="page"/></w:r>'
    return package("".join(f'<w:p><w:r><w:t>Page {i + 1}. {rng.choice(CLAUSES)}</w:t></w:r>{brk if i < pages - 1 else ""}</w:p>'
                           for i in range(pages)))


def lying_image(rng: random.Random) -> bytes:
    """inspect reads only the XML parts, so this gets past it; ``clean`` reads every part (its CRC)."""
    files = parts(_body(rng), extra={"word/media/image1.png": b"\x89PNG\r\n\x1a\n" + bytes(2 * MiB)})
    return _patch(zip_parts(files), "word/media/image1.png", "size", 100)


def deep_nesting(rng: random.Random) -> bytes:
    """Well-formed, so expat (inspect) takes it; past libxml2's 256 levels, so ``clean`` does not."""
    depth = rng.randint(257, 5_000)
    return package(_body(rng, 2) + "<w:sdt><w:sdtContent>" * depth + para(rng.choice(CLAUSES)) + "</w:sdtContent></w:sdt>" * depth)


def _field(instr: str, shown: str) -> str:
    run = "<w:r><w:fldChar w:fldCharType=\"{}\"/></w:r>".format
    return (f'<w:p>{run("begin")}<w:r><w:instrText xml:space="preserve"> {instr} </w:instrText></w:r>{run("separate")}'
            f'<w:r><w:t>{shown}</w:t></w:r>{run("end")}</w:p>')


def external_links(rng: random.Random, url: str = URL) -> bytes:
    """Valid: two external relationships (a linked image, the attached template) that ``clean``
    drops, two fields it empties and a hyperlink it keeps (one is never fetched on conversion)."""
    pic = (f'<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="logo.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImg"/>'
           '<a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/>'
           '</a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic>')
    image = ('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Picture 1"/><a:graphic>'
             f'<a:graphicData uri="{_OOXML}/drawingml/2006/picture">{pic}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')
    body = (_body(rng, 2) + image + _field(f'INCLUDEPICTURE "{url}/picture.png" \\d', "[picture]")
            + f'<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;{url}/clause.docx&quot; "><w:r><w:t>[included]</w:t></w:r></w:fldSimple>'
            + '</w:p><w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>the terms online</w:t></w:r></w:hyperlink></w:p>' + _body(rng, 2))
    settings = f'{DECL}<w:settings {NS}><w:attachedTemplate r:id="rIdTpl"/><w:linkStyles/></w:settings>'
    return package(body, doc_rels=[("rIdImg", "image", f"{url}/linked.png", True), ("rIdLink", "hyperlink", f"{url}/terms", True),
                                   ("rIdSet", "settings", "settings.xml", False)],
                   overrides={"word/settings.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"},
                   extra={"word/settings.xml": settings,
                          "word/_rels/settings.xml.rels": relationships([("rIdTpl", "attachedTemplate", f"{url}/template.dotm", True)])})


# --- the registry -------------------------------------------------------------------------------
_CORRUPT, _DTD = frozenset({(422, "corrupt_docx")}), frozenset({(422, "docx_dtd")})
_KINDS: dict[str, tuple[Callable[[random.Random], bytes], frozenset[tuple[int, str]] | None]] = {
    "docx_bomb": (bomb, frozenset({(422, "archive_bomb"), (413, "archive_too_large")})),
    "docx_lying_size": (lying_size, _CORRUPT),
    "docx_broken_stream": (broken_stream, _CORRUPT),
    "docx_too_many_parts": (too_many_parts, frozenset({(413, "archive_too_many_entries")})),
    "docx_missing_content_types": (missing_content_types, _CORRUPT),
    "docx_missing_main": (missing_main, _CORRUPT),
    "docx_entity_expansion": (entity_expansion, _DTD),
    "docx_external_entity": (external_entity, _DTD),
    "docx_macro": (macro, frozenset({(415, "macro_enabled")})),
    "legacy_doc": (legacy_doc, frozenset({(415, "legacy_doc")})),
    "rtf": (rtf, frozenset({(415, "unsupported_format")})),
    "xlsx_zip": (xlsx_zip, frozenset({(415, "unsupported_format")})),
    "docx_malformed_xml": (malformed_xml, _CORRUPT),
    "docx_thousand_pages": (thousand_pages, frozenset({(413, "too_large")})),
    "docx_lying_image": (lying_image, _CORRUPT),
    "docx_deep_nesting": (deep_nesting, _CORRUPT),
    "docx_external_links": (external_links, None),
}
DOCX_KINDS = tuple(_KINDS)
DOCX_MAKERS: dict[str, Callable[[random.Random], bytes]] = {kind: maker for kind, (maker, _) in _KINDS.items()}
EXPECTED: dict[str, frozenset[tuple[int, str]] | None] = {kind: outcome for kind, (_, outcome) in _KINDS.items()}
REFUSED_BY_CLEAN = frozenset({"docx_lying_image", "docx_deep_nesting"})


def generate_docx(seed: int, n: int = 1000, kinds: tuple[str, ...] = DOCX_KINDS) -> Iterator[tuple[str, bytes]]:
    """``n`` hostile Word files ``(kind, data)``, the kinds in turn; file ``i`` depends only on ``(seed, i)``."""
    for i in range(n):
        kind = kinds[i % len(kinds)]
        yield kind, DOCX_MAKERS[kind](random.Random(f"clauseflow-hostile-docx:{seed}:{i}"))

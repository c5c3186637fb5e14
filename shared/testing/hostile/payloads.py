"""What a page carries: images declared enormous, Flate bombs in contents, images and CMaps,
broken or bombing fonts, and JavaScript / launch / URI actions."""

from __future__ import annotations

import random
import zlib

from .blocks import FONT, MiB, assemble, content, one_page, stream
from .deflate import bomb


def huge_image(rng: random.Random) -> bytes:
    w = rng.choice([65_536, 100_000, 1_000_000, 2**31 - 1, 2**32 + 1, rng.randint(20_000, 200_000)])
    h = rng.choice([65_536, 100_000, 1_000_000, 2**31 - 1, rng.randint(20_000, 200_000)])
    bpc, cs = rng.choice([(8, b"/DeviceRGB"), (8, b"/DeviceCMYK"), (16, b"/DeviceRGB"), (1, b"/DeviceGray")])
    choice = rng.randrange(3)
    if choice == 0:  # an XObject image, its data a few bytes
        img = stream(rng.randbytes(rng.randint(0, 256)), b"/Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent %d /ColorSpace %s" % (w, h, bpc, cs))
        draw = b"q %d 0 0 %d 0 0 cm /Im1 Do Q\n" % (w, h)
        return one_page(resources=b"<< /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >>", contents=content(extra=draw), more=[img])
    if choice == 1:  # an XObject image whose Flate data really is big (a bomb of 64-256 MiB)
        img = stream(bomb(bytes(MiB), rng.choice([64, 128, 256])), b"/Filter /FlateDecode /Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent 8 /ColorSpace /DeviceRGB" % (w, h))
        return one_page(resources=b"<< /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >>", contents=content(extra=b"q 612 0 0 792 0 0 cm /Im1 Do Q\n"), more=[img])
    # an inline image in the content stream (the text reader parses it)
    inline = b"q 100 0 0 100 0 0 cm BI /W %d /H %d /BPC %d /CS /RGB ID " % (w, h, bpc) + rng.randbytes(rng.randint(0, 1024)) + b"\nEI Q\n"
    return one_page(contents=inline + content())


FLATE = b"/Filter /FlateDecode"


def bomb_pdf(rng: random.Random) -> bytes:
    choice = rng.randrange(6)
    if choice == 5:  # work, not memory: up to 500 pages (within the limit) that all draw one
        # content stream inflating to 16 MiB of cheap operators (~0.5-1 s of PDFium per page)
        n = rng.choice([20, 100, 500])
        ops = rng.choice([b"q Q ", b"0 0 m 1 1 l S\n", b"1 0 0 1 0 0 cm "])
        objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [" + b"5 0 R " * n + b"] /Count %d >>" % n,
                stream(bomb(ops * (MiB // len(ops)), 16), FLATE), FONT,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [6 0 R 3 0 R] >>",
                stream(content())]
        return assemble(objs)
    mib = rng.choice([128, 256, 512])
    if choice == 0:  # page content: hundreds of MB of NULs (whitespace to the content parser)
        return one_page(contents=bomb(bytes(MiB), mib), contents_extra=FLATE)
    if choice == 1:  # page content: a text operator repeated (text to extract, hundreds of MB of it)
        chunk = (b"BT /F1 1 Tf 0 0 Td (" + b"A" * 1000 + b") Tj ET\n") * 1000
        return one_page(contents=bomb(chunk, max(1, mib * MiB // len(chunk))), contents_extra=FLATE)
    if choice == 2:  # q without Q, hundreds of MB of them
        return one_page(contents=bomb(b"q " * (MiB // 2), mib), contents_extra=FLATE)
    if choice == 3:  # two layers of Flate: GBs from a few KB
        inner = bomb(bytes(MiB), rng.choice([1024, 2048, 4096]))
        outer = zlib.compress(inner, 9)
        return one_page(contents=outer, contents_extra=b"/Filter [/FlateDecode /FlateDecode]")
    # a ToUnicode CMap that inflates (read when text is extracted)
    cmap = bomb(b" " * MiB, mib)
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>"
    return one_page(resources=b"<< /Font << /F1 7 0 R >> >>", more=[stream(cmap, b"/Filter /FlateDecode"), font])


def _cmap(body: bytes) -> bytes:
    return (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /X def "
            b"1 begincodespacerange <00> <FF> endcodespacerange\n" + body + b"\nendcmap CMapName currentdict /CMap defineresource pop end end")


def bad_font(rng: random.Random) -> bytes:
    choice = rng.randrange(6)
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>"
    if choice == 0:  # a ToUnicode range that maps every code to a long string
        body = b"1 beginbfrange\n<00> <FF> <" + b"0041" * rng.choice([100, 1000, 10_000]) + b">\nendbfrange"
        more = [stream(_cmap(body)), font]
    elif choice == 1:  # ranges over absurd code spaces
        body = b"2 beginbfrange\n<00000000> <FFFFFFFF> <0041>\n<0000> <FFFF> [" + b"<0041> " * 1000 + b"]\nendbfrange"
        more = [stream(_cmap(body)), font]
    elif choice == 2:  # random bytes as the CMap
        more = [stream(rng.randbytes(rng.randint(0, 4096))), font]
    elif choice == 3:  # a CMap that uses itself
        body = b"/X usecmap\n1 beginbfchar\n<41> <0042>\nendbfchar"
        more = [stream(_cmap(body), b"/UseCMap 6 0 R"), font]
    elif choice == 4:  # absurd FirstChar / LastChar / Widths
        first, last = rng.choice([(0, 2**31 - 1), (-(2**31), 0), (1_000_000_000, 5), (0, 10**12)])
        more = [b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar %d /LastChar %d /Widths [1 2 3] >>" % (first, last)]
    else:  # an embedded TrueType program of random bytes, a Type0 font with nonsense
        prog = rng.randbytes(rng.randint(12, 8192))
        fd = b"<< /Type /FontDescriptor /FontName /X /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 1 /Descent 0 /CapHeight 1 /StemV 1 /FontFile2 6 0 R >>"
        cid = b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /W [0 [" + b"1 " * 1000 + b"] 0 65535 -1] /CIDToGIDMap /Identity >>"
        t0 = b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [9 0 R] /ToUnicode 6 0 R >>"
        more = [stream(prog, b"/Length1 %d" % len(prog)), t0, fd, cid]
    return one_page(resources=b"<< /Font << /F1 7 0 R >> >>", more=more)


JS = [b"app.alert('pwned');", b"while(true){}", b"this.exportDataObject({cName: 'x', nLaunch: 2});", b"var a = []; for(;;) a.push(new Array(1e6));",
      b"app.launchURL('http://127.0.0.1:1/', true);", b"eval(unescape('%61%6c%65%72%74%28%31%29'));"]


def javascript(rng: random.Random) -> bytes:
    js = rng.choice(JS)
    choice = rng.randrange(6)
    if choice == 0:
        return one_page(catalog_extra=b"/OpenAction << /S /JavaScript /JS (" + js + b") >>")
    if choice == 1:  # a JS stream in the names tree
        return one_page(catalog_extra=b"/Names << /JavaScript << /Names [(x) << /S /JavaScript /JS 6 0 R >>] >> >>", more=[stream(js)])
    if choice == 2:  # page open / close actions
        return one_page(page_extra=b"/AA << /O << /S /JavaScript /JS (" + js + b") >> /C << /S /JavaScript /JS (" + js + b") >> >>")
    if choice == 3:  # a link annotation that launches a program
        annot = b"<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A << /S /Launch /F (/bin/sh) /Win << /F (cmd.exe) /P (/c calc) >> >> >>"
        return one_page(page_extra=b"/Annots [6 0 R]", more=[annot], catalog_extra=b"/OpenAction 6 0 R")
    if choice == 4:  # a form field with a calculate script, and a URI action
        field = b"<< /FT /Tx /T (f) /Rect [0 0 10 10] /Subtype /Widget /AA << /C << /S /JavaScript /JS (" + js + b") >> >> /P 3 0 R >>"
        return one_page(page_extra=b"/Annots [6 0 R]", more=[field], catalog_extra=b"/AcroForm << /Fields [6 0 R] /NeedAppearances true >> /OpenAction << /S /URI /URI (http://127.0.0.1:1/) >>")
    # an OpenAction chain that loops (/Next to itself)
    return one_page(catalog_extra=b"/OpenAction 6 0 R", more=[b"<< /S /JavaScript /JS (" + js + b") /Next 6 0 R >>"])

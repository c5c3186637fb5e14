"""Hostile PDFs, made on the spot from a seed: what a stranger may upload to break the reader.

``generate(seed, n)`` yields ``(kind, data)``, the kinds in turn (so each is about n/len(KINDS)),
each file from its own random stream, so the same seed gives the same bytes in the same order.
Nothing huge is written out: a bomb is *compressed* (a few hundred KB that inflate to hundreds
of MB or more), a huge image is *declared* huge; the largest files (200k-deep nesting) are 3 MB,
and 1,000 files take a few seconds to make (about 100 MB written out). The valid bases are made
once per process with fpdf2 (a fixed creation date, so the same bytes every time) or written by
hand (:func:`assemble`).

    python -m shared.testing.hostile --seed 7 --out /tmp/hostile [--n 1000]

writes them out (``0000-truncated.pdf`` ...) for manual runs, e.g. ``curl -F file=@...``.
"""

from __future__ import annotations

import argparse
import functools
import io
import random
import re
import zlib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

KINDS = (
    "truncated",        # a valid PDF cut short (sometimes with a fake %%EOF put back)
    "random_tail",      # a valid header, then random bytes or a soup of PDF tokens
    "bad_xref",         # garbage xref table / trailer / startxref, /Prev loops, bad xref streams
    "encrypted",        # password protected (RC4 by pypdf; AES dictionaries by hand)
    "many_pages",       # 600-3000 tiny pages: over the edge's page limit
    "deep_nesting",     # 10k-200k deep arrays / dictionaries / page trees
    "huge_image",       # images and inline images declared enormous
    "bomb",             # FlateDecode streams that inflate to hundreds of MB (or GB)
    "bad_mediabox",     # zero, negative, huge, malformed page boxes, rotations, user units
    "javascript",       # OpenAction / names-tree / annotation JavaScript, Launch, URI
    "empty",            # no bytes at all (or only whitespace / NULs)
    "not_a_pdf",        # other formats, text, a PDF header too late
    "eof_only",         # a header and %%EOF, nothing between (or nearly)
    "circular",         # page trees, objects, forms and contents that refer to themselves
    "bad_page_tree",    # /Count that lies, kids that are not pages
    "bad_font",         # broken/bombing ToUnicode CMaps, absurd /Widths, random font files
    "mutation",         # bit flips and byte surgery on a contract-like PDF
)

TEXT = "This Agreement is governed by the laws of the State of New York."


# ---------------------------------------------------------------- building blocks


def stream(data: bytes, extra: bytes = b"", length: bytes | None = None) -> bytes:
    """The body of a stream object (``/Length`` right unless ``length`` says otherwise)."""
    n = str(len(data)).encode() if length is None else length
    return b"<< /Length " + n + b" " + extra + b" >>\nstream\n" + data + b"\nendstream"


def assemble(objs: list[bytes], *, root: bytes = b"1 0 R", version: bytes = b"1.7", trailer_extra: bytes = b"") -> bytes:
    """A classic PDF from object bodies (object i+1 is ``objs[i]``): header, objects, a right
    xref table, trailer, startxref, %%EOF."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root " % (len(objs) + 1) + root + b" " + trailer_extra + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def content(text: str = TEXT, extra: bytes = b"") -> bytes:
    return b"BT /F1 12 Tf 72 720 Td (" + text.encode("latin-1") + b") Tj ET\n" + extra


FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"


def one_page(*, page_extra: bytes = b"", contents: bytes | None = None, catalog_extra: bytes = b"", resources: bytes = b"<< /Font << /F1 5 0 R >> >>",
             mediabox: bytes = b"[0 0 612 792]", more: list[bytes] = (), trailer_extra: bytes = b"", version: bytes = b"1.7",
             contents_extra: bytes = b"") -> bytes:
    """Catalog 1, Pages 2, Page 3, Contents 4, Font 5, then ``more`` as objects 6, 7, ..."""
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R " + (b"/MediaBox " + mediabox + b" " if mediabox else b"") + b"/Resources " + resources + b" /Contents 4 0 R " + page_extra + b" >>",
        stream(content() if contents is None else contents, contents_extra),
        FONT,
        *more,
    ]
    return assemble(objs, trailer_extra=trailer_extra, version=version)


@functools.lru_cache(maxsize=1)
def _contracts() -> tuple[bytes, bytes]:
    """A four-page contract-like PDF (fpdf2), content streams compressed and not."""
    from fpdf import FPDF

    from shared.testing.contracts import CLAUSES

    out = []
    for compress in (True, False):
        doc = FPDF(format="A4")
        doc.set_creation_date(datetime(2025, 1, 1, tzinfo=UTC))
        doc.set_compression(compress)
        doc.set_auto_page_break(auto=False)
        for page in sorted(CLAUSES):
            doc.add_page()
            for heading, body in CLAUSES[page]:
                doc.set_font("helvetica", "B", 11)
                doc.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
                doc.set_font("helvetica", "", 10)
                doc.multi_cell(0, 5, body, new_x="LMARGIN", new_y="NEXT")
        buf = io.BytesIO()
        doc.output(buf)
        out.append(buf.getvalue())
    return out[0], out[1]


def _base(rng: random.Random) -> bytes:
    packed, plain = _contracts()
    return rng.choice([packed, plain, one_page()])


@functools.lru_cache(maxsize=64)
def _unit(chunk: bytes) -> tuple[bytes, bytes]:
    """Raw deflate of ``chunk`` ending in a full flush (so it can be repeated), and the final block."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    unit = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    return unit, c.flush(zlib.Z_FINISH)


def bomb(chunk: bytes, times: int) -> bytes:
    """A valid zlib stream that inflates to ``chunk * times`` without ever holding that: the
    compressed unit repeated, and the Adler-32 of the whole computed piecewise."""
    unit, tail = _unit(chunk)
    return b"\x78\xda" + unit * times + tail + _adler_repeat(chunk, times).to_bytes(4, "big")


def _adler_cat(x: tuple[int, int, int], y: tuple[int, int, int]) -> tuple[int, int, int]:
    """Adler-32 sums (a, b, length) of two strings -> those of the two in a row."""
    (a1, b1, _), (a2, b2, n2) = x, y
    return (a1 + a2 - 1) % ADLER, (b1 + b2 + n2 * (a1 - 1)) % ADLER, x[2] + n2


ADLER = 65521


def _adler_repeat(chunk: bytes, times: int) -> int:
    """``zlib.adler32(chunk * times)`` without making it (repeated doubling)."""
    one = zlib.adler32(chunk)
    power, acc = (one & 0xFFFF, one >> 16, len(chunk)), (1, 0, 0)
    while times:
        if times & 1:
            acc = _adler_cat(acc, power)
        power = _adler_cat(power, power)
        times >>= 1
    return acc[1] << 16 | acc[0]


MiB = 1 << 20


# ---------------------------------------------------------------- the kinds


def truncated(rng: random.Random) -> bytes:
    src = _base(rng)
    cut = src[: rng.randrange(1, len(src))]
    return cut + b"\n%%EOF\n" if rng.random() < 0.35 else cut  # a fake end: the marker check passes, PDFium repairs


TOKENS = [b"obj", b"endobj", b"<<", b">>", b"[", b"]", b"/Type", b"/Page", b"/Pages", b"/Kids", b"/Count", b"/Catalog", b"/Root", b"R",
          b"stream\n", b"\nendstream", b"xref", b"trailer", b"startxref", b"0", b"1", b"2", b"-1", b"999999999999", b"(", b")", b"<", b">",
          b"/Length", b"/Filter", b"/FlateDecode", b"null", b"true", b"%", b"\\", b"/Contents", b"/MediaBox", b"BT", b"ET", b"Tj"]


def random_tail(rng: random.Random) -> bytes:
    head = b"%PDF-1." + str(rng.randint(0, 7)).encode() + b"\n"
    if rng.random() < 0.5:
        body = rng.randbytes(rng.randint(0, 64 * 1024))
    else:
        body = b" ".join(rng.choice(TOKENS) for _ in range(rng.randint(10, 20_000)))
    return head + body + (b"\n%%EOF\n" if rng.random() < 0.7 else b"")


def bad_xref(rng: random.Random) -> bytes:
    src = _base(rng)
    x, t, s = src.rfind(b"\nxref") + 1, src.rfind(b"trailer"), src.rfind(b"startxref")
    choice = rng.randrange(9)
    if choice == 0:  # xref table replaced by garbage of the same length
        return src[:x] + rng.randbytes(t - x) + src[t:]
    if choice == 1:  # startxref points anywhere
        return src[: s + 10] + str(rng.choice([0, -1, 1, len(src) * 7, 2**63, rng.randrange(len(src))])).encode() + b"\n%%EOF\n"
    if choice == 2:  # trailer is garbage
        return src[:t] + b"trailer\n" + rng.randbytes(rng.randint(0, 200)) + b"\n" + src[s:]
    if choice == 3:  # /Root points nowhere, or at something that is not a catalog
        root = rng.choice([b"999 0 R", b"0 0 R", b"-1 0 R", b"3 0 R", b"null", b"(x)", b"[1 0 R]"])
        return re.sub(rb"/Root \d+ 0 R", b"/Root " + root, src, count=1)
    if choice == 4:  # xref offsets scrambled
        def scramble(m: re.Match) -> bytes:
            return b"%010d" % rng.randrange(10**10) + m.group(0)[10:]
        return src[:x] + re.sub(rb"\d{10} \d{5} n", scramble, src[x:t]) + src[t:]
    if choice == 5:  # an xref section that is its own /Prev (an endless chain)
        return src[:t] + b"trailer\n<< /Size 6 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (x, x)
    if choice == 6:  # no xref, no trailer: only the objects and %%EOF
        return src[:x] + b"%%EOF\n"
    if choice == 7:  # a cross-reference stream with absurd field widths / ranges
        w = rng.choice([b"[1 2 1]", b"[100 100 100]", b"[0 0 0]", b"[-1 4 2]", b"[4 8]", b"[1 2147483647 1]"])
        index = rng.choice([b"[0 6]", b"[0 2147483647]", b"[4294967295 2]", b"[0 -5]"])
        xs = stream(rng.randbytes(rng.randint(0, 64)), b"/Type /XRef /Size 7 /Root 1 0 R /W " + w + b" /Index " + index)
        body = src[:x]
        return body + b"6 0 obj\n" + xs + b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % len(body)
    # /Size lies
    size = rng.choice([b"-1", b"0", b"2147483647", b"99999999999999999999", b"1.5"])
    return re.sub(rb"/Size \d+", b"/Size " + size, src, count=1)


def _rc4(data: bytes, user: str) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user, owner_password="owner-" + user, algorithm=random.Random(user).choice(["RC4-40", "RC4-128"]))
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@functools.lru_cache(maxsize=32)
def _encrypted(user: str, which: int) -> bytes:
    return _rc4(_contracts()[0] if which == 0 else one_page(), user)


def encrypted(rng: random.Random) -> bytes:
    choice = rng.randrange(4)
    if choice <= 1:  # a real password (pypdf, RC4): cached per password, a few of them
        return _encrypted(rng.choice(["secret", "hunter2", "x", "contract-2025"]), rng.randrange(2))
    if choice == 2:  # an empty user password: opens without one (an owner password only)
        return _encrypted("", rng.randrange(2))
    # an AES (or nonsense) security handler by hand: keys that match no password
    v, r, n = rng.choice([(4, 4, 16), (5, 6, 48), (5, 5, 48), (99, 99, 16), (1, 2, 32), (2, 3, 32)])
    enc = (b"<< /Filter /Standard /V %d /R %d /Length 128 /P -4 /O <%s> /U <%s> /OE <%s> /UE <%s> /Perms <%s>"
           b" /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF >>") % (
        v, r, rng.randbytes(n).hex().encode(), rng.randbytes(n).hex().encode(), rng.randbytes(32).hex().encode(),
        rng.randbytes(32).hex().encode(), rng.randbytes(16).hex().encode())
    ident = rng.randbytes(16).hex().encode()
    return one_page(more=[enc], trailer_extra=b"/Encrypt 6 0 R /ID [<" + ident + b"> <" + ident + b">]")


def many_pages(rng: random.Random) -> bytes:
    n = rng.randint(600, 3000)
    style = rng.randrange(3)
    # 1 catalog, 2 root Pages, 3 contents, 4 font, then pages (and intermediate nodes)
    head = [b"", b"", stream(b"BT /F1 4 Tf 1 1 Td (p) Tj ET"), FONT]
    page = b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 10 10] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>"
    objs = list(head)
    if style == 0:  # flat: n page objects under the root
        first = len(objs) + 1
        objs += [page % 2 for _ in range(n)]
        objs[1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % (first + i) for i in range(n)) + b"] /Count %d >>" % n
    elif style == 1:  # a tree: nodes of 50 pages each
        nodes = []
        for start in range(0, n, 50):
            k = min(50, n - start)
            node = len(objs) + 1
            objs.append(b"")
            first = len(objs) + 1
            objs += [page % node for _ in range(k)]
            objs[node - 1] = b"<< /Type /Pages /Parent 2 0 R /Kids [" + b" ".join(b"%d 0 R" % (first + i) for i in range(k)) + b"] /Count %d >>" % k
            nodes.append(node)
        objs[1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % i for i in nodes) + b"] /Count %d >>" % n
    else:  # one page object listed n times
        objs.append(page % 2)
        objs[1] = b"<< /Type /Pages /Kids [" + b"5 0 R " * n + b"] /Count %d >>" % n
    objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    return assemble(objs)


def deep_nesting(rng: random.Random) -> bytes:
    d = rng.randint(10_000, 200_000)
    closed = rng.random() < 0.7
    choice = rng.randrange(6)
    if choice == 0:  # a deep array in the catalog
        return one_page(catalog_extra=b"/Deep " + b"[" * d + (b"]" * d if closed else b""))
    if choice == 1:  # a deep dictionary in the page
        return one_page(page_extra=b"/Deep " + b"<</A " * d + (b">>" * d if closed else b""))
    if choice == 2:  # deep operands in the content stream (parsed when the text is read)
        return one_page(contents=content(extra=b"[" * d + (b"]" * d if closed else b"") + b" TJ\n"))
    if choice == 3:  # deep q (save graphics state) without Q
        return one_page(contents=b"q " * d + content())
    if choice == 4:  # a page tree d levels deep (one kid each)
        d = min(d, 30_000)
        objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", stream(content()), FONT]
        first = len(objs) + 1  # nodes first..first+d-1, then the page
        for i in range(d):
            me = first + i
            parent = 2 if i == 0 else me - 1
            objs.append(b"<< /Type /Pages /Parent %d 0 R /Kids [%d 0 R] /Count 1 >>" % (parent, me + 1))
        objs.append(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>" % (first + d - 1))
        objs[1] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % first
        return assemble(objs)
    # a chain of d form XObjects, each drawing the next
    d = min(d, 10_000)
    forms = []
    for i in range(d):
        nxt = b"/X0 Do" if i + 1 < d else content()
        res = b"<< /XObject << /X0 %d 0 R >> >>" % (7 + i) if i + 1 < d else b"<< /Font << /F1 5 0 R >> >>"
        forms.append(stream(nxt, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + res))
    return one_page(resources=b"<< /Font << /F1 5 0 R >> /XObject << /X0 6 0 R >> >>", contents=content(extra=b"/X0 Do"), more=forms)


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


BOXES = [b"[0 0 0 0]", b"[0 0 -612 -792]", b"[612 792 0 0]", b"[0 0 1e38 1e38]", b"[0 0 99999999999999999999999 1]", b"[]", b"[0 0]",
         b"[(a) (b) (c) (d)]", b"9 0 R", b"null", b"[0 0 0.0000001 0.0000001]", b"[-2147483648 -2147483648 2147483647 2147483647]",
         b"[0 0 nan inf]", b"[0 0 612 792 5 6 7]", b"[/A /B /C /D]", b"<< >>", b""]


def bad_mediabox(rng: random.Random) -> bytes:
    box = rng.choice(BOXES)
    extra = b""
    if rng.random() < 0.4:
        extra += b"/CropBox " + rng.choice(BOXES) + b" "
    if rng.random() < 0.3:
        extra += b"/Rotate " + rng.choice([b"45", b"-90", b"1000000000", b"-2147483648", b"(x)", b"1.5"]) + b" "
    if rng.random() < 0.3:
        extra += b"/UserUnit " + rng.choice([b"0", b"-1", b"1e30", b"1e-30"]) + b" "
    return one_page(mediabox=box, page_extra=extra)


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


def empty(rng: random.Random) -> bytes:
    return rng.choice([b"", b"", b"", b"\n", b" " * rng.randint(1, 4096), b"\x00" * rng.randint(1, 4096), b"\r\n\t "])


def not_a_pdf(rng: random.Random) -> bytes:
    choice = rng.randrange(9)
    if choice == 0:
        return rng.randbytes(rng.randint(1, 64 * 1024))
    if choice == 1:  # a PNG
        from PIL import Image

        buf = io.BytesIO()
        Image.new("RGB", (rng.randint(1, 64), rng.randint(1, 64)), tuple(rng.randbytes(3))).save(buf, "PNG")
        return buf.getvalue()
    if choice == 2:  # a zip (a .docx, say)
        import zipfile

        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("word/document.xml", TEXT * rng.randint(1, 50))
        return buf.getvalue()
    if choice == 3:
        return (TEXT + "\n").encode() * rng.randint(1, 500)
    if choice == 4:
        return b"<!DOCTYPE html><html><body>" + TEXT.encode() + b"</body></html>"
    if choice == 5:  # a PDF after more than 1 KB of something else
        return rng.randbytes(rng.randint(1025, 4096)).replace(b"%", b"_") + one_page()
    if choice == 6:  # a PDF behind a byte-order mark or a NUL, or its header in lower case
        return rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00"]) + one_page() if rng.random() < 0.6 else one_page().replace(b"%PDF-", b"%pdf-", 1)
    if choice == 7:  # a gzipped PDF
        import gzip

        return gzip.compress(one_page(), mtime=0)
    return b"\x7fELF" + rng.randbytes(rng.randint(0, 1024))


def eof_only(rng: random.Random) -> bytes:
    head = b"%PDF-" + rng.choice([b"1.0", b"1.4", b"1.7", b"2.0", b"9.9", b""]) + b"\n"
    middle = rng.choice([b"", b"%\xe2\xe3\xcf\xd3\n", b"trailer\n<< >>\n", b"trailer\n<< /Root 1 0 R >>\n", b"startxref\n0\n", b"xref\n0 0\ntrailer\n<<>>\nstartxref\n9\n",
                         b"%%EOF\n" * rng.randint(1, 50), b"1 0 obj\n<< /Type /Catalog >>\nendobj\n"])
    return head + middle + b"%%EOF" + rng.choice([b"", b"\n", b"\r\n"])


def circular(rng: random.Random) -> bytes:
    choice = rng.randrange(9)
    if choice == 0:  # the Pages node is its own kid
        return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"])
    if choice == 1:  # two Pages nodes, each the other's kid (and a real page too)
        return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
                         b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
                         b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>",
                         stream(content()), FONT])
    if choice == 2:  # the catalog is its own page tree
        return assemble([b"<< /Type /Catalog /Pages 1 0 R /Kids [1 0 R] /Count 1 >>"])
    if choice == 3:  # an object that is a reference to itself, used where a value is needed
        where = rng.choice([b"/Resources", b"/MediaBox", b"/Contents", b"/Rotate"])
        page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>"
        page = re.sub(re.escape(where) + rb" (<< /Font << /F1 5 0 R >> >>|\[0 0 612 792\]|4 0 R)", where + b" 6 0 R", page) if where != b"/Rotate" else page[:-2] + b"/Rotate 6 0 R >>"
        return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page, stream(content()), FONT, b"6 0 R"])
    if choice == 4:  # a stream whose /Length is itself
        return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                         b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
                         stream(content(), length=b"4 0 R"), FONT])
    if choice == 5:  # a form that draws itself
        form = stream(content(extra=b"/X0 Do"), b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X0 6 0 R >> >>")
        return one_page(resources=b"<< /Font << /F1 5 0 R >> /XObject << /X0 6 0 R >> >>", contents=content(extra=b"/X0 Do"), more=[form])
    if choice == 6:  # two forms drawing each other
        a = stream(b"/B Do", b"/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /B 7 0 R >> >>")
        b = stream(content(extra=b"/A Do"), b"/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /Font << /F1 5 0 R >> /XObject << /A 6 0 R >> >>")
        return one_page(resources=b"<< /Font << /F1 5 0 R >> /XObject << /A 6 0 R >> >>", contents=content(extra=b"/A Do"), more=[a, b])
    if choice == 7:  # inherited resources from a parent that is the page's own child
        return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>",
                         b"<< /Type /Page /Parent 2 0 R /Kids [2 0 R] /MediaBox [0 0 612 792] /Contents 4 0 R >>", stream(content()), FONT])
    # a contents array that contains itself
    return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >>",
                     stream(content()), FONT, b"[4 0 R 6 0 R 4 0 R]"])


def bad_page_tree(rng: random.Random) -> bytes:
    count = rng.choice([b"0", b"-1", b"2", b"7", b"499", b"500", b"501", b"2147483647", b"99999999999", b"(x)", b"1.5"])
    kids = rng.choice([b"[3 0 R]", b"[3 0 R 5 0 R]", b"[3 0 R null 42 (x)]", b"[3 0 R 4 0 R]", b"[99 0 R 3 0 R]", b"3 0 R", b"[]", b"null", b"[1 0 R]", b"[3 0 R 3 0 R 3 0 R]"])
    page_type = rng.choice([b"/Type /Page", b"/Type /Page", b"/Type /Pages", b"", b"/Type /Font"])
    return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids " + kids + b" /Count " + count + b" >>",
                     b"<< " + page_type + b" /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
                     stream(content()), FONT])


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


SPECIAL = b"()<>[]{}/\\%0123456789 \n\rRobjstreamendxref"


def mutation(rng: random.Random) -> bytes:
    data = bytearray(rng.choice(_contracts()))
    for _ in range(rng.choice([1, 2, 5, 10, 50, 200])):
        op = rng.randrange(6)
        i = rng.randrange(len(data))
        if op <= 1:
            data[i] ^= 1 << rng.randrange(8)
        elif op == 2:
            data[i] = rng.randrange(256)
        elif op == 3:
            data[i] = rng.choice(SPECIAL)
        elif op == 4:
            del data[i : i + rng.randint(1, 64)]
        else:
            j = rng.randrange(len(data))
            data[i:i] = data[j : j + rng.randint(1, 256)]
    return bytes(data)


MAKERS: dict[str, Callable[[random.Random], bytes]] = {
    "truncated": truncated, "random_tail": random_tail, "bad_xref": bad_xref, "encrypted": encrypted, "many_pages": many_pages,
    "deep_nesting": deep_nesting, "huge_image": huge_image, "bomb": bomb_pdf, "bad_mediabox": bad_mediabox, "javascript": javascript,
    "empty": empty, "not_a_pdf": not_a_pdf, "eof_only": eof_only, "circular": circular, "bad_page_tree": bad_page_tree,
    "bad_font": bad_font, "mutation": mutation,
}
assert tuple(MAKERS) == KINDS


def generate(seed: int, n: int = 1000, kinds: tuple[str, ...] = KINDS) -> Iterator[tuple[str, bytes]]:
    """``n`` hostile files ``(kind, data)``, the kinds in turn; the same seed, the same files.
    File ``i`` depends only on ``(seed, i)``: a prefix of a longer run is the shorter run."""
    for i in range(n):
        kind = kinds[i % len(kinds)]
        yield kind, MAKERS[kind](random.Random(f"clauseflow-hostile:{seed}:{i}"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (kind, data) in enumerate(generate(args.seed, args.n)):
        (args.out / f"{i:04d}-{kind}.pdf").write_bytes(data)
        total += len(data)
    print(f"wrote {args.n} files ({total / 1e6:.1f} MB) to {args.out}")


if __name__ == "__main__":
    main()

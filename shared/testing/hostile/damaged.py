"""Damaged structure: a valid PDF cut short, a header over random bytes or a token soup, broken
cross-reference tables and trailers, a header and %%EOF with nothing between, and random byte
surgery on the contract."""

from __future__ import annotations

import random
import re

from .blocks import base_pdf, contract_pdfs, stream


def truncated(rng: random.Random) -> bytes:
    src = base_pdf(rng)
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
    src = base_pdf(rng)
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


def eof_only(rng: random.Random) -> bytes:
    head = b"%PDF-" + rng.choice([b"1.0", b"1.4", b"1.7", b"2.0", b"9.9", b""]) + b"\n"
    middle = rng.choice([b"", b"%\xe2\xe3\xcf\xd3\n", b"trailer\n<< >>\n", b"trailer\n<< /Root 1 0 R >>\n", b"startxref\n0\n", b"xref\n0 0\ntrailer\n<<>>\nstartxref\n9\n",
                         b"%%EOF\n" * rng.randint(1, 50), b"1 0 obj\n<< /Type /Catalog >>\nendobj\n"])
    return head + middle + b"%%EOF" + rng.choice([b"", b"\n", b"\r\n"])


SPECIAL = b"()<>[]{}/\\%0123456789 \n\rRobjstreamendxref"


def mutation(rng: random.Random) -> bytes:
    data = bytearray(rng.choice(contract_pdfs()))
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

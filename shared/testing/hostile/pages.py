"""Page trees and pages: far too many pages, a /Count that lies or kids that are not pages,
and page boxes that are zero, negative, huge or malformed."""

from __future__ import annotations

import random

from .blocks import FONT, assemble, content, one_page, stream


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


def bad_page_tree(rng: random.Random) -> bytes:
    count = rng.choice([b"0", b"-1", b"2", b"7", b"499", b"500", b"501", b"2147483647", b"99999999999", b"(x)", b"1.5"])
    kids = rng.choice([b"[3 0 R]", b"[3 0 R 5 0 R]", b"[3 0 R null 42 (x)]", b"[3 0 R 4 0 R]", b"[99 0 R 3 0 R]", b"3 0 R", b"[]", b"null", b"[1 0 R]", b"[3 0 R 3 0 R 3 0 R]"])
    page_type = rng.choice([b"/Type /Page", b"/Type /Page", b"/Type /Pages", b"", b"/Type /Font"])
    return assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids " + kids + b" /Count " + count + b" >>",
                     b"<< " + page_type + b" /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
                     stream(content()), FONT])


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

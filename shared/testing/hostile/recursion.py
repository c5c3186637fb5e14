"""Recursion: arrays, dictionaries, page trees and forms nested tens of thousands deep, and
page trees, objects, forms and contents that refer to themselves."""

from __future__ import annotations

import random
import re

from .blocks import FONT, assemble, content, one_page, stream


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

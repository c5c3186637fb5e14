"""Hostile PDFs, made on the spot from a seed: what a stranger may upload to break the reader.

``generate(seed, n)`` yields ``(kind, data)``, the kinds in turn (so each is about n/len(KINDS)),
each file from its own random stream, so the same seed gives the same bytes in the same order.
Nothing huge is written out: a bomb is *compressed* (a few hundred KB that inflate to hundreds
of MB or more), a huge image is *declared* huge; the largest files (200k-deep nesting) are 3 MB,
and 1,000 files take a few seconds to make (about 100 MB written out). The valid bases are made
once per process with fpdf2 (a fixed creation date, so the same bytes every time) or written by
hand (:func:`~shared.testing.hostile.blocks.assemble`).

This package holds the registry (:data:`KINDS`, :data:`MAKERS`) and :func:`generate`; one module
per family of kinds makes them: :mod:`.damaged`, :mod:`.encryption`, :mod:`.pages`,
:mod:`.recursion`, :mod:`.payloads`, :mod:`.not_pdf` (building blocks in :mod:`.blocks` and
:mod:`.deflate`).

:data:`SCAN_KINDS` are valid files of pages that are only a picture, so that they get past the
check and reach OCR (:mod:`.scans`): a giant page, a strip, hundreds of pages. They are not in
:data:`KINDS` (what a thousand-file run cycles through: each of these costs seconds to minutes
of OCR); ask for them with ``generate(seed, n, SCAN_KINDS)`` or ``--scans``.

    python -m shared.testing.hostile --seed 7 --out /tmp/hostile [--n 1000]

writes them out (``0000-truncated.pdf`` ...) for manual runs, e.g. ``curl -F file=@...``.

Hostile Word files are in :mod:`.docx` (:data:`DOCX_KINDS`, ``generate_docx(seed, n)``), each
kind with the refusal it must get; they are not PDFs, so they are not in :data:`KINDS` either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from . import damaged, encryption, not_pdf, pages, payloads, recursion, scans
from .docx import DOCX_KINDS, generate_docx  # noqa: F401 - the Word files' registry, beside the PDFs'

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

SCAN_KINDS = (
    "giant_scan",       # image-only pages up to 200 x 200 inches
    "narrow_scan",      # image-only strips, 72 x 14,400 points (and as wide), beside an ordinary page
    "many_page_scan",   # 30-500 image-only pages (the edge's limit; summarize reads 300)
)

MAKERS: dict[str, Callable[[random.Random], bytes]] = {
    "truncated": damaged.truncated, "random_tail": damaged.random_tail, "bad_xref": damaged.bad_xref, "encrypted": encryption.encrypted,
    "many_pages": pages.many_pages, "deep_nesting": recursion.deep_nesting, "huge_image": payloads.huge_image, "bomb": payloads.bomb_pdf,
    "bad_mediabox": pages.bad_mediabox, "javascript": payloads.javascript, "empty": not_pdf.empty, "not_a_pdf": not_pdf.not_a_pdf,
    "eof_only": damaged.eof_only, "circular": recursion.circular, "bad_page_tree": pages.bad_page_tree, "bad_font": payloads.bad_font,
    "mutation": damaged.mutation,
    "giant_scan": scans.giant_scan, "narrow_scan": scans.narrow_scan, "many_page_scan": scans.many_page_scan,
}
assert tuple(MAKERS) == KINDS + SCAN_KINDS


def generate(seed: int, n: int = 1000, kinds: tuple[str, ...] = KINDS) -> Iterator[tuple[str, bytes]]:
    """``n`` hostile files ``(kind, data)``, the kinds in turn; the same seed, the same files.
    File ``i`` depends only on ``(seed, i)``: a prefix of a longer run is the shorter run."""
    for i in range(n):
        kind = kinds[i % len(kinds)]
        yield kind, MAKERS[kind](random.Random(f"clauseflow-hostile:{seed}:{i}"))

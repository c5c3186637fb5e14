"""Over a thousand hostile PDFs (shared.testing.hostile) through the PDF sandbox as the edge
checks an upload and summarize reads it: each is refused with an InputError (a clean 4xx, or
an `error` event after 202) or read within the time and memory limits; nothing else escapes,
the sandbox still reads a good PDF afterwards, and the test process itself does not grow."""

from __future__ import annotations

import gc
import hashlib
import os
import time
from collections import Counter, defaultdict

import pytest

from shared.core.errors import InputError
from shared.documents import pdf
from shared.documents.sandbox import PdfSandbox
from shared.testing.contracts import make_contract
from shared.testing.hostile import KINDS, generate

SEED = 20250607
N = 60 * len(KINDS)  # 1020: 60 of each kind
LIMITS = {"max_bytes": 25 * 1024 * 1024, "max_pages": 500}  # the edge's defaults (services/edge/settings.py)
TIMEOUT_S, MEMORY_MB = 5, 512
# A file may cost its time limit, then the replacement pool's start (spawn + imports).
PER_FILE_S = TIMEOUT_S + 15
RSS_GROWTH_MB = 200
# Kinds that are a readable PDF underneath, so some of each must get past the check and be
# read by PDFium (else the generator is only testing the magic-bytes check).
REACH_THE_READER = {"bad_xref", "encrypted", "deep_nesting", "huge_image", "bomb", "bad_mediabox", "javascript", "circular", "bad_page_tree", "bad_font", "mutation"}


def _digests(seed: int, n: int) -> list[tuple[str, str]]:
    return [(kind, hashlib.sha256(data).hexdigest()) for kind, data in generate(seed, n)]


def test_every_kind_is_made_and_a_seed_gives_the_same_files():
    first = _digests(SEED, 3 * len(KINDS))
    assert first == _digests(SEED, 3 * len(KINDS))
    assert Counter(kind for kind, _ in first) == {kind: 3 for kind in KINDS}
    assert _digests(SEED, len(KINDS)) == first[: len(KINDS)], "file i depends only on (seed, i)"
    other = _digests(SEED + 1, 3 * len(KINDS))
    assert sum(a != b for a, b in zip(first, other)) > len(first) // 2, "another seed, other files"


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.timeout(900)
async def test_every_hostile_pdf_is_refused_cleanly_or_read_within_limits():
    sandbox = PdfSandbox(workers=2, timeout_s=TIMEOUT_S, memory_mb=MEMORY_MB)
    good = make_contract()
    try:
        assert await sandbox.run(pdf.check, good.data, **LIMITS) == good.page_count  # workers up before the baseline
        gc.collect()
        rss0 = _rss_mb()
        t0 = time.monotonic()
        outcomes: dict[str, Counter] = defaultdict(Counter)  # kind -> "refused:code" / "failed:code" / "read"
        escaped, slow, wrong = [], [], []
        max_chars = max_pages = 0
        for i, (kind, data) in enumerate(generate(SEED, N)):
            started = time.monotonic()
            stage = "check"  # the edge: 4xx or 202
            try:
                pages = await sandbox.run(pdf.check, data, **LIMITS)
                stage = "read"  # summarize: the text of every page, or an `error` event
                texts = await sandbox.run(pdf.page_texts, data)
            except InputError as exc:
                outcomes[kind][f"{'refused' if stage == 'check' else 'failed'}:{exc.code}"] += 1
            except Exception as exc:  # noqa: BLE001 - what this test looks for
                outcomes[kind][f"ESCAPED:{stage}"] += 1
                escaped.append((i, kind, stage, repr(exc)[:160]))
            else:
                outcomes[kind]["read"] += 1
                if not (isinstance(texts, list) and len(texts) == pages <= LIMITS["max_pages"] and all(isinstance(t, str) for t in texts)):
                    wrong.append((i, kind, pages, type(texts).__name__))
                max_chars, max_pages = max(max_chars, sum(map(len, texts))), max(max_pages, pages)
            if (took := time.monotonic() - started) > PER_FILE_S:
                slow.append((i, kind, round(took, 1)))
        elapsed = time.monotonic() - t0
        gc.collect()
        growth = _rss_mb() - rss0

        print(f"\n{N} hostile PDFs (seed {SEED}) in {elapsed:.0f} s; RSS {rss0:.0f} MB -> +{growth:.0f} MB; largest read: {max_pages} pages, {max_chars} chars")
        print(f"{'kind':<15}{'refused':>8}{'failed':>8}{'read':>6}  detail")
        for kind in KINDS:
            c = outcomes[kind]
            refused = sum(v for k, v in c.items() if k.startswith("refused"))
            failed = sum(v for k, v in c.items() if k.startswith(("failed", "ESCAPED")))
            print(f"{kind:<15}{refused:>8}{failed:>8}{c['read']:>6}  {dict(sorted(c.items()))}")

        # The sandbox is still usable: a good PDF is checked and read as before.
        assert await sandbox.run(pdf.check, good.data, **LIMITS) == good.page_count
        texts = await sandbox.run(pdf.page_texts, good.data)
        assert len(texts) == good.page_count and "GOVERNING LAW" in texts[-1]
    finally:
        sandbox.close()

    assert set(outcomes) == set(KINDS) and sum(sum(c.values()) for c in outcomes.values()) == N
    assert not slow, f"files that took over {PER_FILE_S} s: {slow}"
    assert not wrong, f"reads that are not one string per page within the page limit: {wrong}"
    assert growth < RSS_GROWTH_MB, f"the test process grew by {growth:.0f} MB"
    for kind in ("empty", "not_a_pdf"):
        assert outcomes[kind] == {"refused:not_a_pdf": 60}, (kind, outcomes[kind])
    assert outcomes["many_pages"] == {"refused:too_large": 60}, outcomes["many_pages"]
    for kind in REACH_THE_READER:
        assert sum(v for k, v in outcomes[kind].items() if not k.startswith("refused")) > 0, f"no {kind} file got past the check"
    # Last, so that everything above is known even while this fails: an exception that is not an
    # InputError is a 500 at the edge, or an `error` event with code "internal" from summarize.
    kinds_of = Counter((kind, stage, exc) for _, kind, stage, exc in escaped)
    assert not escaped, f"{len(escaped)} files raised something other than an InputError: {dict(kinds_of)}; the first: {escaped[:3]}"

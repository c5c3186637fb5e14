"""Untrusted PDFs in worker processes: a hung, ballooning or crashing read costs a worker, not
the service; each becomes a clear error and the next file is read as usual."""

import asyncio
import os
import time

import pytest

from shared.core.errors import CorruptPdf, NotAPdf
from shared.documents import pdf
from shared.documents.sandbox import PdfSandbox
from shared.testing.contracts import make_contract


# Simulated hostile reads (module level, so the spawned workers can import them).
def hangs(_data):
    while True:
        time.sleep(0.1)


def balloons(_data):
    return len(bytearray(4 * 1024**3))


def hangs_briefly(seconds: float) -> None:
    time.sleep(seconds)


def crashes(_data):
    os.abort()


@pytest.fixture(scope="module")
def sandbox():
    box = PdfSandbox(workers=1, timeout_s=3, memory_mb=512)
    yield box
    box.close()


async def test_a_good_pdf_is_read_in_a_worker(sandbox):
    data = make_contract().data
    assert await sandbox.run(pdf.check, data, max_bytes=10**6, max_pages=50) == 4


async def test_input_errors_come_back_as_they_are(sandbox):
    with pytest.raises(NotAPdf):
        await sandbox.run(pdf.check, b"plain text", max_bytes=10**6, max_pages=50)


@pytest.mark.parametrize(("hostile", "code"), [(hangs, "pdf_too_slow"), (balloons, "pdf_too_big"), (crashes, "corrupt_pdf")])
async def test_a_hostile_read_costs_a_worker_and_the_next_file_is_read(sandbox, hostile, code):
    t0 = time.monotonic()
    with pytest.raises(CorruptPdf) as err:
        await sandbox.run(hostile, b"%PDF-")
    assert err.value.code == code and time.monotonic() - t0 < 15
    assert await sandbox.run(pdf.check, make_contract().data, max_bytes=10**6, max_pages=50) == 4


async def test_a_file_that_breaks_the_pool_fails_alone():
    """A kill at the time limit takes every worker of the pool with it: the other file read at
    that moment is read again on its own, not failed with the hostile one."""
    # The first attempt's limit covers starting the pool's workers (spawned Pythons importing
    # this module, slow on a fresh checkout with no bytecode yet): 15 s leaves room for that.
    box = PdfSandbox(workers=2, timeout_s=15, memory_mb=512)
    try:
        good = make_contract(extra_pages=20).data
        # Both workers started first, so that the two hostile calls run side by side (a worker
        # that is still starting cannot take the second one, and it would wait out the limit).
        await asyncio.gather(box.run(hangs_briefly, 1.0), box.run(hangs_briefly, 1.0))
        results = await asyncio.gather(
            box.run(hangs, b"%PDF-"), box.run(crashes, b"%PDF-"),
            *(box.run(pdf.page_texts, good) for _ in range(4)),
            return_exceptions=True,
        )
        assert isinstance(results[0], CorruptPdf) and results[0].code == "pdf_too_slow"
        assert isinstance(results[1], CorruptPdf) and results[1].code == "corrupt_pdf"
        assert all(isinstance(r, list) and len(r) == 24 for r in results[2:]), [type(r).__name__ for r in results[2:]]
    finally:
        box.close()


async def test_warm_starts_every_worker_before_the_first_file():
    """Workers otherwise start on demand, one per call while none is idle: the first uploads
    after a start would each wait for a Python to start and import PDFium."""
    box = PdfSandbox(workers=2, timeout_s=15, memory_mb=512)
    try:
        assert not box._pool._processes
        await box.warm()
        started = {p.pid for p in box._pool._processes.values()}
        assert len(started) == 2 and all(p.is_alive() for p in box._pool._processes.values())
        await asyncio.gather(*(box.run(pdf.check, make_contract().data, max_bytes=10**6, max_pages=50) for _ in range(4)))
        assert {p.pid for p in box._pool._processes.values()} == started, "no worker was started for the files"
    finally:
        box.close()


async def test_a_replaced_pool_is_warmed_for_the_next_file(sandbox):
    with pytest.raises(CorruptPdf):
        await sandbox.run(hangs, b"%PDF-")  # killed at the time limit: the pool is replaced
    await sandbox._warming
    assert len(sandbox._pool._processes) == 1
    assert await sandbox.run(pdf.check, make_contract().data, max_bytes=10**6, max_pages=50) == 4


def test_a_page_tree_promising_pages_it_lacks_is_corrupt_not_a_crash():
    data = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 1>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF"
    assert pdf.check(data, max_bytes=10**7, max_pages=500) == 1  # PDFium believes /Count
    with pytest.raises(CorruptPdf):
        pdf.page_texts(data)


def test_an_earlier_encrypted_file_does_not_make_a_corrupt_one_look_encrypted():
    from shared.core.errors import EncryptedPdf
    from shared.testing.hostile.blocks import assemble
    from shared.testing.hostile.encryption import _encrypted

    bad = assemble([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])
    with pytest.raises(CorruptPdf):
        pdf.check(bad, max_bytes=10**7, max_pages=500)
    with pytest.raises(EncryptedPdf):
        pdf.check(_encrypted("secret", 0), max_bytes=10**7, max_pages=500)
    with pytest.raises(CorruptPdf) as err:
        pdf.check(bad, max_bytes=10**7, max_pages=500)
    assert not isinstance(err.value, EncryptedPdf)


def test_text_past_the_limit_is_too_large():
    from shared.core.errors import TooLarge

    with pytest.raises(TooLarge):
        pdf.page_texts(make_contract().data, max_chars=100)

"""Untrusted PDFs in worker processes: a hung, ballooning or crashing read costs a worker, not
the service; each becomes a clear error and the next file is read as usual."""

import os
import time

import pytest

from shared import pdf
from shared.errors import CorruptPdf, NotAPdf
from shared.sandbox import PdfSandbox
from shared.testing.contracts import make_contract


# Simulated hostile reads (module level, so the spawned workers can import them).
def hangs(_data):
    while True:
        time.sleep(0.1)


def balloons(_data):
    return len(bytearray(4 * 1024**3))


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

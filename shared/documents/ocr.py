"""Text for pages that have none: scanned pages are rendered, prepared for OCR by an NVIDIA DALI
pipeline, and read by Tesseract.

    render (pypdfium2, in the PDF sandbox: the file is a stranger's)  -> PNG bytes per page
    prepare (DALI: decode, grayscale, resize to the OCR's width, stretch the contrast)
    read (Tesseract, `eng+chi_sim` by default, one process a page, a bounded pool, a time limit;
          the process's CPU time billed to the review, as the sandbox's is)

One pipeline definition serves both kinds of host: on a GPU the decoder runs `mixed` (nvJPEG /
nvImageCodec) and the resize on the GPU; without one, the same operators run on the CPU
(``device_id=None``). Tesseract was chosen over RapidOCR (ONNX models from PyPI) on measured
character error rate and pages/s: bench/bench_ocr.py, bench/RESULTS.md.

Tesseract writes a space between CJK characters and breaks lines where the scan does; the text
is put back the way the text layer of a digital PDF gives it (:func:`tidy`).
"""

from __future__ import annotations

import ctypes
import io
import logging
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence

import numpy as np

from shared.core.telemetry import add_cpu
from shared.documents import cjk

log = logging.getLogger(__name__)
# Tesseract's own threads: one per process, as pages run side by side in a pool instead.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

# A page whose text layer has fewer characters than this (spaces aside) is read by OCR.
MIN_CHARS = 32
_BLANK_RUN = re.compile(r"\n{3,}")


def needs_ocr(text: str, min_chars: int = MIN_CHARS) -> bool:
    return sum(not c.isspace() for c in text) < min_chars


# A page with little text is read by OCR only if it shows something its text layer may lack: an
# image covering at least MIN_IMAGE_COVER of it (a scan covers all of it; a scan cut into strips,
# the strips together), or MIN_PATHS drawn shapes (text drawn as outlines). A divider page
# ("EXHIBIT C", a page number, "QuickLinks") has neither, and its text layer is all there is.
MIN_IMAGE_COVER = 0.05
MIN_PATHS = 100


def _each_page(source: bytes, pages: Sequence[int]):
    """The given pages (0-based) of the PDF, each opened in turn and closed after its use."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(source)
    try:
        for i in pages:
            page = doc[i]
            try:
                yield page
            finally:
                page.close()
    finally:
        doc.close()


def worth_reading(source: bytes, pages: Sequence[int]) -> list[bool]:
    """For each page (0-based), whether OCR could find text its text layer lacks. Run it in
    the PDF sandbox."""
    return [_shows_more_than_text(page) for page in _each_page(source, pages)]


def _shows_more_than_text(page) -> bool:
    import pypdfium2.raw as raw

    w, h = page.get_size()
    area, images, paths = max(w * h, 1.0), 0.0, 0
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_PATH), max_depth=4):
        if obj.type == raw.FPDF_PAGEOBJ_PATH:
            paths += 1
        elif obj.level:  # inside a form its bounds are the form's: it counts whole
            return True
        else:
            left, bottom, right, top = obj.get_bounds()
            images += max(0.0, min(right, w) - max(left, 0)) * max(0.0, min(top, h) - max(bottom, 0)) / area
        if images >= MIN_IMAGE_COVER or paths >= MIN_PATHS:
            return True
    return False


def tidy(text: str) -> str:
    """OCR output as the text layer gives it: no spaces inside CJK text, wrapped CJK lines
    joined, no runs of blank lines."""
    text = cjk.join_wrapped(cjk.unspace(text.replace("\f", "")))
    return _BLANK_RUN.sub("\n\n", text).strip()


# The pixels of a page are bounded before anything is resized: the sandbox renders at most
# MAX_RENDER_PIXELS (a poster-sized page at a lower dpi), and a page more than MAX_ASPECT times
# taller than wide is not rendered at all (b""): resized to the OCR width, a 72 x 14,400-point
# strip would be 2,000 x 400,000 pixels, gigabytes once prepared, in summarize's own process.
MAX_RENDER_PIXELS = 25_000_000
MAX_ASPECT = 4.0


def render_pages(source: bytes, pages: Sequence[int], dpi: int, max_aspect: float = MAX_ASPECT) -> list[bytes]:
    """PNG images of the given pages (0-based) at ``dpi`` (lower for a page over
    ``MAX_RENDER_PIXELS``); ``b""`` for a page over ``max_aspect`` times taller than wide. Run it
    in the PDF sandbox."""
    out = []
    for page in _each_page(source, pages):
        w, h = page.get_size()  # points
        if w <= 0 or h <= 0 or h > max_aspect * w:
            out.append(b"")
            continue
        image = page.render(scale=min(dpi / 72, (MAX_RENDER_PIXELS / (w * h)) ** 0.5)).to_pil()
        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=1)  # lossless; fast rather than small
        out.append(buf.getvalue())
    return out


def gpu_present() -> bool:
    return os.path.exists("/dev/nvidia0")


class Preparer:
    """The DALI pipeline: encoded page images in, uint8 grayscale arrays ``width`` pixels wide
    (the text of every page at about the size Tesseract reads best, whatever the scan's
    resolution) with the contrast stretched to 0..255 out. Built on first use; one batch
    at a time (a pipeline is not re-entrant)."""

    def __init__(self, width: int = 2000, device: str = "auto", batch_size: int = 8, threads: int = 2) -> None:
        self.width, self.batch_size, self.threads = width, batch_size, threads
        self.gpu = gpu_present() if device == "auto" else device == "gpu"
        self._pipe = None
        self._lock = threading.Lock()

    @property
    def device(self) -> str:
        return "gpu" if self.gpu else "cpu"

    def _build(self):
        from nvidia.dali import fn, pipeline_def, types
        from nvidia.dali import math as dmath

        gpu, width = self.gpu, self.width

        @pipeline_def(batch_size=self.batch_size, num_threads=self.threads, device_id=0 if gpu else None, prefetch_queue_depth=1)
        def prepare():
            raw = fn.external_source(name="raw", dtype=types.UINT8)
            image = fn.decoders.image(raw, device="mixed" if gpu else "cpu", output_type=types.GRAY)
            image = fn.resize(image, resize_x=width, antialias=True)  # every page the same width, aspect kept
            image = fn.cast(image, dtype=types.FLOAT)
            lo, hi = fn.reductions.min(image), fn.reductions.max(image)
            image = (image - lo) * (255.0 / dmath.max(hi - lo, 1.0))  # faint scans: full contrast
            return fn.cast(image, dtype=types.UINT8)

        pipe = prepare()
        pipe.build()
        return pipe

    def __call__(self, images: Sequence[bytes]) -> list[np.ndarray]:
        """The pages prepared. On the CPU they go through one at a time: DALI keeps each sample's
        buffers at the size of the largest page it has held (25-megapixel pages take hundreds of
        MB of them: four as one batch took a process to 1.4 GB RSS, one at a time to 0.4 GB),
        and a batch buys little there (four letter pages: 0.45 s one by one, 0.40 s together);
        the heap memory they freed goes back to the system after each call."""
        out: list[np.ndarray] = []
        per_run = self.batch_size if self.gpu else 1
        with self._lock:
            if self._pipe is None:
                self._pipe = self._build()
            dali_s = _threads_cpu_s(DALI_THREADS)  # its own threads: the caller's clock does not see them
            for start in range(0, len(images), per_run):
                batch = [np.frombuffer(b, dtype=np.uint8) for b in images[start : start + per_run]]
                self._pipe.feed_input("raw", batch)
                (prepared,) = self._pipe.run()
                if self.gpu:
                    prepared = prepared.as_cpu()
                out.extend(np.array(prepared[i])[:, :, 0] for i in range(len(batch)))
            add_cpu(_threads_cpu_s(DALI_THREADS) - dali_s)  # one call at a time: all of it this call's
            if not self.gpu:
                _trim_heap()
        return out


DALI_THREADS = "[DALI]"  # how DALI names the threads of its pipelines


def _threads_cpu_s(prefix: str) -> float:
    """CPU seconds of this process's threads whose name starts with ``prefix`` (Linux's /proc;
    0 where there is none)."""
    try:
        tids = os.listdir("/proc/self/task")
    except OSError:
        return 0.0
    ticks = 0
    for tid in tids:
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue  # the thread ended meanwhile
        if stat[stat.index("(") + 1 : stat.rindex(")")].startswith(prefix):
            fields = stat[stat.rindex(")") + 2 :].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat
    return ticks / os.sysconf("SC_CLK_TCK")


def _trim_heap() -> None:
    """Hand the heap's free memory back to the system (glibc's malloc_trim; elsewhere nothing)."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


TESSERACT = "tesseract"


def read(image: np.ndarray, languages: str = "eng+chi_sim", timeout_s: float = 60.0, nice: int = 0) -> str:
    """One prepared page through Tesseract; "" when it runs past ``timeout_s`` or fails (logged).
    ``nice`` > 0 runs it at that lower priority (a batch's scans: the kernel gives the cores to
    interactive work first, and to the batch whatever is left).

    Tesseract's CPU time (its process's, taken as it is reaped) is billed to the handler run
    that reads the page (:func:`shared.core.telemetry.add_cpu`): OCR is a review's most
    expensive CPU work, and runs outside the threads :func:`~shared.core.telemetry.timed_cpu`
    measures."""
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="ocr-") as tmp:
        page, out = os.path.join(tmp, "page.png"), os.path.join(tmp, "page")
        Image.fromarray(image).save(page, format="PNG", compress_level=1)
        with open(os.path.join(tmp, "stderr"), "w+b") as err:
            lower = ["nice", "-n", str(nice)] if nice > 0 else []
            proc = subprocess.Popen([*lower, TESSERACT, page, out, "-l", languages, "txt"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
            status, cpu_s = _reap(proc, timeout_s)
            add_cpu(cpu_s)
            if status is None:
                log.warning("OCR of a page gave up after %.0f s", timeout_s)
                return ""
            if status:
                err.seek(0)
                log.warning("Tesseract failed (exit %d): %s", status, err.read()[-500:].decode(errors="replace").strip())
                return ""
        with open(f"{out}.txt", encoding="utf-8", errors="replace") as f:
            return tidy(f.read())


def _reap(proc: subprocess.Popen, timeout_s: float) -> tuple[int | None, float]:
    """Wait for ``proc``, killed at ``timeout_s``: its exit code (None when killed at the limit)
    and the CPU seconds it used (os.wait4's rusage of this one child, whatever else runs)."""
    deadline, pause = time.monotonic() + timeout_s, 0.001
    killed = False
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() >= deadline:
            os.kill(proc.pid, signal.SIGKILL)  # not reaped yet, so the pid is still this child's
            _, status, usage = os.wait4(proc.pid, 0)
            killed = True
            break
        time.sleep(pause)
        pause = min(2 * pause, 0.02)
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    return None if killed else proc.returncode, usage.ru_utime + usage.ru_stime

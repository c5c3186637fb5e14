"""A cleaned .docx (docx.py) to PDF by LibreOffice headless, one process per file, within limits.

Each conversion gets a fresh user profile in a temporary folder (deleted after), written first
with macros off and links never updated; its address space is capped (``prlimit --as``), it
runs in a new session so a time limit kills LibreOffice and every child it started, and, where
the kernel allows an unprivileged network namespace (``unshare -rn``: probed once), without a
network at all. ``workers`` conversions run at once; the rest wait their turn outside the limit.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from shared.core.errors import CorruptDocx, RetryLater

log = logging.getLogger(__name__)
# Macros never run; links (images, templates, objects by URL) are never updated on load.
_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseLocking" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
"""


class Unavailable(RetryLater):
    code = "conversion_unavailable"


@dataclass(frozen=True)
class Converted:
    pdf: bytes
    seconds: float    # wall time of the conversion
    cpu_s: float      # LibreOffice's CPU time (its processes' rusage)


@functools.cache
def _can_unshare() -> bool:
    if shutil.which("unshare") is None:
        return False
    try:
        return subprocess.run(["unshare", "-rn", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@functools.cache
def version(soffice: str = "soffice") -> str | None:
    """``LibreOffice 7.4.7.2`` (its own ``--version``, first two words), or None where it is missing."""
    if shutil.which(soffice) is None:
        return None
    try:
        out = subprocess.run([soffice, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    words = out.split()
    return " ".join(words[:2]) if len(words) >= 2 else None


class Converter:
    """``await Converter(...).convert(docx_bytes)``: a :class:`Converted`, or an InputError
    (``docx_too_slow``, ``corrupt_docx``) that reaches the client as an error event."""

    def __init__(self, soffice: str = "soffice", timeout_s: float = 60.0, memory_mb: int = 2048, workers: int = 1) -> None:
        self.soffice, self.timeout_s, self.memory_mb = soffice, timeout_s, memory_mb
        self.workers = workers
        self._slots: asyncio.Semaphore | None = None

    @property
    def version(self) -> str | None:
        return version(self.soffice)

    def command(self, folder: Path, source: Path) -> list[str]:
        soffice = shutil.which(self.soffice) or self.soffice
        cmd = ["prlimit", f"--as={self.memory_mb * 1024 * 1024}", "--"]
        if _can_unshare():
            cmd += ["unshare", "-rn"]
        return cmd + [soffice, "--headless", "--norestore", "--nologo", "--nodefault", "--nolockcheck",
                      f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--convert-to", "pdf",
                      "--outdir", str(folder / "out"), str(source)]

    async def convert(self, docx: bytes) -> Converted:
        if self.version is None:
            raise Unavailable(f"Word files cannot be converted here: LibreOffice ({self.soffice}) is not installed")
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        async with self._slots:
            return await self._convert(docx)

    async def _convert(self, docx: bytes) -> Converted:
        with tempfile.TemporaryDirectory(prefix="clauseflow-docx-") as tmp:
            folder = Path(tmp)
            (folder / "profile" / "user").mkdir(parents=True)
            (folder / "profile" / "user" / "registrymodifications.xcu").write_text(_PROFILE)
            source = folder / "contract.docx"
            source.write_bytes(docx)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.monotonic()
            proc = await asyncio.create_subprocess_exec(
                *self.command(folder, source), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                start_new_session=True, env={**os.environ, "HOME": tmp, "SAL_USE_VCLPLUGIN": "svp"},
            )
            try:
                out, _ = await asyncio.wait_for(proc.communicate(), self.timeout_s)
            except asyncio.TimeoutError:
                _kill_group(proc.pid)
                await proc.wait()
                raise CorruptDocx(f"the Word file could not be converted within {self.timeout_s:g} s; send it as a PDF", code="docx_too_slow") from None
            except asyncio.CancelledError:
                _kill_group(proc.pid)
                raise
            finally:
                _kill_group(proc.pid)  # anything LibreOffice left behind
            seconds = time.monotonic() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            pdf = folder / "out" / "contract.pdf"
            if proc.returncode != 0 or not pdf.exists() or pdf.stat().st_size == 0:
                tail = (out or b"").decode("utf-8", "replace").strip()[-300:]
                log.warning("LibreOffice failed (exit %s): %s", proc.returncode, tail)
                raise CorruptDocx("LibreOffice could not convert the Word file (damaged, or too large to open within its memory limit)")
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            return Converted(pdf.read_bytes(), seconds, max(cpu, 0.0))


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass

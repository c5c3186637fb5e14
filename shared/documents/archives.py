"""Zip archives from strangers, read within limits: a batch of contracts sent as one zip, and a
Word file (a DOCX is a zip of XML parts).

``members(data, limits)`` checks the whole directory before a byte is inflated: how many
entries, what each says it holds and how far it compresses, names that would leave the folder
they are unpacked into (``../``, ``/etc``, ``C:\\``), encrypted entries, archives inside the archive.
``read(data, name)`` then inflates one member, never past the size its directory entry declared
(a stream that goes on is refused by its CRC). Every refusal is an :class:`InputError` with a code of its own and a
message that says what to send instead, so the edge answers 4xx and a batch marks one cell failed.
"""

from __future__ import annotations

import io
import lzma
import stat
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import BinaryIO

from shared.core.errors import InputError, TooLarge

MiB = 1 << 20
NESTED = (".zip", ".jar", ".7z", ".rar", ".tar", ".tgz", ".gz", ".bz2", ".xz", ".zst", ".xlsx", ".pptx")  # a .docx is a document


@dataclass(frozen=True)
class ZipLimits:
    max_members: int = 2_000             # entries in the directory, folders included
    max_total_bytes: int = 512 * MiB     # everything inflated, as the directory declares it
    max_member_bytes: int = 100 * MiB    # one member inflated
    max_ratio: float = 100.0             # inflated / compressed, for members over ratio_floor_bytes
    ratio_floor_bytes: int = 1 * MiB     # small members may compress better (XML, blank pages)
    nested: bool = False                 # whether archives inside the archive are taken


@dataclass(frozen=True)
class Member:
    name: str
    size: int        # inflated, as declared
    compressed: int


class BadArchive(InputError):
    code, status = "bad_archive", 422


def _size(n: int) -> str:
    return f"{n / MiB:.0f} MiB" if n >= MiB else f"{n / 1024:.0f} KiB"


def _safe_name(name: str) -> bool:
    """A relative path inside the archive's folder: no root, drive, parent step or backslash."""
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return False
    return ".." not in PurePosixPath(name).parts


def _is_link(info: zipfile.ZipInfo) -> bool:
    return info.create_system == 3 and stat.S_ISLNK(info.external_attr >> 16)


def _seekable(data: bytes | BinaryIO) -> BinaryIO:
    """The archive as zipfile reads it: bytes, or a seekable file (an upload spooled to disk is
    read where it lies, never held whole in memory)."""
    if isinstance(data, (bytes, bytearray)):
        return io.BytesIO(data)
    data.seek(0)
    return data


def members(data: bytes | BinaryIO, limits: ZipLimits = ZipLimits()) -> list[Member]:
    """The files of the archive (folders left out), in directory order, or the reason it is refused."""
    try:
        with zipfile.ZipFile(_seekable(data)) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise BadArchive(f"not a readable zip archive ({exc}); send a .zip made by a standard tool", code="bad_archive") from None
    if len(infos) > limits.max_members:
        raise TooLarge(f"the archive has {len(infos)} entries; at most {limits.max_members} are taken", code="archive_too_many_entries")
    out: list[Member] = []
    total = 0
    for info in infos:
        name = info.filename
        if not _safe_name(name) or _is_link(info):
            raise BadArchive(f"entry {name!r} would be written outside the archive's folder; send an archive of plain relative paths", code="archive_path_escape")
        if info.flag_bits & 0x1:
            raise BadArchive(f"entry {name!r} is encrypted; send the archive without a password", code="archive_encrypted")
        if info.is_dir():
            continue
        if not limits.nested and name.lower().endswith(NESTED):
            raise BadArchive(f"entry {name!r} is an archive inside the archive; send one level of files", code="archive_nested")
        if info.file_size > limits.ratio_floor_bytes and info.file_size > limits.max_ratio * max(info.compress_size, 1):
            raise BadArchive(f"entry {name!r} inflates {info.file_size / max(info.compress_size, 1):.0f} times over: refused as a zip bomb", code="archive_bomb")
        if info.file_size > limits.max_member_bytes:
            raise TooLarge(f"entry {name!r} inflates to {_size(info.file_size)}; at most {_size(limits.max_member_bytes)} a file", code="archive_too_large")
        total += info.file_size
        if total > limits.max_total_bytes:
            raise TooLarge(f"the archive inflates to over {_size(limits.max_total_bytes)}; send fewer files at once", code="archive_too_large")
        out.append(Member(name, info.file_size, info.compress_size))
    if not out:
        raise BadArchive("the archive has no files", code="archive_empty")
    return out


_UNREADABLE = (zipfile.BadZipFile, KeyError, ValueError, EOFError, OSError, zlib.error, lzma.LZMAError, NotImplementedError)


def read(data: bytes | BinaryIO, name: str) -> bytes:
    """One member inflated. zipfile stops at the size the central directory declares (which
    :func:`members` bounded) and then checks the CRC, so a stream that inflates past its
    declaration fails here (``bad_archive``) without ever being held whole."""
    return next(read_each(data, [name]))[1]


def read_each(data: bytes | BinaryIO, names: list[str]) -> Iterator[tuple[str, bytes]]:
    """The members named, inflated in turn from one opening of the archive (as :func:`read`).
    A damaged stream (deflate, LZMA) or a method zipfile cannot inflate (deflate64, AES) is a
    ``bad_archive`` like any other unreadable member."""
    try:
        with zipfile.ZipFile(_seekable(data)) as z:
            for name in names:
                yield name, z.read(name)
    except _UNREADABLE as exc:
        raise BadArchive(f"an entry cannot be read ({exc}); send a .zip made by a standard tool", code="bad_archive") from None

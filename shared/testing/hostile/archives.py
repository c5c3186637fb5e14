"""Hostile zip archives, for the archive guard (shared/documents/archives.py): what a batch's zip
or a DOCX can be when a stranger makes it. Each maker returns ``(bytes, the code it must be
refused with)``; ``ZIP_MAKERS`` names them."""

from __future__ import annotations

import io
import random
import stat
import struct
import zipfile
from collections.abc import Callable

MiB = 1 << 20


def _zip(entries: list[tuple[zipfile.ZipInfo | str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            z.writestr(info, data)
    return buf.getvalue()


def _pdfish(rng: random.Random) -> bytes:
    return b"%PDF-1.4\n" + rng.randbytes(rng.randint(64, 512)) + b"\n%%EOF\n"


def bomb(rng: random.Random) -> tuple[bytes, str]:
    """One member of zeros that inflates over 1,000 times (16-64 MiB from a few tens of KiB)."""
    return _zip([("contract.pdf", bytes(rng.choice([16, 32, 64]) * MiB))]), "archive_bomb"


def lying_size(rng: random.Random) -> tuple[bytes, str]:
    """A member whose directory entries declare 100 bytes and whose stream inflates to 2 MiB:
    read no further than 100 bytes, then refused by its CRC."""
    data = bytearray(_zip([("contract.pdf", rng.randbytes(64) + bytes(2 * MiB))]))
    for sig, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local header, central directory: uncompressed size
        i = data.find(sig)
        data[i + at : i + at + 4] = struct.pack("<I", 100)
    return bytes(data), "bad_archive"


def many_entries(rng: random.Random) -> tuple[bytes, str]:
    return _zip([(f"c{i}.pdf", b"%PDF-") for i in range(rng.choice([2_001, 5_000]))]), "archive_too_many_entries"


def path_escape(rng: random.Random) -> tuple[bytes, str]:
    name = rng.choice(["../../etc/cron.d/x.pdf", "/tmp/abs.pdf", "C:\\Windows\\x.pdf", "a/../../b.pdf", "ok/..\\..\\c.pdf"])
    return _zip([("fine.pdf", _pdfish(rng)), (name, _pdfish(rng))]), "archive_path_escape"


def symlink(rng: random.Random) -> tuple[bytes, str]:
    info = zipfile.ZipInfo("link.pdf")
    info.create_system, info.external_attr = 3, (stat.S_IFLNK | 0o777) << 16
    return _zip([("fine.pdf", _pdfish(rng)), (info, b"/etc/passwd")]), "archive_path_escape"


def nested(rng: random.Random) -> tuple[bytes, str]:
    inner = _zip([("deeper.pdf", _pdfish(rng))])
    return _zip([("fine.pdf", _pdfish(rng)), (rng.choice(["more.zip", "x.tar.gz", "old.xlsx"]), inner)]), "archive_nested"


def encrypted(rng: random.Random) -> tuple[bytes, str]:
    """The encryption flag set on a member (zipfile cannot write real ZipCrypto)."""
    data = bytearray(_zip([("contract.pdf", _pdfish(rng))]))
    for sig, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):  # general-purpose bit flag
        i = data.find(sig)
        data[i + at] |= 0x1
    return bytes(data), "archive_encrypted"


def not_a_zip(rng: random.Random) -> tuple[bytes, str]:
    good = _zip([("contract.pdf", _pdfish(rng))])
    return rng.choice([rng.randbytes(200), good[: len(good) // 2], b"PK\x03\x04" + rng.randbytes(100)]), "bad_archive"


def empty(rng: random.Random) -> tuple[bytes, str]:
    """No files: nothing at all, or folders only."""
    return rng.choice([_zip([]), _zip([(zipfile.ZipInfo("folder/"), b"")])]), "archive_empty"


ZIP_MAKERS: dict[str, Callable[[random.Random], tuple[bytes, str]]] = {
    "zip_bomb": bomb, "zip_lying_size": lying_size, "zip_many_entries": many_entries, "zip_path_escape": path_escape,
    "zip_symlink": symlink, "zip_nested": nested, "zip_encrypted": encrypted, "not_a_zip": not_a_zip,
    "zip_empty": empty,
}

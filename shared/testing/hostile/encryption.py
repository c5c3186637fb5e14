"""Encrypted PDFs: real passwords (RC4 by pypdf, cached per password), an empty user password,
and AES or nonsense security handlers written by hand."""

from __future__ import annotations

import functools
import io
import random

from .blocks import contract_pdfs, one_page


def _rc4(data: bytes, user: str) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user, owner_password="owner-" + user, algorithm=random.Random(user).choice(["RC4-40", "RC4-128"]))
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@functools.lru_cache(maxsize=32)
def _encrypted(user: str, which: int) -> bytes:
    return _rc4(contract_pdfs()[0] if which == 0 else one_page(), user)


def encrypted(rng: random.Random) -> bytes:
    choice = rng.randrange(4)
    if choice <= 1:  # a real password (pypdf, RC4): cached per password, a few of them
        return _encrypted(rng.choice(["secret", "hunter2", "x", "contract-2025"]), rng.randrange(2))
    if choice == 2:  # an empty user password: opens without one (an owner password only)
        return _encrypted("", rng.randrange(2))
    # an AES (or nonsense) security handler by hand: keys that match no password
    v, r, n = rng.choice([(4, 4, 16), (5, 6, 48), (5, 5, 48), (99, 99, 16), (1, 2, 32), (2, 3, 32)])
    enc = (b"<< /Filter /Standard /V %d /R %d /Length 128 /P -4 /O <%s> /U <%s> /OE <%s> /UE <%s> /Perms <%s>"
           b" /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF >>") % (
        v, r, rng.randbytes(n).hex().encode(), rng.randbytes(n).hex().encode(), rng.randbytes(32).hex().encode(),
        rng.randbytes(32).hex().encode(), rng.randbytes(16).hex().encode())
    ident = rng.randbytes(16).hex().encode()
    return one_page(more=[enc], trailer_extra=b"/Encrypt 6 0 R /ID [<" + ident + b"> <" + ident + b">]")

"""API keys and stream tokens: how a key is made, and the digest that is kept instead of it.

A key is 256 random bits, so a fast hash is enough: there is nothing to guess. The edge checks
keys (``services.edge.auth``); the local stack and the tests make them.
"""

from __future__ import annotations

import hashlib
import secrets


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_key() -> str:
    return "cf_" + secrets.token_urlsafe(32)

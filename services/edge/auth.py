"""Who is asking: API keys, stored hashed, map to tenants; every review belongs to one.

A key is sent as ``Authorization: Bearer <key>`` (or ``X-API-Key``). The edge keeps only
SHA-256 digests of keys (a key is 256 random bits, so a fast hash is enough: nothing to guess),
from ``CLAUSEFLOW_API_KEYS`` ("tenant:sha256hex,...") and the lines ``tenant sha256hex`` of
``CLAUSEFLOW_API_KEYS_FILE``. ``python -m services.edge.auth new TENANT --file F`` makes a key,
prints it once and appends its digest to F.

Browsers cannot put a header on an EventSource or a WebSocket, so the 202 answer also gives a
*stream token*: 128 random bits that let their holder follow (and cancel) that one review,
nothing else: no state, no PDF, no follow-ups (those spend the tenant's LLM budget and take the
key, streams.py and followups.py); the edge keeps its digest with the review. Tokens ride in the
URL, so the logs redact them (shared/core/logs.py).

A request with a body is checked for its key before the body is read (gate.py): FastAPI reads a
route's body before its dependencies run, :func:`require_tenant` among them.

Another tenant's review is answered exactly like a review that does not exist (404).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fastapi import Request

from shared.core.apikeys import digest, new_key
from shared.core.errors import Unauthorized
from shared.store.keys import check_tenant

DIGEST = re.compile(r"^[0-9a-f]{64}$")


class Keys:
    """The configured key digests, by digest -> tenant."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.tenants: dict[str, str] = {}
        for tenant, key_digest in pairs:
            check_tenant(tenant)  # a name that would make another key family's Redis key is refused too
            if not DIGEST.match(key_digest):
                raise ValueError(f"a key is configured by its SHA-256 digest (64 hex digits), not {key_digest[:8]!r}...")
            self.tenants[key_digest] = tenant

    @classmethod
    def from_settings(cls, inline: str, path: Path | None) -> Keys:
        pairs = [tuple(item.strip().split(":", 1)) for item in inline.split(",") if item.strip()]
        if path is not None:
            for line in path.read_text().splitlines():
                line = line.split("#", 1)[0].strip()
                if line:
                    tenant, _, key_digest = line.partition(" ")
                    pairs.append((tenant, key_digest.strip()))
        if not pairs:
            raise ValueError(
                "no API keys are configured: set CLAUSEFLOW_API_KEYS_FILE or CLAUSEFLOW_API_KEYS "
                "(make one with `python -m services.edge.auth new TENANT --file FILE`)"
            )
        return cls(pairs)  # type: ignore[arg-type]

    def tenant(self, key: str) -> str | None:
        return self.tenants.get(digest(key))


def presented_key(headers) -> str | None:
    auth = headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    return headers.get("x-api-key") or None


def tenant_of(keys: Keys, headers) -> str:
    key = presented_key(headers)
    if key is None:
        raise Unauthorized("an API key is required: send 'Authorization: Bearer <key>'")
    tenant = keys.tenant(key)
    if tenant is None:
        raise Unauthorized("the API key is not valid")
    return tenant


def require_tenant(request: Request) -> str:
    """FastAPI dependency: the caller's tenant, or 401."""
    return tenant_of(request.app.state.ctx.keys, request.headers)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m services.edge.auth", description="Make an API key for a tenant.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    new = sub.add_parser("new", help="print a new key once; append its digest to --file")
    new.add_argument("tenant")
    new.add_argument("--file", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        check_tenant(args.tenant)
    except ValueError as e:
        parser.error(str(e))
    key = new_key()
    args.file.parent.mkdir(parents=True, exist_ok=True)
    with args.file.open("a") as f:
        f.write(f"{args.tenant} {digest(key)}\n")
    sys.stdout.write(key + "\n")
    sys.stderr.write(f"(shown once; its digest is in {args.file}; for compose's .env: CLAUSEFLOW_API_KEYS={args.tenant}:{digest(key)})\n")


if __name__ == "__main__":
    main()

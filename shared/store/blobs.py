"""Where uploaded PDFs are kept: a blob store addressed by ``{tenant}/{sha256}.pdf``.

The edge writes a PDF once it has passed its checks; summarize reads it back by the key that
``review.requested`` carries. No message names a file path, so no stage opens whatever a
message says, and the stages need not share a disk:

* :class:`LocalBlobs` - a directory, for one machine (``make run``, the tests).
* :class:`S3Blobs` - S3-compatible object storage (AWS S3, MinIO in compose), for services on
  several hosts. ``CLAUSEFLOW_BLOB_URL=s3://bucket``, ``CLAUSEFLOW_S3_ENDPOINT_URL`` for a
  non-AWS server; credentials the usual AWS way (``AWS_ACCESS_KEY_ID``, ...).

A blob is written again on every upload, so its age restarts; ``expire(cutoff)`` deletes blobs
last written before ``cutoff`` (the retention sweeper at the edge). Keys are scoped by tenant:
one tenant's upload never finds another's copy.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from pathlib import Path
from typing import Protocol

from shared.core.errors import Reject

KEY = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}/[0-9a-f]{64}\.pdf$")


def blob_key(tenant: str, sha: str) -> str:
    key = f"{tenant}/{sha}.pdf"
    if not KEY.match(key):
        raise ValueError(f"not a blob key: {key!r}")
    return key


def _checked(key: str) -> str:
    if not KEY.match(key):  # a message names only keys of this shape: no paths, no '..'
        raise Reject(f"not a blob key: {key!r}")
    return key


class BlobStore(Protocol):
    async def put(self, key: str, data: bytes) -> None: ...
    async def get(self, key: str) -> bytes: ...  # raises Reject when it is gone
    async def expire(self, older_than: float) -> int: ...
    async def close(self) -> None: ...


class LocalBlobs:
    """A directory: ``{root}/{tenant}/{sha[:2]}/{sha}.pdf``, written atomically."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        tenant, name = _checked(key).split("/")
        return self.root / tenant / name[:2] / name

    async def put(self, key: str, data: bytes) -> None:
        await asyncio.to_thread(self._put, self.path(key), data)

    @staticmethod
    def _put(path: Path, data: bytes) -> None:
        if path.exists():
            path.touch()  # uploaded again: its retention starts over
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{uuid.uuid4().hex}.tmp")  # unique: two uploads of one PDF at once must not share it
        tmp.write_bytes(data)
        tmp.replace(path)  # atomic: readers never see half a file

    async def get(self, key: str) -> bytes:
        try:
            return await asyncio.to_thread(self.path(key).read_bytes)
        except FileNotFoundError:
            raise Reject(f"the stored PDF {key} is gone (past its retention?)") from None

    async def expire(self, older_than: float) -> int:
        return await asyncio.to_thread(self._expire, older_than)

    def _expire(self, older_than: float) -> int:
        removed = 0
        for path in list(self.root.glob("*/*/*.pdf")) + list(self.root.glob("*/*/*.tmp")):
            try:
                if path.stat().st_mtime < older_than:
                    path.unlink()
                    removed += 1
            except FileNotFoundError:
                pass  # another sweeper took it
        return removed

    async def close(self) -> None:
        pass


class S3Blobs:
    """A bucket on an S3-protocol server (boto3's client, in worker threads: it blocks)."""

    def __init__(self, bucket: str, endpoint_url: str | None = None, region: str = "us-east-1", create: bool = False) -> None:
        import boto3
        from botocore.config import Config

        self.bucket = bucket
        cfg = Config(connect_timeout=5, read_timeout=30, retries={"max_attempts": 3, "mode": "standard"})
        self.client = boto3.client("s3", endpoint_url=endpoint_url or None, region_name=region, config=cfg)
        self._create = create
        self._ready = False

    async def _ensure(self) -> None:
        if self._ready or not self._create:
            return
        from botocore.exceptions import ClientError

        try:
            await asyncio.to_thread(self.client.head_bucket, Bucket=self.bucket)
        except ClientError:
            try:
                await asyncio.to_thread(self.client.create_bucket, Bucket=self.bucket)
            except ClientError as exc:  # another process made it first
                if exc.response.get("Error", {}).get("Code") not in ("BucketAlreadyOwnedByYou", "BucketAlreadyExists"):
                    raise
        self._ready = True

    async def put(self, key: str, data: bytes) -> None:
        await self._ensure()
        # Written again on every upload: S3 has no touch, and LastModified is the retention clock.
        await asyncio.to_thread(self.client.put_object, Bucket=self.bucket, Key=_checked(key), Body=data, ContentType="application/pdf")

    async def get(self, key: str) -> bytes:
        from botocore.exceptions import ClientError

        await self._ensure()
        try:
            obj = await asyncio.to_thread(self.client.get_object, Bucket=self.bucket, Key=_checked(key))
            return await asyncio.to_thread(obj["Body"].read)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                raise Reject(f"the stored PDF {key} is gone (past its retention?)") from None
            raise

    async def expire(self, older_than: float) -> int:
        await self._ensure()
        return await asyncio.to_thread(self._expire, older_than)

    def _expire(self, older_than: float) -> int:
        stale = []
        for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket):
            stale += [o["Key"] for o in page.get("Contents", []) if o["LastModified"].timestamp() < older_than]
        for i in range(0, len(stale), 1000):  # DeleteObjects takes at most 1,000 keys
            self.client.delete_objects(Bucket=self.bucket, Delete={"Objects": [{"Key": k} for k in stale[i : i + 1000]], "Quiet": True})
        return len(stale)

    async def close(self) -> None:
        await asyncio.to_thread(self.client.close)


def open_blobs(settings) -> BlobStore:
    """The store ``settings.blob_url`` names: ``s3://bucket`` or a local directory (default
    ``{data_dir}/pdfs``)."""
    url = settings.blob_url
    if url.startswith("s3://"):
        bucket = url.removeprefix("s3://").strip("/")
        return S3Blobs(bucket, settings.s3_endpoint_url or None, settings.s3_region, create=settings.s3_create_bucket)
    return LocalBlobs(Path(url) if url else settings.pdf_dir)

"""The blob store: a local directory and S3 (a real S3-protocol server, moto's, started on
127.0.0.1 by the test) behave alike."""

from __future__ import annotations

import os
import time

import pytest

from local.stack import free_port
from shared.core.errors import Reject
from shared.store.blobs import LocalBlobs, S3Blobs, blob_key

SHA_A = "a" * 64
SHA_B = "b" * 64


@pytest.fixture(scope="module")
def s3_url():
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def aws_env(monkeypatch):
    for name, value in {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(name, value)


@pytest.fixture(params=["local", "s3"])
async def store(request, tmp_path):
    if request.param == "local":
        blobs = LocalBlobs(tmp_path / "pdfs")
    else:
        request.getfixturevalue("aws_env")
        blobs = S3Blobs(f"bucket-{os.getpid()}-{time.time_ns()}", request.getfixturevalue("s3_url"), create=True)
    yield blobs
    await blobs.close()


async def test_put_then_get_returns_the_bytes_and_a_second_put_is_harmless(store):
    key = blob_key("acme", SHA_A)
    await store.put(key, b"%PDF-1.4 one %%EOF")
    await store.put(key, b"%PDF-1.4 one %%EOF")
    assert await store.get(key) == b"%PDF-1.4 one %%EOF"


async def test_a_missing_blob_is_a_reject_not_a_crash(store):
    with pytest.raises(Reject, match="gone"):
        await store.get(blob_key("acme", SHA_B))


async def test_tenants_do_not_share_blobs(store):
    await store.put(blob_key("acme", SHA_A), b"acme's")
    with pytest.raises(Reject):
        await store.get(blob_key("globex", SHA_A))


@pytest.mark.parametrize("key", ["../etc/passwd", "acme/../../x.pdf", "/abs/path.pdf", "acme/" + "a" * 63 + ".pdf", "ACME/" + SHA_A + ".pdf", "acme/" + SHA_A])
async def test_a_message_can_name_only_a_blob_key_never_a_path(store, key):
    with pytest.raises(Reject, match="not a blob key"):
        await store.get(key)


async def test_expire_deletes_only_blobs_written_before_the_cutoff(store):
    old, new = blob_key("acme", SHA_A), blob_key("acme", SHA_B)
    await store.put(old, b"old")
    if isinstance(store, LocalBlobs):
        hour_ago = time.time() - 3600
        os.utime(store.path(old), (hour_ago, hour_ago))
        stale_tmp = store.path(old).with_suffix(".abc.tmp")
        stale_tmp.write_bytes(b"half")
        os.utime(stale_tmp, (hour_ago, hour_ago))
        cutoff = time.time() - 60
        await store.put(new, b"new")
        assert await store.expire(cutoff) == 2
        assert not stale_tmp.exists()
    else:  # S3 keeps its own LastModified (second resolution): cut between the two writes
        time.sleep(1.1)
        cutoff = time.time()
        time.sleep(1.1)
        await store.put(new, b"new")
        assert await store.expire(cutoff) == 1
    with pytest.raises(Reject):
        await store.get(old)
    assert await store.get(new) == b"new"
    assert await store.expire(cutoff) == 0

"""Tenants end to end. Caches keyed by content are scoped by tenant: when another tenant uploads a PDF one tenant
has reviewed, nothing of the first review is reused (its pages are read again, its scores
computed again), so the second upload is not faster and tells its uploader nothing. The CLI
uses a key."""

from __future__ import annotations

import hashlib

import httpx
import pytest
import redis as redis_sync

from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack
QUESTION = "What is the governing law?"  # routed without the LLM: quick


def reviewed(stack, tenant: str, data: bytes) -> dict:
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(tenant), timeout=60) as c:
        r, _ = submit(c, data, QUESTION)
        assert r.status_code == 202, r.text
        rid = r.json()["request_id"]
        assert events(c, rid)[-1]["type"] == "final"
        return c.get(f"/v1/reviews/{rid}/cost").json()["stages"]


def test_another_tenant_reuses_nothing_of_a_tenants_document(stack):
    data = make_contract(title="TENANT SCOPED SUPPLY AGREEMENT").data
    sha = hashlib.sha256(data).hexdigest()
    first = reviewed(stack, "dev", data)
    again = reviewed(stack, "dev", data)
    other = reviewed(stack, "other", data)
    # Page texts come from the blob store through the sandbox only when they are not cached.
    assert first["summarize"]["inference_ms"] > 0
    assert again["summarize"]["inference_ms"] == 0, "the same tenant's second upload reuses its pages"
    assert other["summarize"]["inference_ms"] > 0, "another tenant's upload reads the PDF again"
    r = redis_sync.Redis.from_url(stack.redis_url)
    try:
        assert r.exists(f"doc:dev:{sha}:pages") and r.exists(f"doc:other:{sha}:pages")
        assert not r.exists(f"doc:{sha}:pages"), "no cache key is shared between tenants"
        scored = {k.decode() for k in r.scan_iter(f"doc:*{sha}:scores:*")}
        assert {k.split(":")[1] for k in scored} == {"dev", "other"}
    finally:
        r.close()
    blobs = sorted(p.relative_to(stack.workdir / "data" / "pdfs").parts[0] for p in (stack.workdir / "data" / "pdfs").rglob(f"{sha}.pdf"))
    assert blobs == ["dev", "other"], "each tenant's upload is stored under that tenant"


def test_the_cli_reviews_with_the_development_key(stack, tmp_path):
    import subprocess
    import sys

    from local.stack import ROOT

    pdf = tmp_path / "contract.pdf"
    pdf.write_bytes(make_contract().data)
    env = {"CLAUSEFLOW_API_KEY": stack.api_key, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "services.cli", str(pdf), QUESTION, "--url", stack.base_url], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "== final" in done.stdout and "accepted" in done.stdout
    refused = subprocess.run([sys.executable, "-m", "services.cli", str(pdf), QUESTION, "--url", stack.base_url, "--key", "cf_wrong"], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert refused.returncode == 2 and "401" in refused.stderr

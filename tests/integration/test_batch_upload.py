"""POST /v1/batches against the edge in its own process (the real broker and Redis, no workers):
hostile zips refused with a clear 4xx and their code, nothing of the batch made; what the edge
itself can tell is wrong with one contract is a failed cell at once, the rest queued; unknown
categories and over-limit uploads refused; another tenant sees nothing."""

from __future__ import annotations

import io
import random
import zipfile

import httpx
import pytest

from shared.core.apikeys import new_key
from shared.testing import edge_process
from shared.testing.contracts import make_contract
from shared.testing.hostile.archives import ZIP_MAKERS

from .test_upload_gate import read_answer, start_request

KEY, OTHER = new_key(), new_key()
MAX_UPLOAD = 200_000


@pytest.fixture(scope="module")
def edge(settings_module, tmp_path_factory):
    env = {"max_upload_bytes": str(MAX_UPLOAD), "max_batch_contracts": "6", "max_batch_bytes": "4000000", "upload_rate": "1000/minute"}
    with edge_process(settings_module, tmp_path_factory.mktemp("batches"), {"acme": KEY, "other": OTHER}, **env) as base:
        yield base


def post(edge: str, files: list[tuple], key: str = KEY, **data) -> httpx.Response:
    return httpx.post(f"{edge}/v1/batches", files=files, data=data, headers={"Authorization": f"Bearer {key}"}, timeout=60)


def batches(edge: str, key: str = KEY) -> list[dict]:
    return httpx.get(f"{edge}/v1/batches", headers={"Authorization": f"Bearer {key}"}, timeout=10).json()["batches"]


@pytest.mark.parametrize("family", sorted(ZIP_MAKERS))
def test_a_hostile_zip_is_refused_with_its_code_and_nothing_is_made(edge, family):
    data, code = ZIP_MAKERS[family](random.Random(7))
    before = len(batches(edge))
    r = post(edge, [("files", ("contracts.zip", data, "application/zip"))])
    assert r.status_code in (413, 422), (family, r.status_code, r.text)
    assert r.json()["error"]["code"] == code, (family, r.text)
    assert len(batches(edge)) == before, "a refused upload makes no batch"


def test_what_the_edge_can_tell_is_a_failed_cell_at_once_and_the_rest_is_queued(edge):
    good = make_contract().data
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("a/contract.pdf", good)
        z.writestr("a/notes.txt", b"not a contract")
        z.writestr("__MACOSX/a/._contract.pdf", b"resource fork")
    files = [("files", ("one.pdf", good, "application/pdf")), ("files", ("big.pdf", b"%PDF-1.4 " + bytes(MAX_UPLOAD), "application/pdf")),
             ("files", ("more.zip", archive.getvalue(), "application/zip"))]
    r = post(edge, files, categories="governing law, Cap on liability", name="acme deal")
    assert r.status_code == 202, r.text
    body = r.json()
    assert body["total"] == 4 and body["categories"] == ["Governing Law", "Cap On Liability"]
    assert set(body["grid"]) == {"json", "csv", "xlsx"} and body["events_url"].endswith("/events")
    state = httpx.get(body["status_url"], headers={"Authorization": f"Bearer {KEY}"}, timeout=10).json()
    assert [c["filename"] for c in state["contracts"]] == ["one.pdf", "big.pdf", "a/contract.pdf", "a/notes.txt"]
    by_name = {c["filename"]: c for c in state["contracts"]}
    assert by_name["big.pdf"]["status"] == "failed" and by_name["big.pdf"]["error"]["code"] == "too_large"
    assert by_name["a/notes.txt"]["status"] == "failed" and by_name["a/notes.txt"]["error"]["code"] == "not_a_pdf"
    assert by_name["one.pdf"]["status"] == by_name["a/contract.pdf"]["status"] == "running"  # queued: no worker runs here
    assert (state["status"], state["done"], state["failed"], state["name"]) == ("running", 0, 2, "acme deal")
    grid = httpx.get(body["grid"]["json"], headers={"Authorization": f"Bearer {KEY}"}, timeout=10).json()
    assert [row["status"] for row in grid["rows"]] == ["pending", "failed", "pending", "failed"]
    assert httpx.get(body["status_url"], headers={"Authorization": f"Bearer {OTHER}"}, timeout=10).status_code == 404
    assert all(b["batch_id"] != body["batch_id"] for b in batches(edge, OTHER))
    gone = httpx.delete(body["status_url"], headers={"Authorization": f"Bearer {KEY}"}, timeout=10).json()
    assert (gone["status"], gone["failed"]) == ("cancelled", 4), "a cancel ends every contract not done"


def test_unknown_categories_too_many_contracts_and_no_files_are_refused(edge):
    good = make_contract().data
    r = post(edge, [("files", ("a.pdf", good, "application/pdf"))], categories="Governing Law, Force Majeure Clause")
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_category" and "Force Majeure Clause" in r.json()["error"]["message"]
    r = post(edge, [("files", (f"{i}.pdf", good, "application/pdf")) for i in range(7)])
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_many_contracts"
    r = httpx.post(f"{edge}/v1/batches", data={"categories": "Governing Law"}, headers={"Authorization": f"Bearer {KEY}"}, timeout=10)
    assert r.status_code == 400 and r.json()["error"]["code"] == "missing_file"


def test_a_batch_has_its_own_body_limit(edge):
    """Over one upload's limit is fine for a batch; over the batch's limit is refused before the body is read."""
    good = make_contract().data
    r = post(edge, [("files", (f"{i}.pdf", good, "application/pdf")) for i in range(3)])
    assert r.status_code == 202, r.text
    sock = start_request(edge, "POST", "/v1/batches", {"Authorization": f"Bearer {KEY}"}, 9_000_000)  # declared, never sent
    status, _, body = read_answer(sock)
    assert status == 413 and body["error"]["code"] == "too_large", body

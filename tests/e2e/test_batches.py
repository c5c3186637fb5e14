"""A batch through the real stack (issue 23): 20 CUAD dev contracts sent as PDFs, three more in a
zip, a scanned contract and a corrupt file; summarize and then analyze killed -9 while the batch
runs, and the edge restarted (its clients resume with Last-Event-ID). Every
contract ends in exactly one cell, the corrupt one failed with its reason, the scan read by OCR;
the grid says what each contract's review says, and each quote is on its page of the PDF."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import threading
import time
import zipfile
from pathlib import Path

import httpx
import pytest
from httpx_sse import connect_sse
from openpyxl import load_workbook

from shared.clauses import catalogue
from shared.documents import layout, pdf
from shared.testing.scans import image_only

from .conftest import stack_beside
from .test_faults import Supervisor

DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "cuad" / "dev" / "pdf"
CATEGORIES = ["Governing Law", "Cap On Liability", "Anti-Assignment", "Termination For Convenience"]
pytestmark = pytest.mark.skipif(not DEV.is_dir(), reason="CUAD dev PDFs not beside the project")


def small_contracts(n: int) -> list[Path]:
    """The n smallest dev contracts by size (a quick batch), in name order."""
    return sorted(sorted(DEV.glob("*.pdf"), key=lambda p: p.stat().st_size)[:n])


@pytest.fixture(scope="module")
def lane(stack, tmp_path_factory):
    """A stack of its own: the test kills one of its services."""
    env = {"UPLOAD_RATE": "1000/minute", "CLIENT_GONE_CANCEL_S": "600"}
    with stack_beside(stack, tmp_path_factory.mktemp("batches"), "batches.", env, tenants=("dev", "other")) as s:
        yield s


def batch_events(base: str, headers: dict, bid: str, out: list[dict], timeout: float = 400) -> None:
    """The batch's SSE stream until `batch_done`; a dropped connection resumes after the last id."""
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=base, headers=headers, timeout=httpx.Timeout(30, read=60)) as c:
        while time.monotonic() < deadline:
            resume = {"Last-Event-ID": out[-1]["id"]} if out else {}
            try:
                with connect_sse(c, "GET", f"/v1/batches/{bid}/events", headers=resume) as source:
                    for sse in source.iter_sse():
                        if sse.data:
                            out.append({"id": sse.id, "type": sse.event, "data": json.loads(sse.data)})
                            if sse.event == "batch_done":
                                return
            except httpx.HTTPError:
                time.sleep(0.5)  # the edge is fine; a read timed out: resume


def test_a_batch_survives_kill_9_and_an_edge_restart_and_its_grid_matches_the_reviews(lane):
    paths = small_contracts(23)
    plain, zipped = paths[:20], paths[20:]
    scan = image_only(paths[0].read_bytes(), dpi=150)
    corrupt = paths[1].read_bytes()[:5000]
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        for p in zipped:
            z.writestr(f"more/{p.name}", p.read_bytes())
    files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in plain]
    files += [("files", ("scanned.pdf", scan, "application/pdf")), ("files", ("corrupt.pdf", corrupt, "application/pdf")),
              ("files", ("more.zip", archive.getvalue(), "application/zip"))]
    with httpx.Client(base_url=lane.base_url, headers=lane.headers(), timeout=60) as client:
        r = client.post("/v1/batches", files=files, data={"categories": ", ".join(c.lower() for c in CATEGORIES), "name": "e2e"})
        assert r.status_code == 202, r.text
        created = r.json()
        bid, total = created["batch_id"], created["total"]
        assert total == 25 and created["categories"] == CATEGORIES
        events: list[dict] = []
        follower = threading.Thread(target=batch_events, args=(lane.base_url, lane.headers(), bid, events), daemon=True)
        with Supervisor(lane):
            follower.start()
            for name, after in (("summarize", 3), ("analyze", 8)):  # mid-batch: some cells written, most not
                deadline = time.monotonic() + 120
                while sum(e["type"] == "cell" for e in events) < after and time.monotonic() < deadline:
                    time.sleep(0.05)
                victim = lane.procs[name]
                os.killpg(victim.pid, signal.SIGKILL)
                victim.wait(10)
            lane.restart("edge")  # the follower's stream drops; it resumes after the last id it had
            follower.join(400)
        assert lane.restarts.get("summarize", 0) >= 1 and lane.restarts.get("analyze", 0) >= 1
        cells = [e["data"] for e in events if e["type"] == "cell"]
        done = [e["data"] for e in events if e["type"] == "batch_done"]
        by_index = {}
        for c in cells:
            assert c["index"] not in by_index, f"cell {c['index']} written twice"
            by_index[c["index"]] = c
        assert sorted(by_index) == list(range(total)), "every contract ends in a cell"
        assert len(done) == 1 and done[0] == {"total": total, "done": total - 1, "failed": 1}, done
        names = [p.name for p in plain] + ["scanned.pdf", "corrupt.pdf"] + [f"more/{p.name}" for p in zipped]
        assert [by_index[i]["filename"] for i in range(total)] == names
        bad = by_index[names.index("corrupt.pdf")]
        assert bad["status"] == "failed" and bad["error"]["code"] == "corrupt_pdf", bad

        state = client.get(f"/v1/batches/{bid}").json()
        assert (state["status"], state["done"], state["failed"]) == ("done", total - 1, 1)
        grid = client.get(f"/v1/batches/{bid}/grid.json").json()
        assert [row["filename"] for row in grid["rows"]] == names
        texts = {n: layout.strip(pdf.page_texts(data)) for n, data in [(p.name, p.read_bytes()) for p in plain] + [(f"more/{p.name}", p.read_bytes()) for p in zipped]}
        found = 0
        for row in grid["rows"]:
            review = client.get(f"/v1/reviews/{row['request_id']}").json()
            evs = client.get(f"/v1/reviews/{row['request_id']}/events", headers={"Accept": "text/event-stream"})
            ends = [line for line in evs.text.splitlines() if line.startswith("event: ") and line[7:] in ("final", "error", "cancelled")]
            assert len(ends) == 1, (row["filename"], ends)  # processed once: one end per review
            if row["filename"] == "corrupt.pdf":
                assert row["status"] == "failed" and review["status"] == "failed" and not row["cells"]
                continue
            assert row["status"] == "done" and review["status"] == "done", row
            final = review["final"]
            assert final["mode"] == "batch" and final["model"] == "none" and final["usage"]["completion_tokens"] == 0
            summary = {s["category"]: s for s in final["summary"]}
            for cat in CATEGORIES:
                cell = row["cells"][cat]
                assert cell["found"] == (summary[cat]["found"] > 0), (row["filename"], cat)
                if not cell["found"]:
                    continue
                found += 1
                mine = sorted((f for f in final["findings"] if cat in f["categories"]), key=lambda f: f["page"])
                shown = max(mine, key=lambda f: f["score"])  # the clause the model is surest of (ties: the earlier page)
                assert cell["page"] == shown["page"] and cell["quote"].startswith(shown["quote"])
                if row["filename"] in texts:  # the quote is on that page of the PDF itself
                    assert catalogue.quote_on_page(shown["quote"], texts[row["filename"]][cell["page"] - 1]), (row["filename"], cat)
                assert cell["url"].endswith(f"&page={cell['page']}") and row["request_id"] in cell["url"]
        assert found >= 20, f"only {found} clauses found over {total - 1} contracts and {len(CATEGORIES)} categories"
        scanned = client.get(f"/v1/reviews/{grid['rows'][names.index('scanned.pdf')]['request_id']}/cost").json()
        assert scanned["stages"]["summarize"]["pages_ocr"] >= 1, "the scan was read by OCR"

        table = list(csv.reader(io.StringIO(client.get(f"/v1/batches/{bid}/grid.csv").text)))
        assert len(table) == total + 1 and table[0][:2] == ["index", "file"] and f"{CATEGORIES[0]}: quote" in table[0]
        book = load_workbook(io.BytesIO(client.get(f"/v1/batches/{bid}/grid.xlsx").content))
        assert book["Grid"].freeze_panes == "C3" and book["Grid"].max_row == total + 2
        assert httpx.get(f"{lane.base_url}/v1/batches/{bid}", headers=lane.headers("other")).status_code == 404  # another tenant's batch is not there

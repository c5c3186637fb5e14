"""`clauseflow batch DIR` against ``StubBatchEdge``, a stub that simulates the edge's batch API
(POST /v1/batches, its state, its grid, DELETE) on a real port of 127.0.0.1, so the CLI's real
HTTP client, multipart upload, retry and file streaming are what is tested. Each poll of the
stub's state finishes one more contract. The real edge's batches are tested with the stack."""

from __future__ import annotations

import json
import logging
import threading
import time

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typer.testing import CliRunner

from local.stack import free_port
from services import cli_batch, cli_transport
from services.cli import app

KEY = "test-key"
GRIDS = {"xlsx": b"PK\x03\x04 stub grid as xlsx", "csv": b"filename,Governing Law\r\na.pdf,Delaware\r\n", "json": b'{"rows": []}'}


class StubBatchEdge:
    """A simulation of the edge's batch API for the CLI's unit tests: records each upload (the
    multipart file names and fields), answers the next of ``busy`` (status, Retry-After) before
    accepting one, and finishes one contract per poll; the files named in ``failing`` fail."""

    def __init__(self) -> None:
        self.reset()
        self.app = Starlette(routes=[
            Route("/v1/batches", self.create, methods=["POST"]),
            Route("/v1/batches/{bid}", self.state, methods=["GET"]),
            Route("/v1/batches/{bid}", self.cancel, methods=["DELETE"]),
            Route("/v1/batches/{bid}/grid.{fmt}", self.grid, methods=["GET"]),
        ])

    def reset(self) -> None:
        self.batches: dict[str, dict] = {}
        self.uploads: list[dict] = []  # one per POST that was answered 202
        self.posts = self.polls = 0
        self.busy: list[tuple[int, str]] = []
        self.failing: set[str] = set()
        self.deleted: list[str] = []
        self.grids: list[str] = []

    def refused(self, request: Request) -> Response | None:
        if request.headers.get("authorization") != f"Bearer {KEY}":
            return JSONResponse({"error": {"code": "unauthorized", "message": "bad key"}}, 401)
        return None

    async def create(self, request: Request) -> Response:
        self.posts += 1
        if no := self.refused(request):
            return no
        if self.busy:
            status, after = self.busy.pop(0)
            return JSONResponse({"error": {"code": "busy", "message": "busy for now"}}, status, headers={"Retry-After": after})
        form = await request.form()
        files = [(f.filename, await f.read()) for f in form.getlist("files")]
        self.uploads.append({"files": files, "categories": form.get("categories"), "name": form.get("name")})
        bid = f"b{len(self.batches) + 1}"
        contracts = [{"index": i, "filename": name, "request_id": f"{bid}-r{i}", "status": "queued", "error": None} for i, (name, _) in enumerate(files)]
        cats = (form.get("categories") or "Governing Law").split(",")
        self.batches[bid] = {"batch_id": bid, "name": form.get("name"), "status": "running", "total": len(files), "done": 0, "failed": 0,
                             "categories": cats, "created_at": time.time(), "contracts": contracts}
        grid = {fmt: f"/v1/batches/{bid}/grid.{fmt}" for fmt in GRIDS}
        return JSONResponse({"batch_id": bid, "total": len(files), "categories": cats, "status_url": f"/v1/batches/{bid}",
                             "events_url": f"/v1/batches/{bid}/events", "grid": grid}, 202)

    async def state(self, request: Request) -> Response:
        if no := self.refused(request):
            return no
        if (b := self.batches.get(request.path_params["bid"])) is None:
            return JSONResponse({"error": {"code": "not_found", "message": "no such batch"}}, 404)
        self.polls += 1
        if b["status"] == "running":
            c = next(c for c in b["contracts"] if c["status"] == "queued")
            failed = c["filename"] in self.failing
            c["status"], c["error"] = ("failed", {"code": "not_a_pdf", "message": "the file is not a PDF"}) if failed else ("done", None)
            b["failed" if failed else "done"] += 1
            b["status"] = "done" if b["done"] + b["failed"] == b["total"] else "running"
        return JSONResponse(b)

    async def cancel(self, request: Request) -> Response:
        if no := self.refused(request):
            return no
        self.deleted.append(request.path_params["bid"])
        self.batches[request.path_params["bid"]]["status"] = "cancelled"
        return JSONResponse({"batch_id": request.path_params["bid"], "status": "cancelled"}, 202)

    async def grid(self, request: Request) -> Response:
        self.grids.append(request.path_params["fmt"])
        return Response(GRIDS[request.path_params["fmt"]])


@pytest.fixture(scope="module")
def served():
    stub, port = StubBatchEdge(), free_port()
    # uvicorn configures its loggers as it starts; they are put back after, so that later tests
    # (the log redaction's, of uvicorn's access lines) see the process's logging as it was.
    names = ("uvicorn", "uvicorn.error", "uvicorn.access")
    saved = {n: (lg.level, lg.propagate, lg.handlers[:], lg.disabled) for n in names for lg in [logging.getLogger(n)]}
    server = uvicorn.Server(uvicorn.Config(stub.app, host="127.0.0.1", port=port, log_config=None, access_log=False, lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.01)
    yield stub, f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(5)
    for n, (level, propagate, handlers, disabled) in saved.items():
        lg = logging.getLogger(n)
        lg.setLevel(level)
        lg.propagate, lg.handlers[:], lg.disabled = propagate, handlers, disabled


@pytest.fixture
def edge(served, monkeypatch):
    stub, url = served
    stub.reset()
    monkeypatch.setattr(cli_batch, "POLL_S", 0.01)
    return stub, url


@pytest.fixture
def folder(tmp_path):
    for name in ("b.pdf", "a.pdf", "c.PDF"):
        (tmp_path / name).write_bytes(b"%PDF-1.4 contract " + name.encode())
    (tmp_path / "more.zip").write_bytes(b"PK\x03\x04 zipped pdfs")
    (tmp_path / "notes.txt").write_text("not a contract")
    (tmp_path / "._a.pdf").write_bytes(b"macOS resource fork")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "deeper.pdf").write_bytes(b"%PDF-1.4 not collected")
    return tmp_path


def clauseflow(url: str, *args: str):
    return CliRunner().invoke(app, ["batch", *args, "--url", url, "--key", KEY], env={"COLUMNS": "200", "NO_COLOR": "1"})


def test_a_fresh_run_uploads_once_follows_to_done_and_downloads_the_grid(edge, folder):
    stub, url = edge
    done = clauseflow(url, str(folder), "--categories", "Governing Law, Cap On Liability", "--name", "q3")
    assert done.exit_code == 0, done.output
    assert len(stub.uploads) == 1 and stub.posts == 1
    up = stub.uploads[0]
    assert [name for name, _ in up["files"]] == ["a.pdf", "b.pdf", "c.PDF", "more.zip"], "sorted, not recursive, no dotfiles"
    assert up["files"][0][1] == b"%PDF-1.4 contract a.pdf" and up["files"][3][1] == b"PK\x03\x04 zipped pdfs"
    assert up["categories"] == "Governing Law,Cap On Liability" and up["name"] == "q3"
    assert (folder / "grid.xlsx").read_bytes() == GRIDS["xlsx"] and stub.grids == ["xlsx"]
    assert stub.polls == 4 and "4 done, 0 failed" in done.stdout and str(folder / "grid.xlsx") in done.stdout
    state = json.loads((folder / cli_batch.STATE_FILE).read_text())
    assert state == {"batch_id": "b1", "url": url, "files": ["a.pdf", "b.pdf", "c.PDF", "more.zip"], "categories": ["Governing Law", "Cap On Liability"]}


def test_failed_contracts_are_listed_and_the_batch_still_exits_0(edge, folder):
    stub, url = edge
    stub.failing = {"b.pdf", "more.zip"}
    done = clauseflow(url, str(folder))
    assert done.exit_code == 0, done.output
    assert "2 done, 2 failed" in done.stdout
    assert "failed: b.pdf: the file is not a PDF (not_a_pdf)" in done.stdout and "failed: more.zip" in done.stdout
    assert "a.pdf:" not in done.stdout
    assert stub.uploads[0]["categories"] is None, "no --categories: the playbook's"


def test_ctrl_c_leaves_the_batch_running_and_the_next_run_resumes_it_without_uploading(edge, folder, monkeypatch):
    stub, url = edge

    def interrupt(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_batch.time, "sleep", interrupt)
    first = clauseflow(url, str(folder))
    assert first.exit_code == 4, first.output
    assert "keeps running on the server" in first.stderr and stub.deleted == []
    assert stub.batches["b1"]["status"] == "running" and not (folder / "grid.xlsx").exists()
    monkeypatch.undo()
    monkeypatch.setattr(cli_batch, "POLL_S", 0.01)
    second = clauseflow(url, str(folder))
    assert second.exit_code == 0, second.output
    assert stub.posts == 1, "the recorded batch is followed, not uploaded again"
    assert "following batch b1" in second.stdout and (folder / "grid.xlsx").read_bytes() == GRIDS["xlsx"]


def test_a_changed_file_list_or_a_batch_the_edge_forgot_uploads_again(edge, folder):
    stub, url = edge
    assert clauseflow(url, str(folder)).exit_code == 0
    (folder / "d.pdf").write_bytes(b"%PDF-1.4 one more")
    assert clauseflow(url, str(folder)).exit_code == 0 and stub.posts == 2
    stub.batches.clear()  # expired on the edge
    gone = clauseflow(url, str(folder))
    assert gone.exit_code == 0, gone.output
    assert stub.posts == 3 and "is gone from the edge (404)" in gone.stderr
    assert json.loads((folder / cli_batch.STATE_FILE).read_text())["batch_id"] == "b1"


def test_an_upload_answered_503_with_retry_after_is_sent_again_after_the_wait(edge, folder, monkeypatch):
    stub, url = edge
    stub.busy = [(503, "2"), (429, "1")]
    slept: list[float] = []
    real_sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: (slept.append(s), real_sleep(min(s, 0.01))))
    done = clauseflow(url, str(folder))
    assert done.exit_code == 0, done.output
    assert stub.posts == 3 and len(stub.uploads) == 1
    assert slept[:2] == [2.0, 1.0], "Retry-After is honoured"
    assert "busy for now (503 busy); trying again in 2 s" in done.stderr


def test_still_busy_after_the_last_try_exits_3(edge, folder, monkeypatch):
    stub, url = edge
    stub.busy = [(503, "0")] * 10
    done = clauseflow(url, str(folder))
    assert done.exit_code == 3 and stub.posts == cli_transport.UPLOAD_TRIES
    assert not (folder / cli_batch.STATE_FILE).exists()


def test_a_folder_without_pdfs_an_odd_grid_suffix_or_a_bad_key_exit_2(edge, tmp_path):
    stub, url = edge
    (tmp_path / "notes.txt").write_text("no contracts here")
    empty = clauseflow(url, str(tmp_path))
    assert empty.exit_code == 2 and "no PDF, .docx or .zip files" in empty.stderr
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4")
    assert clauseflow(url, str(tmp_path), "--out", str(tmp_path / "grid.pdf")).exit_code == 2
    assert clauseflow(url, str(tmp_path / "missing")).exit_code == 2
    refused = CliRunner().invoke(app, ["batch", str(tmp_path), "--url", url, "--key", "wrong"])
    assert refused.exit_code == 2 and "refused the API key" in refused.stderr
    assert stub.uploads == []


def test_json_prints_one_object_a_line_and_out_picks_the_format(edge, folder):
    stub, url = edge
    stub.failing = {"c.PDF"}
    done = clauseflow(url, str(folder), "--json", "--out", str(folder / "grid.csv"))
    assert done.exit_code == 0, done.output
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0] == {"type": "batch", "batch_id": "b1", "total": 4, "resumed": False}
    progress = [x for x in lines if x["type"] == "progress"]
    assert progress[0] == {"type": "progress", "done": 0, "failed": 0, "total": 4} and progress[-1]["done"] + progress[-1]["failed"] == 4
    last = lines[-1]
    assert last["type"] == "done" and last["status"] == "done" and (last["done"], last["failed"], last["total"]) == (3, 1, 4)
    assert last["failures"] == [{"index": 2, "filename": "c.PDF", "error": {"code": "not_a_pdf", "message": "the file is not a PDF"}}]
    assert stub.grids == ["csv"] and (folder / "grid.csv").read_bytes() == GRIDS["csv"]


def test_cancel_deletes_the_recorded_batch_and_forgets_it(edge, folder, monkeypatch):
    stub, url = edge
    monkeypatch.setattr(cli_batch.time, "sleep", lambda s: (_ for _ in ()).throw(KeyboardInterrupt))
    assert clauseflow(url, str(folder)).exit_code == 4
    cancelled = clauseflow(url, str(folder), "--cancel")
    assert cancelled.exit_code == 0, cancelled.output
    assert stub.deleted == ["b1"] and not (folder / cli_batch.STATE_FILE).exists()
    assert clauseflow(url, str(folder), "--cancel").exit_code == 2, "nothing recorded: nothing to cancel"

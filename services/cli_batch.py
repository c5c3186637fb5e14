"""`clauseflow batch DIR`: review every PDF and Word .docx (and .zip of them) in a folder as one batch, follow
it to its end and download the grid (contracts × clause categories).

The command keeps what it needs to resume in DIR/.clauseflow-batch.json (STATE_FILE):
``{"batch_id", "url", "files": [names], "categories": [names] | null}``. Run again against the
same edge with the same files (and no other --categories), it follows the batch it recorded
instead of uploading again; Ctrl-C leaves the batch running on the server for that reason, and
only --cancel stops it there. Progress comes from polling the batch's state every POLL_S
seconds: a poll that fails is simply made again, where a stream would need resuming."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path

import httpx
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from services.cli_transport import EXIT_CANCELLED, EXIT_FAILED, EXIT_INPUT, EXIT_OK, RECONNECTS, CliError, Edge, Later, patiently, refusal
from services.cli_views import err, out, say

STATE_FILE = ".clauseflow-batch.json"
POLL_S = 1.0  # between two polls of the batch's state; the tests make it shorter
KINDS = {".pdf": "application/pdf", ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".zip": "application/zip"}
GRIDS = (".xlsx", ".csv", ".json")
FINISHED = {"done": EXIT_OK, "cancelled": EXIT_CANCELLED}


def notify(message: str) -> None:
    say(message, console=err)


def collect(folder: Path) -> list[Path]:
    """The PDFs, .docx and .zip files directly in ``folder``, by name. Dotfiles are left out: macOS
    copies leave `._x.pdf` beside `x.pdf`, and that is no PDF."""
    if not folder.is_dir():
        raise CliError(f"no such folder: {folder}", EXIT_INPUT)
    found = sorted((p for p in folder.iterdir() if p.suffix.lower() in KINDS and p.is_file() and not p.name.startswith(".")),
                   key=lambda p: p.name)
    if not found:
        raise CliError(f"no PDF, .docx or .zip files in {folder}", EXIT_INPUT)
    return found


def parse_categories(given: str | None) -> list[str] | None:
    names = [c.strip() for c in (given or "").split(",") if c.strip()]
    return names or None  # none: the tenant's playbook decides


def grid_path(folder: Path, given: Path | None) -> Path:
    path = given or folder / "grid.xlsx"
    if path.suffix.lower() not in GRIDS:
        raise CliError(f"--out must end in {', '.join(GRIDS)} (the grid's format follows it): {path}", EXIT_INPUT)
    return path


def load_state(folder: Path) -> dict | None:
    path = folder / STATE_FILE
    if not path.exists():
        return None
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        return state if isinstance(state, dict) and state.get("batch_id") else None
    except (OSError, ValueError):
        notify(f"ignoring {path}: not a state file this command wrote")
        return None


def save_state(folder: Path, state: dict) -> None:
    path = folder / STATE_FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)  # a Ctrl-C mid-write never leaves half a state file


def same_batch(state: dict | None, url: str, names: list[str], categories: list[str] | None) -> bool:
    """Whether ``state`` records this very batch; without --categories whatever it asked counts."""
    if not state or state.get("url") != url or state.get("files") != names:
        return False
    return categories is None or state.get("categories") == categories


def upload(edge: Edge, files: list[Path], categories: list[str] | None, name: str | None) -> dict:
    """One POST with every file as a `files` part, streamed from disk (httpx reads the open files
    in chunks and rewinds them when the request is sent again)."""
    data = {k: v for k, v in {"categories": ",".join(categories or []), "name": name or ""}.items() if v}
    with contextlib.ExitStack() as stack:
        parts = [("files", (p.name, stack.enter_context(p.open("rb")), KINDS[p.suffix.lower()])) for p in files]
        return patiently(edge.request, "POST", "/v1/batches", notify=notify, files=parts, data=data)


def _get_state(edge: Edge, bid: str) -> dict | None:
    r = edge.http.get(f"/v1/batches/{bid}")
    if r.status_code == 404:
        return None  # expired or never known here
    if r.status_code >= 400:
        raise refusal(r)
    return r.json()


def batch_state(edge: Edge, bid: str) -> dict | None:
    """The batch's state, or None when the edge does not know it; a dropped connection and a wait
    the edge names are tried again, RECONNECTS times."""
    try:
        return patiently(_get_state, edge, bid, notify=notify, retry_on=(Later, httpx.TransportError), tries=RECONNECTS + 1)
    except httpx.TransportError as exc:
        raise CliError(f"cannot reach the edge at {edge.url}: {exc!r}; run the same command again to resume", EXIT_FAILED) from exc


def _download(edge: Edge, bid: str, dest: Path, tmp: Path) -> None:
    with edge.http.stream("GET", f"/v1/batches/{bid}/grid{dest.suffix.lower()}") as r:
        if r.status_code >= 400:
            r.read()
            raise refusal(r)
        with tmp.open("wb") as f:
            for chunk in r.iter_bytes():
                f.write(chunk)


def download(edge: Edge, bid: str, dest: Path) -> None:
    """The grid, streamed to a file beside ``dest`` and moved there once whole; tried again as
    a poll is."""
    tmp = dest.with_name(dest.name + ".part")
    try:
        patiently(_download, edge, bid, dest, tmp, notify=notify, retry_on=(Later, httpx.TransportError), tries=RECONNECTS + 1)
        os.replace(tmp, dest)
    except httpx.TransportError as exc:
        raise CliError(f"lost the edge at {edge.url} while downloading the grid: {exc!r}; run again to resume", EXIT_FAILED) from exc
    finally:
        tmp.unlink(missing_ok=True)  # what a failed download left


def failures(state: dict) -> list[dict]:
    return [c for c in state.get("contracts", []) if c.get("error") or c.get("status") == "failed"]


class JsonLines:
    """One JSON object a line on stdout, for scripts."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass

    def line(self, type_: str, **data) -> None:
        sys.stdout.write(json.dumps({"type": type_, **data}, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def started(self, state: dict, resumed: bool) -> None:
        self.line("batch", batch_id=state["batch_id"], total=state.get("total"), resumed=resumed)

    def progress(self, state: dict) -> None:
        self.line("progress", done=state.get("done", 0), failed=state.get("failed", 0), total=state.get("total", 0))

    def finished(self, state: dict, grid: Path) -> None:
        failed = [{"index": c.get("index"), "filename": c.get("filename"), "error": c.get("error")} for c in failures(state)]
        self.line("done", batch_id=state["batch_id"], status=state["status"], done=state.get("done", 0), failed=state.get("failed", 0),
                  total=state.get("total", 0), grid=str(grid), failures=failed)

    def interrupted(self, bid: str) -> None:
        self.line("interrupted", batch_id=bid, status="running")


class RichBar:
    """A progress bar of contracts finished out of the total; the failed ones named beside it."""

    def __init__(self) -> None:
        columns = TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()
        self.bar = Progress(*columns, console=out)
        self.task = self.bar.add_task("contracts", total=None)

    def __enter__(self):
        return self  # the bar starts with the first progress: an error before it shows none

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if self.bar.live.is_started:  # stopping writes a newline, even when never started
            self.bar.stop()

    def started(self, state: dict, resumed: bool) -> None:
        say(f"{'following' if resumed else 'uploaded'} batch {state['batch_id']}: {state.get('total', '?')} contracts")

    def progress(self, state: dict) -> None:
        done, failed = state.get("done", 0), state.get("failed", 0)
        self.bar.start()  # a no-op once started
        self.bar.update(self.task, completed=done + failed, total=state.get("total") or None,
                        description=f"contracts ({done} done, {failed} failed)")

    def finished(self, state: dict, grid: Path) -> None:
        self.stop()
        if state["status"] == "cancelled":
            say(f"batch {state['batch_id']} was cancelled on the server; the grid holds what finished", console=err)
        say(f"grid: {grid}")
        say(f"{state.get('done', 0)} done, {state.get('failed', 0)} failed (of {state.get('total', 0)})")
        for c in failures(state):
            e = c.get("error") or {}
            say("  failed: ", Text(str(c.get("filename", "?"))), ": ", Text(f"{e.get('message', 'no final')} ({e.get('code', '?')})"))

    def interrupted(self, bid: str) -> None:
        self.stop()


def start(edge: Edge, folder: Path, files: list[Path], categories: list[str] | None, name: str | None) -> tuple[dict, bool]:
    """The batch to follow and whether it was resumed: the recorded one while the edge knows it,
    else a new upload, recorded before anything else can interrupt."""
    names = [p.name for p in files]
    recorded = load_state(folder)
    if same_batch(recorded, edge.url, names, categories):
        if (state := batch_state(edge, recorded["batch_id"])) is not None:
            return state, True
        notify(f"batch {recorded['batch_id']} is gone from the edge (404); uploading the {len(files)} files again")
    try:
        body = upload(edge, files, categories, name)
    except KeyboardInterrupt:
        raise CliError("interrupted during the upload; nothing is recorded: run the same command again to upload", EXIT_CANCELLED) from None
    save_state(folder, {"batch_id": body["batch_id"], "url": edge.url, "files": names, "categories": categories})
    return {"status": "running", "done": 0, "failed": 0, **body}, False


def follow(edge: Edge, state: dict, view: JsonLines | RichBar) -> dict:
    """Poll until the batch is done or cancelled; report each change once."""
    seen = None
    while True:
        now = (state.get("done", 0), state.get("failed", 0), state.get("total", 0))
        if now != seen:
            view.progress(state)
            seen = now
        if state.get("status") in FINISHED:
            return state
        time.sleep(POLL_S)
        if (state := batch_state(edge, state["batch_id"])) is None:
            raise CliError("the batch is gone from the edge (404) before it finished; run again to upload anew", EXIT_INPUT)


def batch(edge: Edge, folder: Path, categories: str | None, out_path: Path | None, name: str | None, as_json: bool) -> int:
    """The `batch` command: start or resume, follow, download the grid, report. Ctrl-C leaves the
    batch running on the server, where the next run finds it."""
    grid, files = grid_path(folder, out_path), collect(folder)
    with JsonLines() if as_json else RichBar() as view:
        state, resumed = start(edge, folder, files, parse_categories(categories), name)
        view.started(state, resumed)
        bid = state["batch_id"]
        try:
            state = follow(edge, state, view)
            download(edge, bid, grid)
        except KeyboardInterrupt:
            view.interrupted(bid)
            notify(f"interrupted: batch {bid} keeps running on the server; run the same command again to resume (--cancel stops it)")
            return EXIT_CANCELLED
        view.finished(state, grid)
    if state["status"] == "cancelled":
        (folder / STATE_FILE).unlink(missing_ok=True)  # nothing left to resume: the next run uploads anew
    return FINISHED[state["status"]]


def cancel(edge: Edge, folder: Path, as_json: bool) -> int:
    """`batch DIR --cancel`: stop the recorded batch on the server and forget it here."""
    recorded = load_state(folder)
    if recorded is None:
        raise CliError(f"no batch recorded in {folder / STATE_FILE}: nothing to cancel", EXIT_INPUT)
    bid = recorded["batch_id"]
    if recorded.get("url") != edge.url:
        raise CliError(f"batch {bid} was sent to {recorded.get('url')}, not {edge.url}: pass --url {recorded.get('url')}", EXIT_INPUT)
    body = edge.request("DELETE", f"/v1/batches/{bid}")
    (folder / STATE_FILE).unlink(missing_ok=True)
    if as_json:
        JsonLines().line("cancelled", batch_id=bid, edge=body)
    else:
        say(f"cancelled batch {bid} on the server; the next run uploads anew")
    return EXIT_OK

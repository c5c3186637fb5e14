"""The `clauseflow` command: review a contract from the terminal.

    clauseflow review contract.pdf -q "Which clauses cap liability?"
    clauseflow review contract.pdf -q QUESTION --json   one JSON object a line, for scripts
    clauseflow follow ID              reattach to a review (or: review --follow ID)
    clauseflow status ID              its state (--json: the edge's JSON)
    clauseflow cost ID                its cost per stage and the saving (--json: the edge's JSON)
    clauseflow cost report            quadrants, the most expensive reviews, totals per stage

`review` uploads the PDF and follows the review's event stream (SSE): a progress bar per stage,
the draft as soon as it is built (quotes from the PDF, marked DRAFT), then the checked final:
findings, absent clause categories, the answer, its citations and the cost. A dropped
connection is resumed after the last event seen (`Last-Event-ID`), a few times, and no event
is shown twice. Ctrl-C cancels the review on the server (DELETE) and exits 4.

--json prints one object a line, {"id", "type", "data"}: first {"id": null, "type":
"submitted", "data": <the edge's 202 body>} (not when following), then every event of the stream
as the edge sent it, and after a Ctrl-C {"id": null, "type": "interrupted", "data":
{"request_id", "status"}} followed by the stream's own `cancelled` event. Messages go to stderr.

The edge is --url, else CLAUSEFLOW_URL, else http://127.0.0.1:8000. The API key is --key, else
CLAUSEFLOW_API_KEY, else the development key `make run` keeps in var/keys/dev.key. The older
form `clauseflow contract.pdf "question"` means `review`.

Exit codes:
  0  the review has its final (status, cost: the edge answered)
  2  input error: bad arguments, a missing file, a request the edge refused with a 4xx
     (not a PDF, too large, no such review), or an API key it refused (401)
  3  the review ended in an `error` event, or the edge or the network failed (5xx, 429 busy,
     connection lost more often than the retries allow)
  4  the review was cancelled: by Ctrl-C here, or by the server (a `cancelled` event)
  1  a bug in this command (a traceback)
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from datetime import datetime
from pathlib import Path
from typing import Annotated, Callable, NamedTuple

import httpx
import typer
from httpx_sse import connect_sse
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from services import cli_cost

DEV_KEY = Path(__file__).resolve().parent.parent / "var" / "keys" / "dev.key"
DEFAULT_URL = "http://127.0.0.1:8000"
EXIT_OK, EXIT_INPUT, EXIT_FAILED, EXIT_CANCELLED = 0, 2, 3, 4
RECONNECTS = 5  # a dropped stream is resumed this many times in all, then the command gives up
TERMINAL = {"final": EXIT_OK, "error": EXIT_FAILED, "cancelled": EXIT_CANCELLED}
STAGE_ORDER = ("summarize", "locate", "phase2", "analyze")
TIMING_ORDER = ("queue_wait_ms", "preprocess_ms", "inference_ms", "postprocess_ms", "total_ms", "cpu_ms")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


class CliError(Exception):
    """Ends the command: the message goes to stderr, the process exits with ``code``."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Event(NamedTuple):
    id: str | None
    type: str
    data: dict


# ---- transport ------------------------------------------------------------------------------


def api_key(given: str | None) -> str:
    key = given or os.environ.get("CLAUSEFLOW_API_KEY")
    if key:
        return key
    if DEV_KEY.exists():
        return DEV_KEY.read_text().strip()
    raise CliError("no API key: pass --key, set CLAUSEFLOW_API_KEY, or start `make run` once (it makes var/keys/dev.key)", EXIT_INPUT)


def refusal(r: httpx.Response) -> CliError:
    """The edge's ``{"error": {"code", "message"}}`` as a CliError with its exit code."""
    try:
        body = r.json()["error"]
        said = f"{body['message']} ({r.status_code} {body['code']})"
    except (ValueError, KeyError, TypeError):
        said = f"{r.status_code} {r.text[:200]}"
    if r.status_code == 401:
        return CliError(f"the edge refused the API key: {said}; pass --key or set CLAUSEFLOW_API_KEY", EXIT_INPUT)
    retryable = r.status_code == 429 or r.status_code >= 500
    return CliError(f"the edge refused the request: {said}", EXIT_FAILED if retryable else EXIT_INPUT)


def later(a: str, b: str) -> bool:
    """Whether Redis stream id ``a`` ("ms-seq") comes after ``b``."""
    return tuple(map(int, a.split("-"))) > tuple(map(int, b.split("-")))


class Edge:
    """The edge's HTTP API as this command uses it; a refusal or a network failure is a CliError."""

    def __init__(self, url: str, key: str) -> None:
        self.url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {key}"}
        # Heartbeats come every few seconds, so a minute of silence is a dead connection.
        self.http = httpx.Client(base_url=self.url, headers=headers, timeout=httpx.Timeout(30, read=60))

    def request(self, method: str, path: str, **kw) -> dict:
        try:
            r = self.http.request(method, path, **kw)
        except httpx.TransportError as exc:
            raise CliError(f"cannot reach the edge at {self.url}: {exc!r}", EXIT_FAILED) from exc
        if r.status_code >= 400:
            raise refusal(r)
        return r.json()

    def upload(self, pdf: Path, question: str) -> dict:
        files = {"file": (pdf.name, pdf.read_bytes(), "application/pdf")}
        return self.request("POST", "/v1/reviews", files=files, data={"question": question})

    def events(self, rid: str, after: str | None):
        """The review's events after ``after``; ends when the server closes the stream."""
        headers = {"Last-Event-ID": after} if after else {}
        with connect_sse(self.http, "GET", f"/v1/reviews/{rid}/events", headers=headers) as source:
            if source.response.status_code != 200:
                source.response.read()
                raise refusal(source.response)
            for sse in source.iter_sse():
                if sse.data:  # an empty message is a heartbeat
                    yield Event(sse.id or None, sse.event, json.loads(sse.data))


class Follower:
    """One review's stream, resumed after the last event seen when the connection drops."""

    def __init__(self, edge: Edge, rid: str) -> None:
        self.edge, self.rid, self.last_id = edge, rid, None

    def run(self, handle: Callable[[Event], None]) -> Event:
        """Hand every new event to ``handle`` until the terminal one, which is returned."""
        retrying = Retrying(
            retry=retry_if_exception_type(httpx.TransportError), stop=stop_after_attempt(RECONNECTS + 1),
            wait=wait_exponential(multiplier=0.5, max=8), before_sleep=self._say_resuming, reraise=True,
        )
        try:
            return retrying(self._once, handle)
        except httpx.TransportError as exc:
            raise CliError(f"lost the event stream of {self.rid} {RECONNECTS + 1} times: {exc!r}; `clauseflow follow {self.rid}` resumes", EXIT_FAILED) from exc

    def _once(self, handle: Callable[[Event], None]) -> Event:
        for ev in self.edge.events(self.rid, self.last_id):
            if self.last_id and ev.id and not later(ev.id, self.last_id):
                continue  # the server resumes after Last-Event-ID; this only guards the promise
            self.last_id = ev.id or self.last_id
            handle(ev)
            if ev.type in TERMINAL:
                return ev
        raise httpx.RemoteProtocolError("the event stream ended before the review did")

    def _say_resuming(self, state) -> None:
        say(f"connection lost ({state.outcome.exception()!r}); resuming after event {self.last_id}", console=err)


# ---- rendering ------------------------------------------------------------------------------


class JsonView:
    """One JSON object a line: what scripts read."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass

    def line(self, id_: str | None, type_: str, data: dict) -> None:
        sys.stdout.write(json.dumps({"id": id_, "type": type_, "data": data}, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def submitted(self, body: dict) -> None:
        self.line(None, "submitted", body)

    def show(self, ev: Event) -> None:
        self.line(*ev)

    def interrupted(self, rid: str, status: str) -> None:
        self.line(None, "interrupted", {"request_id": rid, "status": status})


def pages(quoted: dict) -> str:
    """"p. 3", or "pp. 3–4" for a clause that runs over a page break."""
    more = quoted.get("continues")
    return f"pp. {quoted['page']}\u2013{more['page']}" if more else f"p. {quoted['page']}"


def whole(quoted: dict) -> str:
    more = quoted.get("continues")
    return f"{quoted['quote']} {more['quote']}" if more else quoted["quote"]


def short(text: str, width: int = 160) -> str:
    return textwrap.shorten(text, width, placeholder=" …")


def say(*parts: str | Text, console: Console | None = None) -> None:
    """Print plain text: contract text and questions are never read as rich markup. Messages
    on stderr are not wrapped, so that a log or a test sees each on one line."""
    (console or out).print(Text.assemble(*parts), soft_wrap=console is err)


class RichView:
    """Progress bars while the review runs, the draft when it comes, the final as a table."""

    PHASES = ("summarize", "locate", "draft", "analysis", "final")

    def __init__(self) -> None:
        self.progress = Progress(
            TextColumn("{task.description:<10}", markup=False), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[note]}", markup=False), TimeElapsedColumn(), console=out,
        )
        self.tasks = {name: self.progress.add_task(name, total=None, note="", start=False) for name in self.PHASES}
        self.totals: dict[str, int] = {}
        self.deltas = self.chars = 0

    def __enter__(self):
        return self  # the bars start with the first event: an input error shows none

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if self.progress.live.is_started:  # stopping writes a newline, even when never started
            self.progress.stop()

    def submitted(self, body: dict) -> None:
        pass  # the stream's `accepted` event says the same, also when following

    def show(self, ev: Event) -> None:
        if ev.type not in TERMINAL:
            self.progress.start()  # a no-op once started
        getattr(self, f"on_{ev.type}", lambda data: None)(ev.data)

    def interrupted(self, rid: str, status: str) -> None:
        say(f"interrupted: cancelled review {rid} on the server (status: {status})", console=err)

    def phase(self, name: str, done: int, total: int | None, note: str = "") -> None:
        task = self.tasks[name]
        self.progress.start_task(task)
        self.progress.update(task, completed=done, total=total, note=note)
        self.totals[name] = total or 1

    def complete(self, name: str, note: str = "") -> None:
        self.phase(name, self.totals.get(name, 1), self.totals.get(name, 1), note)

    def on_accepted(self, data: dict) -> None:
        say(f"review {data['request_id']} accepted ({data['page_count']} pages)")

    def on_progress(self, data: dict) -> None:
        stage = str(data.get("stage", ""))
        if stage and stage not in self.tasks:  # e.g. `ocr`: only for scanned documents
            self.tasks[stage] = self.progress.add_task(stage, total=None, note="", start=False)
        if stage:
            self.phase(stage, data["done"], data["total"])

    def on_draft(self, data: dict) -> None:
        for stage in ("summarize", "locate"):  # a cached document's pages skip some progress
            self.complete(stage)
        self.complete("draft", "received")
        say("\n== DRAFT (quoted from the PDF, not yet checked; the analysis follows) ==")
        for p in data.get("pages", []):
            say(f"  page {p['page']} (score {p['score']:.2f}) ", Text(p.get("summary") or "", style="dim"))
        for e in data.get("evidence", []):
            say(f"  {e['category']}, {pages(e)}: ", Text(f"\u201c{short(whole(e))}\u201d"))
        for f in data.get("figures", []):
            say(f"  figure, p. {f['page']}: {f.get('kind', '')} ", Text(f.get("text", "")))
        for q in data.get("questions", []):
            say("  open question: ", Text(q))

    def on_draft_expired(self, data: dict) -> None:
        self.phase("draft", 0, 1, "withdrawn")
        say("(the draft was withdrawn: still analysing)")

    def on_delta(self, data: dict) -> None:
        if data.get("reset"):
            self.deltas = self.chars = 0  # a new generation of the answer starts over
        self.deltas += 1
        self.chars += len(data.get("text", ""))
        self.phase("analysis", self.deltas, None, f"{self.chars} characters written")

    def on_final(self, data: dict) -> None:
        self.phase("analysis", self.deltas, self.deltas or 1, f"{self.chars} characters written")
        self.complete("final", "cached" if data.get("cached") else "")
        self.stop()
        print_final(data)

    def on_error(self, data: dict) -> None:
        self.stop()
        say(f"the review failed in {data.get('stage', '?')}: ", Text(f"{data.get('message', '')} ({data.get('code', '')})"), console=err)

    def on_cancelled(self, data: dict) -> None:
        self.stop()
        say("the review was cancelled: ", Text(str(data.get("reason", ""))), console=err)


def print_final(data: dict) -> None:
    cached = " (cached: the same question on the same document, no new LLM call)" if data.get("cached") else ""
    say(f"\n== final, {data.get('model') or 'no model'}{cached} ==")
    table = Table("category", "page", "quote", "risk", show_lines=True)
    for f in data.get("findings", []):
        table.add_row(Text(f["category"]), Text(pages(f).removeprefix("p. ").removeprefix("pp. ")), Text(short(whole(f))), Text(f.get("risk") or ""))
    out.print(table)
    for a in data.get("absent", []):
        say(f"no {a['category']} clause found in {a['searched_pages']} pages searched")
    say("\nanswer:\n", Text(data.get("answer", "")))
    cites = data.get("citations", [])
    say(f"\ncitations: {len(cites)} checked, {data.get('citations_rejected', 0)} rejected")
    for c in cites:
        say(f"  p. {c['page']}: ", Text(f"\u201c{short(c['quote'])}\u201d"))
    cost = data.get("cost") or {}
    stages = ", ".join(f"{k} ${v:.6f}" for k, v in (cost.get("stages_usd") or {}).items())
    say(f"\ncost: ${cost.get('total_usd', 0):.6f} ({stages}; tokens ${cost.get('tokens_usd', 0):.6f})")
    if cost.get("saving_usd") is not None:
        say(f"saved ${cost['saving_usd']:.6f} ({cost.get('saving_pct')}%) against the whole document through the same model (${cost['whole_document_usd']:.6f})")


# ---- commands -------------------------------------------------------------------------------

app = typer.Typer(help=__doc__, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
COMMANDS = ("review", "follow", "status", "cost")
Url = Annotated[str | None, typer.Option("--url", help=f"the edge (else CLAUSEFLOW_URL, else {DEFAULT_URL})", show_default=False)]
Key = Annotated[str | None, typer.Option("--key", help="API key (else CLAUSEFLOW_API_KEY, else var/keys/dev.key)", show_default=False)]
AsJson = Annotated[bool, typer.Option("--json", help="one JSON object a line, no rich output")]
Rid = Annotated[str, typer.Argument(metavar="ID", help="the review's request_id")]


def connect(url: str | None, key: str | None) -> Edge:
    return Edge(url or os.environ.get("CLAUSEFLOW_URL") or DEFAULT_URL, api_key(key))


def run(body: Callable[[], int]) -> None:
    """The one place a CliError becomes a message on stderr and an exit code."""
    try:
        code = body()
    except CliError as exc:
        say(str(exc), console=err)
        code = exc.code
    except KeyboardInterrupt:  # before there is a review to cancel, or a second Ctrl-C
        code = EXIT_CANCELLED
    raise typer.Exit(code)


def watch(edge: Edge, rid: str, view: JsonView | RichView) -> int:
    """Follow the review to its end; Ctrl-C cancels it on the server."""
    follower = Follower(edge, rid)
    try:
        return TERMINAL[follower.run(view.show).type]
    except KeyboardInterrupt:
        view.interrupted(rid, edge.request("DELETE", f"/v1/reviews/{rid}").get("status", "?"))
    try:  # the server's `cancelled` event (or the final, when it came first), then the end
        return TERMINAL[follower.run(view.show).type]
    except KeyboardInterrupt:
        return EXIT_CANCELLED


def start(pdf: Path | None, question: str | None, view: JsonView | RichView, edge: Edge) -> str:
    if pdf is None or not question:
        raise CliError("give a PDF and a question: clauseflow review contract.pdf -q QUESTION (or --follow ID)", EXIT_INPUT)
    if not pdf.is_file():
        raise CliError(f"no such file: {pdf}", EXIT_INPUT)
    body = edge.upload(pdf, question)
    view.submitted(body)
    return body["request_id"]


@app.command()
def review(
    pdf: Annotated[Path | None, typer.Argument(metavar="[PDF]", help="the contract PDF", show_default=False)] = None,
    question_arg: Annotated[str | None, typer.Argument(metavar="[QUESTION]", help="the question (or -q)", show_default=False)] = None,
    question: Annotated[str | None, typer.Option("--question", "-q", help="what to look for in the contract")] = None,
    follow: Annotated[str | None, typer.Option("--follow", metavar="ID", help="follow this review instead of uploading")] = None,
    as_json: AsJson = False,
    url: Url = None,
    key: Key = None,
) -> None:
    """Upload a contract and follow its review to the final (Ctrl-C cancels it)."""

    def body() -> int:
        edge = connect(url, key)
        with JsonView() if as_json else RichView() as view:
            rid = follow or start(pdf, question or question_arg, view, edge)
            return watch(edge, rid, view)

    run(body)


@app.command("follow")
def follow_cmd(rid: Rid, as_json: AsJson = False, url: Url = None, key: Key = None) -> None:
    """Reattach to a running or finished review's stream (Ctrl-C cancels it)."""
    review(follow=rid, as_json=as_json, url=url, key=key)


@app.command()
def status(rid: Rid, as_json: AsJson = False, url: Url = None, key: Key = None) -> None:
    """A review's state: status, file, question, whether it has a draft and a final."""

    def body() -> int:
        state = connect(url, key).request("GET", f"/v1/reviews/{rid}")
        if as_json:
            print(json.dumps(state, ensure_ascii=False))
            return EXIT_OK
        created = datetime.fromtimestamp(float(state.get("created_at", 0))).isoformat(sep=" ", timespec="seconds")
        draft = "yes" if state.get("draft") else "withdrawn (still analysing)" if state.get("draft_expired") else "no"
        final = state.get("final")
        table = Table(show_header=False, box=None)
        for name, value in [
            ("review", rid), ("status", state.get("status", "?")), ("file", state.get("filename", "")),
            ("pages", str(state.get("page_count", ""))), ("question", state.get("question", "")), ("created", created),
            ("draft", draft), ("final", f"yes, {len(final.get('findings', []))} findings" if final else "no"),
        ]:
            table.add_row(name, Text(str(value)))
        out.print(table)
        return EXIT_OK

    run(body)


@app.command()
def cost(
    rid: Annotated[str, typer.Argument(help="a review id, or `report` for a report over the recent reviews", show_default=False)],
    as_json: AsJson = False, url: Url = None, key: Key = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100, help="report: how many recent reviews")] = 100,
    tokens: Annotated[float | None, typer.Option("--tokens", help="report: split the quadrants at this many input tokens (else the median)")] = None,
    usd: Annotated[float | None, typer.Option("--usd", help="report: split the quadrants at this cost (else the median)")] = None,
) -> None:
    """A review's cost per stage (milliseconds, USD) and its saving against the whole document
    through the same model; `cost report`: quadrants, the most expensive reviews, stage totals."""

    def body() -> int:
        edge = connect(url, key)
        if rid == "report":
            rep = cli_cost.report(edge.request("GET", "/v1/reviews", params={"limit": limit})["reviews"], tokens, usd)
            if as_json:
                print(json.dumps(rep, ensure_ascii=False))
            else:
                out.print(cli_cost.report_view(rep))
            return EXIT_OK
        data = edge.request("GET", f"/v1/reviews/{rid}/cost")
        if as_json:
            print(json.dumps(data, ensure_ascii=False))
            return EXIT_OK
        order = sorted(data["stages"], key=lambda s: (STAGE_ORDER.index(s) if s in STAGE_ORDER else len(STAGE_ORDER), s))
        out.print(cli_cost.review_view(rid, {**data, "stages": {s: data["stages"][s] for s in order}}, list(TIMING_ORDER)))
        return EXIT_OK

    run(body)


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and not args[0].startswith("-") and args[0] not in COMMANDS:
        args.insert(0, "review")  # the older form: clauseflow contract.pdf "question"
    app(args=args, prog_name="clauseflow")


if __name__ == "__main__":
    main()

"""The `clauseflow` command: review a contract from the terminal.

    clauseflow review contract.pdf -q "Which clauses cap liability?"
    clauseflow review contract.pdf -q QUESTION --json   one JSON object a line, for scripts
    clauseflow follow ID              reattach to a review (or: review --follow ID)
    clauseflow status ID              its state (--json: the edge's JSON)
    clauseflow cost ID                its cost per stage and the saving (--json: the edge's JSON)
    clauseflow cost report            quadrants, the most expensive reviews, totals per stage
    clauseflow batch DIR [--categories "A,B"] [--out grid.xlsx] [--name NAME] [--json] [--cancel]
                                      every PDF/.zip in DIR as one batch, then its grid

`review` uploads the PDF and follows the review's event stream (SSE): a progress bar per stage,
the draft as soon as it is built (quotes from the PDF, marked DRAFT), then the checked final:
findings, absent clause categories, the answer, its citations and the cost. A dropped
connection is resumed after the last event seen (`Last-Event-ID`), a few times, and no event
is shown twice. An upload the edge answers 429 or 503 with Retry-After (busy, over the rate,
Redis or the broker away for a moment) is sent again after the wait it names (30 s at most),
5 times in all. Ctrl-C cancels the review on the server (DELETE) and exits 4.

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
  3  the review ended in an `error` event, or the edge or the network failed (5xx, 429 busy
     after 5 tries, connection lost more often than the retries allow)
  4  the review was cancelled: by Ctrl-C here, or by the server (a `cancelled` event)
  1  a bug in this command (a traceback)
`batch` exits 0 once the batch is done, failed contracts included (they are listed), and 4 when
it was cancelled or on Ctrl-C, which leaves it running on the server: run it again to resume.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Callable

import typer

from services import cli_batch, cli_cost
from services.cli_transport import DEFAULT_URL, EXIT_CANCELLED, EXIT_INPUT, EXIT_OK, TERMINAL, CliError, Edge, Follower, connect
from services.cli_views import JsonView, RichView, err, out, print_status, say

STAGE_ORDER = ("summarize", "locate", "phase2", "analyze")
TIMING_ORDER = ("queue_wait_ms", "preprocess_ms", "inference_ms", "postprocess_ms", "total_ms", "cpu_ms")

app = typer.Typer(help=__doc__, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
COMMANDS = ("review", "follow", "status", "cost", "batch")
Url = Annotated[str | None, typer.Option("--url", help=f"the edge (else CLAUSEFLOW_URL, else {DEFAULT_URL})", show_default=False)]
Key = Annotated[str | None, typer.Option("--key", help="API key (else CLAUSEFLOW_API_KEY, else var/keys/dev.key)", show_default=False)]
AsJson = Annotated[bool, typer.Option("--json", help="one JSON object a line, no rich output")]
Commentary = Annotated[bool, typer.Option("--commentary", help="also print the LLM's text, each sentence without a citation that holds marked [unverified]")]
Rid = Annotated[str, typer.Argument(metavar="ID", help="the review's request_id")]


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
    follower = Follower(edge, rid, lambda message: say(message, console=err))
    try:
        return TERMINAL[follower.run(view.show).type]
    except KeyboardInterrupt:
        view.interrupted(rid, edge.request("DELETE", f"/v1/reviews/{rid}").get("status", "?"))
    try:  # the server's `cancelled` event (or the final, when it came first), then the end
        return TERMINAL[follower.run(view.show).type]
    except KeyboardInterrupt:
        return EXIT_CANCELLED


def start(pdf: Path | None, question: str | None, view: JsonView | RichView, edge: Edge) -> str:
    if pdf is None:
        raise CliError("give a PDF (and a question; none checks the whole playbook): clauseflow review contract.pdf -q QUESTION (or --follow ID)", EXIT_INPUT)
    if not pdf.is_file():
        raise CliError(f"no such file: {pdf}", EXIT_INPUT)
    body = edge.upload(pdf, question or "", lambda message: say(message, console=err))  # no question: the whole playbook
    view.submitted(body)
    return body["request_id"]


@app.command()
def review(
    pdf: Annotated[Path | None, typer.Argument(metavar="[FILE]", help="the contract: a PDF or a Word .docx", show_default=False)] = None,
    question_arg: Annotated[str | None, typer.Argument(metavar="[QUESTION]", help="the question (or -q)", show_default=False)] = None,
    question: Annotated[str | None, typer.Option("--question", "-q", help="what to look for in the contract")] = None,
    follow: Annotated[str | None, typer.Option("--follow", metavar="ID", help="follow this review instead of uploading")] = None,
    as_json: AsJson = False,
    commentary: Commentary = False,
    url: Url = None,
    key: Key = None,
) -> None:
    """Upload a contract and follow its review to the final (Ctrl-C cancels it)."""

    def body() -> int:
        edge = connect(url, key)
        with JsonView() if as_json else RichView(commentary) as view:
            rid = follow or start(pdf, question or question_arg, view, edge)
            return watch(edge, rid, view)

    run(body)


@app.command("follow")
def follow_cmd(rid: Rid, as_json: AsJson = False, commentary: Commentary = False, url: Url = None, key: Key = None) -> None:
    """Reattach to a running or finished review's stream (Ctrl-C cancels it)."""
    review(follow=rid, as_json=as_json, commentary=commentary, url=url, key=key)


@app.command()
def status(rid: Rid, as_json: AsJson = False, url: Url = None, key: Key = None) -> None:
    """A review's state: status, file, question, whether it has a draft and a final."""

    def body() -> int:
        state = connect(url, key).request("GET", f"/v1/reviews/{rid}")
        if as_json:
            print(json.dumps(state, ensure_ascii=False))
            return EXIT_OK
        print_status(rid, state)
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


@app.command()
def batch(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="a folder of contract PDFs and .zip files of PDFs (not searched below)")],
    categories: Annotated[str | None, typer.Option(
        "--categories", help='comma-separated CUAD categories, e.g. "Governing Law,Cap On Liability" (else the playbook\'s)',
        show_default=False)] = None,
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="where the grid goes; .xlsx, .csv or .json picks the format (default DIR/grid.xlsx)", show_default=False)] = None,
    name: Annotated[str | None, typer.Option("--name", help="a name for the batch", show_default=False)] = None,
    cancel: Annotated[bool, typer.Option("--cancel", help="cancel the batch recorded in DIR on the server, and forget it")] = False,
    as_json: AsJson = False, url: Url = None, key: Key = None,
) -> None:
    """Review every PDF in DIR as one batch and download the grid (contracts × categories).
    DIR/.clauseflow-batch.json records the batch: run again, it follows that batch instead of
    uploading again; Ctrl-C leaves it running on the server (exit 4). Exit 0 once the batch is
    done, failed contracts included (listed by name); 4 when it was cancelled."""

    def body() -> int:
        edge = connect(url, key)
        return cli_batch.cancel(edge, folder, as_json) if cancel else cli_batch.batch(edge, folder, categories, out_path, name, as_json)

    run(body)


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and not args[0].startswith("-") and args[0] not in COMMANDS:
        args.insert(0, "review")  # the older form: clauseflow contract.pdf "question"
    app(args=args, prog_name="clauseflow")


if __name__ == "__main__":
    main()

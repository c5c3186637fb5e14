"""The `clauseflow` command against the real stack, run as a subprocess like a user runs it:
review (JSON and rich output), input errors and their exit codes, Ctrl-C cancelling the
review on the server, follow, status and cost."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time

import httpx
import pytest

from local.stack import ROOT
from shared.testing.contracts import make_contract
from shared.testing.link import FlakyLink

pytestmark = pytest.mark.stack
# Brackets and tags: the CLI prints questions and contract text, never reads them as rich markup.
QUESTION = "Mark every liability and termination clause [bold]and[/bold] explain the risk <script>"
# Many categories and a long document: the analysis runs long enough to be interrupted.
SLOW_QUESTION = (
    "Explain every clause of this contract in detail, one by one: liability, indemnification, termination, "
    "confidentiality, governing law, payment, warranties, insurance, audit rights, assignment and non-compete"
)


def cli_env(stack, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUSEFLOW_")}
    return {**env, "CLAUSEFLOW_URL": stack.base_url, "CLAUSEFLOW_API_KEY": stack.api_key, "COLUMNS": "200", "TERM": "dumb", "NO_COLOR": "1", **extra}


def clauseflow(stack, *args: str, timeout: float = 240, **env: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "services.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=cli_env(stack, **env))


def lines(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]  # every line is one JSON object


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "contract.pdf"
    path.write_bytes(make_contract(extra_pages=2, title="CLI [bold]SERVICES[/bold] AGREEMENT").data)
    return path


@pytest.fixture(scope="module")
def reviewed(stack, pdf):
    """One review through `clauseflow review --json`, shared by the tests below."""
    done = clauseflow(stack, "review", str(pdf), "-q", QUESTION, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    return lines(done.stdout)


def test_review_json_prints_each_event_once_in_order(reviewed):
    types = [e["type"] for e in reviewed]
    assert types[0] == "submitted" and reviewed[0]["id"] is None, types
    assert types[1] == "accepted" and types[-1] == "final", types
    assert types.index("accepted") < types.index("draft") < types.index("final")
    draft = next(e["data"] for e in reviewed if e["type"] == "draft")
    assert draft["pages"] and all(p["page"] >= 1 for p in draft["pages"])
    ids = [e["id"] for e in reviewed[1:]]
    assert len(ids) == len(set(ids)), "no event is printed twice"
    assert reviewed[0]["data"]["request_id"] == reviewed[1]["data"]["request_id"]


def test_review_prints_draft_then_final_table(stack, pdf):
    # Another question than the JSON review's: its final would come from the results cache.
    done = clauseflow(stack, "review", str(pdf), "-q", "Which clauses limit liability or allow termination?")
    assert done.returncode == 0, done.stdout + done.stderr
    text = done.stdout
    assert "accepted" in text and "== DRAFT" in text and "== final" in text
    assert text.index("== DRAFT") < text.index("== final")
    final = text[text.index("== final") :]
    assert "category" in final and "page" in final and "Cap On Liability" in final
    assert "citations:" in final and "checked" in final and "cost: $" in final
    assert "\x1b[" not in text, "no colour codes with NO_COLOR"


def test_the_older_form_still_reviews(stack, pdf, reviewed):
    done = clauseflow(stack, str(pdf), QUESTION, "--json")  # cached final: quick
    assert done.returncode == 0, done.stderr
    assert lines(done.stdout)[-1]["data"]["cached"] is True


def test_no_question_reviews_against_the_whole_playbook(stack, pdf):
    from shared.clauses import playbook

    done = clauseflow(stack, "review", str(pdf), "--json", timeout=240)
    assert done.returncode == 0, done.stderr
    fin = lines(done.stdout)[-1]["data"]
    assert {r["category"] for r in fin["summary"]} == {r.category for r in playbook.default().rules}


@pytest.mark.parametrize("case", ["missing", "not_a_pdf", "no_pdf"])
def test_input_errors_exit_2(stack, tmp_path, pdf, case):
    text = tmp_path / "notes.pdf"
    text.write_text("hello, I am a text file")
    args = {
        "missing": ["review", str(tmp_path / "nope.pdf"), "-q", QUESTION],
        "not_a_pdf": ["review", str(text), "-q", QUESTION],
        "no_pdf": ["review", "-q", QUESTION],
    }[case]
    done = clauseflow(stack, *args, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    said = {"missing": "no such file", "not_a_pdf": "not_a_pdf", "no_pdf": "give a PDF"}[case]
    assert said in done.stderr, done.stderr
    assert done.stdout == ""


def test_a_wrong_key_exits_2_and_says_401(stack, pdf):
    done = clauseflow(stack, "review", str(pdf), "-q", QUESTION, timeout=60, CLAUSEFLOW_API_KEY="cf_wrong")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "401" in done.stderr and "API key" in done.stderr


def test_an_unknown_review_exits_2(stack):
    for args in (["status", "0" * 32], ["follow", "0" * 32, "--json"]):
        done = clauseflow(stack, *args, timeout=60)
        assert done.returncode == 2 and "not_found" in done.stderr, (args, done.stderr)


def test_ctrl_c_cancels_the_review_on_the_server(stack, tmp_path):
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(make_contract(extra_pages=12, title="CLI CANCEL AGREEMENT").data)
    cmd = [sys.executable, "-m", "services.cli", "review", str(pdf), "-q", SLOW_QUESTION, "--json"]
    # SIGINT as a terminal would deliver it, even where the test runner was started with SIGINT
    # ignored (a background job): an ignored signal is inherited through exec.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=cli_env(stack),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        seen = []
        for line in proc.stdout:
            seen.append(json.loads(line))
            if seen[-1]["type"] in ("accepted", "draft", "final", "error", "cancelled"):
                break  # the stream is followed: interrupt now, long before the model can finish
        assert seen and seen[-1]["type"] == "accepted", [e["type"] for e in seen]
        proc.send_signal(signal.SIGINT)
        rest, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 4, stderr
    after = [json.loads(line) for line in rest.splitlines()]
    assert [e["type"] for e in after if e["type"] in ("interrupted", "cancelled", "final")] == ["interrupted", "cancelled"], after
    rid = seen[0]["data"]["request_id"]
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=10) as c:
        deadline = time.monotonic() + 20
        while (status := c.get(f"/v1/reviews/{rid}").json()["status"]) != "cancelled" and time.monotonic() < deadline:
            time.sleep(0.5)
    assert status == "cancelled"
    ids = [e["id"] for e in seen + after if e["id"]]
    assert len(ids) == len(set(ids)), "no event printed twice across the cancel"


def test_follow_reprints_a_finished_review_once(stack, reviewed):
    rid = reviewed[0]["data"]["request_id"]
    for args in (["follow", rid, "--json"], ["review", "--follow", rid, "--json"]):
        done = clauseflow(stack, *args, timeout=60)
        assert done.returncode == 0, done.stderr
        assert lines(done.stdout) == reviewed[1:], "the same events, each once"


def test_follow_resumes_after_a_dropped_connection(stack, reviewed):
    rid = reviewed[0]["data"]["request_id"]
    with FlakyLink(stack.edge_port, cut_after=b"event: draft") as link:  # drops the stream just after the draft
        done = clauseflow(stack, "follow", rid, "--json", "--url", link.url, timeout=60)
    assert done.returncode == 0, done.stderr
    assert link.connections == 2 and link.cuts == 1 and "connection lost" in done.stderr, done.stderr
    assert lines(done.stdout) == reviewed[1:], "resumed after the draft: every event once, in order"


def test_contract_text_is_never_read_as_markup(monkeypatch):
    from rich.console import Console

    from services import cli_views as cli

    monkeypatch.setattr(cli, "out", Console(file=io.StringIO(), width=200, highlight=False))
    quote = "[bold]The total liability[/bold] shall not exceed $5 <script>alert(1)</script> :smile:"
    final = {"findings": [{"category": "Cap On Liability", "page": 3, "quote": quote, "risk": "[red]capped[/red]"}], "answer": "", "commentary": {"text": "[link=x]see[/link] (p. 3)", "model": "m", "sentences": [], "grounded": 0, "unverified": 0}}
    cli.print_final({**final, "citations": [{"page": 3, "quote": quote}], "citations_rejected": 1, "cost": {"total_usd": 0.5}}, commentary=True)
    printed = cli.out.file.getvalue()
    for text in ("[bold]The total liability[/bold]", "<script>alert(1)</script>", ":smile:", "[red]capped[/red]", "[link=x]see[/link]", "1 checked, 1 rejected"):
        assert text in printed, text


def test_status_and_cost(stack, reviewed):
    rid = reviewed[0]["data"]["request_id"]
    done = clauseflow(stack, "status", rid, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "done" in done.stdout and "contract.pdf" in done.stdout and QUESTION in done.stdout
    raw = clauseflow(stack, "status", rid, "--json", timeout=60)
    assert raw.returncode == 0 and json.loads(raw.stdout)["final"]["answer"] == reviewed[-1]["data"]["answer"]
    done = clauseflow(stack, "cost", rid, timeout=60)
    assert done.returncode == 0, done.stderr
    assert all(stage in done.stdout for stage in ("summarize", "locate", "phase2", "analyze")), done.stdout
    assert "saved $" in done.stdout and "the whole document through" in done.stdout, done.stdout
    raw = clauseflow(stack, "cost", rid, "--json", timeout=60)
    assert raw.returncode == 0 and {"summarize", "locate", "analyze"} <= set(json.loads(raw.stdout)["stages"])
    usd = json.loads(raw.stdout)["cost"]
    assert usd == reviewed[-1]["data"]["cost"], "the API reports the final's cost"


def test_cost_report_over_recent_reviews(stack, reviewed):
    done = clauseflow(stack, "cost", "report", timeout=60)
    assert done.returncode == 0, done.stderr
    for text in ("healthy", "long-prompt-short-answer", "expensive-small-input", "cost sink", "most expensive", "totals per stage", "saved $"):
        assert text in done.stdout, (text, done.stdout)
    rep = json.loads(clauseflow(stack, "cost", "report", "--json", "--limit", "50", timeout=60).stdout)
    assert rep["reviews"] >= 1 and sum(q["reviews"] for q in rep["quadrants"].values()) == rep["reviews"]
    assert 1 <= len(rep["top"]) <= 5 and rep["top"] == sorted(rep["top"], key=lambda r: -r["total_usd"])
    assert rep["total_usd"] == pytest.approx(sum(rep["stages_usd"].values()), abs=1e-6)


def test_the_final_fits_80_columns_and_shows_no_model_text_as_the_answer(monkeypatch):
    from rich.console import Console

    from services import cli_views as cli

    monkeypatch.setattr(cli, "out", Console(file=io.StringIO(), width=80, highlight=False))
    risk = "Limits what can be recovered for a breach; check the amount, exclusions and mutuality before signing."
    position = {"category": "Termination For Convenience", "status": "deviates", "rule": "notice period at least 120 days", "quotes": ["ninety (90) days"]}
    final = {
        "findings": [{"category": "Termination For Convenience", "categories": ["Termination For Convenience"], "page": 4, "quote": "Either Party may terminate on ninety (90) days notice.", "risk": risk, "position": position}],
        "summary": [{"category": "Termination For Convenience", "found": 1, "pages": [4], "terms": ["notice period: ninety (90) days"], "status": "deviates", "rule": "notice period at least 120 days"}],
        "playbook": {"name": "ours", "version": 3, "checked": 1, "deviations": [{**position, "page": 4}]},
        "answer": "Termination For Convenience: 1 clause (p. 4); deviates from the playbook (notice period at least 120 days).",
        "commentary": {"text": "The answer is no. You cannot terminate without cause.", "model": "smollm2", "sentences": [{"text": "The answer is no.", "grounded": False}], "grounded": 0, "unverified": 1},
    }
    cli.print_final(final)
    printed = cli.out.file.getvalue()
    assert max(len(line) for line in printed.splitlines()) <= 80
    assert all(word in printed for word in risk.split()) and "…" not in printed, "the risk column wraps; nothing is cut off"
    assert "✗ deviates" in printed and "version 3: 1 deviation" in printed and "decided on: \u201cninety (90) days\u201d" in printed
    assert "The answer is no" not in printed and "--commentary" in printed, "unverified model text is not shown as the answer"
    cli.print_final(final, commentary=True)
    assert "[unverified] The answer is no." in cli.out.file.getvalue()


def test_batch_uploads_a_folder_follows_it_and_downloads_the_grid_then_resumes_without_uploading(stack, tmp_path):
    """`clauseflow batch` against the real edge and workers: two generated contracts and a file
    that is not a PDF, the grid downloaded as a spreadsheet; run again, it finds its batch done."""
    from openpyxl import load_workbook

    folder = tmp_path / "deal"
    folder.mkdir()
    for i in range(2):
        (folder / f"contract-{i}.pdf").write_bytes(make_contract(extra_pages=i, title=f"SUPPLY AGREEMENT {i}").data)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7 not really")
    out = tmp_path / "grid.xlsx"
    done = clauseflow(stack, "batch", str(folder), "--categories", "Governing Law,Cap On Liability", "--out", str(out), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    said = lines(done.stdout)
    end = next(x for x in said if x["type"] == "done")
    assert (end["done"], end["failed"], end["total"]) == (2, 1, 3), end
    assert [f["filename"] for f in end["failures"]] == ["broken.pdf"] and end["failures"][0]["error"]["code"] == "corrupt_pdf", end
    sheet = load_workbook(out)["Grid"]
    assert sheet.max_row == 2 + 3 and sheet.freeze_panes == "C3"
    again = clauseflow(stack, "batch", str(folder), "--categories", "Governing Law,Cap On Liability", "--out", str(out), "--json")
    assert again.returncode == 0, again.stdout + again.stderr
    assert next(x for x in lines(again.stdout) if x["type"] == "batch")["resumed"] is True

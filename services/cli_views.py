"""How the `clauseflow` command shows a review: one JSON object a line (--json), or rich
progress bars, the draft and the final as a table; the status table; plain-text printing that
never reads contract text as markup."""

from __future__ import annotations

import json
import sys
import textwrap
from datetime import datetime

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from services.cli_transport import TERMINAL, Event

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


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

    def __init__(self, commentary: bool = False) -> None:
        self.commentary = commentary  # show the model's text (marked where unverified)
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
        size = "a Word file, converting to PDF" if data.get("page_count") is None else f"{data['page_count']} pages"
        say(f"review {data['request_id']} accepted ({size})")

    def on_converted(self, data: dict) -> None:
        notes = [f"{data['tracked_changes']} tracked changes accepted" if data.get("tracked_changes") else "",
                 f"{data['comments']} comments left out" if data.get("comments") else ""]
        extra = "; ".join(n for n in notes if n)
        say(f"converted by {data.get('converter') or 'LibreOffice'}: {data['page_count']} pages in {data['seconds']:.1f} s" + (f" ({extra})" if extra else ""))

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
        print_final(data, self.commentary)

    def on_error(self, data: dict) -> None:
        self.stop()
        say(f"the review failed in {data.get('stage', '?')}: ", Text(f"{data.get('message', '')} ({data.get('code', '')})"), console=err)

    def on_cancelled(self, data: dict) -> None:
        self.stop()
        say("the review was cancelled: ", Text(str(data.get("reason", ""))), console=err)


STATUS_WORDS = {"meets": "✓ meets", "deviates": "✗ deviates", "unknown": "? not decided", "missing": "✗ missing (required)", None: "no rule"}


def status_words(p: dict) -> Text:
    """A position (a summary row's or a finding's) in words, with why where it was not decided."""
    other = p.get("jointly")
    return Text(STATUS_WORDS[p.get("status")] + (f": {p['why']}" if p.get("status") == "unknown" and p.get("why") else "")
                + (f", with p. {other['page']}: “{other['quote']}” (together they bind both parties)" if other else "")
                + (f" (the right or the cap is yours: you asked as {p['ours']})" if p.get("ours") else ""))


def print_final(data: dict, commentary: bool = False) -> None:
    """The summary (a row per asked category, deviations first), the findings with their
    positions, what was not found, and the citations. The model's text only with
    ``commentary``, each sentence without a citation that holds marked unverified: it is never
    shown as the answer."""
    cached = " (cached: the same question on the same document, no new LLM call)" if data.get("cached") else ""
    pb = data.get("playbook") or {}
    say(f"\n== final, {data.get('model') or 'no model'}{cached} ==")
    if pb:
        say(f"checked against {pb['name']}, version {pb['version']}: {len(pb.get('deviations', []))} deviation(s)")
    if data.get("summary"):
        table = Table("category", "found", "pages", "key terms", "playbook", show_lines=True)
        for r in data["summary"]:
            table.add_row(Text(r["category"]), r["found"] and f"{r['found']}" or "absent", ", ".join(map(str, r["pages"])), Text("; ".join(r["terms"])), status_words(r))
        out.print(table)
    for d in pb.get("deviations", []):
        where = f"p. {d['page']}" if d.get("page") else "not found"
        say(f"  ✗ {d['category']} ({where}): ", Text(d.get("missing") or f"rule: {d['rule']}; decided on: " + " · ".join(f"\u201c{q}\u201d" for q in d["quotes"])))
        if commentary and (x := d.get("explanation")) and x.get("text"):  # the model's sentence, with the commentary only
            say(f"      {x['model']}{'' if x.get('grounded') else ' [unverified]'}: ", Text(x["text"]))
    table = Table("category", "page", "quote", "playbook", "risk", show_lines=True)
    for f in data.get("findings", []):
        pos = f.get("position") or {}
        sure = f"\n{f['tier']} ({round(f['confidence'] * 100)}%)" if f.get("confidence") is not None else ""  # how likely it is the clause
        table.add_row(Text(f["category"] + sure), Text(pages(f).removeprefix("p. ").removeprefix("pp. ")), Text(short(whole(f))), status_words(pos), Text(f.get("risk") or ""))
    out.print(table)
    for a in data.get("absent", []):
        said = a.get("disclaimed")
        say(f"no {a['category']} clause found in {a['searched_pages']} pages searched" + (" (check: contracts like this usually have one)" if a.get("likely") else "")
            + (f"; the contract says there is none (p. {said['page']}): “{said['quote']}”" if said else "")
            + "".join(f"\n  it gives {a.get('instead_what') or 'rights to terminate for cause'} instead (p. {c['page']}): “{short(c['quote'])}”" for c in a.get("instead") or []))
    said = data.get("commentary") or {}
    sentences = said.get("sentences") or []
    if said and commentary:
        say(f"\nmodel commentary ({said.get('model')}; unverified where marked):")
        for x in sentences or [{"text": said.get("text", ""), "grounded": False}]:
            say("  " if x.get("grounded") else "  [unverified] ", Text(x["text"]))
    elif said.get("text"):
        say(f"\nmodel commentary: {len(sentences)} sentence(s), {said.get('grounded', 0)} with a citation that holds (not shown: --commentary shows it, marked)")
    elif data.get("routed") and data.get("answer"):
        say("\nanswer (the clause found, without the LLM): ", Text(data["answer"]))
    cites = data.get("citations", [])
    say(f"\ncitations: {len(cites)} checked, {data.get('citations_rejected', 0)} rejected")
    for c in cites:
        say(f"  p. {c['page']}: ", Text(f"\u201c{short(c['quote'])}\u201d"))
    cost = data.get("cost") or {}
    stages = ", ".join(f"{k} ${v:.6f}" for k, v in (cost.get("stages_usd") or {}).items())
    say(f"\ncost: ${cost.get('total_usd', 0):.6f} ({stages}; tokens ${cost.get('tokens_usd', 0):.6f})")
    if cost.get("saving_usd") is not None:
        say(f"saved ${cost['saving_usd']:.6f} ({cost.get('saving_pct')}%) against the whole document through the same model (${cost['whole_document_usd']:.6f})")


def print_status(rid: str, state: dict) -> None:
    """A review's state as a two-column table."""
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

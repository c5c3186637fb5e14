"""Hostile Word files against the running stack (shared.testing.hostile.docx, two of each kind):
each is refused at the upload with the 4xx and code its family expects, or accepted and then
ends: in an `error` with its code for what only the cleaning finds (a lying image, nesting too
deep for the parser), in a `final` for the valid file full of links to outside it, none of
which is ever fetched (a server on 127.0.0.1 counts the requests). No process of the stack
dies or restarts or grows past 300 MB over the run, no LibreOffice is left running, and a normal
Word file still gets its final."""

from __future__ import annotations

import http.server
import random
import re
import subprocess
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx
import pytest

from shared.testing.hostile.docx import DOCX_KINDS, EXPECTED, REFUSED_BY_CLEAN, external_links, generate_docx

from .conftest import events, stack_beside
from .test_hostile import rss_mb
from .test_docx import WORD, contract

pytestmark = pytest.mark.stack
SEED = 11
QUESTION = "What is the notice period for termination?"


class Counting(http.server.BaseHTTPRequestHandler):
    hits = 0

    def do_GET(self):  # noqa: N802 - the stdlib's name
        type(self).hits += 1
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"fetched")

    do_HEAD = do_POST = do_GET

    def log_message(self, *args):
        pass


def _upload(client, data: bytes, name: str):
    return client.post("/v1/reviews", files={"file": (name, data, WORD)}, data={"question": QUESTION})


def _orphans() -> list[str]:
    """LibreOffice processes whose conversion's folder is gone: left running after their call
    ended (a conversion still running has its folder; other conversions on the machine are not
    counted)."""
    out = subprocess.run(["pgrep", "-af", "soffice"], capture_output=True, text=True).stdout.splitlines()
    found = [re.search(r"UserInstallation=file://(/\S*?clauseflow-docx-[^/\s]+)", line) for line in out]
    return [m.group(1) for m in found if m and not Path(m.group(1)).exists()]


@pytest.mark.timeout(900)
def test_hostile_word_files_are_refused_or_end_and_nothing_is_fetched(stack, client):
    pids = {name: proc.pid for name, proc in stack.procs.items()}
    restarts = dict(stack.restarts)
    rss_before = {name: rss_mb(stack.procs[name].pid) for name in ("edge", "summarize")}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/template.dotm"
    files = list(generate_docx(SEED, 2 * len(DOCX_KINDS)))
    files += [("docx_external_links", external_links(random.Random(f"local:{i}"), url=url)) for i in range(2)]
    outcomes: dict[str, Counter] = defaultdict(Counter)
    bad, accepted = [], []
    t0 = time.monotonic()
    for i, (kind, data) in enumerate(files):
        r = _upload(client, data, f"{i:03d}-{kind}.docx")
        if r.status_code == 202:
            accepted.append((i, kind, r.json()["request_id"]))
            continue
        code = (r.json().get("error") or {}).get("code") if r.headers.get("content-type", "").startswith("application/json") else None
        outcomes[kind][f"{r.status_code}:{code}"] += 1
        if EXPECTED[kind] is None or kind in REFUSED_BY_CLEAN or (r.status_code, code) not in EXPECTED[kind]:
            bad.append((i, kind, r.status_code, r.text[:200]))
    for i, kind, rid in accepted:
        evs = events(client, rid, timeout=240)
        end = evs[-1] if evs else {"type": "none", "data": {}}
        outcomes[kind][f"202:{end['type']}:{end['data'].get('code', '')}".rstrip(":")] += 1
        if kind in REFUSED_BY_CLEAN:
            ok = end["type"] == "error" and (422, end["data"].get("code")) in EXPECTED[kind]
        else:
            ok = EXPECTED[kind] is None and end["type"] == "final" and any(e["type"] == "converted" for e in evs)
        if not ok:
            bad.append((i, kind, rid, [e["type"] for e in evs][-4:], end["data"]))
    print(f"\n{len(files)} hostile Word files (seed {SEED}) ended in {time.monotonic() - t0:.0f} s")
    for kind in DOCX_KINDS:
        print(f"  {kind:<28}{dict(sorted(outcomes[kind].items()))}")
    server.shutdown()
    rss_after = {name: rss_mb(stack.procs[name].pid) for name in ("edge", "summarize")}
    print(f"  RSS (MB; the files are read in sandbox workers and LibreOffice's own processes): before {rss_before}, after {rss_after}")

    assert not bad, f"not refused or ended as their family expects: {bad}"
    assert all(rss_after[n] - rss_before[n] < 300 for n in rss_after), "memory stays bounded"
    assert Counting.hits == 0, f"LibreOffice (or anything) fetched {Counting.hits} times from the links inside the files"
    assert {name: proc.pid for name, proc in stack.procs.items()} == pids and stack.restarts == restarts
    assert not {name: p.returncode for name, p in stack.procs.items() if p.poll() is not None}
    assert not _orphans(), "a LibreOffice process was left running"

    r = _upload(client, contract(), "after.docx")
    assert r.status_code == 202, r.text
    assert events(client, r.json()["request_id"])[-1]["type"] == "final"


def test_a_conversion_past_its_time_limit_is_an_error_event_and_leaves_nothing_running(stack, tmp_path):
    """summarize with a 0.2 s conversion limit, beside the stack: the review ends in `error`
    `docx_too_slow`, and no LibreOffice process outlives it."""
    with stack_beside(stack, tmp_path, "slowdocx.", {"DOCX_TIMEOUT_S": "0.2"}) as beside:
        with httpx.Client(base_url=beside.base_url, headers=beside.headers(), timeout=30) as c:
            r = _upload(c, contract(), "slow.docx")
            assert r.status_code == 202, r.text
            evs = events(c, r.json()["request_id"], timeout=120)
    assert evs[-1]["type"] == "error" and evs[-1]["data"]["code"] == "docx_too_slow", evs[-1]
    assert "within" in evs[-1]["data"]["message"]
    time.sleep(1)
    assert not _orphans()

"""The compose smoke's steps once the images can be built (scripts/compose-smoke.sh installs Docker,
starts dockerd and builds the stand-in base images first). Each step is timed; the review's
checks are the user's: 202, a draft, the final, a follow-up answered, a Word file converted in
the summarize container and reviewed, the review page served; a
worker killed with SIGKILL mid-review comes back by its restart policy and the review still ends
in its final; after `down` (volumes kept) and `up` the review is still there; `down -v` last.

    .venv/bin/python scripts/compose_smoke.py [--keep]     # --keep: leave the stack up at the end
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
from httpx_sse import connect_sse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.core.apikeys import digest, new_key  # noqa: E402
from shared.testing.contracts import make_contract  # noqa: E402

PROJECT = "clauseflow-smoke"
FILES = ["-f", "docker-compose.yml", "-f", "infra/offline/compose.offline.yml"]
BASE = "http://127.0.0.1:8000"  # docker-compose.yml publishes the edge on 8000
QUESTION = "Mark every liability clause and explain the risk"
STEPS: list[tuple[str, float]] = []


@contextmanager
def step(name: str):
    print(f"== {name}", flush=True)
    t0 = time.monotonic()
    yield
    STEPS.append((name, time.monotonic() - t0))
    print(f"   done in {STEPS[-1][1]:.1f} s", flush=True)


def compose(env_file: Path, *args: str, timeout: float = 1800) -> None:
    subprocess.run(["docker", "compose", "-p", PROJECT, *FILES, "--env-file", str(env_file), *args], cwd=ROOT, check=True, timeout=timeout)


def env_file() -> tuple[Path, str]:
    """A .env for the smoke only (the user's own .env is left alone): .env.example's names with
    generated secrets and one API key for tenant `smoke`."""
    key = new_key()
    out = ROOT / "var" / "compose-smoke" / "env"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        f"CLAUSEFLOW_API_KEYS=smoke:{digest(key)}\nMINIO_ROOT_USER=clauseflow\nMINIO_ROOT_PASSWORD={secrets.token_urlsafe(24)}\n"
        f"GRAFANA_ADMIN_PASSWORD={secrets.token_urlsafe(24)}\nCOMPOSE_PROFILES=cpu\n"
    )
    out.chmod(0o600)
    return out, key


def events(http: httpx.Client, path: str, until: tuple[str, ...], timeout_s: float = 600) -> list[str]:
    """The event types of a stream up to one of ``until``, resumed after the last event seen."""
    seen: list[str] = []
    last = None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with connect_sse(http, "GET", path, headers={"Last-Event-ID": last} if last else {}) as source:
                for sse in source.iter_sse():
                    if not sse.data:
                        continue
                    last = sse.id or last
                    seen.append(sse.event)
                    if sse.event in until:
                        return seen
        except httpx.TransportError:
            time.sleep(1)
    raise TimeoutError(f"no {until} within {timeout_s:.0f} s; saw {seen}")


def upload(http: httpx.Client, title: str) -> str:
    r = http.post("/v1/reviews", files={"file": ("contract.pdf", make_contract(title=title).data, "application/pdf")}, data={"question": QUESTION})
    assert r.status_code == 202, r.text
    return r.json()["request_id"]


def upload_word(http: httpx.Client) -> str:
    """A one-page Word contract, made with python-docx."""
    import io

    import docx

    d = docx.Document()
    d.add_heading("SMOKE SERVICES AGREEMENT", 0)
    d.add_paragraph("This Agreement shall be governed by the laws of the State of New York.")
    d.add_paragraph("In no event shall either party's liability exceed the fees paid in the twelve (12) months before the claim.")
    out = io.BytesIO()
    d.save(out)
    word = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    r = http.post("/v1/reviews", files={"file": ("smoke.docx", out.getvalue(), word)}, data={"question": QUESTION})
    assert r.status_code == 202, r.text
    return r.json()["request_id"]


def restarts(container: str) -> tuple[int, bool]:
    out = subprocess.run(["docker", "inspect", "-f", "{{.RestartCount}} {{.State.Running}}", container], capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), out[1] == "true"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    env, key = env_file()
    http = httpx.Client(base_url=BASE, headers={"Authorization": f"Bearer {key}"}, timeout=httpx.Timeout(30, read=60))

    with step("docker compose up -d --build, every healthcheck healthy"):
        compose(env, "up", "-d", "--build", "--wait", "--wait-timeout", "900")
    with step("a review through the edge's port: 202, draft, final"):
        rid = upload(http, "SMOKE SUPPLY AGREEMENT")
        seen = events(http, f"/v1/reviews/{rid}/events", ("final", "error", "cancelled"))
        assert "draft" in seen and seen[-1] == "final", seen
        final = http.get(f"/v1/reviews/{rid}").json()
        print(f"   {len(final['final']['findings'])} findings; events: {' '.join(dict.fromkeys(seen))}")
    with step("a follow-up on the first finding, answered"):
        r = http.post(f"/v1/reviews/{rid}/followups", json={"finding": 0, "question": "Is this cap mutual?"})
        assert r.status_code == 202, r.text
        fid = r.json()["followup_id"]
        seen = events(http, f"/v1/reviews/{rid}/events?followup={fid}", ("followup_final", "followup_error"))
        assert seen[-1] == "followup_final", seen
    with step("a Word file: converted by LibreOffice in the summarize container, then its final"):
        wid = upload_word(http)
        seen = events(http, f"/v1/reviews/{wid}/events", ("final", "error", "cancelled"))
        assert "converted" in seen and seen[-1] == "final", seen
        state = http.get(f"/v1/reviews/{wid}").json()
        converted = http.get(f"/v1/reviews/{wid}/pdf")
        assert converted.status_code == 200 and converted.content.startswith(b"%PDF-"), converted.status_code
        print(f"   {state['conversion']['page_count']} pages by {state['conversion']['converter']} in {state['conversion']['seconds']} s")
    with step("the review page served"):
        page = http.get("/")
        assert page.status_code == 200 and "<html" in page.text.lower(), page.status_code
    with step("SIGKILL of a worker mid-review: restarted, the review ends in its final"):
        victim = f"{PROJECT}-analyze-1"
        before, _ = restarts(victim)
        rid2 = upload(http, "SMOKE KILLED WORKER AGREEMENT")
        events(http, f"/v1/reviews/{rid2}/events", ("draft", "final", "error"))
        # SIGKILL to the container's first process from the host, as the kernel's OOM killer would send
        # it: the container dies and its restart policy applies. (`docker kill` marks the container
        # stopped by hand on Docker 20.10, and `unless-stopped` then leaves it down.)
        pid = subprocess.run(["docker", "inspect", "-f", "{{.State.Pid}}", victim], capture_output=True, text=True, check=True).stdout.strip()
        subprocess.run(["kill", "-KILL", pid], check=True)
        seen = events(http, f"/v1/reviews/{rid2}/events", ("final", "error", "cancelled"))
        after, running = restarts(victim)
        print(f"   {victim}: restarts {before} -> {after}, running {running}; the review's last event: {seen[-1]}")
        assert after > before and running, "the restart policy brought the worker back"
        assert seen[-1] == "final", seen
    with step("docker compose down (volumes kept), up again: the review is still there"):
        compose(env, "down")
        compose(env, "up", "-d", "--wait", "--wait-timeout", "900")
        r = http.get(f"/v1/reviews/{rid}")
        assert r.status_code == 200 and r.json()["status"] == "done", (r.status_code, r.text[:300])
    if not args.keep:
        with step("docker compose down -v"):
            compose(env, "down", "-v")

    print("\n| step | seconds |\n|---|---|")
    for name, s in STEPS:
        print(f"| {name} | {s:.1f} |")
    images = subprocess.run(["docker", "images", "--format", "{{json .}}"], capture_output=True, text=True, check=True).stdout.splitlines()
    print("\n| image | size |\n|---|---|")
    for row in map(json.loads, images):
        if row["Repository"].startswith(("clauseflow", "python", "node")):
            print(f"| {row['Repository']}:{row['Tag']} | {row['Size']} |")


if __name__ == "__main__":
    main()

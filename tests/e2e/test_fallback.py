"""Locate paused past its deadline: analyze answers from the whole document within the model's
budget (mode `fallback_full`), and locate's late answer, once it resumes, changes nothing."""

from __future__ import annotations

import os
import signal
import time

import httpx
import pytest

from shared.testing.contracts import make_contract

from .conftest import events, stack_beside, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability clause and explain the risk"


@pytest.fixture(scope="module")
def own(stack, tmp_path_factory):
    env = {"MAX_TOKENS": "32", "CONTEXT_TOKENS": "600", "LOCATE_DEADLINE_S": "3", "CLIENT_GONE_CANCEL_S": "600"}
    with stack_beside(stack, tmp_path_factory.mktemp("fallback"), "fallback.", env) as s:
        yield s


def test_locate_paused_past_its_deadline_gives_a_whole_document_final(own):
    locate = own.procs["locate"]
    with httpx.Client(base_url=own.base_url, headers=own.headers(), timeout=30) as c:
        os.killpg(locate.pid, signal.SIGSTOP)
        try:
            r, _ = submit(c, make_contract(title="LOCATE IS LATE").data, QUESTION)
            t0 = time.monotonic()
            evs = events(c, r.json()["request_id"], timeout=120)
            took = time.monotonic() - t0
        finally:
            os.killpg(locate.pid, signal.SIGCONT)
        final = evs[-1]
        assert final["type"] == "final", [e["type"] for e in evs]
        assert final["data"]["mode"] == "fallback_full" and final["data"]["answer"]
        assert {f["category"] for f in final["data"]["findings"]} & {"Cap On Liability", "Uncapped Liability"}, "findings still come from the clause model"
        print(f"\nfallback final {took:.1f} s after upload (locate deadline 3 s)")
        time.sleep(5)  # locate resumes and publishes its late answer: analyze skips it
        again = events(c, r.json()["request_id"])
        assert [e["type"] for e in again].count("final") == 1 and again[-1]["id"] == final["id"]
        # With locate running again, reviews are answered from the located pages. Paused past
        # its consumer group's session timeout, locate first rejoins the group: a review that
        # comes in meanwhile may still fall back, so up to three are asked, one after another.
        modes = []
        for i in range(3):
            r2, _ = submit(c, make_contract(title=f"LOCATE IS BACK {i}").data, QUESTION)
            modes.append(events(c, r2.json()["request_id"])[-1]["data"]["mode"])
            if modes[-1] == "located":
                break
        print(f"modes after resuming: {modes}")
        assert modes[-1] == "located", modes

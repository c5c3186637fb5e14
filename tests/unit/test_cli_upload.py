"""The `clauseflow` command's upload against an edge that asks to be asked again (429/503 with
Retry-After): it waits as told and sends the PDF again, a bounded number of times, and says so.
The edge here is a stub (``BusyEdge``) that simulates a busy edge; the real edge's busy answer
is exercised in tests/e2e/test_faults.py and tests/integration/test_upload_gate.py."""

from __future__ import annotations

import httpx
import pytest

from services import cli_transport
from services.cli_transport import EXIT_FAILED, EXIT_INPUT, CliError, Edge


class BusyEdge:
    """Stub of a misbehaving edge: answers each upload with the next of ``answers``
    (status, code, Retry-After or None), then 202."""

    def __init__(self, answers: list[tuple[int, str, str | None]]) -> None:
        self.answers, self.uploads = list(answers), []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.uploads.append(request.content)
        if not self.answers:
            return httpx.Response(202, json={"request_id": "r1", "status": "accepted"})
        status, code, after = self.answers.pop(0)
        headers = {"Retry-After": after} if after else {}
        return httpx.Response(status, json={"error": {"code": code, "message": f"{code} for now"}}, headers=headers)


@pytest.fixture
def pdf(tmp_path):
    p = tmp_path / "c.pdf"
    p.write_bytes(b"%PDF-1.4 a contract")
    return p


def edge_with(stub: BusyEdge) -> Edge:
    edge = Edge("http://edge.test", "k")
    edge.http = httpx.Client(base_url=edge.url, transport=httpx.MockTransport(stub))
    return edge


def test_busy_then_accepted_waits_as_told_and_sends_the_same_pdf_again(pdf, monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr("tenacity.nap.time.sleep", slept.append)
    stub = BusyEdge([(503, "busy", "2"), (429, "rate_limited", "1"), (503, "state_unavailable", "90")])
    said: list[str] = []
    body = edge_with(stub).upload(pdf, "q", said.append)
    assert body["request_id"] == "r1"
    assert slept == [2.0, 1.0, cli_transport.MAX_RETRY_AFTER_S], "Retry-After is honoured, capped at 30 s"
    assert len(stub.uploads) == 4 and all(b"%PDF-1.4 a contract" in u for u in stub.uploads)
    assert len(said) == 3 and "busy" in said[0] and "trying again in 2 s" in said[0]


def test_still_busy_after_the_last_try_exits_3(pdf, monkeypatch):
    monkeypatch.setattr("tenacity.nap.time.sleep", lambda s: None)
    stub = BusyEdge([(503, "busy", "1")] * cli_transport.UPLOAD_TRIES)
    with pytest.raises(CliError) as err:
        edge_with(stub).upload(pdf, "q")
    assert err.value.code == EXIT_FAILED and "busy" in str(err.value)
    assert len(stub.uploads) == cli_transport.UPLOAD_TRIES


@pytest.mark.parametrize(("status", "code", "after", "exit_code"), [(503, "busy", None, EXIT_FAILED), (413, "too_large", None, EXIT_INPUT),
                                                                    (429, "too_many_followups", None, EXIT_FAILED)])
def test_a_refusal_without_retry_after_is_not_sent_again(pdf, status, code, after, exit_code):
    stub = BusyEdge([(status, code, after)])
    with pytest.raises(CliError) as err:
        edge_with(stub).upload(pdf, "q")
    assert err.value.code == exit_code and len(stub.uploads) == 1

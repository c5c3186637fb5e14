"""No secret in a log line (issue 21, defect 7): shared/core/logs.py's :class:`Redact`, on the
handler ``setup`` installs, in both formats, for the shapes a secret reaches a record in. (The
edge's real log, uvicorn's access lines included: tests/integration/test_stream_tokens.py.)"""

from __future__ import annotations

import io
import json
import logging

import pytest

from shared.core import logs
from shared.core.settings import CommonSettings

TOKEN = "Zq9-aB_cD3eF4gH5iJ6kLm"
KEY = "k" * 40 + "SECRETKEY"


@pytest.fixture(params=["text", "json"])
def written(request):
    """Set up logging as a service does, into a buffer; yield (logger, the text written)."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    logs.setup("test", CommonSettings(log_format=request.param))
    out = io.StringIO()
    root.handlers[0].setStream(out)
    yield logging.getLogger("clauseflow.test"), out.getvalue, request.param
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])


def test_the_access_log_line_keeps_its_shape_without_the_token(written):
    _, text, _ = written
    access = logging.getLogger("uvicorn.access")
    access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", f"/v1/reviews/abc/events?token={TOKEN}&after=1-0", "1.1", 200)
    line = text()
    assert TOKEN not in line and "/v1/reviews/abc/events?token=[redacted]&after=1-0" in line


@pytest.mark.parametrize(
    "message, args",
    [
        ("GET %s", (f"/ws?followups=true&token={TOKEN}",)),
        (f"opened /ws?token={TOKEN} for %s", ("abc",)),
        ("url ?token=%s", (TOKEN,)),  # the secret split between the format and its argument
        ("headers: %s", ({"authorization": f"Bearer {TOKEN}"},)),
        ("headers: %r", ([("X-API-Key", TOKEN)],)),
        (f"Authorization: bearer {TOKEN}", ()),
        (f'{{"x-api-key": "{TOKEN}"}}', ()),
    ],
)
def test_secrets_in_messages_and_arguments_are_redacted(written, message, args):
    log, text, fmt = written
    log.warning(message, *args)
    line = text()
    assert TOKEN not in line and "[redacted]" in line, line
    if fmt == "json":
        json.loads(line)  # still one JSON object a line


def test_secrets_in_a_traceback_are_redacted(written):
    log, text, fmt = written
    try:
        raise ConnectionError(f"GET http://edge/v1/reviews/abc/events?token={TOKEN} with Bearer {KEY}")
    except ConnectionError:
        log.exception("the request failed")
    line = text()
    assert TOKEN not in line and KEY not in line and "ConnectionError" in line and "the request failed" in line
    if fmt == "json":
        assert "token=[redacted]" in json.loads(line)["exc_info"]


def test_nothing_else_is_touched(written):
    log, text, _ = written
    log.info("review %s: %d pages, after=%s, WWW-Authenticate: Bearer", "abc", 3, "1-0")
    assert "review abc: 3 pages, after=1-0, WWW-Authenticate: Bearer" in text()


def test_redact_is_idempotent():
    once = logs.redact(f"/x?token={TOKEN}&key={KEY} Bearer {KEY}")
    assert once == "/x?token=[redacted]&key=[redacted] Bearer [redacted]" == logs.redact(once)

"""Logging set-up: one format per process, with the request id and the trace id on every line
(attached by a filter; "-" when there is none), as text or as JSON lines
(``CLAUSEFLOW_LOG_FORMAT``); and the process's trace exporter (shared/core/tracing.py).

No secret reaches a log line: :class:`Redact` replaces a stream token (``?token=…``, which
browsers must put in the URL, and uvicorn's access log prints whole) and a bearer key with
``[redacted]``, in the message, its arguments and any traceback, on every record the process's
handler writes and on every record of uvicorn's loggers whatever handler writes it."""

from __future__ import annotations

import contextvars
import logging
import re

from pythonjsonlogger.json import JsonFormatter

from shared.core import tracing

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

REDACTED = "[redacted]"
# A secret's name, then its value: up to the end of the query parameter, the header value or the
# quoted string (never across a backslash, so an escaped quote in a JSON line stays escaped).
SECRET = re.compile(r"(?P<name>[?&](?:token|access_token|api_key|key)=|\bBearer[ \t]+|\bx-api-key[\"']?[ \t]*[:=,][ \t]*b?[\"']?)[^\s&;\"'<>,\\]+", re.IGNORECASE)
UVICORN_LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error")


def redact(text: str) -> str:
    """``text`` with every stream token and key value replaced by ``[redacted]``."""
    return SECRET.sub(lambda m: m.group("name") + REDACTED, text)


class Redact(logging.Filter):
    """Take the secrets out of a record before it is formatted: each string argument (so that
    uvicorn's access record keeps its shape), the message if a secret still shows in it, the
    traceback and the stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        try:
            message = record.getMessage()
        except Exception:  # a bad format: logging reports it as it would have
            message = ""
        if (clean := redact(message)) != message:  # in the format itself, or split between it and its arguments
            record.msg, record.args = clean, ()
        if record.exc_info and not record.exc_text:
            text = logging.Formatter().formatException(record.exc_info)
            if (clean := redact(text)) != text:
                # The formatters print exc_text; the JSON one only when exc_info is gone.
                record.exc_text, record.exc_info = clean, None
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


REDACT = Redact()


class RequestIdFilter(logging.Filter):
    def __init__(self, service: str) -> None:
        super().__init__()
        self.service = service

    def filter(self, record: logging.LogRecord) -> bool:
        record.service = self.service
        record.request_id = request_id_var.get()
        record.trace_id = tracing.trace_id()
        return True


def setup(service: str, settings) -> None:
    """Log as ``settings.log_format`` at ``settings.log_level``; trace if an endpoint is set."""
    handler = logging.StreamHandler()
    handler.addFilter(RequestIdFilter(service))
    handler.addFilter(REDACT)  # every record this process writes, from any logger
    for name in UVICORN_LOGGERS:  # and uvicorn's, should another handler write them too
        if REDACT not in logging.getLogger(name).filters:
            logging.getLogger(name).addFilter(REDACT)
    if settings.log_format == "json":
        handler.setFormatter(JsonFormatter(
            "%(asctime)s %(service)s %(levelname)s %(request_id)s %(trace_id)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        ))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(service)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level)
    logging.getLogger("aiokafka").setLevel(logging.WARNING)
    tracing.setup(service, settings.trace_endpoint, settings.trace_sample_ratio)

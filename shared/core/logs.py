"""Logging set-up: one format per process, with the request id and the trace id on every line
(attached by a filter; "-" when there is none), as text or as JSON lines
(``CLAUSEFLOW_LOG_FORMAT``); and the process's trace exporter (shared/core/tracing.py)."""

from __future__ import annotations

import contextvars
import logging

from pythonjsonlogger.json import JsonFormatter

from shared.core import tracing

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")


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

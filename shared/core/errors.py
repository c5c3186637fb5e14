"""The exception tree of ClauseFlow.

    ClauseFlowError                 base of everything we raise on purpose
    ├── InputError                  the client sent something we cannot take (4xx at the edge)
    │   ├── NotAPdf                 no PDF magic bytes, or empty
    │   ├── TooLarge                over the size or page limit
    │   ├── EncryptedPdf            password protected
    │   ├── CorruptPdf              truncated or unreadable
    │   └── BadPlaybook             a playbook that does not validate (422), naming the rule and field
    ├── Unauthorized                no API key, or not a valid one (401)
    ├── NotFound                    unknown request id, or another tenant's (404)
    ├── Conflict                    not possible in the review's state (409): a follow-up before the final
    ├── Overloaded                  over the tenant's upload rate (429) or the backlog (503)
    └── StageError                  a stage failed after 202: reaches the client as an `error` event
        ├── RetryLater              transient (dependency down, timeout): the bus retries the handler
        └── Reject                  the message can never be processed: dead-lettered at once

Bus outcomes follow FastStream's Ack/Nack/Reject: a handler that returns has processed the
message (commit); RetryLater is retried up to ``handler_attempts`` times; Reject and any
unexpected exception go to the dead-letter topic and become an ``error`` event.
"""

from __future__ import annotations


class ClauseFlowError(Exception):
    """Base of every error ClauseFlow raises on purpose."""

    code = "internal"
    status = 500
    retry_after: float | None = None  # seconds: the edge sends it as Retry-After

    def __init__(self, message: str, *, code: str | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if retry_after is not None:
            self.retry_after = retry_after


class InputError(ClauseFlowError):
    code, status = "bad_input", 400


class NotAPdf(InputError):
    code, status = "not_a_pdf", 415


class TooLarge(InputError):
    code, status = "too_large", 413


class EncryptedPdf(InputError):
    code, status = "encrypted_pdf", 422


class CorruptPdf(InputError):
    code, status = "corrupt_pdf", 422


class UnsupportedFormat(NotAPdf):
    """A file of a kind not taken (a .docm, a legacy .doc, RTF, a zip that is no Word file)."""

    code, status = "unsupported_format", 415


class CorruptDocx(CorruptPdf):
    code, status = "corrupt_docx", 422


class BadPlaybook(InputError):
    code, status = "bad_playbook", 422


class Unauthorized(ClauseFlowError):
    code, status = "unauthorized", 401


class NotFound(ClauseFlowError):
    code, status = "not_found", 404


class Conflict(ClauseFlowError):
    code, status = "conflict", 409


class Overloaded(ClauseFlowError):
    """Too much at once: 429 for one tenant's rate, 503 for the whole system's backlog."""

    code, status = "overloaded", 503

    def __init__(self, message: str, *, status: int, code: str, retry_after: float) -> None:
        super().__init__(message, code=code, retry_after=retry_after)
        self.status = status


class StageError(ClauseFlowError):
    code = "stage_failed"


class RetryLater(StageError):
    code, status, retry_after = "dependency_unavailable", 503, 5.0


class DependencyBusy(RetryLater):
    """A dependency said "not now" (an LLM server's 429): retried like an outage, for
    ``dependency_wait_s``, waiting at least its ``retry_after`` between tries."""

    code = "dependency_busy"


class Reject(StageError):
    code = "unprocessable"


def error_body(exc: ClauseFlowError) -> dict:
    """The one JSON error body every HTTP error and every `error` event carries."""
    return {"code": exc.code, "message": exc.message}

"""The exception tree of ClauseFlow.

    ClauseFlowError                 base of everything we raise on purpose
    ├── InputError                  the client sent something we cannot take (4xx at the edge)
    │   ├── NotAPdf                 no PDF magic bytes, or empty
    │   ├── TooLarge                over the size or page limit
    │   ├── EncryptedPdf            password protected
    │   └── CorruptPdf              truncated or unreadable
    ├── NotFound                    unknown request id (404)
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

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


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


class NotFound(ClauseFlowError):
    code, status = "not_found", 404


class StageError(ClauseFlowError):
    code = "stage_failed"


class RetryLater(StageError):
    code, status = "dependency_unavailable", 503


class Reject(StageError):
    code = "unprocessable"


def error_body(exc: ClauseFlowError) -> dict:
    """The one JSON error body every HTTP error and every `error` event carries."""
    return {"code": exc.code, "message": exc.message}

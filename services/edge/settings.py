from pathlib import Path

from pydantic import Field

from shared.core.settings import CommonSettings


class Settings(CommonSettings):
    """edge: HTTP, SSE and WebSocket."""

    host: str = "127.0.0.1"
    port: int = 8000
    metrics_port: int = 0  # Prometheus /metrics on its own port (0 = off), never the public one
    public_url: str = ""  # base of the URLs in responses; defaults to the request's own
    # Uploads one edge process reads and checks at once (services/edge/gate.py); beyond it, 503
    # `busy` with this Retry-After. A slot is taken only after the key is checked.
    max_concurrent_uploads: int = Field(default=16, ge=1)
    uploads_retry_after_s: float = Field(default=2.0, gt=0)
    max_question_chars: int = Field(default=2000, ge=10)
    # Follow-up questions one review takes in all (each is an LLM call billed to its tenant); beyond
    # it, 429 `too_many_followups`.
    max_followups_per_review: int = Field(default=50, ge=1)
    heartbeat_s: float = Field(default=5.0, gt=0)
    review_deadline_s: float = Field(default=600.0, gt=0)  # no terminal event by then: `error` timeout
    followup_deadline_s: float = Field(default=300.0, gt=0)  # a follow-up not answered by then: `followup_error` timeout
    client_gone_cancel_s: float = Field(default=30.0, gt=0)
    # Stored PDFs are deleted this long after their last upload (not before a review's deadline).
    pdf_retention_s: float = Field(default=24 * 3600, ge=60)
    pdf_sweep_interval_s: float = Field(default=300.0, gt=0)
    # API keys (services/edge/auth.py): "tenant:sha256hex,..." and/or a file of "tenant sha256hex" lines.
    api_keys: str = ""
    api_keys_file: Path | None = None
    # Uploads one tenant may make (the `limits` notation: "60/minute", "5/second;100/hour").
    upload_rate: str = "60/minute"
    # Reviews accepted and not yet ended, over every tenant; beyond it uploads get 503.
    max_backlog: int = Field(default=200, ge=1)
    backlog_retry_after_s: float = Field(default=10.0, gt=0)
    # Batches (services/edge/batches.py): contracts in one, the body of its upload, a batch's
    # contracts not yet ended over every tenant (beyond it a new batch gets 503), how long each
    # may take (queueing behind the others included), and batch uploads one process reads at once.
    max_batch_contracts: int = Field(default=500, ge=1)
    max_batch_bytes: int = Field(default=512 * 1024 * 1024, ge=1024)
    max_batch_backlog: int = Field(default=2000, ge=1)
    batch_deadline_s: float = Field(default=6 * 3600, gt=0)  # keep pdf_retention_s longer: a batch's PDFs wait their turn
    max_concurrent_batch_uploads: int = Field(default=2, ge=1)
    # How long an upload waits for the broker's acknowledgement before answering 503.
    publish_timeout_s: float = Field(default=5.0, gt=0)
    # Redis calls of a request give up after this (the edge answers 503, not a hung request).
    redis_timeout_s: float = Field(default=2.0, gt=0)

from pydantic import Field

from shared.settings import CommonSettings


class Settings(CommonSettings):
    """edge: HTTP, SSE and WebSocket."""

    host: str = "127.0.0.1"
    port: int = 8000
    metrics_port: int = 0  # Prometheus /metrics on its own port (0 = off), never the public one
    public_url: str = ""  # base of the URLs in responses; defaults to the request's own
    max_upload_bytes: int = Field(default=25 * 1024 * 1024, ge=1024)
    max_pages: int = Field(default=500, ge=1)
    max_question_chars: int = Field(default=2000, ge=10)
    heartbeat_s: float = Field(default=5.0, gt=0)
    review_deadline_s: float = Field(default=600.0, gt=0)  # no terminal event by then: `error` timeout
    client_gone_cancel_s: float = Field(default=30.0, gt=0)
    # Stored PDFs are deleted this long after their last upload (not before a review's deadline).
    pdf_retention_s: float = Field(default=24 * 3600, ge=60)
    pdf_sweep_interval_s: float = Field(default=300.0, gt=0)

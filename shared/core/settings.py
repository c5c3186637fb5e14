"""Settings shared by every service (pydantic-settings, read from the environment).

Each service subclasses :class:`CommonSettings` with its own fields; all names are read
from ``CLAUSEFLOW_*`` environment variables. Bad values fail the process at start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class CommonSettings(BaseSettings):
    """Connection and bus settings every service needs."""

    model_config = SettingsConfigDict(env_prefix="CLAUSEFLOW_", extra="ignore")

    kafka_bootstrap: str = "127.0.0.1:9092"
    redis_url: str = "redis://127.0.0.1:6379/0"
    topic_prefix: str = ""
    data_dir: Path = Path("var/data")
    consumer_group_prefix: str = "clauseflow"
    # Lowered in tests: the broker hands partitions out ~5 s after join at Kafka's defaults.
    session_timeout_ms: int = Field(default=10_000, ge=100)
    heartbeat_interval_ms: int = Field(default=3_000, ge=50)
    max_poll_interval_ms: int = Field(default=300_000, ge=1_000)
    # How long the broker may hold a fetch that has no data yet. The local broker answers a
    # held fetch late, so at Kafka's 500 each stage hop waited 60-130 ms; at 50, 6-13 ms
    # (bench/RESULTS.md). The cost is an idle consumer's 20 fetches a second.
    fetch_max_wait_ms: int = Field(default=50, ge=1)
    # Partitions of each topic made at start: the most replicas of one stage that share its work
    # (a consumer group hands each partition to one member).
    topic_partitions: int = Field(default=12, ge=1, le=1000)
    topic_replication: int = Field(default=1, ge=1, le=5)  # copies of each partition (3 on a real cluster)
    handler_attempts: int = Field(default=3, ge=1, le=10)
    # A handler that failed because Redis or the broker is unreachable is retried this long.
    dependency_wait_s: float = Field(default=180.0, ge=0)
    # A message that failed: its dead letter and the client's `error` are retried with backoff
    # this long while Redis or the broker is down; the message then ends either way, so its
    # partition's commits never stop behind it (the review's deadline still ends it for the client).
    failure_wait_s: float = Field(default=300.0, ge=0)
    # Before partitions move to another process (a rebalance), or when the process is told to
    # stop, the work in flight is given this long to finish and be committed. A generation that
    # runs longer is not done twice: the new owner waits on the review's lease (shared/store/lease.py).
    drain_timeout_s: float = Field(default=10.0, ge=0)
    # Messages one consumer loop handles at once (one request's messages stay in order).
    # Scaling out across processes stays the consumer group's job.
    max_in_flight: int = Field(default=4, ge=1, le=256)
    # Contracts of batches (the batch lane: topics batch.*) one consumer loop handles at once, in
    # summarize and in analyze; kept small so interactive reviews keep the cores.
    batch_in_flight: int = Field(default=1, ge=1, le=64)
    # What one contract may be: checked by the edge for an upload, by summarize for a batch's.
    max_upload_bytes: int = Field(default=25 * 1024 * 1024, ge=1024)
    max_pages: int = Field(default=500, ge=1)
    # CPU-bound sections (scoring, ranking, building the draft) run at once per process.
    cpu_slots: int = Field(default=1, ge=1, le=64)
    score_cache_docs: int = Field(default=256, ge=1)  # clause-model scores kept in memory, by document
    # Which clause model scores: the TF-IDF model alone (measured best so far: bench/RESULTS.md),
    # or with the clause encoder re-scoring its candidates ("both"), or the encoder alone
    # (shared.clauses.clause_encoder; needs models/clause_encoder/, which `make model-encoder` writes).
    clause_stage: Literal["tfidf", "encoder", "both"] = "tfidf"
    # Untrusted PDFs are opened in worker processes (shared.documents.sandbox) with these limits.
    pdf_workers: int = Field(default=2, ge=1, le=64)
    pdf_timeout_s: float = Field(default=30.0, gt=0)
    pdf_memory_mb: int = Field(default=1024, ge=128)
    event_ttl_s: int = Field(default=24 * 3600, ge=60)  # events, state, caches, audit: the retention
    # The document caches in Redis (page texts, OCR, summaries, clause-model scores, chunk
    # vectors: shared.store.doccache): how long one is kept after its last use (0 = event_ttl_s), and
    # the bytes all of them may take, least recently used evicted first.
    doc_cache_ttl_s: int = Field(default=0, ge=0)
    doc_cache_mb: int = Field(default=1024, ge=1)
    draft_ttl_s: int = Field(default=600, ge=60)  # the draft's temporary record (the design: 10 minutes)
    # Where uploaded PDFs are kept (shared.store.blobs): "" = {data_dir}/pdfs, a directory, or
    # s3://bucket (S3 or MinIO; credentials the usual AWS way).
    blob_url: str = ""
    s3_endpoint_url: str = ""
    s3_region: str = "us-east-1"
    s3_create_bucket: bool = False  # make the bucket at first use (local servers; not on AWS)
    # The price table (shared/core/cost.py), USD: per hour of each kind of machine ("cpu" is one
    # vCPU: CPU stages are billed their CPU time; the others are the GPU hosts the LLM may run
    # on), and per 1k tokens for a hosted API. The defaults are illustrative on-demand list
    # prices, not a quote: set your own.
    price_per_hour: dict[str, float] = {"cpu": 0.05, "l4": 0.80, "a10g": 1.01, "a100-40g": 3.67, "h100": 6.98}
    llm_hardware: str = "cpu"  # what the LLM server runs on: a key of price_per_hour
    price_per_1k_prompt_tokens: float = Field(default=0.0, ge=0)
    price_per_1k_completion_tokens: float = Field(default=0.0, ge=0)
    # Budgets per review and stage for the cost health score (clauseflow_cost_health): the share
    # of recent requests over them counts against it, with the share of cache misses.
    cost_budget_usd: dict[str, float] = {"summarize": 0.0001, "locate": 0.00005, "phase2": 0.00005, "analyze": 0.001, "followup": 0.001}
    latency_budget_ms: dict[str, float] = {"summarize": 1000, "locate": 300, "phase2": 300, "analyze": 30_000, "followup": 30_000}
    log_level: str = "INFO"
    # "json": one JSON object a line (service, level, request id, trace id, logger, message), for
    # a log pipeline; "text": the same fields as a line for people.
    log_format: Literal["text", "json"] = "text"
    # OpenTelemetry traces (shared/core/tracing.py): an OTLP/HTTP traces endpoint ("" = off) and the
    # share of reviews traced, decided at the head (errors are kept whatever it decided).
    trace_endpoint: str = ""
    trace_sample_ratio: float = Field(default=1.0, ge=0.0, le=1.0)
    # Where a worker serves /metrics (its metrics_port; 0 = off). 0.0.0.0 in containers.
    metrics_host: str = "127.0.0.1"

    @model_validator(mode="after")
    def _priced(self):
        if self.llm_hardware not in self.price_per_hour or "cpu" not in self.price_per_hour:
            raise ValueError(f"price_per_hour needs 'cpu' and llm_hardware ({self.llm_hardware!r}); it has {sorted(self.price_per_hour)}")
        return self

    @property
    def pdf_dir(self) -> Path:
        return self.data_dir / "pdfs"


class LlmSettings(CommonSettings):
    """Where the LLM is served: OpenAI-compatible (llama.cpp's server locally, vLLM on GPU hosts)."""

    llm_base_url: str = "http://127.0.0.1:8080/v1"
    llm_model: str = "smollm2-135m-instruct"
    llm_api_key: str = "local"  # llama.cpp and vLLM accept any key unless started with one

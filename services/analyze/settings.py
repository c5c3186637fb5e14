from pathlib import Path

from pydantic import Field

from shared.core.settings import LlmSettings


class Settings(LlmSettings):
    """analyze: the deep answer from the located pages, by an LLM over an OpenAI-compatible API."""

    metrics_port: int = 0
    # Reviews in flight in this process: most wait on the LLM, and routed ones need none.
    max_in_flight: int = Field(default=8, ge=1, le=256)
    # Generations this process runs at once. llama.cpp's server answers one at a time, so 2
    # keeps the next prompt ready; a vLLM server batches dozens (set e.g. 32 in the gpu profile).
    llm_slots: int = Field(default=2, ge=1, le=256)
    # Locate not answered this long after the pages were read: analyze answers from the whole
    # document within the model's budget (mode fallback_full). 0 = wait for locate.
    locate_deadline_s: float = Field(default=20.0, ge=0)
    llm_timeout_s: float = Field(default=120.0, gt=0)
    max_tokens: int = Field(default=256, ge=1)
    # The answer's tokens are sent in `delta` events of at least this many characters, or
    # after this long, whichever comes first (not one event per token).
    delta_min_chars: int = Field(default=12, ge=1)
    delta_max_wait_ms: float = Field(default=50.0, ge=0)
    # Finals are replayed for the same document (per tenant), question, model, prompt and
    # clause model, with no LLM call (marked cached); 0 turns the results cache off. Never
    # kept past the retention (CLAUSEFLOW_EVENT_TTL_S).
    results_cache_s: int = Field(default=24 * 3600, ge=0)
    context_tokens: int = Field(default=1500, ge=100)
    # One sentence from the model per deviation from the playbook, for at most this many
    # deviations of a review; 0 (the default) = none. For a capable model (the compose `gpu`
    # profile); the tiny local one writes nonsense. Each sentence is citation-checked.
    # The review's lease (shared/store/lease.py): renewed every third of it while generating; a
    # process that died holding it keeps a redelivery waiting this long at most.
    lease_ttl_s: float = Field(default=30.0, gt=0)
    explain_deviations: int = Field(default=0, ge=0, le=32)
    explain_max_tokens: int = Field(default=96, ge=8, le=512)
    explain_timeout_s: float = Field(default=30.0, gt=0)  # for all of a review's sentences together
    # The served model's tokenizer.json for token budgets (default: models/tokenizer/<llm_model>.json).
    tokenizer_file: Path | None = None
    # The served model's context window: a whole-document pass longer than this would need
    # several (the cost's counterfactual says how many).
    llm_window_tokens: int = Field(default=4096, ge=256)

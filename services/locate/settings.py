from typing import Literal

from shared.core.settings import CommonSettings


class Settings(CommonSettings):
    """locate: which pages answer the question."""

    metrics_port: int = 0
    top_k: int = 5
    shortlist: int = 12
    use_embeddings: bool = True      # the sentence encoder: question routing and dense re-ranking
    # Dense re-ranking of the shortlist: only for questions that name no clause category by
    # default, where the clause model has nothing to say (bench/bench_locate.py measures it).
    dense_rerank: Literal["always", "no_category", "never"] = "no_category"
    embed_threads: int = 0
    vector_cache_pages: int = 5000   # chunk vectors kept in memory, by (document, page)
    # Simple questions of fact ("What is the governing law?") get their final from the
    # findings alone, skipping the LLM (shared.clauses.direct; measured by bench/bench_direct.py).
    route_no_llm: bool = True

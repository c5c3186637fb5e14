from shared.settings import CommonSettings


class Settings(CommonSettings):
    """locate: which pages answer the question."""

    metrics_port: int = 0
    top_k: int = 5
    shortlist: int = 5
    use_embeddings: bool = True
    embed_threads: int = 0
    vector_cache_pages: int = 5000  # chunk vectors kept in memory, by (document, page)

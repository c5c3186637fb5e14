import numpy as np
import pytest

from services.locate.embedder import Embedder
from services.locate.logic import VectorCache, bm25_scores, chunks, rank_pages, tokens
from shared.clauses import catalogue
from shared.testing.contracts import page_texts


def pages() -> list[str]:
    return page_texts() + [f"SCHEDULE {i}. " + "The supplier will keep the equipment in good repair. " * 10 for i in range(6)]


@pytest.fixture(scope="module")
def embedder():
    return Embedder()


def test_embeddings_are_unit_and_semantic(embedder):
    v = embedder.embed(["limitation of liability", "the total liability shall not exceed the fees", "the weather in Paris"])
    assert v.shape == (3, 384)
    assert np.allclose(np.linalg.norm(v, axis=1), 1, atol=1e-4)
    assert v[0] @ v[1] > v[0] @ v[2] + 0.2


LIABILITY = ["Cap On Liability", "Uncapped Liability"]


def clause_signal(n: int, page: int) -> np.ndarray:
    out = np.zeros(n, np.float32)
    out[page - 1] = 0.9
    return out


@pytest.mark.parametrize("use_dense", [False, True])
def test_liability_page_ranks_first(embedder, use_dense):
    q = "Mark every liability clause and explain the risk"
    ranked = rank_pages(pages(), q, LIABILITY, embedder.embed if use_dense else None, top_k=5)
    assert ranked[0].page == 3
    assert len(ranked) == 5 and len({r.page for r in ranked}) == 5
    assert all(a.score >= b.score for a, b in zip(ranked, ranked[1:]))


def test_the_clause_signal_leads_where_words_do_not():
    # The question's words point at page 3; the clause model says page 4 holds the clause.
    q = "Mark every liability clause"
    ranked = rank_pages(pages(), q, LIABILITY, None, clause=clause_signal(len(pages()), 4), top_k=3)
    assert ranked[0].page == 4 and ranked[0].parts["clause"] == pytest.approx(0.9)
    assert 3 in [r.page for r in ranked]


def test_bm25_counts_repeated_terms():
    assert tokens("Liability liability and the LIABILITY") == ["liability", "liability", "liability"]
    texts = ["liability once here and other words about fees", "liability liability liability words about fees", "nothing relevant at all here"]
    scores = bm25_scores(texts, "liability")
    assert scores[1] > scores[0] > scores[2] == 0


def test_a_query_with_no_known_word_scores_nothing():
    assert not bm25_scores(["alpha beta gamma", "delta epsilon"], "zeta").any()


def test_dense_reranking_can_bring_in_a_page_from_beyond_top_k(embedder):
    # Five pages of filler outrank nothing lexically; the shortlist (12 > top_k) lets the
    # embeddings pick the governing-law page for a question that shares no word with it.
    q = "Which courts' rules apply to a dispute?"
    assert 4 not in [r.page for r in rank_pages(pages(), q, [], None, top_k=2)]
    ranked = rank_pages(pages(), q, [], embedder.embed, top_k=2, shortlist=12)
    assert 4 in [r.page for r in ranked]


def test_dense_signal_finds_a_paraphrase(embedder):
    # No category and no shared keyword: only the embeddings can connect these.
    q = "Which law applies to disputes?"
    ranked = rank_pages(pages(), q, [], embedder.embed, top_k=3, shortlist=12)
    assert 4 in [r.page for r in ranked]


def test_blank_pages_are_never_located():
    texts = ["", "   ", "5. LIMITATION OF LIABILITY. Liability is capped."]
    assert [r.page for r in rank_pages(texts, "liability", LIABILITY, None)] == [3]


def test_chunks_are_verbatim_and_bounded():
    text = pages()[2]
    parts = chunks(text, max_chars=200)
    assert len(parts) > 2
    assert all(len(p) <= 200 for p in parts)
    assert all(catalogue.normalise(p) in catalogue.normalise(text) for p in parts)
    assert "consequential damages" in " ".join(parts)


def test_vector_cache_embeds_a_document_once(embedder):
    calls: list[int] = []

    def counting(texts):
        calls.append(len(texts))
        return embedder.embed(texts)

    cache = VectorCache()
    q = "Mark every liability clause"
    first = rank_pages(pages(), q, LIABILITY, counting, cache=cache, doc_key="doc")
    chunk_calls = calls[0]
    calls.clear()
    second = rank_pages(pages(), q, LIABILITY, counting, cache=cache, doc_key="doc")
    assert calls == [1], "only the query is embedded the second time"
    assert chunk_calls > 1
    assert [(r.page, round(r.score, 5)) for r in first] == [(r.page, round(r.score, 5)) for r in second]
    uncached = rank_pages(pages(), q, LIABILITY, embedder.embed)
    assert [(r.page, round(r.score, 4)) for r in uncached] == [(r.page, round(r.score, 4)) for r in first]


def test_vector_cache_drops_the_least_recently_used():
    cache = VectorCache(max_pages=2)
    for i in range(3):
        cache.put(("d", i), np.ones((1, 2)))
    assert cache.get(("d", 0)) is None and cache.get(("d", 2)) is not None

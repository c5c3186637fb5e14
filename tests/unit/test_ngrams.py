"""The NumPy character n-gram counter against scikit-learn's CountVectorizer: the same matrix."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench import cuad
from shared.clauses import clause_model, findings
from shared.clauses.vectors import char_vectorizer
from shared.clauses.ngrams import CharNgramCounter
from shared.documents import pdf

MODEL = clause_model.default()
VOCAB = MODEL._vec["char"].vocabulary


def same(texts, vocabulary=VOCAB):
    want = char_vectorizer(vocabulary).transform(texts)
    got = CharNgramCounter(vocabulary).transform(texts)
    assert got.shape == want.shape and (got != want).nnz == 0


@pytest.mark.skipif(not cuad.available(), reason="CUAD data not found")
def test_same_counts_on_real_contracts():
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[:3]
    same([u.text for r in rows for u in findings.page_units(pdf.page_texts(cuad.dev_pdf(r["file"])))])


def test_short_words_whitespace_and_case():
    same(["a", "", "  ", "Ab  cD\tEFG\n hij", "I  İ ß ǅ", "x" * 50, "第五条 合同终止。任何一方可提前三十日书面通知"])


@given(st.lists(st.text(alphabet=st.sampled_from("ab AB\t\nçÇ第五十日.,;()$"), max_size=40), min_size=1, max_size=8))
def test_same_counts_on_random_text(texts):
    # A vocabulary drawn from the same small alphabet, so that most windows are in it.
    vocabulary = {t: i for i, t in enumerate(sorted({w[i : i + n] for text in texts for w in (f" {x} " for x in text.lower().split()) for n in (3, 4, 5) for i in range(len(w) - n + 1)} | {"zzz"}))}
    same(texts, vocabulary)
    same(texts)

"""Text features of the clause model and the presence model: token counts over a fixed
vocabulary (scikit-learn's CountVectorizer) and sublinear TF-IDF rows of unit length."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import CountVectorizer


def word_vectorizer(vocabulary=None, **kw) -> CountVectorizer:
    return CountVectorizer(lowercase=True, ngram_range=(1, 2), token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z]+\b", vocabulary=vocabulary, dtype=np.float32, **kw)


def char_vectorizer(vocabulary=None, **kw) -> CountVectorizer:
    return CountVectorizer(lowercase=True, analyzer="char_wb", ngram_range=(3, 5), vocabulary=vocabulary, dtype=np.float32, **kw)


def context_vectorizer(vocabulary=None, **kw) -> CountVectorizer:
    return CountVectorizer(lowercase=True, ngram_range=(1, 1), token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z]+\b", vocabulary=vocabulary, dtype=np.float32, **kw)


def tfidf(counts: sp.csr_matrix, idf: np.ndarray) -> sp.csr_matrix:
    """Sublinear TF times IDF, rows scaled to unit length (as TfidfVectorizer(sublinear_tf=True))."""
    x = counts.tocsr(copy=True)
    x.data = (1.0 + np.log(x.data)).astype(np.float32)
    x = x @ sp.diags(idf.astype(np.float32))
    norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
    return sp.diags(1.0 / np.maximum(norms, 1e-12)).astype(np.float32) @ x

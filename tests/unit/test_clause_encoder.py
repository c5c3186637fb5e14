"""The clause encoder (shared.clauses.clause_encoder): the committed int8 model re-scores only the
TF-IDF model's candidates, and the staged model keeps the clause model's interface."""

from __future__ import annotations

import numpy as np
import pytest

from shared.clauses import clause_model, findings
from shared.clauses.clause_encoder import ENCODER_DIR, StagedModel
from shared.testing.contracts import page_texts

pytestmark = pytest.mark.skipif(not (ENCODER_DIR / "model.onnx").exists(), reason="no clause encoder committed")
TEXTS = page_texts()


class Counting:
    """The real encoder, counting the units it is asked to read."""

    def __init__(self, inner):
        self.inner, self.read = inner, []

    def probabilities(self, texts, contexts):
        self.read.append(len(texts))
        return self.inner.probabilities(texts, contexts)


def test_only_the_candidates_are_encoded_and_the_rest_stay_below_their_thresholds():
    tfidf = clause_model.ClauseModel.load(clause_model.MODEL_DIR)
    staged = StagedModel(tfidf, ENCODER_DIR, "both")
    staged._encoder = counting = Counting(staged._encoder)
    units = findings.page_units(TEXTS)
    spans, contexts = [u.whole for u in units], [u.context for u in units]
    base = tfidf.score(spans, contexts)
    cand = (base >= staged._cand).any(1)
    got = staged.score(spans, contexts)
    assert sum(counting.read) == int(cand.sum()) < len(units)
    thr = np.array([staged.threshold(c) for c in staged.categories])
    assert np.allclose(got[~cand], base[~cand] * 0.5) and not (got[~cand] >= thr).any()


def test_the_staged_model_finds_the_contracts_clauses_under_its_own_version():
    staged = clause_model.default("both")  # needs models/clause_encoder/
    assert isinstance(staged, StagedModel) and staged.version != clause_model.default("tfidf").version
    scored = findings.score_pages(TEXTS, staged)
    found = findings.findings(scored, ["Cap On Liability", "Governing Law"])
    assert {c for f in found for c in f.categories} >= {"Cap On Liability", "Governing Law"}
    assert any("shall not exceed the fees paid" in f.quote for f in found if "Cap On Liability" in f.categories)
    assert any("laws of the State of New York" in f.quote for f in found if "Governing Law" in f.categories)

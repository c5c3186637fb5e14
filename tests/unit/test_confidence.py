"""The card confidence: a probability a reader can act on, from how far a card is over its
category's threshold (shared.clauses.confidence, models/clause/confidence.json)."""

from __future__ import annotations

import pytest

from bench import cuad
from shared.clauses import findings
from shared.clauses.clause_model import MODEL_DIR, ClauseModel
from shared.clauses.confidence import Confidence


def test_confidence_grows_with_the_margin_over_the_threshold_and_names_its_tier():
    c = Confidence(-2.0, 1.25, {"Governing Law": 0.8}, {"likely": 0.6, "possible": 0.3})
    at, twice, tenfold = c.of("Cap On Liability", 0.05, 0.05), c.of("Cap On Liability", 0.1, 0.05), c.of("Cap On Liability", 0.5, 0.05)
    assert at < twice < tenfold
    assert c.of("Cap On Liability", 0.01, 0.05) == at  # under the threshold counts as at it: no card is
    assert c.of("Governing Law", 0.05, 0.05) > at  # a category whose cards are right more often
    assert (c.tier(0.8), c.tier(0.45), c.tier(0.1)) == ("likely", "possible", "weak")


def test_no_calibration_file_means_no_confidence(tmp_path):
    assert Confidence.load(tmp_path / "confidence.json") is None
    c = Confidence(-1.0, 1.0, {"Insurance": 0.2}, {"likely": 0.6, "possible": 0.3}, {"cards": 3})
    c.save(tmp_path / "confidence.json")
    back = Confidence.load(tmp_path / "confidence.json")
    assert (back.of("Insurance", 0.3, 0.1), back.version, back.meta) == (c.of("Insurance", 0.3, 0.1), c.version, {"cards": 3})


def test_the_committed_confidence_was_fitted_on_the_committed_models_scores():
    model = ClauseModel.load(MODEL_DIR)
    assert model.confidence is not None, "models/clause/confidence.json is committed (scripts/train_confidence.py)"
    assert model.confidence.meta["clause_model"] == model.scores_version
    cats = {c for c in model.categories if c not in cuad.NON_CLAUSE}
    # every category that had cards on train has its offset (one that had none, Unlimited/All-You-Can-Eat-License
    # behind its 0.99 threshold, takes none)
    assert set(model.confidence.offsets) <= cats and len(model.confidence.offsets) >= len(cats) - 2
    assert model.confidence.slope > 0  # further over the threshold, more often right
    assert model.confidence.version in model.version  # a new calibration is a new result cache key


def test_a_card_carries_its_confidence_and_tier():
    model = ClauseModel.load(MODEL_DIR)
    page = ("12. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, "
            "without regard to its conflict of laws principles.")
    (card,) = findings.findings(findings.score_pages([page], model), ["Governing Law"])
    want = model.confidence.of("Governing Law", card.score, model.threshold("Governing Law"))
    assert card.confidence == pytest.approx(want, abs=0.006) and card.tier == model.confidence.tier(want)
    d = card.as_dict()
    assert (d["confidence"], d["tier"]) == (card.confidence, card.tier)
    model.confidence = None
    (bare,) = findings.findings(findings.score_pages([page], model), ["Governing Law"])
    assert bare.confidence is None and "confidence" not in bare.as_dict()

"""The cues of shared/clauses/cues.py: words that name a rare category's clause by its definition list
a unit at the category's threshold. Each cue's claim is checked here on CUAD train's units: of the
units it names that could be cards (not bare, not ruled out by the category's definition), at least
half are labelled for the category."""

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest

from shared.clauses import cues
from shared.clauses.clause_model import ClauseModel
from shared.clauses.definitions import NOT_A_CLAUSE
from shared.clauses.findings import score_pages
from shared.documents.splitter import bare

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
train = importlib.import_module("train_clause_model")


@pytest.fixture(scope="module")
def units():
    categories = sorted(cues.CUES)
    texts, _, y, _, _ = train.train_units(categories)
    keep = np.array([not bare(t) for t in texts])
    return categories, [t for t, k in zip(texts, keep) if k], y[keep]


@pytest.mark.parametrize("category", sorted(cues.CUES))
def test_most_units_a_cue_names_are_the_category_on_cuad_train(units, category):
    categories, texts, y = units
    k = categories.index(category)
    veto = NOT_A_CLAUSE.get(category, lambda text: False)
    named = [i for i, hit in enumerate(cues.matches(category, texts)) if hit and not veto(texts[i])]
    assert len(named) >= 8
    assert np.mean(y[named, k] != 0) >= 0.5


def test_a_cued_unit_is_listed_at_the_threshold_and_the_model_scores_stay():
    """BABCOCK (CUAD dev): "SpinCo hereby covenants not to sue RemainCo under any Licensed SpinCo Know-How ..." scored under
    the Covenant Not To Sue threshold and the category read "not found"."""
    model = ClauseModel.load()
    page = ("(b) SpinCo hereby covenants not to sue RemainCo under any Licensed SpinCo Know-How and under SpinCo's right, title and "
            "interest in and to the Shared Library Materials. The parties shall meet once a year to review the Steam Book.")
    scored = score_pages([page], model)
    col = scored.column("Covenant Not To Sue")
    assert col[0] >= model.threshold("Covenant Not To Sue") and col[1] < model.threshold("Covenant Not To Sue")
    assert scored.scores[0, model.index["Covenant Not To Sue"]] <= col[0]
    assert cues.matches("Governing Law", ["This Agreement is governed by the laws of Delaware."]) is None

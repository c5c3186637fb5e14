"""The clause model's operating thresholds (scripts/train_clause_model.py): per category, chosen
from out-of-fold scores to reach a clause recall over all categories with the fewest findings."""

import importlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
train = importlib.import_module("train_clause_model")


def _case():
    """Two categories of four clauses each (one unit a clause), and wrong units between them:
    category 0's second clause costs five wrong units, its third and fourth nothing; category 1's
    second clause costs three, its third and fourth two each."""
    rows: list[tuple[float, float, int, int]] = []  # (score 0, score 1, label 0, label 1)
    rows += [(s, 0.0, 1, 0) for s in (0.9, 0.5, 0.49, 0.48)] + [(0.6, 0.0, 0, 0)] * 5
    rows += [(0.0, s, 0, 1) for s in (0.8, 0.3, 0.2, 0.1)] + [(0.0, 0.5, 0, 0)] * 3 + [(0.0, 0.25, 0, 0)] * 2 + [(0.0, 0.15, 0, 0)] * 2
    scores = np.array([r[:2] for r in rows], np.float32)
    y = np.array([r[2:] for r in rows], np.int8)
    placed = [(k, np.array([i])) for i in range(len(rows)) for k in (0, 1) if y[i, k]]
    return scores, y, placed


def _findings(scores, y, thresholds):
    over = np.stack([scores[:, k] >= thresholds[c] for k, c in enumerate(("a", "b"))], 1)
    return int(over.sum()), int((over & (y == 1)).sum())


def test_thresholds_reach_the_recall_asked():
    scores, y, placed = _case()
    for lookahead in (1, 10):
        th = train.operating_thresholds(scores, y, placed, ["a", "b"], 0.75, lookahead)
        assert _findings(scores, y, th)[1] >= 6


def test_a_costly_step_does_not_hide_the_cheap_ones_behind_it():
    """Five of the eight clauses asked. One clause at a time, category 0's costly second clause
    is never taken and category 1 is lowered to its fourth (12 findings for 5 clauses); looking
    ahead, category 0's run of three (3 clauses for 8 findings) is the better move (10)."""
    scores, y, placed = _case()
    single = train.operating_thresholds(scores, y, placed, ["a", "b"], 0.625, 1)
    ahead = train.operating_thresholds(scores, y, placed, ["a", "b"], 0.625, 10)
    assert single == {"a": 0.9, "b": 0.1} and _findings(scores, y, single) == (12, 5)
    assert ahead == {"a": 0.48, "b": 0.8} and _findings(scores, y, ahead) == (10, 5)

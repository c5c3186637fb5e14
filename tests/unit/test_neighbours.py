"""The neighbours stage of the clause model: candidates re-scored by the train units they
resemble, everything else left as the clause model scored it."""

import copy

import numpy as np
import scipy.sparse as sp

from shared.clauses import clause_model, findings
from shared.clauses.neighbours import EXCLUDED, Neighbours, features, unit_rows
from shared.documents import titles
from shared.testing.contracts import page_texts

MODEL = clause_model.default()
TEXTS = page_texts()


def plain() -> clause_model.ClauseModel:
    model = copy.copy(MODEL)
    model.neighbours = None
    return model


def test_the_committed_model_has_the_stage_and_names_it_in_its_version():
    nb = MODEL.neighbours
    assert nb is not None and len(nb.base) == len(MODEL.categories)
    assert nb.version in MODEL.version and nb.version in MODEL.scores_version  # cached scores of the plain model are never read as these
    assert MODEL.presence.meta["clause_model"] == MODEL.scores_version  # the presence model read scores re-scored so
    for k, (rows, labelled) in nb.members.items():
        assert labelled.any() and rows.max() < nb.vectors.shape[0] and len(nb.stack[k]) == 5


def test_only_candidates_are_rescored():
    units = findings.page_units(TEXTS)
    spans, contexts = [u.whole for u in units], [u.context for u in units]
    before, after = plain().score(spans, contexts), MODEL.score(spans, contexts)
    nb = MODEL.neighbours
    bare = np.array([titles.bare(s) for s in spans])
    cand = (before >= nb.floor * nb.base[None, :]) & ~bare[:, None]
    cand[:, [k for k in range(len(MODEL.categories)) if k not in nb.stack]] = False
    assert np.array_equal(before[~cand], after[~cand])  # below the floor, bare, or a category without a stage: untouched
    assert cand.any() and not np.allclose(before[cand], after[cand])


def test_a_cap_and_a_governing_law_clause_stay_over_their_thresholds():
    clauses = {
        "Cap On Liability": "In no event shall either party's aggregate liability arising out of this Agreement exceed the total fees paid by Customer in the twelve (12) months preceding the claim.",
        "Governing Law": "This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.",
    }
    scores = MODEL.score(list(clauses.values()))
    for i, cat in enumerate(clauses):
        assert scores[i, MODEL.index[cat]] >= MODEL.threshold(cat), cat


def test_features_compare_with_labelled_and_unlabelled_members_and_skip_excluded_ones():
    sims = np.array([[0.9, 0.2, 0.5], [0.1, 0.8, EXCLUDED]], np.float32)
    labelled = np.array([True, False, True])
    f = features(sims, labelled, np.array([1.0, -1.0], np.float32), k=2)
    assert f.shape == (2, 4)
    assert np.allclose(f[0], [1.0, 0.9 - 0.2, (0.9 + 0.5) / 1.4, 0.9])
    assert np.allclose(f[1], [-1.0, 0.1 - 0.8, 0.1 / 0.9, 0.1])  # the excluded member is neither best nor near


def test_unit_rows_and_a_saved_stage_load_back_the_same(tmp_path):
    x = unit_rows(sp.csr_matrix(np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 2.0]])))
    assert np.allclose(np.asarray(x.multiply(x).sum(axis=1)).ravel(), 1.0)
    nb = Neighbours(x, {0: (np.array([0, 1]), np.array([True, False]))}, {0: np.array([1, 2, 3, 4, -5], np.float32)}, np.array([0.5]), 0.3, 10, {"version": "t"})
    nb.save(tmp_path)
    back = Neighbours.load(tmp_path)
    assert back.version == nb.version and back.floor == 0.3 and np.allclose(back.base, [0.5])
    assert np.allclose(back.vectors.toarray(), x.toarray(), atol=1e-3) and np.array_equal(back.members[0][1], [True, False])
    probs = np.array([[0.9], [0.1]], np.float32)
    spans = ["Either party may terminate this Agreement on ninety days notice."] * 2  # clauses, not bare scraps
    out = back.rescore(probs, sp.csr_matrix(np.array([[3.0, 4.0, 0.0, 1.0], [0.0, 0.0, 2.0, 1.0]])), 3, spans)
    assert out[1, 0] == probs[1, 0] and out[0, 0] != probs[0, 0]  # 0.1 is under 0.3 × 0.5: no candidate
    assert Neighbours.load(tmp_path / "missing") is None

"""The cues of shared/clauses/cues.py: words that name a rare category's clause by its definition list
a unit at the category's threshold. Each cue's claim is checked here on CUAD train's units: of the
units it names that could be cards (not bare, not ruled out by the category's definition), at least
half are labelled for the category."""

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest

from bench import cuad
from shared.clauses import cues
from shared.clauses.clause_model import ClauseModel
from shared.clauses.definitions import NOT_A_CLAUSE
from shared.clauses.findings import findings, score_pages
from shared.documents import layout, pdf
from shared.documents.titles import bare

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


@pytest.mark.cuad
@pytest.mark.skipif(not cuad.available(), reason=f"no CUAD data at {cuad.cuad_dir()}")
def test_a_contract_judged_without_the_category_still_lists_the_unit_that_says_its_cue():
    """SPORT-HALEY (CUAD dev): "The Company shall have unlimited rights of utilization of the Professional's Image ..." was
    lifted to the threshold, but the presence model judged the contract to have no unlimited licence and the card went.
    Judged absent, only units that say the cue are listed."""
    model = ClauseModel.load()
    cat = "Unlimited/All-You-Can-Eat-License"
    name = next(r["file"] for r in cuad.labels("dev") if r["file"].startswith("SPORTHALEYINC"))
    scored = score_pages(layout.strip(pdf.page_texts(cuad.dev_pdf(name).read_bytes())), model)
    assert scored.present(cat) is False
    found = findings(scored, [cat])
    assert len(found) == 1 and found[0].quote.startswith("The Company shall have unlimited rights of utilization of the Professional")
    assert cues.matches(cat, [found[0].quote])[0]


@pytest.mark.parametrize("category,text", [
    ("Irrevocable Or Perpetual License", "Licensor hereby grants to Licensee the exclusive and irrevocable right and option to purchase "
                                         "(the \"Option\"), at Licensee's election, all of the assets of Licensor."),
    ("Unlimited/All-You-Can-Eat-License", "Promoter covenants and warrants that Promoter has the unlimited legal right to enter into this "
                                          "Agreement and to perform in accordance with its terms."),
    ("Joint Ip Ownership", "Distributor shall arrange to have the kiosks supplied under lease agreements, joint ventures, jointly owned "
                           "entities or other such ventures."),
])
def test_a_cue_is_not_said_by_a_name_a_capacity_or_an_owned_company(category, text):
    """NEON SYSTEMS, VNUE, SMART RX (CUAD dev): "Licensee's election" is no licence, "the unlimited legal right to enter into
    this Agreement" no unlimited licence, "jointly owned entities" no intellectual property owned jointly."""
    assert not cues.matches(category, [text])[0]

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


def test_each_category_of_a_card_has_its_confidence_and_a_weak_one_says_so_in_the_note():
    """LIGHTBRIDGE (CUAD dev): a term clause that ends "upon thirty (30) days' written notice" was also a weak
    Notice Period To Terminate Renewal card (0.24), and its note said "Notice to end renewal: …" like the others."""
    from services.analyze import logic

    model = ClauseModel.load(MODEL_DIR)
    page = ("This Agreement is effective on the Effective Date and shall continue in effect until the earlier of (a) the fifth (5th) "
            "anniversary of the Effective Date, and (b) termination by either Party for any reason upon thirty (30) days' written notice "
            "to the other Party.")
    cats = ["Expiration Date", "Termination For Convenience", "Notice Period To Terminate Renewal", "Renewal Term"]
    (card,) = [c for c in findings.findings(findings.score_pages([page], model), cats) if len(c.categories) > 1]
    d = card.as_dict()
    assert [c["category"] for c in d["confidences"]] == card.categories
    assert d["confidences"][0] == {"category": card.category, "confidence": card.confidence, "tier": card.tier}
    for c, (cat, score) in zip(d["confidences"][1:], card.also):
        assert c["confidence"] == pytest.approx(model.confidence.of(cat, score, model.threshold(cat)), abs=0.006)
    tiers = {"Expiration Date": "likely", "Notice Period To Terminate Renewal": "weak"}
    note = logic.clause_notes(["Expiration Date", "Notice Period To Terminate Renewal"], page, tiers=tiers)["risk"]
    assert "Notice Period To Terminate Renewal (a weak match for this category: check it): " in note
    assert "Expiration Date: " in note and "Expiration Date (" not in note


def test_the_summary_says_how_many_clauses_are_only_weak_matches():
    """SEPARATE ACCOUNT II (CUAD dev): the summary's "Cap On Liability: 1 clause" was a capital maintenance
    clause the model was 20% sure of; the summary is what a reader reads first."""
    from services.analyze import logic

    def card(page: int, cats: list[str], tiers: list[str]) -> dict:
        return {"page": page, "categories": cats, "terms": [], "positions": [],
                "confidences": [{"category": c, "confidence": 0.2 if t == "weak" else 0.8, "tier": t} for c, t in zip(cats, tiers)]}

    shown = [card(1, ["Cap On Liability"], ["weak"]), card(3, ["Termination For Convenience", "Cap On Liability"], ["likely", "weak"]),
             card(4, ["Termination For Convenience"], ["likely"])]
    rows = {r["category"]: r for r in logic.summary(shown, ["Cap On Liability", "Termination For Convenience"], None)}
    assert (rows["Cap On Liability"]["found"], rows["Cap On Liability"]["weak"]) == (2, 2)
    assert (rows["Termination For Convenience"]["found"], rows["Termination For Convenience"]["weak"]) == (2, 0)
    text = logic.summary_text(list(rows.values()), []).splitlines()
    assert "Cap On Liability: 2 clauses (pp. 1, 3), 2 of them weak matches: check them." in text
    assert "Termination For Convenience: 2 clauses (pp. 3, 4)." in text
    one = logic.summary(shown[:1], ["Cap On Liability"], None)
    assert logic.summary_text(one, []) == "Cap On Liability: 1 clause (p. 1), a weak match: check it."


def test_the_summary_reads_terms_and_position_from_the_surer_clauses():
    """On dev, 12 summary rows of 431 took their playbook position from a weak match alone, none of them a clause CUAD
    labels (PHASEBIO: "Cap On Liability … deviates" on a payment obligation the model was 20% sure of)."""
    from services.analyze import logic

    def card(page: int, tier: str, status: str, term: str) -> dict:
        return {"page": page, "categories": ["Cap On Liability"], "confidences": [{"category": "Cap On Liability", "confidence": 0.2 if tier == "weak" else 0.8, "tier": tier}],
                "terms": [{"category": "Cap On Liability", "name": "cap", "stated": True, "text": term}],
                "positions": [{"category": "Cap On Liability", "status": status, "rule": "Liability is capped."}]}

    shown = [card(2, "weak", "deviates", "$10"), card(5, "likely", "meets", "the fees paid in the prior twelve months")]
    (row,) = logic.summary(shown, ["Cap On Liability"], None)
    assert (row["status"], row["terms"], row["weak_deviates"], row["weak"]) == ("meets", ["cap: the fees paid in the prior twelve months"], [2], 1)
    assert logic.summary_text([row], []).endswith("Meets the playbook. Rule: Liability is capped. A weak match (p. 2) deviates from the playbook: check it.")
    # a surer clause's deviation is the row's; weak matches alone still decide where there is nothing surer
    (row,) = logic.summary([card(2, "weak", "meets", "$10"), card(5, "possible", "deviates", "$5")], ["Cap On Liability"], None)
    assert (row["status"], "weak_deviates" in row) == ("deviates", False)
    (row,) = logic.summary(shown[:1], ["Cap On Liability"], None)
    assert (row["status"], row["terms"], "weak_deviates" in row) == ("deviates", ["cap: $10"], False)
    # a term only a weak match states is still read, after the surer clauses' terms
    shown[1]["terms"] = []
    assert logic.summary(shown, ["Cap On Liability"], None)[0]["terms"] == ["cap: $10"]


def test_a_summary_row_says_its_key_term_is_not_stated_only_where_every_clause_says_so():
    """ARTARA (CUAD dev): the summary's Cap On Liability row "meets" the playbook's "binds both parties" on an exclusion of
    kinds of damages alone, with an empty terms cell; it now says the cap is not stated, as the card's note does. A clause
    whose term was not read (stated None: a figure it may hold) or a category whose note never says so (Non-Compete) adds nothing."""
    from services.analyze import logic

    def card(page: int, cat: str, name: str, stated) -> dict:
        return {"page": page, "categories": [cat], "confidences": [{"category": cat, "confidence": 0.8, "tier": "likely"}],
                "terms": [{"category": cat, "name": name, "stated": stated, "text": "$5" if stated else None}], "positions": []}

    cap = "Cap On Liability"
    assert logic.summary([card(11, cap, "cap", False)], [cap], None)[0]["terms"] == ["cap: not stated"]
    assert logic.summary([card(3, cap, "cap", False), card(5, cap, "cap", False)], [cap], None)[0]["terms"] == ["cap: not stated in any of them"]
    assert logic.summary([card(3, cap, "cap", False), card(5, cap, "cap", None)], [cap], None)[0]["terms"] == []
    assert logic.summary([card(3, cap, "cap", False), card(5, cap, "cap", True)], [cap], None)[0]["terms"] == ["cap: $5"]
    assert logic.summary([card(3, "Non-Compete", "restriction_period", False)], ["Non-Compete"], None)[0]["terms"] == []
    assert logic.summary([], [cap], None)[0]["terms"] == []
    # a contract with no fixed end: its row says so, as the card's note does (DYNAMEX)
    term = card(1, "Expiration Date", "term_length", False) | {"quote": "This Agreement shall continue indefinitely until terminated by either Party."}
    assert logic.summary([term], ["Expiration Date"], None)[0]["terms"] == ["term length: none, it runs with no fixed end"]
    row = logic.summary([card(11, cap, "cap", False)], [cap], None)[0]
    assert logic.summary_text([row], []) == "Cap On Liability: 1 clause (p. 11); cap: not stated."


def test_a_deviation_says_how_likely_its_clause_is_of_the_category():
    from services.analyze import logic
    from shared.clauses import playbook

    deviates = {"category": "Cap On Liability", "status": "deviates", "rule": "a cap of 12 months' fees", "quotes": ["Supplier's liability"]}
    shown = [{"page": 3, "categories": ["Cap On Liability"], "positions": [deviates],
              "confidences": [{"category": "Cap On Liability", "confidence": 0.2, "tier": "weak"}]},
             {"page": 5, "categories": ["Cap On Liability"], "positions": [deviates]}]  # a final from before confidences
    got = logic.playbook_result(playbook.default(), shown, ["Cap On Liability"], 9)["deviations"]
    # a weak match's deviation is listed after the others (NICE: the box led with a 16% card's "deviates")
    assert got[0]["page"] == 5 and "tier" not in got[0]
    assert (got[1]["page"], got[1]["confidence"], got[1]["tier"]) == (3, 0.2, "weak")


def test_a_summary_row_names_each_value_its_clauses_state():
    """NICE (CUAD dev): one clause lets NICE end the contract on six months' notice, another the contractor on 45 days;
    the row named the first alone. Where clauses state different values of a term, the row names each, with its pages;
    the same value said in other words is one value; a fourth and further are counted."""
    from services.analyze import logic
    from services.edge import grid

    tfc = "Termination For Convenience"

    def card(page: int, text: str, days: float | None) -> dict:
        return {"page": page, "categories": [tfc], "confidences": [{"category": tfc, "confidence": 0.8, "tier": "likely"}],
                "terms": [{"category": tfc, "name": "notice_period", "stated": True, "text": text, "value": days}], "positions": []}

    six, days45, ninety = card(22, "not less than six (6) months", 182.5), card(22, "not less than forty-five (45) Days", 45.0), card(9, "90 days", 90.0)
    want = "notice period: not less than six (6) months (p. 22) / not less than forty-five (45) Days (p. 22)"
    assert logic.summary([six, days45], [tfc], None)[0]["terms"] == [want]
    assert grid.derived(tfc, [six, days45])["terms"] == [want]
    assert logic.summary([six, card(30, "six months", 182.5)], [tfc], None)[0]["terms"] == ["notice period: not less than six (6) months"]
    many = logic.summary([ninety, six, days45, card(31, "thirty (30) days", 30.0), card(33, "ten days", 10.0)], [tfc], None)[0]["terms"]
    assert many == ["notice period: 90 days (p. 9) / not less than six (6) months (p. 22) / not less than forty-five (45) Days (p. 22) / 2 more (pp. 31, 33)"]
    # nearly the same words are one value (BNL: "the amount paid by BNL …" and "the amounts paid by BNL … claims by VIP");
    # two redactions are two
    basis = "the amount paid by BNL to VIP in the twelve (12) month period prior to the accrual of the claim"
    same = [card(8, basis, None), card(9, basis.replace("amount ", "amounts ") + " for the specific service", None)]
    assert logic.summary(same, [tfc], None)[0]["terms"] == [f"notice period: {basis}"]
    assert logic.summary([card(3, "[***]", None), card(5, "[*****]", None)], [tfc], None)[0]["terms"] == ["notice period: [***] (p. 3) / [*****] (p. 5)"]
    # a value the contract as filed redacts says so (ARTARA, CUAD dev: "coverage amount: ***" read as if "***" were the amount)
    hidden = card(11, "***", None)
    hidden["terms"][0]["redacted"] = True
    assert logic.summary([hidden], [tfc], None)[0]["terms"] == ["notice period: *** (redacted)"]
    long = card(5, "an amount equal to one hundred percent of the aggregate purchase price of all systems in the portfolio during the period", None)
    got = logic.summary([ninety, long], [tfc], None)[0]["terms"][0]
    assert got.startswith("notice period: 90 days (p. 9) / an amount equal to") and got.endswith(" … (p. 5)") and len(got) < 150

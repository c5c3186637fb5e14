import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.phase2.logic import ALLOWED_FIELDS, DraftInvalid, build_draft, validate_draft
from shared.clauses import clause_model
from shared.testing.contracts import page_texts

TEXTS = page_texts()
MODEL = clause_model.default()
LOCATED = [{"page": 3, "score": 0.9, "summary": "Limitation Of Liability; Indemnification"}, {"page": 4, "score": 0.5, "summary": "Term And Termination"}]


def draft(question="Mark every liability and termination clause and explain the risk", cats=("Cap On Liability", "Termination For Convenience", "Non-Compete")):
    return build_draft(LOCATED, TEXTS, question, list(cats), MODEL, now=1000.0, expires_s=90)


def test_draft_holds_pages_quotes_figures_questions():
    d = draft()
    assert set(d) <= ALLOWED_FIELDS
    assert [p["page"] for p in d["pages"]] == [3, 4]
    assert {e["category"] for e in d["evidence"]} >= {"Cap On Liability", "Termination For Convenience"}
    assert any(f["kind"] == "duration" and f["page"] == 4 for f in d["figures"])
    assert d["questions"] == ["Does the contract address Non-Compete outside the located pages?"]
    assert d["expires_at"] == 1090.0
    validate_draft(d, TEXTS)


def test_only_located_pages_are_quoted():
    assert {e["page"] for e in draft()["evidence"]} <= {3, 4}


def test_evidence_is_the_clause_model_spans_best_first():
    ev = draft()["evidence"]
    cap = next(e for e in ev if e["category"] == "Cap On Liability")
    assert "shall not exceed the fees paid" in cap["quote"] and cap["page"] == 3
    assert all(a["score"] >= b["score"] for a, b in zip(ev, ev[1:]))
    assert all(e["score"] >= MODEL.threshold(e["category"]) for e in ev)


def test_a_question_about_the_parties_quotes_sentences_that_share_its_words():
    # Parties is a CUAD category but not a clause the model scores: the draft falls back to words.
    d = build_draft(LOCATED, TEXTS, "who is the Customer and who is the Supplier under this contract", ["Parties"], MODEL, now=0, expires_s=90)
    assert d["evidence"] and all(e["category"] == "Question" for e in d["evidence"])
    validate_draft(d, TEXTS)


def test_a_question_with_no_category_quotes_sentences_that_share_its_words():
    d = build_draft(LOCATED, TEXTS, "what about the monthly fee invoice interest", [], MODEL, now=0, expires_s=90)
    assert d["questions"] == ["Which clause category does the question concern?"]
    assert all(e["category"] == "Question" for e in d["evidence"])
    validate_draft(d, TEXTS)


def test_validator_rejects_an_altered_quote():
    d = draft()
    d["evidence"][0]["quote"] = d["evidence"][0]["quote"].replace("shall", "may")
    with pytest.raises(DraftInvalid, match="not on page"):
        validate_draft(d, TEXTS)


def test_validator_rejects_a_quote_on_the_wrong_page():
    d = draft()
    d["evidence"][0]["page"] = 1
    with pytest.raises(DraftInvalid):
        validate_draft(d, TEXTS)


def test_validator_rejects_extra_fields():
    d = draft()
    d["answer"] = "The contract is fine."
    with pytest.raises(DraftInvalid, match="not allowed"):
        validate_draft(d, TEXTS)


ADVICE = ["You should terminate now?", "We recommend you reject this?", "This contract is risky?", "Call the counterparty?", "Is this high-risk?", "Do not sign this?"]


@pytest.mark.parametrize("question", ADVICE)
def test_validator_rejects_advice_in_questions(question):
    d = draft()
    d["questions"] = [question]
    with pytest.raises(DraftInvalid, match="conclusion or instruction"):
        validate_draft(d, TEXTS)


@given(st.text(max_size=60), st.sampled_from(ADVICE), st.text(max_size=60))
def test_validator_rejects_advice_anywhere_in_a_question(before, advice, after):
    d = draft()
    d["questions"] = [f"{before} {advice[:-1]} {after}?"]
    with pytest.raises(DraftInvalid):
        validate_draft(d, TEXTS)


def test_validator_rejects_statements_posing_as_questions():
    d = draft()
    d["questions"] = ["Liability is capped."]
    with pytest.raises(DraftInvalid, match="not a question"):
        validate_draft(d, TEXTS)


def test_document_words_in_a_summary_are_allowed():
    texts = TEXTS[:3] + ["9. CONTACT\nCall the Supplier's advisers at the number below."]
    located = [{"page": 4, "score": 1.0, "summary": "Contact; Call the Supplier's advisers at the number…"}]
    d = build_draft(located, texts, "notices", [], MODEL, now=0, expires_s=90)
    assert d["pages"][0]["summary"] == located[0]["summary"]
    validate_draft(d, texts)


def test_invented_advice_in_a_summary_is_dropped_or_rejected():
    located = [{"page": 3, "score": 1.0, "summary": "Limitation Of Liability; you should terminate now"}]
    d = build_draft(located, TEXTS, "liability", ["Cap On Liability"], MODEL, now=0, expires_s=90)
    assert d["pages"][0]["summary"] == ""
    validate_draft(d, TEXTS)
    d["pages"][0]["summary"] = located[0]["summary"]
    with pytest.raises(DraftInvalid, match="summary of page 3"):
        validate_draft(d, TEXTS)


# --- Chinese and mixed-language text: the validator must catch advice in either language ---

ADVICE_ZH = ["建议立即终止本合同", "应当拒绝签署", "必须签署", "该条款风险很高", "请联系律师", "我们认为可以接受", "高风险"]
# Neutral words of both languages: no concatenation of them forms advice in either language.
NEUTRAL = ["合同", "条款", "甲方", "乙方", "付款", "通知", "期限", "第五条", "责任", "page", "clause", "notice", "liability", "term", "30", "日", "，", "。", " "]


@pytest.mark.parametrize("advice", ADVICE_ZH)
def test_validator_rejects_chinese_advice_in_questions(advice):
    d = draft()
    d["questions"] = [f"{advice}？"[:-1] + "?"]
    with pytest.raises(DraftInvalid, match="conclusion or instruction"):
        validate_draft(d, TEXTS)


@given(st.lists(st.sampled_from(NEUTRAL), max_size=12), st.sampled_from(ADVICE + ADVICE_ZH), st.lists(st.sampled_from(NEUTRAL), max_size=12))
def test_validator_rejects_advice_inside_mixed_text(before, advice, after):
    # Glued with no space wherever a neighbour is not a Latin letter: English advice right
    # beside Chinese characters must still be caught (two English words glued are one word).
    head, tail = "".join(before), "".join(after)
    glue = lambda a, b: "" if not (a[-1:].isascii() and a[-1:].isalpha() and b[:1].isascii() and b[:1].isalpha()) else " "  # noqa: E731
    core = advice.rstrip("?")
    d = draft()
    d["questions"] = [head + glue(head, core) + core + glue(core, tail) + tail + "?"]
    with pytest.raises(DraftInvalid):
        validate_draft(d, TEXTS)


@given(st.lists(st.sampled_from(NEUTRAL), min_size=1, max_size=20))
def test_validator_accepts_neutral_mixed_questions(words):
    d = draft()
    d["questions"] = ["".join(words) + "?"]
    validate_draft(d, TEXTS)


def test_figures_are_normalised_and_tied_to_their_clause():
    figs = draft()["figures"]
    notice = next(f for f in figs if f["text"] == "ninety (90) days")
    assert (notice["value"], notice["unit"], notice["page"]) == (90, "days", 4)
    assert notice["category"] == "Termination For Convenience" and notice["role"] == "notice period"
    assert notice["clause"] and notice["clause"].startswith("Either Party may terminate")
    assert any(f["category"] is None for f in figs), "figures outside the evidence are kept, loose"

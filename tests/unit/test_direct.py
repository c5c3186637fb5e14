"""Which questions skip the LLM, and what their answer says."""

import pytest

from shared.clauses import clause_model, direct, findings
from shared.clauses.catalogue import quote_on_page
from shared.testing.contracts import page_texts

TEXTS = page_texts()
MODEL = clause_model.default()
SCORED = findings.score_pages(TEXTS, MODEL)

ROUTED = [
    ("What is the governing law?", ["Governing Law"]),
    ("Which state's law applies to this agreement?", ["Governing Law"]),
    ("When does the agreement expire?", ["Expiration Date"]),
    ("On what date will the initial term end?", ["Expiration Date"]),
    ("Can we assign this contract without consent?", ["Anti-Assignment"]),
    ("Is there a restriction on hiring their staff?", ["No-Solicit Of Employees"]),
]
NOT_ROUTED = [
    ("Mark every liability and termination clause and explain the risk", ["Cap On Liability", "Termination For Convenience"]),
    ("What is the governing law and why does it matter?", ["Governing Law"]),
    ("Explain the governing law clause", ["Governing Law"]),
    ("Is the governing law clause favourable to us?", ["Governing Law"]),
    ("Is there a non-compete?", ["Non-Compete"]),             # measured too imprecise on one clause
    ("What is the governing law and the cap?", ["Governing Law", "Cap On Liability"]),
    ("What does this contract say about payments?", []),
    ("Governing law", ["Governing Law"]),                     # not a question of fact
    ("What are all the assignment restrictions we should review?", ["Anti-Assignment"]),
]


@pytest.mark.parametrize(("question", "cats"), ROUTED)
def test_simple_questions_of_fact_skip_the_llm(question, cats):
    assert direct.no_llm(question, cats)


@pytest.mark.parametrize(("question", "cats"), NOT_ROUTED)
def test_questions_asking_for_more_than_one_clause_go_to_the_llm(question, cats):
    assert not direct.no_llm(question, cats)


def test_the_answer_quotes_the_best_clause_with_its_page():
    found = findings.findings(SCORED, ["Governing Law"])
    text = direct.answer("Governing Law", found, len(TEXTS))
    top = found[0]
    assert text.startswith('Governing Law: "') and f"(p. {top.page})" in text
    quoted = text.split('"')[1]
    assert "laws of the State of New York" in quoted and quote_on_page(quoted, TEXTS[top.page - 1])


def test_the_answer_tells_the_figures_of_the_clause():
    found = findings.findings(SCORED, ["Expiration Date"])
    assert found, "the generated contract has a term clause"
    text = direct.answer("Expiration Date", found, len(TEXTS))
    assert "(" in text and ("years" in text or "months" in text), text


def test_no_clause_found_is_said_plainly():
    assert direct.answer("Governing Law", [], 7) == "No Governing Law clause was found in the 7 pages searched."

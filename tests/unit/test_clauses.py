from hypothesis import given
from hypothesis import strategies as st

from shared import clauses
from shared.testing.contracts import CLAUSES, page_text


def test_question_names_categories():
    names = {c.name for c in clauses.categories_for("Mark every liability and termination clause and explain the risk")}
    assert {"Cap On Liability", "Termination For Convenience"} <= names


def test_cuad_question_picks_the_quoted_category_only():
    q = 'Highlight the parts (if any) of this contract related to "Governing Law" that should be reviewed by a lawyer.'
    assert [c.name for c in clauses.categories_for(q)] == ["Governing Law"]


def test_unrelated_question_names_no_category():
    assert clauses.categories_for("What colour is the sky?") == []


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=2000))
def test_sentences_are_verbatim_slices(text):
    for span in clauses.sentences(text, max_chars=120):
        assert text[span.start : span.end] == span.text
        assert span.text == span.text.strip()
        assert len(span.text) <= 120


def test_a_cut_long_sentence_keeps_no_whitespace_at_its_cut():
    text = "a" * 70 + "\n " + "b" * 100
    assert [s.text for s in clauses.sentences(text, max_chars=120)] == ["a" * 70, "b" * 100]


def test_evidence_quotes_the_liability_sentence_on_its_page():
    pages = {p: page_text(p) for p in CLAUSES}
    cats = clauses.categories_for("liability")
    ev = clauses.evidence(pages, "Mark every liability clause", cats)
    assert ev and ev[0].page == 3
    assert all(clauses.quote_on_page(e.quote, pages[e.page]) for e in ev)
    assert any("consequential damages" in e.quote for e in ev)


def test_figures_are_found_with_their_page():
    figs = clauses.figures({2: page_text(2)})
    texts = {(f["kind"], f["text"]) for f in figs}
    assert ("amount", "$12,500") in texts
    assert ("percent", "1.5%") in texts
    assert any(k == "duration" and "30" in t for k, t in texts)
    assert all(f["page"] == 2 for f in figs)
    assert next(f for f in figs if f["text"] == "$12,500")["value"] == 12500.0


def test_dates_are_figures():
    figs = clauses.figures({1: page_text(1)})
    assert ("date", "March 3, 2025") in {(f["kind"], f["text"]) for f in figs}


@given(st.text(min_size=1, max_size=200), st.text(max_size=50), st.text(max_size=50))
def test_quote_on_page_ignores_whitespace(quote, before, after):
    if not quote.split():
        return
    page = before + " " + "\n  ".join(quote.split()) + "\t" + after
    assert clauses.quote_on_page(quote, page)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.$()0123456789", min_size=1, max_size=200))
def test_quote_on_page_ignores_case(quote):
    if not quote.split():
        return
    assert clauses.quote_on_page(quote.lower(), "Page text: " + quote.upper() + ".")


def test_quote_not_on_page():
    assert not clauses.quote_on_page("shall not exceed one million dollars", page_text(3))
    assert not clauses.quote_on_page("   ", page_text(3))


def test_a_limited_liability_company_is_no_liability_clause():
    cap = clauses.BY_NAME["cap on liability"]
    assert cap.hits("Boyd Enterprises, LLC, a Texas limited liability company") == 0
    assert cap.hits("The liability of the Company shall not exceed $100.") >= 1


def test_a_number_in_brackets_at_a_line_start_does_not_end_the_sentence():
    text = "The Company may cancel this Agreement following the passage of ten\n(10) days after notice.\n2. Payment\nFees are due."
    assert [s.text for s in clauses.sentences(text)] == [
        "The Company may cancel this Agreement following the passage of ten\n(10) days after notice.",
        "2. Payment\nFees are due.",
    ]

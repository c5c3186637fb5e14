from hypothesis import given
from hypothesis import strategies as st

from shared.clauses import catalogue, figures
from shared.testing.contracts import page_text


def test_figures_of_a_generated_contract_are_found_with_their_page():
    figs = figures.extract(page_text(2), 2)
    texts = {(f["kind"], f["text"]) for f in figs}
    assert ("amount", "$12,500") in texts
    assert ("percent", "1.5%") in texts
    assert any(f["kind"] == "duration" and f["value"] == 30 for f in figs)
    assert all(f["page"] == 2 for f in figs)
    assert next(f for f in figs if f["text"] == "$12,500")["value"] == 12500


def test_dates_are_figures():
    figs = figures.extract(page_text(1), 1)
    assert ("date", "March 3, 2025", "2025-03-03") in {(f["kind"], f["text"], f["value"]) for f in figs}


@given(st.text(min_size=1, max_size=200), st.text(max_size=50), st.text(max_size=50))
def test_quote_on_page_ignores_whitespace(quote, before, after):
    if not quote.split():
        return
    page = before + " " + "\n  ".join(quote.split()) + "\t" + after
    assert catalogue.quote_on_page(quote, page)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.$()0123456789", min_size=1, max_size=200))
def test_quote_on_page_ignores_case(quote):
    if not quote.split():
        return
    assert catalogue.quote_on_page(quote.lower(), "Page text: " + quote.upper() + ".")


def test_quote_not_on_page():
    assert not catalogue.quote_on_page("shall not exceed one million dollars", page_text(3))
    assert not catalogue.quote_on_page("   ", page_text(3))

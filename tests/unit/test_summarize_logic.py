from services.summarize.gists import clean
from services.summarize.logic import NO_TEXT, headings, page_categories, summarize_page
from shared.clauses import clause_model, findings
from shared.documents import pdf
from shared.testing.contracts import make_chinese_contract, make_contract


def test_headings_make_the_summary_verbatim():
    text = "5. LIMITATION OF LIABILITY\nIn no event shall either party be liable.\n6. INDEMNIFICATION\nThe Supplier shall indemnify."
    assert summarize_page(text) == "5. LIMITATION OF LIABILITY; 6. INDEMNIFICATION"


def test_title_case_and_chinese_headings_on_their_own_lines():
    assert headings("Governing Law\nThis Agreement is governed by the laws of New York.\nARTICLE IX - INDEMNIFICATION") == ["Governing Law", "ARTICLE IX - INDEMNIFICATION"]
    assert headings("第五条 合同终止\n任何一方可以提前三十日书面通知对方解除本合同。") == ["第五条 合同终止"]
    assert headings("The Company shall pay the fees.\nIn Witness Whereof") == [], "a sentence is no heading"


def test_the_categories_found_on_the_page_follow_its_headings():
    text = "5. LIMITATION OF LIABILITY\nIn no event shall either party be liable."
    assert summarize_page(text, 160, ["Cap On Liability", "Uncapped Liability"]) == "5. LIMITATION OF LIABILITY — Cap On Liability, Uncapped Liability"


def test_first_sentence_without_headings():
    assert summarize_page("The parties agree as follows. Nothing else.") == "The parties agree as follows."


def test_recitals_are_not_headings():
    assert headings("WHEREAS\nthe Supplier makes widgets and the Customer buys them.\nNOW, THEREFORE\nthe parties agree") == []


def test_empty_page():
    assert summarize_page("  \n ") == NO_TEXT


def test_one_line_and_bounded_with_its_categories_kept():
    s = summarize_page("word " * 500, max_chars=80, categories=["Cap On Liability"])
    assert len(s) <= 80 and "\n" not in s and s.endswith("… — Cap On Liability")


def test_the_clause_model_names_the_categories_of_each_generated_page():
    model = clause_model.default()
    for contract in (make_contract(), make_chinese_contract()):
        texts = pdf.page_texts(contract.data)
        cats = page_categories(findings.score_pages(texts, model), len(texts))
        assert len(cats) == len(texts)
    texts = pdf.page_texts(make_contract().data)
    cats = page_categories(findings.score_pages(texts, model), len(texts))
    assert "Cap On Liability" in cats[2] and "Termination For Convenience" in cats[3]
    assert summarize_page(texts[2], 160, cats[2]).startswith("5. LIMITATION OF LIABILITY; 6. INDEMNIFICATION — Cap On Liability")


def test_a_gist_follows_the_headings_verbatim_and_comes_before_the_categories():
    page = "9. LIMITATION OF LIABILITY\nNeither party shall be liable for more than the fees paid."
    line = summarize_page(page, 160, ["Cap On Liability"], gist="caps damages at the fees paid")
    assert line == "9. LIMITATION OF LIABILITY: caps damages at the fees paid — Cap On Liability"
    assert summarize_page("no heading here. More.", 160, [], gist="a gist") == "a gist"
    assert summarize_page("", 160, [], gist="a gist") == NO_TEXT


def test_a_gist_is_one_clean_line_or_none():
    assert clean("Summary: sets the term of the agreement.\nSecond line", 80) == "sets the term of the agreement."
    assert clean('  - "grants a licence"  ', 80) == "grants a licence"
    assert clean("\n\n", 80) is None and clean("", 80) is None
    # the draft's rule: no advice or verdict in words of ours
    assert clean("This clause is risky; you should negotiate it", 80) is None
    assert clean("合同终止条款，建议修改", 80) is None
    long = clean("word " * 50, 40)
    assert len(long) <= 40 and long.endswith("…")

from services.summarize.logic import NO_TEXT, summarize_page


def test_headings_make_the_summary():
    text = "5. LIMITATION OF LIABILITY\nIn no event shall either party be liable.\n6. INDEMNIFICATION\nThe Supplier shall indemnify."
    assert summarize_page(text) == "Limitation Of Liability; Indemnification"


def test_first_sentence_without_headings():
    assert summarize_page("The parties agree as follows. Nothing else.") == "The parties agree as follows."


def test_recitals_are_not_headings():
    assert "Whereas" not in summarize_page("WHEREAS\nthe Supplier makes widgets and the Customer buys them.")


def test_empty_page():
    assert summarize_page("  \n ") == NO_TEXT


def test_one_line_and_bounded():
    s = summarize_page("word " * 500, max_chars=80)
    assert len(s) <= 80 and "\n" not in s

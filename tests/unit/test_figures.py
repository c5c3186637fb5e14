import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bench import cuad
from shared.clauses import figures
from shared.clauses.catalogue import quote_on_page


def one(text):
    """The single figure of ``text`` as (kind, text, value, unit)."""
    found = figures.extract(text, 1)
    assert len(found) == 1, found
    f = found[0]
    return f["kind"], f["text"], f["value"], f["unit"]


@pytest.mark.parametrize("text, fig_text, value, unit", [
    ("within thirty (30) days of receipt", "thirty (30) days", 30, "days"),
    ("a period of twelve (12) months", "twelve (12) months", 12, "months"),
    ("no later than ninety days after", "ninety days", 90, "days"),
    ("sixty (60) business days", "sixty (60) business days", 60, "business days"),
    ("for one (1) year", "one (1) year", 1, "years"),
    ("one hundred and eighty (180) days", "one hundred and eighty (180) days", 180, "days"),
    ("a 30-day cure period", "30-day", 30, "days"),
    ("within ten (10) working days", "ten (10) working days", 10, "business days"),
    ("三十日内", "三十日", 30, "days"),
    ("三十天", "三十天", 30, "days"),
    ("十二个月", "十二个月", 12, "months"),
    ("有效期两年", "两年", 2, "years"),
    ("5个工作日内", "5个工作日", 5, "business days"),
])
def test_durations(text, fig_text, value, unit):
    assert one(text) == ("duration", fig_text, value, unit)


@pytest.mark.parametrize("text, fig_text, value, unit", [
    ("not exceed US$1,000,000.", "US$1,000,000", 1000000, "USD"),
    ("a fee of $2.5 million", "$2.5 million", 2500000, "USD"),
    ("€10,000", "€10,000", 10000, "EUR"),
    ("£5,000", "£5,000", 5000, "GBP"),
    ("shall not exceed the sum of (pounds)500,000.", "(pounds)500,000", 500000, "GBP"),  # EDGAR's text for £ (CUAD dev)
    ("1,000 dollars", "1,000 dollars", 1000, "USD"),
    ("ten million dollars ($10,000,000)", "ten million dollars ($10,000,000)", 10000000, "USD"),
    ("RMB 150", "RMB 150", 150, "CNY"),
    ("人民币50万元", "人民币50万元", 500000, "CNY"),
    ("人民币伍拾万元", "人民币伍拾万元", 500000, "CNY"),
    ("50万元", "50万元", 500000, "CNY"),
    ("100万美元", "100万美元", 1000000, "USD"),
])
def test_amounts(text, fig_text, value, unit):
    assert one(text) == ("amount", fig_text, value, unit)


@pytest.mark.parametrize("text, fig_text, value", [
    ("five percent (5%)", "five percent (5%)", 5),
    ("10%", "10%", 10),
    ("2.5 percent", "2.5 percent", 2.5),
    ("50% (fifty percent) of the fees", "50% (fifty percent)", 50),
    ("百分之五", "百分之五", 5),
])
def test_percents(text, fig_text, value):
    assert one(text) == ("percent", fig_text, value, "%")


@pytest.mark.parametrize("text, fig_text", [
    ("dated January 31, 2020 by", "January 31, 2020"),
    ("this 31st day of January, 2020", "31st day of January, 2020"),
    ("1/31/2020", "1/31/2020"),
    ("31 January 2020", "31 January 2020"),
    ("2020年1月31日", "2020年1月31日"),
    ("二〇二〇年一月三十一日", "二〇二〇年一月三十一日"),
])
def test_dates(text, fig_text):
    assert one(text) == ("date", fig_text, "2020-01-31", "")


def test_not_figures():
    # An impossible date, a calendar year, European digit grouping, a range's first bound.
    assert figures.extract("2/30/2020, in 2020年, pesos ($4.047.000.000)", 1) == []
    assert [f["text"] for f in figures.extract("between thirty and ninety days", 1)] == ["ninety days"]


def test_chinese_contract():
    text = "第五条 合同终止。任何一方可提前三十日书面通知对方终止本合同。违约方应支付人民币50万元违约金，即合同总额的百分之五。"
    found = figures.extract(text, 7)
    assert [(f["kind"], f["text"], f["value"], f["unit"], f["page"]) for f in found] == [
        ("duration", "三十日", 30, "days", 7), ("amount", "人民币50万元", 500000, "CNY", 7), ("percent", "百分之五", 5, "%", 7),
    ]


def test_mixed_text_in_order_without_overlaps_or_repeats():
    text = (
        "Either party may terminate upon thirty (30) days' notice (任何一方可提前三十日通知). The Licensee shall pay "
        "US$1,000,000 (one million U.S. dollars), being five percent (5%) of the price, by 2020年1月31日 (January 31, 2020); "
        "late payments bear interest at 1.5% per month for twelve (12) months."
    )
    got = [(f["kind"], f["text"], f["value"], f["unit"]) for f in figures.extract(text, 1)]
    assert got == [
        ("duration", "thirty (30) days", 30, "days"),
        ("amount", "US$1,000,000 (one million U.S. dollars)", 1000000, "USD"),
        ("percent", "five percent (5%)", 5, "%"),
        ("date", "2020年1月31日", "2020-01-31", ""),  # the English date is the same date
        ("percent", "1.5%", 1.5, "%"),
        ("duration", "twelve (12) months", 12, "months"),
    ]
    json.dumps(figures.extract(text, 1))


def test_attach_ties_figures_to_their_clause():
    clause = "Either party may terminate this Agreement upon thirty (30) days' prior written notice."
    page = "12. Term. " + clause + " Fees of $500 are due within thirty (30) days."
    cap = "Supplier's liability shall in no event exceed $500,000; provided, however, that this limit shall not apply to fraud."
    got = figures.attach([(3, page, None), (3, clause, "Termination For Convenience"), (4, cap, "Cap On Liability")])
    assert [(f["page"], f["text"], f["category"], f["role"]) for f in got] == [
        (3, "thirty (30) days", "Termination For Convenience", "notice period"),
        (4, "$500,000", "Cap On Liability", "cap amount"),
        (3, "$500", None, None),  # the page repeats the 30 days: not reported again
    ]
    assert got[0]["clause"] == clause and got[2]["clause"] is None
    assert len(figures.attach([(1, page, None), (1, clause, "Termination For Convenience")], limit=1)) == 1


def test_attach_clips_long_clauses_and_tolerates_unknown_categories():
    long = "The Supplier shall deliver the goods within ten (10) days. " + "The goods shall conform to the specification. " * 10
    f = figures.attach([(2, long, "Something Else")])[0]
    assert f["category"] == "Something Else" and f["role"] is None
    assert len(f["clause"]) <= 201 and f["clause"].endswith("…")


def dev_clause(file_prefix, category, needle):
    for row in cuad.labels("dev"):
        if row["file"].startswith(file_prefix):
            for c in row["clauses"]:
                if c["category"] == category and needle in c["text"]:
                    return c["text"]
    pytest.skip(f"{file_prefix}: no {category} clause with {needle!r}")


needs_cuad = pytest.mark.skipif(not cuad.available(), reason=f"no CUAD data at {cuad.cuad_dir()}")


@pytest.mark.cuad
@needs_cuad
@pytest.mark.parametrize("file_prefix, category, needle, expected", [
    ("ArtaraTherapeuticsInc", "Termination For Convenience", "terminated by ArTara", [("duration", 30, "days", "notice period")]),
    ("MTITECHNOLOGYCORP", "Termination For Convenience", "sixty (60) days", [("duration", 60, "days", "notice period")]),
    ("ENERGOUSCORP", "Termination For Convenience", "one hundred and eighty", [("duration", 180, "days", "notice period")]),
    ("XYBERNAUTCORP", "Cap On Liability", "One  Hundred", [("amount", 150000, "USD", "cap amount")]),
    ("ENTRUSTINC", "Cap On Liability", "U.S.$10,000,000", [("amount", 10000000, "USD", "cap amount")]),
    ("ENTRUSTINC", "Cap On Liability", "50%", [("percent", 50, "%", "cap basis"), ("amount", 1000000, "USD", "cap basis")]),
])
def test_real_dev_clauses(file_prefix, category, needle, expected):
    text = dev_clause(file_prefix, category, needle)
    got = figures.attach([(1, text, category)])
    assert [(f["kind"], f["value"], f["unit"], f["role"]) for f in got] == expected
    assert all(quote_on_page(f["text"], text) for f in got)


SNIPPETS = {
    "thirty (30) days": ("duration", 30, "days"), "twelve (12) months": ("duration", 12, "months"), "ninety days": ("duration", 90, "days"),
    "sixty (60) business days": ("duration", 60, "business days"), "one (1) year": ("duration", 1, "years"),
    "US$1,000,000": ("amount", 1000000, "USD"), "$2.5 million": ("amount", 2500000, "USD"), "€10,000": ("amount", 10000, "EUR"),
    "£5,000": ("amount", 5000, "GBP"), "1,000 dollars": ("amount", 1000, "USD"), "five percent (5%)": ("percent", 5, "%"),
    "10%": ("percent", 10, "%"), "2.5 percent": ("percent", 2.5, "%"), "January 31, 2020": ("date", "2020-01-31", ""),
    "1/31/2020": ("date", "2020-01-31", ""), "三十日": ("duration", 30, "days"), "十二个月": ("duration", 12, "months"),
    "人民币50万元": ("amount", 500000, "CNY"), "百分之五": ("percent", 5, "%"), "2020年1月31日": ("date", "2020-01-31", ""),
}
FILLER = ["the", "Party", "shall", "pay", "within", "notice", "Agreement,", "and", "(a)", "乙方", "应当", "支付", "合同", "。"]


@given(st.lists(st.tuples(st.sampled_from(sorted(SNIPPETS)), st.lists(st.sampled_from(FILLER), min_size=1, max_size=3),
                          st.sampled_from([" ", "  ", "\n", " \n\t"])), max_size=8))
@example([("$2.5 million", ["the"], " "), ("five percent (5%)", ["and"], " ")])  # a scale word opens no number
def test_figures_are_verbatim_and_complete(parts):
    text = "".join(f"{ws.join(filler)}{ws}{snippet}{ws}" for snippet, filler, ws in parts)
    found = figures.extract(text, 1)
    assert all(quote_on_page(f["text"], text) for f in found)
    assert {(f["kind"], f["value"], f["unit"]) for f in found} == {SNIPPETS[s] for s, _, _ in parts}
    assert len(found) == len({(f["kind"], f["value"], f["unit"]) for f in found})

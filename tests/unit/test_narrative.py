"""The narrative labelled sentence by sentence: grounded only where a citation verified."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from services.analyze import narrative

PAGES = [
    "This Agreement is governed by the laws of the State of New York.",
    "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT OR CONSEQUENTIAL DAMAGES. Either party may terminate this Agreement upon thirty (30) days written notice.",
]


def test_a_sentence_with_a_verified_citation_is_grounded_and_one_without_is_not():
    answer = (
        'Liability is limited: "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT" (p. 2). '
        "The supplier must refund all damages within 12 months. "
        'Termination needs notice: "upon thirty (30) days written notice" (p. 1).'
    )
    got = narrative.label(answer, PAGES)
    assert [s["grounded"] for s in got] == [True, False, False]
    assert got[0]["citations"] == [{"page": 2, "quote": "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT"}]
    assert got[2]["rejected"] == 1, "the quote is real but not on the page it names: unverified"
    assert [s["text"] for s in got][1] == "The supplier must refund all damages within 12 months."


def test_the_period_of_p_dot_inside_a_citation_does_not_cut_the_sentence():
    answer = 'It says "governed by the laws of the State of New York" (p. 1) and nothing else. Short.'
    got = narrative.label(answer, PAGES)
    assert len(got) == 2 and got[0]["grounded"] and got[1]["text"] == "Short."


def test_no_narrative_no_sentences():
    assert narrative.label("", PAGES) == [] and narrative.label("   \n ", PAGES) == []


@given(st.text(alphabet=st.sampled_from(list("abc .!?\"()p123\n")), max_size=200))
def test_the_sentences_cover_the_whole_answer_in_order(answer):
    got = narrative.label(answer, PAGES)
    assert "".join("".join(s["text"].split()) for s in got) == "".join(answer.split()), "no text lost or added"
    assert all(not s["grounded"] for s in got)

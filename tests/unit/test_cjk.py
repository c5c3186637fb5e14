"""Chinese and mixed-language text: wrapped lines joined without spaces, sentences split at
。；！？ and a line-ending ：, numbered articles and items kept apart, quotes found on their page
whatever the spacing, on a Chinese contract PDF the tests make (Debian's WenQuanYi font)."""

from __future__ import annotations

import os

import pypdfium2 as pdfium
import pytest

from shared.clauses import catalogue
from shared.documents import cjk, pdf, splitter
from shared.testing.contracts import CN_CLAUSES, CN_FONT, make_chinese_contract


def test_a_wrapped_line_is_joined_and_a_heading_or_a_sentence_end_is_not():
    text = "第五条 合同终止\n任何一方可以提前三十日书面通知对方解除本合同，但应当赔偿对方因此遭受的直接损\n失。\n第六条 争议解决\n本合同适用中华人民共和国法律。"
    assert cjk.join_wrapped(text) == "第五条 合同终止\n任何一方可以提前三十日书面通知对方解除本合同，但应当赔偿对方因此遭受的直接损失。\n第六条 争议解决\n本合同适用中华人民共和国法律。"
    english = "The Supplier shall not be liable for any indirect\ndamages."
    assert cjk.join_wrapped(english) == english, "English keeps its line breaks (they read as spaces)"


def test_spaces_between_cjk_characters_go_and_others_stay():
    assert cjk.unspace("合 同 终 止 Clause 5 合同 term") == "合同终止 Clause 5 合同 term"


def test_sentences_end_at_cjk_punctuation_and_articles_start_new_ones():
    text = "第五条 合同终止\n任何一方可以提前三十日书面通知对方解除本合同；但应当赔偿对方的直接损失。乙方应按时付款！\n第六条 争议解决：\n（一）协商；\n（二）提交上海仲裁委员会仲裁。"
    got = [s.text for s in splitter.sentences(text)]
    assert got == [
        "第五条 合同终止\n任何一方可以提前三十日书面通知对方解除本合同；",
        "但应当赔偿对方的直接损失。",
        "乙方应按时付款！",
        "第六条 争议解决：",
        "（一）协商；",
        "（二）提交上海仲裁委员会仲裁。",
    ]
    assert all(text[s.start : s.end] == s.text for s in splitter.sentences(text)), "verbatim slices"
    spans = [s.text for s in splitter.clause_spans(text)]
    assert spans[-1] == "第六条 争议解决：\n（一）协商；\n（二）提交上海仲裁委员会仲裁。", "a lead-in and its items are one clause"


def test_a_quote_is_found_on_its_page_whatever_the_spacing_inside_cjk_text():
    page = "乙方在本合同项下的累计赔偿责任不超过甲方在索赔前十二个月内\n已支付的服务费总额。"
    assert catalogue.quote_on_page("累计赔偿责任不超过甲方在索赔前十二个月内已支付的服务费总额", page)
    assert catalogue.quote_on_page("累 计 赔 偿 责 任", page)
    assert not catalogue.quote_on_page("累计赔偿责任超过", page)


@pytest.mark.skipif(not os.path.exists(CN_FONT), reason="fonts-wqy-microhei is not installed (make test installs it)")
def test_a_chinese_contract_pdf_reads_back_with_every_clause_verbatim():
    data = make_chinese_contract().data
    texts = pdf.page_texts(data)
    doc = pdfium.PdfDocument(data)
    raw = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    for page, items in CN_CLAUSES.items():
        for heading, body in items:
            assert heading in texts[page - 1] and body in texts[page - 1], body  # one unbroken string
    assert any(body not in raw[page - 1].replace("\r\n", "\n") for page, items in CN_CLAUSES.items() for _, body in items), (
        "the PDF wraps the clauses: the join is what makes them whole"
    )

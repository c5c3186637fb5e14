"""Running headers, footers and page numbers come out of the clause text; nothing else does."""

from __future__ import annotations

from shared.documents import layout

BODY = ["The Supplier shall deliver the Goods.", "Payment is due in thirty days.", "Either party may terminate on notice.", "This Agreement is governed by New York law."]


def page(n: int, body: str) -> str:
    return f"ACME SUPPLY AGREEMENT\nConfidential\n{body}\nMore terms follow here.\nSource: ACME CORP, 10-K, 3/1/2012\nPage {n} of 4"


def test_repeated_edge_lines_and_page_numbers_are_removed_and_returned():
    texts = [page(i + 1, b) for i, b in enumerate(BODY)]
    clean, removed = layout.split(texts)
    assert clean[2] == "Either party may terminate on notice.\nMore terms follow here."
    assert removed[2] == ["ACME SUPPLY AGREEMENT", "Confidential", "Source: ACME CORP, 10-K, 3/1/2012", "Page 3 of 4"]


def test_lone_page_numbers_go_even_when_nothing_repeats():
    texts = ["1\nAn opening clause of the agreement.", "The second page's clause.\n- 2 -", "A third page ends with its number.\n3"]
    assert layout.strip(texts) == ["An opening clause of the agreement.", "The second page's clause.", "A third page ends with its number."]


def test_text_that_repeats_on_few_pages_or_away_from_the_edges_stays():
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    middle = "The parties agree as follows."
    texts = [f"{w} opens the page.\nits {w} second line.\n{middle}\nbody {w}\nnear the {w} end.\nlast {w} words!" for w in words]
    texts[0] = "NOTICE\n" + texts[0]
    texts[1] = "NOTICE\n" + texts[1]  # on 2 of 6 pages: under half
    assert layout.strip(texts) == texts


def test_list_markers_and_short_documents_are_left_alone():
    texts = ["(a) the first item;\n(b) the second item.", "(c) the third item."]
    assert layout.strip(texts) == texts


LEGEND = ("[***] INDICATES MATERIAL THAT HAS BEEN OMITTED AND FOR WHICH CONFIDENTIAL TREATMENT HAS BEEN REQUESTED. ALL\n"
          "SUCH OMITTED MATERIAL HAS BEEN FILED WITH THE SECURITIES AND EXCHANGE COMMISSION PURSUANT TO RULE 24b-2\n"
          "PROMULGATED UNDER THE SECURITIES EXCHANGE ACT OF 1934, AS AMENDED")


def test_a_header_of_three_lines_goes_whole_and_the_clause_under_it_stays():
    # CUAD dev (Antares): the legend's third line opened a card ("PROMULGATED UNDER ... patent or other proprietary rights")
    bodies = ["patent or other proprietary rights, but only to the extent arising from a Third Person Claim.", "Article 12\nThe Term is five years.",
              "Article 13\nThis Agreement is governed by New York law.", "ARTICLE 14\nNotices go to the addresses above."]
    texts = [f"{LEGEND}\n{b}\n- {n} -" for n, b in enumerate(bodies, 30)]
    assert layout.strip(texts) == bodies, "the legend and the page number go; section titles of one shape stay"


def test_a_rule_under_a_heading_is_no_text():
    """STAMPS.COM (CUAD dev): the filing underlines headings with dashes on a line of their own; a
    quote across one read "The initial term of this Agreement shall ----------------------- commence"."""
    page = "15. Term and Termination. (a) Term. The initial term of this Agreement shall\n -----------------------\ncommence on the Effective Date.\n-------- -------\nMore text."
    (clean,), (removed,) = layout.split([page])
    assert "---" not in clean and "shall\ncommence" in clean
    assert removed == ["-----------------------", "-------- -------"]
    assert layout.strip(["Rates - 3 - apply\nA - B"]) == ["Rates - 3 - apply\nA - B"]


def test_section_numbers_left_at_a_page_end_are_no_text():
    """MJ BIOTECH (CUAD dev): the text layer put each page's section numbers at its end ("41." | "42." ...), so
    a non-compete cut at the page break read "... in direct conflict of 41. 42. 43. 44." and stopped there."""
    pages = layout.strip(["a clause that runs on in direct conflict of\n41.\n42.\n43.\n44.", "interest to the Joint Venture.\n7."])
    assert pages == ["a clause that runs on in direct conflict of", "interest to the Joint Venture.\n7."]
    # one number alone, or numbers that do not count up, stay
    assert layout.strip(["The fee is due.\n2.", "Other text.\n9.\n4."]) == ["The fee is due.\n2.", "Other text.\n9.\n4."]


def test_a_document_number_the_scan_read_differently_on_each_page_is_furniture():
    """WESTERN COPPER (CUAD dev, scanned): "1162967.3", "i 162967.3", "1!62967.3" at the foot of the pages; a clause over the
    break read "... Mining Activities, or i 162967.3 (b) advise ...". A sum at the foot of one page stays."""
    feet = ["1162967.3", "i 162967.3", "1162967.3", "1!62967.3", "1162967 }", "1162967.3"]
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    texts = [f"The {w} clause opens here.\nIt runs on to the foot of the {w} page, or\n{foot}" for w, foot in zip(words, feet)]
    texts[2] = "The fee shall not exceed\n250,000.00"
    clean, removed = layout.split(texts)
    assert removed[1] == ["i 162967.3"] and removed[3] == ["1!62967.3"] and removed[4] == ["1162967 }"]
    assert clean[1] == "The bravo clause opens here.\nIt runs on to the foot of the bravo page, or"
    assert clean[2] == "The fee shall not exceed\n250,000.00"


def test_a_footer_the_text_layer_put_mid_page_goes_with_its_page_number():
    """MTI (CUAD dev, two columns): "Upon cancellation, termination or expiration of this McDATA Corporation Standard Terms OF
    Reseller Agreement JUNE 2004 2 Agreement, Reseller agrees ..." — the left column's foot read mid-page. A sentence repeated
    above a page number stays."""
    words = ["alpha", "bravo", "charlie", "delta"]
    texts = [f"The {w} clause opens here.\nUpon expiration of this {w}\nACME Standard Terms of Reseller Agreement\nJune 2004\n{n}\n"
             f"Agreement, the {w} reseller pays.\nThe {w} page goes on.\nAnd on to its {w} end." for n, w in enumerate(words, 2)]
    clean, removed = layout.split(texts)
    assert removed[1] == ["ACME Standard Terms of Reseller Agreement", "June 2004", "3"]
    assert "Upon expiration of this bravo\nAgreement, the bravo reseller pays." in clean[1]
    kept = [f"The {w} clause.\nIt has {w} terms.\nAll fees are payable in advance.\n{n}\nThe {w} page goes on.\nIt ends {w}." for n, w in enumerate(words, 2)]
    assert layout.split(kept)[1] == [[], [], [], []]


def test_a_confidential_treatment_legend_at_a_page_edge_is_furniture_on_the_few_pages_it_stands():
    """BLOOM ENERGY (CUAD dev): "[***] Confidential Treatment Requested" at the foot of 8 of 56 pages, one of them after
    "If the Minimum Efficiency Level has", whose sentence goes on over the page. A sentence about confidential treatment stays."""
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    texts = [f"The {w} page opens.\nIts {w} clause runs on.\nIts {w} clause ends." for w in words]
    texts[2] = "The charlie page opens.\nIf the Minimum Efficiency Level has\n[***] Confidential Treatment Requested"
    texts[5] = "The foxtrot page opens.\nEach party may seek confidential\ntreatment of the terms."
    clean, removed = layout.split(texts)
    assert removed[2] == ["[***] Confidential Treatment Requested"] and clean[2].endswith("Efficiency Level has")
    assert removed[5] == []



def test_a_footer_that_names_its_page_is_furniture_wherever_it_stands():
    """STARTEC (CUAD dev, a filing that prints two pages on one): "22.2 No Party shall be liable … final acceptance tests.
    - ------ September 2, 1998 Page 27" was quoted with its rule and footer mid-page. A sentence that names a page, on few
    pages, stays."""
    words = ["alpha", "bravo", "charlie", "delta"]
    texts = [f"The {w} clause opens here.\nIt ends {w} tests.\n- ------------------------------\nSeptember 2, 1998 Page {n}\n"
             f"23 FORCE MAJEURE\nThe {w} page goes on.\nAnd on to its {w} end." for n, w in enumerate(words, 26)]
    clean, removed = layout.split(texts)
    assert removed[1] == ["- ------------------------------", "September 2, 1998 Page 27"]
    assert "It ends bravo tests.\n23 FORCE MAJEURE" in clean[1]
    kept = [f"The {w} clause.\nIt has {w} terms.\nThe fee is set out on Page {n}\nof Exhibit A.\nThe {w} page goes on.\nIt ends {w}." for n, w in enumerate(words, 2)]
    assert layout.split(kept)[1] == [[], [], [], []]

"""Findings from the clause model: units with their context, the per-document cache, page
scores for locate, thresholds, absent categories."""

import numpy as np
import pytest

from bench import cuad
from shared.clauses import catalogue, clause_model, extent, findings
from shared.store.scores import ScoreCache
from shared.testing.contracts import page_texts

TEXTS = page_texts()
MODEL = clause_model.default()


def test_units_are_verbatim_and_carry_their_section_title():
    units = findings.page_units(TEXTS)
    assert {u.page for u in units} == {1, 2, 3, 4}
    for u in units:
        assert TEXTS[u.page - 1][u.start : u.end] == u.text
    cap = next(u for u in units if "shall not exceed" in u.text)
    assert cap.context.startswith("LIMITATION OF LIABILITY")


def test_a_unit_at_a_page_start_sees_the_end_of_the_previous_page():
    first_on_4 = next(u for u in findings.page_units(TEXTS) if u.page == 4)
    assert TEXTS[2][-40:] in first_on_4.context


class CountingModel:
    """The real model, counting the spans it is asked to score."""

    def __init__(self):
        self.calls = []

    def score(self, spans, contexts=None):
        self.calls.append(len(spans))
        return MODEL.score(spans, contexts)


def test_a_document_is_scored_once_per_sha256():
    counting = CountingModel()
    cache = ScoreCache()
    units = findings.page_units(TEXTS)
    first = cache.get_or_score("doc", TEXTS, counting)
    second = cache.get_or_score("doc", TEXTS, counting)
    assert counting.calls == [len(units)] and second is first
    cache.get_or_score("other", TEXTS, counting)
    assert len(counting.calls) == 2


def test_page_scores_are_the_best_span_per_page():
    scored = findings.score_pages(TEXTS, MODEL)
    per_page = findings.page_scores(scored, ["Cap On Liability"], len(TEXTS))
    assert int(np.argmax(per_page)) + 1 == 3
    assert per_page[2] == scored.column("Cap On Liability").max()
    assert not findings.page_scores(scored, [], len(TEXTS)).any()


def test_findings_keep_the_threshold_and_the_pages_asked():
    scored = findings.score_pages(TEXTS, MODEL)
    found = findings.findings(scored, ["Cap On Liability", "Governing Law"])
    assert {f.category for f in found} == {"Cap On Liability", "Governing Law"}
    assert all(f.score >= MODEL.threshold(f.category) for f in found)
    assert all(catalogue.quote_on_page(f.quote, TEXTS[f.page - 1]) for f in found)
    assert not findings.findings(scored, ["Governing Law"], pages={1, 2, 3})
    law = findings.findings(scored, ["Governing Law"])[0]
    assert law.page == 4 and "laws of the State of New York" in law.quote


def test_an_unknown_category_finds_nothing():
    scored = findings.score_pages(TEXTS, MODEL)
    assert findings.findings(scored, ["Not A Category"]) == []


def test_question_spans_share_words_with_the_question():
    units = findings.page_units(TEXTS)
    got = findings.question_spans(units, "monthly fee invoice")
    assert got and all(f.category == "Question" for f in got)
    assert "monthly fee" in got[0].quote
    assert findings.question_spans(units, "zebra giraffe") == []
    # a word's other form meets it: "refunded ... fees" asks what "shall refund the fees" says (IMPERIAL GARDEN)
    refund = findings.page_units(["The architect shall refund the fees paid in full. The client shall keep the drawings."])
    assert [f.quote for f in findings.question_spans(refund, "are our fees refunded?")] == ["The architect shall refund the fees paid in full."]


def test_a_clause_over_a_page_break_is_scored_whole_and_quoted_with_both_pages():
    from shared.clauses import catalogue, clause_model
    from shared.documents import pdf
    from shared.testing.contracts import CROSS_PAGE, cross_page_contract

    texts = pdf.page_texts(cross_page_contract())
    units = findings.page_units(texts)
    over = [u for u in units if u.continued]
    assert len(over) == 1 and over[0].page == 2 and over[0].text.endswith("relating to it shall") and over[0].continued == CROSS_PAGE[1]
    scored = findings.score_units(units, clause_model.default())
    cap = [f.as_dict() for f in findings.findings(scored, ["Cap On Liability"])]
    whole = next(f for f in cap if "continues" in f)
    assert whole["page"] == 2 and whole["continues"] == {"page": 3, "quote": CROSS_PAGE[1]}
    assert catalogue.quote_on_page(whole["quote"], texts[1]) and catalogue.quote_on_page(whole["continues"]["quote"], texts[2])
    assert not any(f["page"] == 3 and f["quote"] == CROSS_PAGE[1] for f in cap), "the rest is not a finding of its own"


def test_a_page_that_ends_a_sentence_or_opens_a_heading_continues_nothing():
    texts = ["The Supplier shall deliver the goods on time.", "the next page starts low but the last one ended.", "5. PAYMENT\nIt goes on and on and", "6. TERM\nThis Agreement lasts two years."]
    assert not [u for u in findings.page_units(texts) if u.continued]


# --- one finding per clause ---------------------------------------------------------------------


class FixedModel:
    """A stand-in clause model with fixed scores per unit text (named: it simulates a model whose
    scores we choose, to test how units become findings)."""

    def __init__(self, scores: dict[str, dict[str, float]]):
        self.categories = ["Cap On Liability", "Uncapped Liability", "Governing Law", "Termination For Convenience", "Warranty Duration", "Competitive Restriction Exception",
                           "Exclusivity", "Source Code Escrow", "Third Party Beneficiary", "Revenue/Profit Sharing", "Irrevocable Or Perpetual License", "Price Restrictions",
                           "Ip Ownership Assignment", "Non-Transferable License"]
        self.index = {c: i for i, c in enumerate(self.categories)}
        self._scores = scores

    def score(self, spans, contexts=None):
        return np.array([[next((v.get(c, 0.0) for k, v in self._scores.items() if k in s), 0.0) for c in self.categories] for s in spans], np.float32)

    def threshold(self, category):
        return 0.5


PAGE = (
    "12. LIMITATION OF LIABILITY\n"
    "The Supplier's total liability under this Agreement shall not exceed the fees paid by the Customer\n"
    "in the twelve months before the claim, except for claims of gross negligence.\n"
    "This Agreement is governed by the laws of the State of Delaware.\n"
)


def _scored(scores):
    texts = [PAGE]
    return findings.score_units(findings.page_units(texts), FixedModel(scores), texts)


def test_a_clause_of_two_categories_is_one_finding_with_both():
    scored = _scored({"total liability": {"Cap On Liability": 0.9, "Uncapped Liability": 0.7}, "governed": {"Governing Law": 0.95}})
    found = findings.findings(scored, ["Cap On Liability", "Uncapped Liability", "Governing Law"])
    assert [f.categories for f in found] == [["Cap On Liability", "Uncapped Liability"], ["Governing Law"]]
    cap = found[0].as_dict()
    assert cap["categories"] == ["Cap On Liability", "Uncapped Liability"] and cap["quote"].endswith("gross negligence.")
    assert findings.absent(scored, found, ["Uncapped Liability", "Governing Law"], 1) == []


def test_findings_never_quote_overlapping_text():
    # Source Code Escrow has no words a clause must name (definitions._WORDS) and no veto a law clause meets: one may score for it.
    scored = _scored({"total liability": {"Cap On Liability": 0.9}, "governed": {"Governing Law": 0.95, "Source Code Escrow": 0.6}})
    found = findings.findings(scored, ["Cap On Liability", "Governing Law", "Source Code Escrow"])
    spans = sorted((PAGE.find(f.quote.split()[0]), f.quote) for f in found)
    quotes = [" ".join(q.split()) for _, q in spans]
    assert len(quotes) == len(set(quotes)) == 2
    assert all(catalogue.quote_on_page(q, PAGE) for q in quotes)
    law = next(f for f in found if "Governing Law" in f.categories)
    assert law.categories == ["Governing Law", "Source Code Escrow"]


def test_a_section_title_is_no_finding_the_clause_under_it_is():
    """A title that names a category ("12. Limitation of Liability.") scores like its clause but
    is not one: on CUAD train, none of 529 such titles over a threshold was a labelled clause."""
    text = (
        "12. Limitation of Liability.\nThe Supplier's total liability under this Agreement shall not exceed the fees paid by the Customer.\n"
        "13. Governing Law.\nThis Agreement is governed by the laws of the State of Delaware.\n"
    )
    units = findings.page_units([text])

    def scored(scores):
        return findings.score_units(units, FixedModel(scores), [text])

    both = scored({"Limitation of": {"Cap On Liability": 0.95}, "total liability": {"Cap On Liability": 0.6}, "Governing Law.": {"Governing Law": 0.9}})
    assert both.bare.tolist() == [True, False, True, False]
    (cap,) = findings.findings(both, ["Cap On Liability", "Governing Law"])
    assert cap.quote.startswith("The Supplier's total liability") and cap.score == 0.6
    assert findings.absent(both, [cap], ["Cap On Liability", "Governing Law"], 1) == [{"category": "Governing Law", "searched_pages": 1, "likely": False}]


def test_a_sentence_cut_at_a_line_is_one_finding_quoting_all_of_it():
    text = "8. Liability.\nIn no event shall the liability of Supplier exceed\n\nthe amount received by Supplier hereunder. Other text follows here."
    units = findings.page_units([text])
    assert len([u for u in units if "liability of Supplier" in u.text or "amount received" in u.text]) == 2  # a blank line cut it
    scored = findings.score_units(units, FixedModel({"liability of Supplier": {"Cap On Liability": 0.8}, "amount received": {"Cap On Liability": 0.6}}), [text])
    (cap,) = findings.findings(scored, ["Cap On Liability"])
    assert cap.quote == "In no event shall the liability of Supplier exceed the amount received by Supplier hereunder."
    assert cap.score == 0.8 and catalogue.quote_on_page(cap.quote, text)


def test_a_sentence_that_refers_back_to_the_clause_before_it_is_the_same_card():
    """BEYONDCOM, BIOAMBER (CUAD dev): "Any such attempted assignment shall be void ..." and "Such audit shall
    occur once per year ..." were cards of their own beside the clause they refer to (two cards for one
    clause); in the same paragraph they are one card. After a blank line, or without a word that refers
    back, the next sentence stays a card of its own."""
    text = ("12. Liability.\nThe Supplier's total liability shall not exceed the fees paid. Such limitation shall not apply to claims of gross "
            "negligence. In no event shall either party be liable for lost profits.\n\nSuch claims against the Supplier shall be brought within one year.")
    units = findings.page_units([text])
    scores = {"total liability": {"Cap On Liability": 0.9}, "Such limitation": {"Cap On Liability": 0.6},
              "lost profits": {"Cap On Liability": 0.55}, "Such claims": {"Cap On Liability": 0.7}}
    found = findings.findings(findings.score_units(units, FixedModel(scores), [text]), ["Cap On Liability"])
    assert sorted(f.quote for f in found) == [
        "In no event shall either party be liable for lost profits.", "Such claims against the Supplier shall be brought within one year.",
        "The Supplier's total liability shall not exceed the fees paid. Such limitation shall not apply to claims of gross negligence."]
    assert all(catalogue.quote_on_page(f.quote, text) for f in found)


def test_a_finding_quotes_its_sentence_from_the_start_where_only_its_rest_scored():
    """Only the second part of a cut sentence is over the threshold: the card still quotes the
    clause from its first word, not from "the amount received ..."."""
    text = "8. Liability.\nIn no event shall the liability of Supplier exceed\n\nthe amount received by Supplier under this Agreement in the year before the claim. Other text follows here."
    units = findings.page_units([text])
    scored = findings.score_units(units, FixedModel({"amount received": {"Cap On Liability": 0.7}}), [text])
    (cap,) = findings.findings(scored, ["Cap On Liability"])
    assert cap.quote.startswith("In no event shall the liability") and cap.quote.endswith("before the claim.") and cap.score == 0.7
    assert not findings.findings(scored, ["Cap On Liability"], pages={2})


def test_a_finding_quotes_its_sentence_to_the_end_where_only_its_start_scored():
    """Only the first part of a sentence cut at a blank line is over the threshold: the card
    quotes it to its last word (the cap's basis is in the rest), and no further than a title."""
    text = (
        "8. Liability.\nIN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE\n\nOTHER FOR MORE THAN THE AMOUNT PAID HEREUNDER IN THE YEAR BEFORE THE CLAIM.\n"
        "Either party may terminate this Agreement on ninety days written notice to the other party\n\n"
        "9. Governing Law\nThis Agreement is governed by the laws of the State of Delaware.\n"
    )
    units = findings.page_units([text])
    scored = findings.score_units(units, FixedModel({"EITHER PARTY": {"Cap On Liability": 0.7}, "Either party may": {"Termination For Convenience": 0.6}}), [text])
    (cap,) = findings.findings(scored, ["Cap On Liability"])
    assert cap.quote.startswith("IN NO EVENT SHALL") and cap.quote.endswith("IN THE YEAR BEFORE THE CLAIM.") and cap.score == 0.7
    (other,) = findings.findings(scored, ["Termination For Convenience"])
    assert other.quote.endswith("to the other party")  # no stop, but a section title follows: not its rest


def test_a_finding_carries_the_text_beside_it_unquoted():
    """``around``: the units just before and after a finding on its page, which a term it lacks
    may be stated in (the cap after an exclusion, a list's lead-in)."""
    scored = _scored({"governed": {"Governing Law": 0.95}})
    (law,) = findings.findings(scored, ["Governing Law"])
    assert "shall not exceed the fees paid" in law.around and "governed" not in law.around
    assert "around" not in law.as_dict()  # events carry what is quoted, not what is beside it


def test_an_item_after_a_sentence_without_a_stop_opens_its_own_finding():
    """CUAD dev (SFG's licence, in capitals): item (a) ends with no stop, item (b) is the cap. Each
    is its own card; (a)'s rest, under the threshold, ends (a), and (b) is not taken into it."""
    text = (
        "(a) IN NO EVENT SHALL LICENSOR BE LIABLE TO LICENSEE FOR ANY CONSEQUENTIAL DAMAGES\n\n"
        "ARISING OUT OF OR IN CONNECTION WITH THIS AGREEMENT, WHETHER SUCH LIABILITY ARISES FROM ANY CLAIM OR MAY\n\n"
        "RESULT IN ANY INFRINGEMENT OR VIOLATION OF THE RIGHTS OF ANY PERSON\n"
        "(b) IN NO EVENT SHALL LICENSOR'S AGGREGATE CUMULATIVE TOTAL LIABILITY UNDER THIS AGREEMENT EXCEED ONE HALF OF THE AMOUNT PAID HEREUNDER.\n"
    )
    units = findings.page_units([text])
    assert [u.text[:12] for u in units] == ["(a) IN NO EV", "ARISING OUT ", "RESULT IN AN", "(b) IN NO EV"]
    scored = findings.score_units(units, FixedModel({"(a) IN NO": {"Cap On Liability": 0.9}, "AGGREGATE": {"Cap On Liability": 0.8}}), [text])
    arising, cap = findings.findings(scored, ["Cap On Liability"])
    assert arising.quote.startswith("(a) IN NO EVENT") and arising.quote.endswith("RIGHTS OF ANY PERSON")
    assert cap.quote.startswith("(b) IN NO EVENT") and cap.quote.endswith("HEREUNDER.")


def test_a_sentence_cut_before_a_section_reference_is_quoted_from_its_start():
    """CUAD dev (BLUEROCK): a line that starts "Section 8(d), the Agent ..." is cut from the
    words before it ("Notwithstanding the provisions of this"), which end on no sentence's end."""
    text = ("8. Contribution.\nNotwithstanding the provisions of this\nSection 8(d), the Agent shall not be required to contribute any amount "
            "in excess of the amount by which the total price of the Stock exceeds the damages paid.\n")
    units = findings.page_units([text])
    assert [u.text[:14] for u in units] == ["8. Contributio", "Notwithstandin", "Section 8(d), "]
    scored = findings.score_units(units, FixedModel({"Section 8(d)": {"Cap On Liability": 0.5}}), [text])
    (cap,) = findings.findings(scored, ["Cap On Liability"])
    assert cap.quote.startswith("Notwithstanding the provisions of this Section 8(d), the Agent") and cap.quote.endswith("damages paid.")


def test_a_termination_for_cause_only_is_no_termination_for_convenience():
    """CUAD's Termination For Convenience is an end without cause (HOLIDAY RV's item B scored
    over the threshold); a right on notice beside one for breach stays."""
    text = ("B. Either Party may terminate this Agreement at any time in the event of a material breach by the other Party which remains "
            "uncured after thirty days written notice thereof.\n"
            "C. Either party may terminate this Agreement for any reason upon ninety (90) days written notice, or at once if the other "
            "party becomes insolvent.\n")
    model = FixedModel({"material breach": {"Termination For Convenience": 0.9}, "any reason": {"Termination For Convenience": 0.8}})
    model.categories, model.index = ["Termination For Convenience"], {"Termination For Convenience": 0}
    found = findings.findings(findings.score_units(findings.page_units([text]), model, [text]), ["Termination For Convenience"])
    assert [f.quote[:2] for f in found] == ["C."]


def test_a_clause_cut_at_a_page_break_after_a_word_no_sentence_ends_on_runs_on():
    # CUAD dev (Neoforma): "2.5 VerticalNet hereby grants Neoforma an exclusive license, even as to" | "VerticalNet, to use ..."
    texts = ["2.4 The parties agree as follows.\n2.5 VerticalNet hereby grants Neoforma an exclusive license, even as to",
             "VerticalNet, to use, modify and display the Listings, subject to this Agreement.\n2.6 Each party shall pay its own costs."]
    unit = next(u for u in findings.page_units(texts) if u.text.startswith("2.5"))
    assert unit.continued == "VerticalNet, to use, modify and display the Listings, subject to this Agreement."
    # RGC gas franchise (CUAD train, read on the final page): "... shall be paid to Grantor on or before" | "March 31, 2017." was quoted
    # to "on or before"; a sentence that stops at a preposition or a modal verb goes on over the break
    texts = ["For calendar year 2016, the Franchise Fee shall be paid to Grantor on or before", "March 31, 2017.\n(b) For each succeeding calendar year ..."]
    assert findings.page_units(texts)[0].continued == "March 31, 2017."


def test_a_name_cut_by_a_page_break_runs_on():
    """ANTARES (CUAD dev): "Not later than [***] after receipt of a\nPurchase" | "Order, Antares shall confirm ..."
    was a card of nine words; a sentence that stops on the first word of a name goes on. A list of
    exhibits or a numbered item after the break does not."""
    before = "complying with the other terms of this Agreement [***]. Not later than [***] after receipt of a\nPurchase"
    assert extent.runs_on(before, "Order, Antares shall confirm in writing its receipt of the Purchase Order.")
    assert not extent.runs_on("Exhibits\nExhibit A – Products and Pricing\nExhibit B – Territory and Field of Use", "Exhibit C – Minimum Performance Goals")
    assert not extent.runs_on("1.28 “FG Territory” shall mean all areas of the world outside of the Astellas", "1.29 “Field” shall mean the treatment of anemia.")


def test_a_sentence_that_ends_a_line_in_a_bracket_goes_on():
    """CUAD dev (MTI): "... WHETHER IN CONTRACT, WARRANTY OR TORT (INCLUDING NEGLIGENCE)" | "OR UNDER ANY
    OTHER THEORY OF LIABILITY ..." was two cards; a bracket closed after a stop still ends one."""
    text = ("10.1 EXCEPT FOR A BREACH OF SECTION 8, IN NO EVENT WILL EITHER PARTY BE LIABLE FOR ANY INDIRECT DAMAGES, WHETHER IN CONTRACT,\n"
            "WARRANTY OR TORT (INCLUDING NEGLIGENCE)\n"
            "OR UNDER ANY OTHER THEORY OF LIABILITY, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.\n"
            "10.2 The Supplier's total liability shall not exceed the fees paid (see Section 5.)\n"
            "The Customer shall pay all invoices within thirty days.\n")
    scored = findings.score_units(findings.page_units([text]), FixedModel({"INDIRECT": {"Cap On Liability": 0.9}, "total liability": {"Cap On Liability": 0.8}}), [text])
    found = findings.findings(scored, ["Cap On Liability"])
    assert len(found) == 2 and found[0].quote.startswith("10.1") and found[0].quote.endswith("OF SUCH DAMAGES.")
    assert found[1].quote.startswith("10.2") and found[1].quote.endswith("(see Section 5.)")


def test_the_next_limb_of_a_sentence_is_one_card_with_it():
    """XPRESSPA (CUAD train, read on the final page): clause 10.06's two limbs, "(A) ... SHALL EITHER PARTY BE LIABLE ...;" and
    "AND (B) THE MAXIMUM LIABILITY ... SHALL NOT EXCEED $2,000,000.00", were two cards, the first saying its cap was not in its
    own words. A next item that opens with "and", "or" or "but" after a semicolon is the same sentence."""
    text = ("10.06.\nEXCEPT WITH RESPECT TO EACH PARTY'S INDEMNIFICATION OBLIGATIONS UNDER\nTHIS AGREEMENT, (A) UNDER NO CIRCUMSTANCE AND UNDER NO LEGAL THEORY\n"
            "(TORT, CONTRACT, OR OTHERWISE), SHALL EITHER PARTY BE LIABLE TO THE OTHER\nPARTY FOR ANY LOST PROFITS, LOSS OF OPPORTUNITY OR OTHER SPECIAL,\n"
            "PUNITIVE, INDIRECT, OR CONSEQUENTIAL DAMAGES SUFFERED BY THE OTHER\nPARTY ARISING IN CONNECTION WITH THIS AGREEMENT; AND (B) THE MAXIMUM\n"
            "LIABILITY OF EACH PARTY IN ANY WAY RELATED TO THIS AGREEMENT SHALL NOT\nEXCEED $2,000,000.00 (EXCLUDING ANY AMOUNTS DUE AND PAYABLE PURSUANT\n"
            "TO SECTION 8 HEREUNDER).\n11. Representations and Warranties.\n")
    units = findings.page_units([text])
    assert any(u.text.startswith("AND (B)") for u in units)  # the splitter keeps items apart; the card joins them
    scored = findings.score_units(units, FixedModel({"LOST PROFITS": {"Cap On Liability": 0.9}, "MAXIMUM": {"Cap On Liability": 0.8}}), [text])
    (card,) = findings.findings(scored, ["Cap On Liability"])
    assert card.quote.startswith("EXCEPT WITH RESPECT") and card.quote.endswith("TO SECTION 8 HEREUNDER).")
    # an item after a stop opens a clause of its own
    text2 = "(a) Either party shall not be liable for lost profits.\n(b) Either party's liability shall not exceed $100.\n"
    scored = findings.score_units(findings.page_units([text2]), FixedModel({"lost profits": {"Cap On Liability": 0.9}, "exceed": {"Cap On Liability": 0.8}}), [text2])
    assert len(findings.findings(scored, ["Cap On Liability"])) == 2


def test_which_terminations_are_for_cause_only():
    from shared.clauses.grounds import for_cause_only

    assert for_cause_only("The Company may terminate the Consultation Period at any time for Cause (as defined below).")  # CUAD dev (PANDION)
    assert for_cause_only("Either party may terminate this Agreement if the other party becomes insolvent or bankrupt.")
    assert not for_cause_only("Either party may terminate this Agreement with or without cause upon thirty (30) days notice.")
    assert not for_cause_only("This Agreement shall terminate (a) at the option of any party, upon 90 days' notice; or (b) upon a material breach.")
    assert not for_cause_only("Licensee may terminate this Agreement at any time upon sixty (60) days written notice.")
    # NCC (CUAD dev): a failure by a named party to pay is a cause too
    assert for_cause_only("11.1 NCC may terminate this Agreement after failure by the Owner or the Licensee to comply with a 30 day written notice from NCC to pay any outstanding fee.")
    # AIRSPAN (CUAD train, read on the final page): a failure to comply "materially" is a cause all the same
    assert for_cause_only("13.2 Either party may terminate this Agreement at any time during the term of this Agreement if either party fails "
                          "materially to comply with any covenant, term, or provision of this Agreement, by written notice given to the other "
                          "party not less than thirty (30) days prior to the effective date of such termination.")
    # KING PHARMACEUTICALS (CUAD train, read on the final page: a weak Termination For Convenience card that "meets" the playbook):
    # "at any time after providing ... notice and an opportunity to cure" is a time to cure a failure, no end at will
    assert for_cause_only("Either party may terminate this Agreement, effective at any time after providing sixty days written notice and an "
                          "opportunity to cure during such sixty day period, in the event of a material failure of the other party to comply with "
                          "its material obligations contained in this Agreement.")
    assert not for_cause_only("Either party may terminate this Agreement at any time after providing sixty days written notice, and either "
                              "party may terminate it upon a material breach.")
    # CARDAX collaboration (CUAD train, read on the final page: the absent Termination For Convenience quoted nothing instead): a party that
    # "ceases for any reason to carry on business" is a ground, no end for any reason
    from shared.clauses.instead import ends_for_cause
    bankrupt = ("This Agreement may be terminated by either Party, forthwith, or at any time thereafter by notice to the other if the other becomes "
                "bankrupt or insolvent, or enters into liquidation, or ceases for any reason to carry on business.")
    assert for_cause_only(bankrupt) and ends_for_cause(bankrupt)
    assert not ends_for_cause("Either party may terminate this Agreement for any reason, or if the other party breaches it.")


def test_an_end_both_parties_must_agree_to_is_no_termination_for_convenience():
    """VAPOTHERM manufacturing and supply (CUAD train, read on the final page): "(b) The parties may terminate this Agreement at any
    time by written agreement" was a Termination For Convenience card, "not decided" on its notice: an end both must agree to is no
    right of either. An end at will or on notice beside it still is one."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.grounds import by_agreement_only

    veto = NOT_A_CLAUSE["Termination For Convenience"]
    assert veto("(b) The parties may terminate this Agreement at any time by written agreement.")
    assert veto("This Agreement may be terminated by mutual written consent of the parties or by either party upon a material breach by the other.")
    assert veto("This Agreement may be terminated at any time upon the agreement of both parties.")
    assert by_agreement_only("If the Parties mutually agree to terminate this Agreement, the Parties shall wind down the Program.")
    assert not veto("This Agreement may be terminated by mutual written agreement, or by either party for any reason upon sixty (60) days notice.")
    assert not veto("This Agreement may be terminated (a) by mutual written agreement; or (b) by Licensee upon ninety (90) days' prior written notice to Licensor.")
    assert not by_agreement_only("The Parties agree that Licensee may terminate this Agreement at any time upon notice.")


def test_an_absent_termination_for_convenience_is_not_for_cause_only_beside_a_right_at_any_time():
    """HYDRON sponsorship (CUAD train, read on the final page): the page said "It gives rights to terminate for cause instead" of a
    contract whose sponsor may end it "upon written notice ... at any time between November 1, 1997 and December 15, 1997"."""
    from shared.clauses import instead
    from shared.clauses.grounds import at_will

    window = ("1.2 Hydron shall have the right to terminate this Agreement upon written notice to Dolphins at any time between November 1, "
              "1997 and December 15, 1997, in which event this Agreement shall be terminated following the Dolphins last 1997 game, if any.")
    assert at_will(window) and instead.INSTEAD["Termination For Convenience"].unless is at_will
    assert not at_will("Either party may terminate this Agreement at any time upon written notice if the other party breaches.")
    assert not at_will("The Agent may terminate this Agreement by giving the notice indicated below at any time after this Agreement becomes effective as follows:")
    cause = "Hydron may terminate this Agreement upon written notice if the Dolphins fail to cure a breach within thirty (30) days."
    model = FixedModel({"terminate": {"Termination For Convenience": 0.001}})
    for page, quoted in ((cause, True), (cause + "\n" + window, False)):
        (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], ["Termination For Convenience"], 1)
        assert ("instead" in gone) is quoted


def test_a_list_of_terminations_with_one_on_notice_alone_is_not_for_cause_only():
    """CCA INDUSTRIES (CUAD train, read on the final page): the list's last item, a right on notice alone, was
    the labelled Termination For Convenience, left out because items (a) and (b) end for a breach."""
    from shared.clauses.grounds import for_cause_only, notice_alone

    text = ("This Agreement shall be terminable as follows:\n(a) In the event that a party hereto commits a material breach of any of the terms\n"
            "or conditions of this Agreement the other party may terminate this Agreement (i) if\nsuch breach may be cured, upon written notice if "
            "the breaching party fails to cure\nsuch breach within thirty (30) days after its receipt of written notice thereof, or (ii) if\nsuch breach "
            "is incapable of cure, upon written notice to the other party thereof;\n(b) Notwithstanding the provisions of Section 8.01, in the event "
            "that a party hereto\nfails to pay any amounts payable hereunder when due, the other party may terminate this Agreement;\n(c) In "
            "accordance with the provisions of Section 8.03; or, (d) Either party hereto may\nterminate this Agreement after the Initial Period "
            "upon at least six (6) months' prior\nwritten notice to the other party thereof.")
    assert not for_cause_only(text)
    assert notice_alone(text).startswith("Either party hereto may") and notice_alone(text).endswith("thereof.")
    # a right on notice whose grounds follow is for cause all the same, and "thirty (30) days" is no item
    assert for_cause_only("Either party may terminate this Agreement upon thirty (30) days' written notice if: (a) the other party breaches "
                          "this Agreement; or (b) the other party becomes insolvent.")
    assert for_cause_only("Either party may terminate this Agreement upon thirty (30) days written notice to the other party in the event of a material breach.")


def test_a_clause_that_opens_on_the_last_word_of_a_page_is_quoted_from_it():
    texts = ["5. Payment of Premiums. The Company agrees to pay premiums on the Policy as provided under the Policy. In",
             "the event this Agreement is terminated, the Company shall not be liable for any premiums owed on the Policy.\n6. Payment."]
    model = FixedModel({"shall not be liable": {"Cap On Liability": 0.9}})
    found = findings.findings(findings.score_units(findings.page_units(texts), model, texts), ["Cap On Liability"])
    card = found[0].as_dict()
    assert (card["page"], card["quote"]) == (1, "In") and card["continues"]["quote"].startswith("the event this Agreement is terminated")


def test_what_a_renewal_term_and_an_uncapped_liability_are_not():
    """CANO PETROLEUM, SFG FINANCIAL (CUAD dev): a term that renews nothing is no Renewal Term;
    a cap that excepts nothing is no Uncapped Liability (it has a ceiling)."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    renewal, uncapped = NOT_A_CLAUSE["Renewal Term"], NOT_A_CLAUSE["Uncapped Liability"]
    assert renewal("The term of this Agreement shall be one (1) year, commencing January 1, 2008 and ending on December 31, 2008.")
    assert not renewal("This Agreement shall automatically renew for successive one (1) year terms unless either party gives notice.")
    assert renewal("this Agreement will terminate automatically one year after the closing of any sale of the Company by AIG.")  # SEPARATE ACCOUNT II
    assert renewal("This Agreement shall continue in force for a term of twelve (12) months from the Effective Date, unless terminated earlier.")
    assert not renewal("This Agreement shall continue thereafter from year to year unless either party gives notice of termination.")
    assert uncapped("IN NO EVENT SHALL LICENSOR'S AGGREGATE CUMULATIVE TOTAL LIABILITY UNDER THIS AGREEMENT EXCEED ONE HALF OF THE AMOUNT PAID.")
    assert not uncapped("The limitations of this Section shall not apply to a party's breach of its confidentiality obligations.")


@pytest.mark.skipif(not cuad.available(), reason="needs CUAD in the team folder")
def test_the_words_a_category_names_are_in_most_of_its_labelled_clauses_of_cuad_train():
    """``definitions._WORDS``: a clause that names none of its category's words is left out, so
    the words must be in at least 95% of the labelled clauses of CUAD train, per category."""
    from shared.clauses.definitions import _NAMES_NONE

    for cat, names_none in _NAMES_NONE.items():
        texts = [c["text"] for r in cuad.labels("train") for c in r["clauses"] if c["category"] == cat]
        named = sum(not names_none(t) for t in texts)
        assert len(texts) >= 20 and named / len(texts) >= 0.95, (cat, named, len(texts))


# CUAD dev cards each rule of definitions._WORDS ends, beside a clause of the category it keeps.
NAMES_ITS_CATEGORY = [
    # APOLLO: a warranty with no time is no Warranty Duration
    ("Warranty Duration", "ESTABLISHMENT warrants that all Product supplied under this Agreement shall conform with the Specifications.",
     "Contractor warrants the Products for thirteen (13) months from the Shipment Date."),
    # GRAN TIERRA: a unit conversion is no Minimum Commitment
    ("Minimum Commitment", "Each gallon is equal to three liters and seven thousand eight hundred and fifty three ten thousands of liters (3.7853).",
     "If the average number of Sales Representatives is less than twenty-five (25), Janssen may terminate this Agreement."),
    ("Volume Restriction", "Fiscal Year: means the period of time starting at 00:01 hours of January 1st of a year and ending at 24:00 hours of 31 December.",
     "Corio shall not demonstrate the Software to more than ten (10) Software Users at any one time."),
    # NEOFORMA: a grant naming no affiliate
    ("Affiliate License-Licensor", "9.4 Neoforma hereby grants VerticalNet a non-exclusive, non-transferable, royalty-free, right and license to link to the Neoforma Sites.",
     "Licensor, on behalf of itself and its Affiliates, hereby grants to Licensee a license under the Licensed Patents."),
    # WORLDWIDE STRATEGIES: a right to change or discontinue a product ends no contract; "end" is a word, not "endorse"
    ("Termination For Convenience", "TouchStar shall have the right at any time, upon thirty (30) days' written notice, to change the TouchStar Software "
     "or discontinue the production or marketing of all or any portion of it.", "Either party may end this Agreement at any time upon thirty (30) days' written notice."),
    # TRANSPHORM, VALENCE: a sum that may not be exceeded caps no one's liability
    ("Cap On Liability", "4.7.24 entering into any contract, agreement, commitment, transaction or series of transactions requiring the expenditure by the "
     "Company, or the making of any investment, which would exceed thirty million Japanese Yen (¥30,000,000) in the aggregate.",
     "IN NO EVENT SHALL SUPPLIER'S LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE AMOUNT RECEIVED BY SUPPLIER FROM THE DISTRIBUTOR HEREUNDER."),
    # PHASEBIO, NEON: a row of insurance limits, an expiry by date
    ("Insurance", None, "12.3.2.2 Umbrella Excess Liability: [***] dollars ($[***]) per occurrence."),
    ("Expiration Date", None, "This Agreement shall be effective through and including March 31, 2004."),
    # MANAKOA, ADAMS GOLF: a term that names its end only to say it may come sooner, or by a date, is no time after the end
    ("Post-Termination Services", "V. TERM AND TERMINATION The term of the Agreement will be for 12 months unless terminated sooner.",
     "On expiration or earlier termination of this Agreement, Supplier shall return to Customer all samples of the Product."),
    ("Post-Termination Services", "1. TERM OF CONTRACT The Term of this Agreement shall be for a period of three years commencing the 1st day of "
     "September 2004 and terminating the 31st day of August 2007.", "In the event of the early termination of this Agreement, the parties shall cooperate in the transfer."),
    # PANDION, EMERALD HEALTH: a non-solicit of employees, a confidentiality covenant, are no non-solicit of customers
    ("No-Solicit Of Customers", "During the Consultation Period and for a period of one year thereafter, the Consultant shall not (i) solicit any employee of "
     "the Company to leave the employ of the Company.", "During the Term, Dynamex agrees not to directly or indirectly solicit overnight freight customers of Purolator."),
]


@pytest.mark.parametrize("category, vetoed, kept", NAMES_ITS_CATEGORY, ids=[row[0] for row in NAMES_ITS_CATEGORY])
def test_a_clause_names_words_of_its_category(category, vetoed, kept):
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert vetoed is None or NOT_A_CLAUSE[category](vetoed)
    assert not NOT_A_CLAUSE[category](kept)


def test_a_minimum_disclaimed_is_no_minimum_commitment():
    """ANTARES (CUAD dev): "nothing in this Agreement requires AMAG to purchase any particular quantity"
    was a Minimum Commitment card with "A shortfall may cost money"."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Minimum Commitment"]
    assert veto("For avoidance of doubt, except for any Purchase Orders placed by AMAG, nothing in this Agreement requires AMAG to purchase any particular quantity of Products.")
    assert veto("There shall be no minimum amounts due from the Company hereunder.")
    assert not veto("AMAG shall purchase a minimum of 10,000 units of Product in each Contract Year.")
    if cuad.available():
        from shared.clauses.disclaimers import _NO_MINIMUM
        assert not any(_NO_MINIMUM.search(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Minimum Commitment")


def test_a_grant_disclaimed_grants_nothing():
    """BEYOND.COM (CUAD dev): "Nothing in this Agreement will be construed as granting any rights under
    any patent, copyright or other intellectual property right of the Company" was a License Grant card."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.disclaimers import disclaims_a_grant

    veto = NOT_A_CLAUSE["License Grant"]
    assert veto("Nothing in this Agreement will be construed as granting any rights under any patent, copyright or other intellectual property right of the Company.")
    assert veto("2.4 No license, right, or immunity is granted by either Party to the other, either expressly or by implication.")
    assert not veto("Licensor hereby grants to Licensee a non-exclusive license to use the Marks, with no right to sublicense.")
    assert NOT_A_CLAUSE["Ip Ownership Assignment"]("No title to the intellectual property in the Work is transferred to Sparkling by this Agreement.")
    # HOLIDAY RV (CUAD dev): a warranty of the right to grant grants nothing; one that also grants does
    assert veto("AGI warrants that it has the right and ability to grant the License to the Company to use the Trademarks for the Approved Use.")
    assert not veto("Licensor warrants that it has the right to grant, and hereby grants, to Licensee a license to use the Software.")
    if cuad.available():
        assert not any(disclaims_a_grant(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] in ("License Grant", "Ip Ownership Assignment"))


def test_an_indemnity_or_a_warranty_disclaimed_caps_nothing():
    """LEGACY TECHNOLOGY (CUAD dev): "SIERRA shall indemnify, defend and hold ENVISION harmless from any
    liability occasioned by a breach of warranty ..." was a Cap On Liability card saying the cap was
    not stated; an indemnity that limits nothing is no cap. One that does limit stays."""
    from shared.clauses.definitions import NOT_A_CLAUSE, disclaims_only, indemnity_only

    veto = NOT_A_CLAUSE["Cap On Liability"]
    assert veto("In the event any user of the Product makes a claim that the Product was the cause of personal injury, SIERRA shall indemnify, "
                "defend and hold ENVISION harmless from any liability occasioned by a breach of warranty or a product liability claim.")
    assert not veto("Licensor's obligation to indemnify Licensee under this Section shall not exceed the fees paid in the twelve months before the claim.")
    # "including without limitation" / "but not limited to" is no limit (FIBROGEN's indemnity)
    assert veto("Astellas shall indemnify and hold FG harmless from all losses, including, without limitation, reasonable attorneys' fees, "
                "including but not limited to those arising from the development of the Product.")
    assert not veto("Except for a party's obligation to indemnify under Section 9, in no event shall either party be liable for consequential damages.")
    # "but only to the extent arising from" sets what an indemnity covers, not how far liability goes (Antares, CUAD dev)
    assert veto("Antares shall indemnify and hold each AMAG Indemnitee harmless from any and all Damages, but only to the extent arising "
                "from a Third Person Claim because of any breach of this Agreement by Antares.")
    assert not veto("Supplier shall indemnify Buyer, and shall be liable only to the extent of the fees paid hereunder.")
    # SFG FINANCIAL (CUAD dev): a warranty disclaimed with no word of liability was a Cap On Liability card too
    assert veto("LICENSOR DOES NOT WARRANT THAT THE LICENSED TECHNOLOGY IS ERROR-FREE OR THAT IT WILL MEET LICENSEE'S REQUIREMENTS.")
    assert not veto("LICENSOR MAKES NO OTHER WARRANTY, AND IN NO EVENT SHALL ITS LIABILITY EXCEED THE FEES PAID.")
    if cuad.available():  # the three train labels it drops are plain indemnities ("The Company shall indemnify and hold CNET harmless ...")
        caps = [c["text"] for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Cap On Liability"]
        assert sum(map(indemnity_only, caps)) <= 3 and not any(map(disclaims_only, caps))



def test_a_clause_that_only_makes_a_party_liable_caps_nothing():
    """GRAN TIERRA, VALENCE (CUAD dev): "The SENDER shall be liable for any damage caused to ECOPETROL
    ..." and "... it shall be liable for damages accrued to the other Party ..." were Cap On Liability
    cards; a cap says how far liability goes (a sum, damages excluded, a time to sue, a party not liable)."""
    from shared.clauses.definitions import NOT_A_CLAUSE, bounds_nothing

    veto = NOT_A_CLAUSE["Cap On Liability"]
    assert veto("Article 99 If any Party or the Joint Venture Company breaches the provisions of this Chapter 17, it shall be liable for damages "
                "accrued to the other Party or the Joint Venture Company as a result of such breach.")
    assert not veto("Neither party may bring an action arising out of this Agreement more than two (2) years after the cause of action has arisen.")
    assert not veto("Both parties will not have liability for any damages other than direct damages.")
    assert not veto("Each Party agrees that it shall not pursue any damages against the other Party arising out of a decision not to pursue a Project.")
    if cuad.available():  # "SEV shall be liable for any damage caused to the Premises ...", a VAT gross-up, royalties as direct damages
        caps = [c["text"] for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Cap On Liability"]
        assert sum(map(bounds_nothing, caps)) <= 3

def test_a_restriction_that_restricts_nothing_is_none():
    """IMMUNOMEDICS (CUAD dev): "Janssen agrees to consider in good faith Company's feedback ..." was a
    Non-Compete card; a sentence with no word of a restriction is no non-compete, exclusivity or
    no-solicit. Real ones, in words of their own, stay."""
    from shared.clauses.definitions import NOT_A_CLAUSE, restricts_nothing

    assert NOT_A_CLAUSE["Non-Compete"]("Janssen agrees to consider in good faith Company’s feedback in the development of any new promotional materials during the Term.")
    assert not NOT_A_CLAUSE["Non-Compete"]("During the Term, neither Company nor any of its Affiliates shall commercialize in the Territory any Competing Product.")
    assert not NOT_A_CLAUSE["Exclusivity"]("Distributor shall purchase the Products exclusively from Supplier.")
    assert not NOT_A_CLAUSE["No-Solicit Of Employees"]("Each party agrees to refrain from hiring the other party's employees for one year.")
    # GOOSEHEAD (CUAD train): a lead-in is read with its items ("19.5.1 you will not ..."), not on its own
    assert not NOT_A_CLAUSE["No-Solicit Of Customers"]("You further covenant and agree that, for a continuous period of two (2) years after (1) the expiration of "
                                                       "this Agreement, and/or (2) a transfer as contemplated in Section 16 above:")
    if cuad.available():  # CUAD train labels it would drop: at most 1 in 100 of each
        for cat, most in (("Non-Compete", 1), ("Exclusivity", 2), ("No-Solicit Of Customers", 0), ("No-Solicit Of Employees", 0)):
            labels = [c["text"] for r in cuad.labels("train") for c in r["clauses"] if c["category"] == cat]
            assert sum(map(restricts_nothing, labels)) <= most, cat


def test_a_notice_to_end_that_renews_nothing_and_an_insurance_minimum_are_not_what_they_score_for():
    """ArTara (CUAD dev): "may be terminated by ArTara upon thirty (30) days prior written notice"
    ends a contract that renews nothing; "errors and omissions insurance with a minimum of ... per
    occurrence" is no minimum purchase."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("This Agreement may be terminated by ArTara upon thirty (30) days prior written notice to University.")
    assert not NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("This Agreement renews unless either party gives notice 60 days before the end of the then-current term.")
    assert NOT_A_CLAUSE["Minimum Commitment"]("Such insurance will additionally include errors and omissions insurance with a minimum of $1,000,000 per occurrence.")
    assert not NOT_A_CLAUSE["Minimum Commitment"]("Distributor shall purchase a minimum of 10,000 units per year.")
    # PLAYBOY (CUAD dev): a renewal that names no notice is no notice to end one
    assert NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("This Agreement shall automatically renew for an additional period of three (3) years provided that EFS achieves Net Merchandise Sales of at least *****.")
    assert not NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("The Term will be 3 years with automatic 2 year term extensions unless otherwise advised by one of the Parties.")
    # LIGHTBRIDGE (CUAD dev): a term that continues until the earlier of an anniversary and a termination on notice renews nothing
    assert NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("This Agreement shall continue in effect until the earlier of (a) the fifth (5th) anniversary of the Effective Date, and (b) termination by either Party for any reason upon thirty (30) days' written notice.")
    # DATACALL (CUAD dev): a term's length with "extended" is no notice to end a renewal
    assert NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("The term of this letter Agreement shall continue for twenty-four (24) months with the effective date unless terminated sooner or extended pursuant to the terms hereof.")


def test_a_non_exclusive_grant_is_no_exclusivity():
    """ENERGOUS (CUAD dev)."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Exclusivity"]("each party hereby grants to the other party a non-exclusive, non-transferable, worldwide right and license to use the Marks.")
    assert not NOT_A_CLAUSE["Exclusivity"]("Licensor grants a non-exclusive license to use the Marks, and an exclusive license to sell the Products in the Territory.")


def test_a_termination_for_cause_at_any_time_on_notice_is_for_cause():
    """Emerald Health (CUAD dev)."""
    from shared.clauses.grounds import for_cause_only

    assert for_cause_only("The Company may terminate this Agreement and the Contractor's engagement for Cause at any time on written notice to the Contractor.")
    assert not for_cause_only("ISO may terminate this Agreement for cause upon prior written notice as follows: (a) upon a material breach; ... "
                              "(j) At any time upon one hundred eighty (180) days prior written notice to the SERVICERS with no penalty.")


def test_a_clause_that_names_an_employee_is_no_no_solicit_clause():
    """Prudential Bancorp (CUAD dev): "may be terminated ... by either the Employer or the Employee"."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["No-Solicit Of Employees"]
    assert veto("This Agreement may be terminated at any time while the Employee is living by written notice thereof by either the Employer or the Employee.")
    assert not veto("The Contractor and the Customer will not be allowed to employ employees of the other party for one (1) year.")


def test_a_forum_clause_is_no_governing_law():
    """DataCall (CUAD dev): the courts a dispute goes to are not the law that governs it."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Governing Law"]
    assert veto("The courts of competent jurisdiction at New York City, New York, shall have the exclusive jurisdiction over any dispute arising out of or in connection with this Agreement.")
    assert not veto("This Agreement shall be governed and construed in accordance with the laws of the United States of America.")
    assert not veto("Effective legislation of the Republic of Kazakhstan shall apply to any relations of the Parties arising out of this Contract.")


def test_a_definition_is_no_clause_where_the_category_is_a_right_or_a_duty():
    """REWALK and PHREESIA (CUAD dev): "“Term” means ..." was a notice-to-end-a-renewal card and
    "“Competing Provider” means ..." a non-compete card. A category whose clause may be a defined
    period or quantity keeps its definitions ("“Warranty Period” means a period of ...")."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Notice Period To Terminate Renewal"]("“Term” means the Initial Term and any such renewal term.")
    assert NOT_A_CLAUSE["Non-Compete"]("“Competing Provider” means any electronic health record vendor whose products or services are directly competitive with Allscripts business.")
    assert NOT_A_CLAUSE["License Grant"]("1.1.198 “US Commercialization Rights” shall mean any license or grant of other rights to Commercialize the Product.")
    assert not NOT_A_CLAUSE["Non-Compete"]("Distributor shall not sell products that compete with the Products during the Term.")
    assert not NOT_A_CLAUSE.get("Warranty Duration", lambda t: False)("“Warranty Period” means a period of twelve months from the relevant Supplier's shipment of the Product.")
    assert not NOT_A_CLAUSE["Minimum Commitment"]("“Minimum Quantity” means 1,000 pounds of Terpene Product per Year.")


@pytest.mark.skipif(not cuad.available(), reason="needs CUAD in the team folder")
def test_definitions_and_verbless_text_are_ruled_out_only_where_train_labels_almost_never_are_either():
    """``definitions.defines_a_word`` and ``states_nothing`` leave a text out of a category only
    where at most 1 in 100 of its labelled clauses of CUAD train reads so."""
    from shared.clauses.definitions import _NO_DEFINITION, _VERBLESS, defines_a_word, states_nothing

    labels = [c for r in cuad.labels("train") for c in r["clauses"]]
    for cat in {c["category"] for c in labels} - set(cuad.NON_CLAUSE):
        texts = [c["text"] for c in labels if c["category"] == cat]
        if cat in _NO_DEFINITION:
            assert sum(map(defines_a_word, texts)) <= max(1, len(texts) / 100), cat
        if cat not in _VERBLESS:
            assert sum(map(states_nothing, texts)) <= max(1, len(texts) / 100), cat


def test_a_title_or_a_row_is_no_clause():
    """EMERALD HEALTH, REVOLUTION MEDICINES, WESTERN COPPER (CUAD dev): a title states no right or duty."""
    from shared.clauses.definitions import NOT_A_CLAUSE, states_nothing

    assert states_nothing("(a) Royalty Rates for Royalties Payable by Sanofi on Net Sales outside the United States.")
    assert NOT_A_CLAUSE["Rofr/Rofo/Rofn"]("PART 2 NON COMPETITION AND RIGHT OF FIRST REFUSAL Non-Competition by Western Copper")
    assert not states_nothing("The laws of the State of New York govern all matters arising out of this Agreement.")
    assert not states_nothing("Licensee shall have a right of first refusal to purchase the Shares.")
    assert not NOT_A_CLAUSE["Rofr/Rofo/Rofn"]("Licensee shall have a right of first refusal to purchase the Shares.")


def test_a_termination_on_a_change_of_control_is_no_termination_for_convenience():
    """DYNAMEX (CUAD dev): an end on an event is not an end without cause."""
    from shared.clauses.grounds import for_cause_only

    assert for_cause_only("19.2 In the event of a change in control of a Party, the other Party shall have the right, upon written prior notice, to terminate this Agreement.")
    assert not for_cause_only("Either Party may terminate this Agreement, without cause, by giving two (2) years written notice.")


def test_a_non_exclusive_licence_for_a_purpose_is_no_exclusivity_nor_an_affiliate_licence():
    """PLAYBOY (CUAD dev): "solely in connection with" limits a licence's purpose, and "without any
    right to sublicense" names no sublicensee."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    grant = ("During the Term, Client grants EFS a limited, non-exclusive, non-transferable, non-assignable (without any right to sublicense), "
             "world-wide license to use the Playboy Content solely in connection with the promotion of the Playboy Commerce Business.")
    assert NOT_A_CLAUSE["Exclusivity"](grant) and NOT_A_CLAUSE["Affiliate License-Licensee"](grant)
    assert not NOT_A_CLAUSE["Exclusivity"]("Distributor shall purchase the Products only from Supplier, and Supplier grants a non-exclusive license to the Marks.")
    assert not NOT_A_CLAUSE["Affiliate License-Licensee"]("Licensor grants Licensee a non-exclusive license, with the right to sublicense to its Affiliates.")


def test_a_termination_on_a_death_or_a_disability_is_no_termination_for_convenience():
    """SLINGERBAG (CUAD dev)."""
    from shared.clauses.grounds import for_cause_only

    assert for_cause_only("The Company may terminate the Consultant’s engagement upon the Consultant’s Disability.")
    assert not for_cause_only("The Company may terminate Consultant’s engagement at any time by giving Consultant 60 days prior written Notice of the termination.")


def test_an_upper_case_clause_cut_by_a_page_break_after_for_is_quoted_from_its_start():
    """STAMPS.COM (CUAD dev): "IN NO EVENT WILL EITHER PARTY BE LIABLE FOR" | (next page)
    "CONSEQUENTIAL, INCIDENTAL, ... DAMAGES" was quoted from "CONSEQUENTIAL"."""
    pages = ["14. Limitation of Liability. The parties agree that no party will be liable for lost profits. IN NO EVENT WILL EITHER PARTY BE LIABLE FOR",
             "CONSEQUENTIAL, INCIDENTAL, SPECIAL, INDIRECT, OR EXEMPLARY DAMAGES ARISING OUT OF THIS AGREEMENT, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.\n\n15. Notices. All notices shall be in writing."]
    units = findings.page_units(pages)
    i = next(k for k, u in enumerate(units) if u.text.startswith("CONSEQUENTIAL"))
    first, _ = extent.sentence(units, i, None)
    assert units[first].text.startswith("IN NO EVENT") or "IN NO EVENT" in units[first].text


def test_a_term_of_ten_years_thereafter_renews_nothing():
    """LEJU (CUAD dev): "shall continue for a period of ten (10) years thereafter" was also a Renewal Term card."""
    from shared.clauses.definitions import renews_nothing

    assert renews_nothing("The initial term of this Agreement shall commence on the Effective Date and shall continue for a period of ten (10) years thereafter.")
    assert not renews_nothing("This Agreement shall continue thereafter from year to year unless either party gives notice.")
    # EDIETS (CUAD dev): a definition of the term names renewals and renews nothing
    assert renews_nothing('As used in this agreement, "Term" shall mean the Initial Term and the Renewal Terms, if any.')
    assert not renews_nothing('"Term" means the Initial Term and any Renewal Terms, each renewal for one (1) year unless either party gives notice.')


def test_a_termination_on_notice_before_an_expiry_is_no_notice_to_end_a_renewal():
    """TICKETS.COM (CUAD dev): nothing renews in "Tickets may terminate this Agreement for any reason upon
    thirty (30) days' notice ... at any time prior to the expiration of sixty (60) days"."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Notice Period To Terminate Renewal"]
    assert veto("Tickets may terminate this Agreement for any reason upon thirty (30) days' notice at any time prior to the expiration of sixty (60) days subsequent to the Effective Date.")
    assert not veto("This Agreement renews for successive one-year terms unless either party gives notice 60 days before the end of the then-current term.")


def test_equitable_relief_is_no_cap_and_an_end_for_a_default_is_no_expiry():
    """REWALK (CUAD dev)."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    cap, expiry = NOT_A_CLAUSE["Cap On Liability"], NOT_A_CLAUSE["Expiration Date"]
    assert cap("11. REMEDIES Each of the parties agrees that money damages will not be a sufficient remedy for any breach of the above agreement.")
    assert not cap("Except for injunctive relief, in no event shall either party's liability exceed the fees paid.")
    assert expiry("Either party may terminate this Agreement by giving written notice of termination to the other party if the other party defaults "
                  "in the performance of any of its material obligations and fails to cure such default within sixty (60) days after receipt of notice.")
    assert not expiry("This Agreement shall continue for five (5) years unless terminated earlier by either party for a material breach.")
    # NUVEEN (CUAD dev): what outlasts the contract is survival, no expiry
    assert expiry("Regardless of any termination of this Agreement pursuant to Section 10 hereof, the obligations of the Fund pursuant to "
                  "Sections 3, 4 and 9 hereof shall remain operative and in full force and effect until fully satisfied.")
    # HUBEI MINKANG (CUAD dev): severability keeps the rest of the contract and ends nothing
    assert expiry("If any clause of this Agreement shall be held to be invalid, illegal or otherwise voidable or unenforceable, the entire "
                  "Agreement shall not fail on account thereof, and the balance of this Agreement shall continue in full force and effect.")


@pytest.mark.skipif(not cuad.available(), reason="needs CUAD in the team folder")
def test_equitable_relief_and_ends_for_cause_are_rare_in_the_labels_they_rule_out():
    from shared.clauses.definitions import ends_for_cause_only, equitable_only

    labels = [c for r in cuad.labels("train") for c in r["clauses"]]
    assert sum(equitable_only(c["text"]) for c in labels if c["category"] == "Cap On Liability") == 0
    assert sum(ends_for_cause_only(c["text"]) for c in labels if c["category"] == "Expiration Date") <= 1


def test_a_definition_that_points_elsewhere_is_no_clause_of_any_category():
    """IMMUNOMEDICS (CUAD dev): three Minimum Commitment cards were "1.6x “Minimum ... Requirement” has the meaning set forth in Exhibit B"."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Minimum Commitment"]("1.65 “Minimum Top Target Requirement” has the meaning set forth in Exhibit B.")
    assert not NOT_A_CLAUSE["Minimum Commitment"]("“Minimum Quantity” means 1,000 pounds of Terpene Product per Year.")
    if cuad.available():
        from shared.clauses.definitions import not_the_contract
        assert not any(not_the_contract(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] not in cuad.NON_CLAUSE)


def test_a_disclaimed_right_of_first_refusal_is_none():
    """FIBROGEN (CUAD dev)."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Rofr/Rofo/Rofn"]
    assert veto("FG and Astellas hereby agree that FG’s obligation to negotiate non-exclusively for the Expanded Field shall not constitute a right of first offer, right of first refusal, right of first negotiation.")
    assert not veto("Licensee shall have a right of first refusal to purchase the Shares on the terms offered by any third party.")
    if cuad.available():
        assert not any(veto(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Rofr/Rofo/Rofn")


def test_an_end_at_any_time_upon_listed_events_is_for_cause():
    """BIOFRONTERA (CUAD dev)."""
    from shared.clauses.grounds import for_cause_only

    assert for_cause_only("This Agreement may be terminated at any time upon the occurrence of any of the following events: 4.2.1 The failure of either "
                          "party to comply with its obligations herein, which failure is not remedied within forty-five (45) calendar days.")
    assert not for_cause_only("Either party may terminate this Agreement at any time upon ninety (90) days written notice.")


def test_a_freedom_is_no_restriction():
    """BEYOND.COM (CUAD dev): "Nothing in this Agreement shall prohibit Co-Host from distributing
    competing products in the Territory" was a non-compete card: "Restricts a party's business"."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.disclaimers import CARVED_OUT_OF, RESTRICTIONS, carves_out, frees_a_party

    assert NOT_A_CLAUSE["Non-Compete"]("Nothing in this Agreement shall prohibit Co-Host from distributing competing products in the Territory.")
    assert not NOT_A_CLAUSE["Non-Compete"]("During the Term, Distributor shall not distribute competing products in the Territory.")
    # VNUE: exclusivity disclaimed of a name with a dot in it
    assert NOT_A_CLAUSE["Exclusivity"]("It is understood that VNUE does not agree to use BookingEntertainment.com exclusively as its Promoter.")
    # SPORT-HALEY: "... the Professional shall not be prevented from ... licensing others ..." sets a party free
    assert NOT_A_CLAUSE["Exclusivity"]("Except with respect to endorsement rights granted to the Company, the Professional shall retain all rights in "
                                       "his name and the Professional shall not be prevented from licensing others to use his name for any product other than golf apparel.")
    # FREEZE TAG: "Nothing shall prohibit ..." with no "in this Agreement"
    assert NOT_A_CLAUSE["Non-Compete"]("Nothing shall prohibit the Association, during the period of this Agreement, from licensing the use of "
                                       "substantially similar marks for substantially similar uses in working with other companies or industries.")
    # BEYOND.COM, HALITRON, STAMPS.COM: a carve-out that names the restriction it limits, or sets a party free
    assert NOT_A_CLAUSE["Non-Compete"]("The preceding sentence shall not prohibit NAI from (i) reselling Software from the McAfee Mall.")
    assert NOT_A_CLAUSE["Exclusivity"]("These exclusivity obligations will not limit Smith's right to appear in any of the entertainment fields.")
    assert NOT_A_CLAUSE["Non-Compete"]("(iv) During the Termination Period and thereafter, MBE will be free to use its own personnel to design an Internet-based system.")
    assert not NOT_A_CLAUSE["Non-Compete"]("Consultant shall not compete with the Company; provided that the foregoing shall not prohibit Consultant from owning 1% of a public company.")
    # a no-solicit of employees keeps its proviso (OFG BANCORP, CUAD train: labelled with it)
    assert not NOT_A_CLAUSE["No-Solicit Of Employees"]("The foregoing shall not preclude either party from employing any such employee who seeks employment with "
                                                       "the other party in response to any general advertisement or solicitation.")
    if cuad.available():
        assert not any(frees_a_party(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] in RESTRICTIONS)
        assert not any(carves_out(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] in CARVED_OUT_OF)



def test_a_third_party_benefit_disclaimed_is_no_third_party_beneficiary():
    """BNL FINANCIAL, NEOFORMA, SUNTRON (CUAD dev): "No third party is intended to be ... a third party
    beneficiary of this Agreement" was a Third Party Beneficiary card in seven contracts that give no one
    outside them a right; a disclaimer that excepts someone, or a clause that names a beneficiary, stays."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.disclaimers import disclaims_a_beneficiary

    veto = NOT_A_CLAUSE["Third Party Beneficiary"]
    assert veto("No third party is intended to be nor shall any such third party be deemed to be a third party beneficiary of this Agreement.")
    assert veto("Nothing in this Agreement is intended to confer benefits, rights or remedies unto any person or entity other than the Parties and their permitted successors and assigns.")
    assert veto("This Agreement and the provisions herein are for the benefit of the Parties only, and are not intended to confer any rights or benefits to any Third Party.")
    assert not veto("Except as set forth in Sections 10.3 and 10.4, nothing in this Agreement is intended to confer benefits, rights or remedies unto any person other than the Parties.")
    assert not veto("Other than Affiliates of a Party, nothing expressed or implied in this Agreement is intended to confer upon any Person other than the Parties any rights.")
    assert not veto("Ehave shall be a third party beneficiary hereunder, but shall not have any obligations to the End User thereunder.")
    if cuad.available():
        assert not any(disclaims_a_beneficiary(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Third Party Beneficiary")



def test_an_absence_the_contract_states_is_quoted_and_needs_no_check():
    """BNL FINANCIAL, ALLISON (CUAD dev): asked about third-party beneficiaries, the contract that says
    "No third party is intended to be ... a third party beneficiary" has no such clause, and says so:
    the absence quotes it, under a bare title the clause below it, and carries no "check it"."""
    page = ("14. No Third-Party Beneficiaries.\nNothing in this Agreement is intended to confer any rights or remedies on any Person "
            "other than the Parties.\n15. Notices.\nAll notices shall be in writing.\n")
    for scored_text in ("No Third-Party", "Nothing in this"):
        scored = findings.score_units(findings.page_units([page]), FixedModel({scored_text: {"Third Party Beneficiary": 0.9}}), [page])
        assert findings.findings(scored, ["Third Party Beneficiary"]) == []
        (gone,) = findings.absent(scored, [], ["Third Party Beneficiary"], 1)
        assert gone["disclaimed"] == {"page": 1, "quote": "Nothing in this Agreement is intended to confer any rights or remedies on any Person other than the Parties."}
        assert gone["likely"] is False
    # one that excepts the indemnified persons names beneficiaries: a card, no disclaimer
    page = "Except for the Persons indemnified under Article VII, nothing in this Agreement is intended to confer any rights on any Person other than the Parties.\n"
    scored = findings.score_units(findings.page_units([page]), FixedModel({"Except for": {"Third Party Beneficiary": 0.9}}), [page])
    assert len(findings.findings(scored, ["Third Party Beneficiary"])) == 1 and findings.disclaimer(scored, "Third Party Beneficiary") is None
    # a title over a clause that says something else disclaims nothing
    page = "9. No Third Party Beneficiary.\nNone of the terms of this Agreement may be waived except in writing.\n"
    scored = findings.score_units(findings.page_units([page]), FixedModel({"No Third": {"Third Party Beneficiary": 0.9}}), [page])
    assert findings.disclaimer(scored, "Third Party Beneficiary") is None


def test_exclusivity_disclaimed_is_no_exclusivity():
    """CANO PETROLEUM, NICE (CUAD dev): "Cano recognizes and agrees that it does not and will not have
    exclusive rights ..." was an Exclusivity card in a contract with none; an exclusive grant stays."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.disclaimers import disclaims_exclusivity

    veto = NOT_A_CLAUSE["Exclusivity"]
    assert veto("Cano recognizes and agrees that it does not and will not have exclusive rights and that other sponsor's logos may appear on the boat.")
    assert veto("This Agreement shall not be interpreted as granting Contractor any exclusive rights in respect of the Manufacturing Services.")
    assert not veto("Supplier hereby appoints Distributor as its exclusive distributor in the Territory, and shall not appoint any other distributor there.")
    assert not veto("Licensee shall not sublicense its rights, and the license granted to Licensee is exclusive in the Territory.")
    # a non-exclusive grant is no exclusivity, but no word that the contract has none (ARCONIC): not quoted beside an absence
    from shared.clauses.disclaimers import DISCLAIMERS
    grant = "Licensor also grants to Licensee a non-exclusive, worldwide royalty-free license for continued use of the Licensed Mark."
    assert veto(grant) and not DISCLAIMERS["Exclusivity"](grant)
    assert DISCLAIMERS["Exclusivity"]("Cano recognizes and agrees that it does not and will not have exclusive rights.")
    if cuad.available():  # "Fox has not granted and will not grant any exclusive distribution rights ..."; "shall become non-exclusive after ..."
        assert sum(disclaims_exclusivity(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Exclusivity") <= 2

def test_a_restriction_is_not_its_own_exception():
    """SFG FINANCIAL (CUAD dev): "... the Licensee will not solicit any person employed by Licensor ..." was a
    Competitive Restriction Exception card; an exception carves out, permits or keeps, the restriction does not."""
    from shared.clauses.definitions import NOT_A_CLAUSE
    from shared.clauses.disclaimers import carves_out_nothing

    veto = NOT_A_CLAUSE["Competitive Restriction Exception"]
    assert veto("During the Term of this Agreement and during the three year period after the expiration or termination of this Agreement, "
                "the Licensee will not solicit any person employed by Licensor and/or its Affiliates to leave his or her employment with Licensor.")
    assert not veto("Notwithstanding the foregoing, Distributor may continue to sell its existing products in the Territory.")
    assert not veto("In order to maintain the exclusivity granted hereunder, Zanotti shall provide Aura with orders for a minimum of 1,000 Systems.")
    if cuad.available():
        assert not any(carves_out_nothing(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Competitive Restriction Exception")

def test_a_recital_is_no_clause():
    """ATENTO, BIOFRONTERA, BNL FINANCIAL (CUAD dev): "WHEREAS, Licensee wishes to obtain ... the right
    and license to use ..." was a licence-grant card; "WHEREAS, BNL is an insurance company ..." an insurance card."""
    from shared.clauses.definitions import NOT_A_CLAUSE, not_the_contract

    assert NOT_A_CLAUSE["License Grant"]("WHEREAS, Licensee wishes to obtain from Licensor the right and license to use the Licensed Mark.")
    assert not NOT_A_CLAUSE["License Grant"]("Licensor hereby grants to Licensee a non-exclusive license to use the Licensed Mark.")
    if cuad.available():
        assert not any(not_the_contract(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] not in cuad.NON_CLAUSE)


def test_the_title_and_the_parties_and_what_a_party_desires_are_no_clause():
    """INNERSCOPE and LUCID (CUAD dev): "EXCLUSIVE DISTRIBUTOR AGREEMENT This agreement (“Agreement”) is
    made by and between Erchonia Corporation." and the recital "C. Distributor desires to obtain the
    exclusive right ..." were Exclusivity cards; a condition on what a party wishes is a clause."""
    from shared.clauses.definitions import NOT_A_CLAUSE, not_the_contract

    assert NOT_A_CLAUSE["Exclusivity"]("EXCLUSIVE DISTRIBUTOR AGREEMENT This agreement (“Agreement”) is made by and between Erchonia Corporation.")
    assert NOT_A_CLAUSE["Exclusivity"]("EXHIBIT 10.9 DISTRIBUTOR AGREEMENT This Distributor Agreement (the ‘Agreement’) dated [*] is between Lucid Inc.")
    assert NOT_A_CLAUSE["Exclusivity"]("C. Distributor desires to obtain the exclusive right to distribute the Products pursuant to this Agreement.")
    assert NOT_A_CLAUSE["Source Code Escrow"]('(2) [-4] ("the Licensee"); and (3) NCC ESCROW INTERNATIONAL LIMITED ("NCC");')  # HEALTHGATE
    assert not_the_contract('THIS EXCLUSIVE DISTRIBUTOR AGREEMENT (the "Agreement") shall be effective as of _Dec. 8, 2005 (hereinafter '
                            '"Effective Date"), by and between LifeUSA/ Envision Health, Inc., a corporation, and Sierra Mountain Minerals, Inc.')  # LEGACY
    assert not not_the_contract("This Agreement shall be effective as of the Effective Date and shall continue for five (5) years.")
    assert not_the_contract("“Employer’s Interest in the Policies” is defined in Articles IV and V.")  # PRUDENTIAL BANCORP: an Insurance card
    assert not_the_contract("ESCROW AGREEMENT: DATED: Between: (1) [-1] whose registered office is at [-2] (\"the Owner\");")
    assert not not_the_contract("If the Company wishes to purchase all of the ROFR Shares, the Company shall deliver a notice to the Seller.")
    assert not not_the_contract("Licensee desires to obtain an exclusive license, and Licensor hereby grants it on the terms below.")
    assert not not_the_contract("This Agreement is entered into in the State of Texas and shall be governed by the laws of the State of Texas.")
    if cuad.available():
        assert not any(not_the_contract(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] not in cuad.NON_CLAUSE)


def _train_vetoed(veto, category: str) -> int:
    """How many of CUAD train's labelled clauses of ``category`` ``veto`` rules out."""
    return sum(veto(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] == category)


def test_remedies_that_add_up_control_of_a_thing_and_a_word_defined_in_title_case_are_no_clause():
    """SFG FINANCIAL (CUAD dev): "Termination ... will be a nonexclusive remedy for breach and will be without
    prejudice to any other right or remedy" was a Cap On Liability card; a return of what is "in Licensee's
    possession or control" upon termination a Change Of Control card; "Source Code means fully documented
    human-readable source code ..." a Source Code Escrow card. Each veto keeps CUAD train's labels as before."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    cap, coc, escrow = NOT_A_CLAUSE["Cap On Liability"], NOT_A_CLAUSE["Change Of Control"], NOT_A_CLAUSE["Source Code Escrow"]
    assert cap("NON EXCLUSIVE REMEDY Termination of this Agreement by either party will be a nonexclusive remedy for breach and will be "
               "without prejudice to any other right or remedy of such party.")
    assert not cap("The remedies herein are cumulative, but in no event shall either party's aggregate liability exceed the fees paid.")
    assert coc("Upon termination, Licensee shall ship to Licensor all Licensed Technology in Licensee's possession or control.")
    assert not coc("Upon any change of control of Licensee, Licensor may terminate this Agreement on written notice.")
    assert escrow("Source Code means fully documented human-readable source code form of the Software, including programmer's notes.")
    assert not escrow("Licensor shall deposit the Source Code with the Escrow Agent within thirty days of the Effective Date.")
    if cuad.available():
        assert _train_vetoed(cap, "Cap On Liability") <= 3 and _train_vetoed(coc, "Change Of Control") <= 5
        assert _train_vetoed(escrow, "Source Code Escrow") == 0


def test_what_a_party_owns_is_no_exclusivity_and_a_cost_split_shares_no_revenue():
    """SMART RX, MOVADO, INNOVIVA (CUAD dev): "The Company Marks are the exclusive property of Company.", "the
    Company shall be the sole and exclusive owner of the Policy" were Exclusivity cards, "The arbitrator's fee
    shall be shared equally by the parties." a Revenue/Profit Sharing card; no CUAD train label reads so."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    excl, share = NOT_A_CLAUSE["Exclusivity"], NOT_A_CLAUSE["Revenue/Profit Sharing"]
    assert excl("The Company Marks are the exclusive property of Company.")
    assert excl("Except as otherwise provided in this Agreement, the Company shall be the sole and exclusive owner of the Policy.")
    assert not excl("Company hereby appoints Distributor as its exclusive distributor for the State of Texas.")
    assert share("The arbitrator's fee shall be shared equally by the parties.")
    assert not share("The parties shall share equally in the net profits of the venture.")
    if cuad.available():
        assert _train_vetoed(excl, "Exclusivity") <= 4 and _train_vetoed(share, "Revenue/Profit Sharing") <= 7


def test_a_filing_legend_is_no_clause():
    """GPAQ (CUAD dev): the filing's legend was a non-compete card."""
    from shared.clauses.definitions import NOT_A_CLAUSE, not_the_contract

    assert NOT_A_CLAUSE["Non-Compete"]("CERTAIN INFORMATION HAS BEEN EXCLUDED FROM THIS EXHIBIT BECAUSE IT IS NOT MATERIAL AND WOULD LIKELY CAUSE "
                                       "COMPETITIVE HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED.")
    if cuad.available():
        assert not any(not_the_contract(c["text"]) for r in cuad.labels("train") for c in r["clauses"] if c["category"] not in cuad.NON_CLAUSE)


def test_a_definition_of_a_word_in_capitals_is_no_clause_of_a_right_or_duty():
    """NEOFORMA (CUAD dev): "1.51 VERTICALNET COMPETITOR shall mean any Site ..." was a non-compete card."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Non-Compete"]("1.51 VERTICALNET COMPETITOR shall mean any Site primarily directed to the sale or auction of Laboratory Products.")
    assert not NOT_A_CLAUSE["Non-Compete"]("THE DISTRIBUTOR shall not sell competing products in the Territory.")


def test_a_lead_in_is_judged_with_the_items_it_leads_into():
    """VALENCE (CUAD dev): "Each Party shall have the right to terminate this Contract ... if any of the following
    events occur:" was a Termination For Convenience card; its items are a failure to contribute, a breach, a
    bankruptcy: an end for cause. Read alone the lead-in names no ground; with its items it names only grounds."""
    page = ("Article 104 Each Party shall have the right to terminate this Contract by written notice to the other Party if any of the following events occur:\n"
            "(1) the other Party fails to make its capital contribution within ninety days of the due date;\n"
            "(2) the other Party materially breaches this Contract and such breach is not cured within sixty (60) days;\n"
            "(3) the other Party becomes bankrupt.\n")
    scored = findings.score_units(findings.page_units([page]), FixedModel({"following events": {"Termination For Convenience": 0.9}}), [page])
    assert findings.findings(scored, ["Termination For Convenience"]) == []
    page = page.replace("(3) the other Party becomes bankrupt.", "(3) either Party wishes to end it, for any reason, on ninety (90) days' notice.")
    scored = findings.score_units(findings.page_units([page]), FixedModel({"following events": {"Termination For Convenience": 0.9}}), [page])
    assert len(findings.findings(scored, ["Termination For Convenience"])) == 1


def test_a_lead_in_is_quoted_with_the_items_it_leads_into():
    """ADAMS GOLF (CUAD dev): "... CONSULTANT shall not:" was an Exclusivity card by itself, its
    items (what the consultant shall not do) left out; the label is the lead-in with its items."""
    page = ("4. EXCLUSIVITY\nDuring the term of this Agreement, CONSULTANT shall not:\n"
            "A. give the right to use CONSULTANT's name or likeness to any other manufacturer of PRODUCT;\n"
            "B. sponsor or endorse any other golf equipment;\n"
            "5. PAYMENT\nADAMS GOLF shall pay the fees monthly.\n")
    scored = findings.score_units(findings.page_units([page]), FixedModel({"shall not:": {"Exclusivity": 0.9}}), [page])
    (card,) = findings.findings(scored, ["Exclusivity"])
    assert "CONSULTANT shall not: A. give" in card.quote and card.quote.endswith("other golf equipment;"), card.quote
    units = findings.page_units([page])
    lead = next(k for k, u in enumerate(units) if u.text.endswith("shall not:"))
    assert extent.with_items(units, lead) == lead + 2  # never into the next title
    assert extent.with_items(units, lead + 1) == lead + 1  # a clause that leads into nothing ends where it ends
    # items whose space the text lost ("B.sponsor"); the list ends at the item that ends with a stop
    page = ("CONSULTANT shall not:\nA.give the right to use CONSULTANT's name to any other manufacturer;\nB.sponsor or endorse PRODUCT "
            "made by any other manufacturer; or\nC.serve as an advisor of any other manufacturer of PRODUCT.\n"
            "D.Notwithstanding paragraphs 4A, 4B and 4C above, CONSULTANT shall be entitled to endorse the putter.")
    units = findings.page_units([page])
    assert units[extent.with_items(units, 0)].text.endswith("manufacturer of PRODUCT.")
    # the next alternative after a semicolon ("... CLAIM;" | "OR FIVE HUNDRED THOUSAND DOLLARS": HYPERION, CUAD train), in the
    # alternative's unit (in upper case "OR" after a semicolon opens no sentence: the two are one unit since BELLICUM)
    page = ("DEVELOPER'S MAXIMUM LIABILITY HEREUNDER IS EXPRESSLY LIMITED TO THE LESSER OF:\nTHE AMOUNT PAID UNDER THIS AGREEMENT WITHIN THE "
            "SIX (6) MONTH PERIOD IMMEDIATELY PRECEDING THE CLAIM;\nOR FIVE HUNDRED THOUSAND DOLLARS ($500,000).\n7. DISTRIBUTOR OBLIGATIONS.\n")
    units = findings.page_units([page])
    assert units[extent.with_items(units, 0)].text.endswith("OR FIVE HUNDRED THOUSAND DOLLARS ($500,000)."), [u.text for u in units]


def test_a_table_after_a_lead_in_is_the_rest_of_its_clause_a_numbered_title_is_not():
    """ArTara (CUAD dev): "... pay tiered Royalties ... as set forth below:" and its table of rates
    were two cards; the table's head ("Annual Net Sales of Product for the") reads like a title."""
    page = ("ArTara will pay tiered Royalties based on annual Net Sales of Product as set forth below:\n"
            "Annual Net Sales of Product for the\nIndication\nAnnual Royalty Rate\n$0 - $25,000,000 1.75%\n>$25,000,000 2.25%\n"
            "3.4 Royalty Reduction.\nRoyalties set forth above will be reduced by ten percent.")
    units = findings.page_units([page])
    lead = next(k for k, u in enumerate(units) if u.text.endswith("set forth below:"))
    assert units[extent.with_items(units, lead)].text.endswith("2.25%")
    page = "Licensee shall pay the following:\n3.4 Royalty Reduction.\nRoyalties set forth above will be reduced by ten percent."
    units = findings.page_units([page])
    assert extent.with_items(units, 0) == 0


def test_a_lead_in_right_after_a_lead_in_goes_on_to_what_it_leads_into():
    """VIRTUOSO SURGICAL (CUAD train, read on the final page): the minimum royalties' card stopped at "... during the term:",
    before "Three-thousand dollars ($3000)", and read "amount: no value read from this clause (check it)"."""
    page = ("MINIMUM ANNUAL ROYALTIES 3.1 The minimum annual royalties pursuant to the\nAgreement are:\n"
            "1st anniversary of the EFFECTIVE DATE and each subsequent\nanniversary of the EFFECTIVE DATE during the term:\n"
            "Three-thousand dollars ($3000)\n3.2 Earned Royalties payable for each calendar year are creditable against MINIMUM ANNUAL ROYALTIES.")
    units = findings.page_units([page])
    assert units[extent.with_items(units, 0)].text == "Three-thousand dollars ($3000)"


def test_a_lead_in_that_ends_its_page_goes_on_to_its_items_on_the_next_not_to_a_sibling():
    """NICE (CUAD dev): "... NICE' liability for cancellation shall be limited to the following:" ended page 10 and was a cap
    card with no cap; its items (3.8.1, 3.8.2) open page 11. SENMIAO (CUAD dev): "10.4.15 ... unfair competition:" leads
    into 10.4.15.1, not into 10.4.16."""
    pages = ["3.8 Cancellation.\nFor cancellation of a PO, NICE' liability for cancellation shall be limited to the following:",
             "3.8.1. Payment of a fixed cancellation charge for all cancelled units;\n3.8.2. All the components will be returned to the "
             "Contractor at no charge.\n4. DELIVERY\nContractor shall deliver the Products."]
    units = findings.page_units(pages)
    lead = next(k for k, u in enumerate(units) if u.text.endswith("the following:"))
    assert units[extent.with_items(units, lead)].text.endswith("at no charge."), [u.text for u in units]
    lead = "10.4.14 Party B disseminates rumours; 10.4.15 Party B conducts unfair competition:"
    units = findings.page_units([lead, "10.4.15.1 Party B slanders other companies in the market;\n\n10.4.15.2 Party B solicits the Driver Users."])
    assert units[extent.with_items(units, 0)].text.startswith("10.4.15.1"), [u.text for u in units]
    units = findings.page_units([lead, "10.4.16 Party B violates Article 8.2 for failing to meet the requirements of Party A."])
    assert extent.with_items(units, 0) == 0, [u.text for u in units]


def test_a_proviso_after_a_semicolon_is_quoted_with_its_clause():
    """WORLDWIDE STRATEGIES (CUAD dev): "... (the "Term"); PROVIDED that TouchStar shall have the
    right to terminate ..." was two Expiration Date cards; the label is one clause."""
    page = ("8.1 This Agreement shall continue in force for a term of twelve (12) months from the Effective Date (the \"Term\");\n"
            "PROVIDED that TouchStar shall have the right to terminate this Agreement upon not less than fifteen (15) days' notice.\n"
            "8.2 Either party may terminate this Agreement for a material breach.")
    units = findings.page_units([page])
    # one unit: "PROVIDED" in capitals after a semicolon opens no sentence (BELLICUM); findings join back a cut proviso too (extent)
    assert not any(u.text.startswith("PROVIDED") for u in units)
    for scored_text in ("continue in force", "PROVIDED that"):
        scored = findings.score_units(units, FixedModel({scored_text: {"Competitive Restriction Exception": 0.9}}), [page])
        (card,) = findings.findings(scored, ["Competitive Restriction Exception"])
        assert card.quote.startswith("8.1 This Agreement") and card.quote.endswith("days' notice."), card.quote


def test_a_clause_in_capitals_cut_by_a_page_break_runs_on_in_capitals():
    """WORLDWIDE STRATEGIES (CUAD dev): "THE SOLE OBLIGATION OF TOUCHSTAR ... AND (B) WITH REGARD" |
    (next page) "TO SERVICES, THE REPERFORMANCE OF THE SERVICES." was quoted cut at "WITH REGARD"."""
    clause = ("THE SOLE OBLIGATION OF TOUCHSTAR, AND THE SOLE REMEDY OF RESELLER, UNDER THIS AGREEMENT SHALL BE (A) WITH REGARD TO "
              "THE SOFTWARE, THE REPLACEMENT OR REPAIR OF THE SOFTWARE AND (B) WITH REGARD")
    units = findings.page_units(["6.3 Remedies.\n" + clause, "TO SERVICES, THE REPERFORMANCE OF THE SERVICES.\n7. INTELLECTUAL PROPERTY."])
    assert next(u for u in units if u.text.startswith("THE SOLE")).continued == "TO SERVICES, THE REPERFORMANCE OF THE SERVICES."
    # a running head or a contents line in capitals ends with no stop: nothing runs on into it
    assert not extent.runs_on(clause, "INSURANCE ONLY POLICY OF PERFORMANCE FOR STATE CONTRACTS")
    assert not extent.runs_on("26 RELATIONSHIP OF THE PARTIES 30", "27 OBTAINING OF LICENSES 30.")


def test_a_proviso_cut_by_a_line_break_is_quoted_to_its_end():
    """SEPARATE ACCOUNT II (CUAD dev): the termination card ended "... for a rating that is equal to or
    better than the": the proviso was joined to its clause, but not the rest of the proviso's sentence."""
    parts = ["AIG shall have the absolute right to terminate this Agreement upon thirty (30) days' prior written notice to the Company;",
             "PROVIDED, HOWEVER, that AIG agrees not to terminate this Agreement unless AIG sells the Company to an acquirer having a rating that is equal to or better than the",
             "Company's then-current rating on the date immediately preceding such sale.",
             "9. Any policyholder may demand performance."]
    units, at = [], 0
    for text in parts:
        units.append(findings.Unit(1, at, at + len(text), text, ""))
        at += len(text) + 1
    assert extent.sentence(units, 0, None) == (0, 2)


def test_a_duty_to_mitigate_is_no_cap_on_liability():
    """MSCI (CUAD dev): "each Party agrees that it shall ... use commercially reasonable efforts to mitigate and otherwise
    minimize its damages, whether direct or indirect" was a Cap On Liability card that met the playbook's "binds both
    parties"; no labelled Cap On Liability clause of CUAD train (0 of 386) is a duty to mitigate."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Cap On Liability"]
    assert veto("(d) In addition to the foregoing, each Party agrees that it shall, in all circumstances, use commercially reasonable efforts to "
                "mitigate and otherwise minimize its damages, whether direct or indirect, due to any failure by the other Party to comply with this Agreement.")
    assert not veto("Seller's total liability shall be no greater than the price paid; Buyer shall use reasonable efforts to mitigate its damages.")


def test_another_partys_debts_disowned_or_a_jury_waived_are_no_cap_on_liability():
    """UNION DENTAL (CUAD dev): "In no event shall either Party be liable for the debts or obligations of the other" was a
    Cap On Liability card that met the playbook, in a contract with no cap; it says who owes a third party, not how far a
    claim between the parties goes (0 of CUAD train's 386 labelled caps names debts)."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Cap On Liability"]
    assert veto("In no event shall either Party be liable for the debts or obligations of the other, except as otherwise specifically provided in this Agreement.")
    assert veto("UTK shall in no event be liable for any debts or other liabilities of AVDU.")
    assert not veto("In no event shall either Party be liable for the debts of the other, nor for any consequential damages.")
    # a jury trial waived says how a claim is heard, not how far it goes (PHREESIA)
    assert veto("EACH PARTY HEREBY WAIVES ITS RIGHTS TO A JURY TRIAL OF ANY CLAIM OR CAUSE OF ACTION BASED UPON OR ARISING OUT OF THIS AGREEMENT.")
    assert not veto("EACH PARTY WAIVES A JURY TRIAL, AND NEITHER PARTY SHALL BE LIABLE FOR PUNITIVE DAMAGES.")
    assert not veto("In no event shall either Party be liable for the obligations of the other in excess of the fees paid.")


def test_an_absent_termination_for_convenience_says_what_termination_rights_there_are():
    """GPAQ (CUAD dev): "Mark every liability and termination clause" answered only "No Termination For Convenience clause
    found (25 pages searched)", though the contract has a right to terminate for default; it is quoted as what the
    contract gives instead, from its lead-in (a later item of a list goes with it), and a right that ends a licence, a
    termination's effect and a right without cause are not."""
    from shared.clauses import instead

    page = ("12. TERM AND TERMINATION\nThe term of this Agreement shall expire on December 31, 2028.\n"
            "(a) Right to Terminate for Default.\nA Party shall be in default hereunder if any of the following events shall occur:\n"
            "(i) Such Party fails to perform any of its material obligations;\n"
            "(ii) Such Party is adjudged bankrupt, then the other Party shall be entitled to terminate this Agreement upon written notice.\n\n"
            "Co-Host reserves the right to terminate the foregoing right if NAI's use of the marks harms its business.\n\n"
            "No termination of this Agreement shall relieve any party from liability for any breach prior to such termination.\n")
    units = findings.page_units([page])
    scored = findings.score_units(units, FixedModel({"terminat": {"Termination For Convenience": 0.01}}), [page])
    (gone,) = findings.absent(scored, [], ["Termination For Convenience"], 1)
    (right,) = gone["instead"]
    assert right["page"] == 1 and right["quote"].startswith("A Party shall be in default hereunder") and right["quote"].endswith("upon written notice."), right
    assert instead.ends_for_cause("Either party may terminate this Agreement upon thirty (30) days notice if the other party breaches it.")
    assert not instead.ends_for_cause("Either party may terminate this Agreement for any reason upon thirty (30) days notice.")  # that is one for convenience
    assert not instead.ends_for_cause("Neither party shall terminate this Agreement for a breach by the other.")
    # read on CUAD train contracts (not dev): a notice alone as the first ground is an end for convenience (HF ENTERPRISES),
    # a discussion whether to end it is no right (IMPCO), rights that survive termination are none (RARE ELEMENT)
    assert not instead.ends_for_cause("Either party may terminate this Agreement prior to expiration of the Term: (i) upon thirty (30) days prior "
                                      "written notice, or (ii) immediately upon written notice to the other party if the other party declares bankruptcy.")
    assert instead.ends_for_cause("Either party may terminate this Agreement: (a) upon a material breach by the other party, or (b) upon its insolvency.")
    assert not instead.ends_for_cause("If the JVC fails to sell the Products, both the Parties will mutually discuss whether to continue or terminate the Agreement.")
    assert not instead.ends_for_cause("Any rights or licenses Investor has under this Agreement shall survive termination of this IP Agreement for Company's breach.")
    # CORAL GOLD (CUAD train, on the final page): a party's own notice as the first item is an end for convenience, not "rights to
    # terminate for cause instead"; a notice given only if the other breaches is still one for cause
    assert not instead.ends_for_cause("This Agreement can be terminated at any time prior to the expiry of the Term, as follows: (a) by the "
                                      "Consultant electing to give the Company not less than 3 months prior notice of such termination; (b) by the "
                                      "Company, if the Consultant breaches this Agreement.")
    assert instead.ends_for_cause("This Agreement may be terminated as follows: (a) by the Company giving the Consultant thirty days notice if the "
                                  "Consultant breaches this Agreement; (b) by either party upon insolvency.")
    assert "instead" not in findings.absent(scored, [], ["Cap On Liability"], 1)[0]  # only where the category has a place to fill


def test_when_a_contract_starts_is_no_expiration_date():
    """AULAMERICAN (CUAD dev): "This Agreement will become effective on the date a fully executed copy of this Agreement is
    received by Nationwide" was an Expiration Date card; 0 of CUAD train's 269 labels say only when a contract starts."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Expiration Date"]("This Agreement will become effective on the date a fully executed copy of this Agreement is received by Nationwide.")
    assert NOT_A_CLAUSE["Expiration Date"]("This Agreement is effective on the Effective Date.")
    assert not NOT_A_CLAUSE["Expiration Date"]("This Agreement shall commence on March 15, 2018 and will expire on March 14, 2020.")
    assert not NOT_A_CLAUSE["Expiration Date"]("This Agreement shall become effective on the Effective Date and continue for three (3) years.")
    assert NOT_A_CLAUSE["Expiration Date"]("5. TERM This Agreement will be effective as of the Effective Date.")  # a heading is no end (REWALK)
    # a renewal said after the initial term, with nothing of that term (LUCID, NEON SYSTEMS): a Renewal Term, no expiry
    assert NOT_A_CLAUSE["Expiration Date"]("After the initial term, unless terminated, this Agreement will automatically renew for periods of one (1) calendar year each.")
    assert not NOT_A_CLAUSE["Expiration Date"]("After the initial term of three (3) years, this Agreement will automatically renew for periods of one (1) year each.")


def test_the_expiry_rules_veto_no_train_label():
    from bench import cuad
    from shared.clauses import expiry

    labels = [c["text"] for r in cuad.labels("train") for c in r["clauses"] if c["category"] == "Expiration Date"]
    assert len(labels) > 200
    assert not [t for t in labels if any(veto(t) for veto in expiry.NO_EXPIRY)]


def test_a_limit_on_how_a_licence_is_used_grants_nothing():
    """FREEZE TAG, SFG FINANCIAL (CUAD dev): restrictions on use were License Grant cards."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["License Grant"]("The Company Marks must be used solely in connection with the activities authorized under this Agreement.")
    assert NOT_A_CLAUSE["License Grant"]("Licensee will not sell, lease, lend, transfer or otherwise distribute the licensed programs to any third party.")
    assert not NOT_A_CLAUSE["License Grant"]("Licensor grants Licensee a license to use the Marks, which may not be used outside the Territory.")
    assert not NOT_A_CLAUSE["License Grant"]("Licensee may not sublicense the Software except to its Affiliates.")


def test_shares_stated_or_named_share_no_revenue():
    """ALLIANCE BANCORP (CUAD dev): the capital stock a representation states was a Revenue/Profit Sharing card; shares paid
    as compensation still are one (VNUE: "... shares of VNUE common stock shall be awarded to Promoter")."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    veto = NOT_A_CLAUSE["Revenue/Profit Sharing"]
    assert veto("The authorized capital stock of the Company consists of 15,000,000 shares of Common Stock and 5,000,000 shares of preferred stock, par value $.01 per share.")
    assert veto("No shares of Common Stock or Company Preferred Stock have been or will be issued prior to the Closing Time referred to in Section 2 hereof.")
    assert not veto("Three Million (3,000,000) shares of VNUE common stock shall be awarded to Promoter for performing Promotion Services.")


def test_records_kept_with_no_one_to_see_them_are_no_audit_right():
    """PHASEBIO, REVOLUTION MEDICINES, STARTEC (CUAD dev): record retention was an Audit Rights card."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Audit Rights"]("Each Party will retain such records for [***] after the earlier of expiration or early termination of this Agreement.")
    assert not NOT_A_CLAUSE["Audit Rights"]("Each Party shall keep complete books and records and make them available for inspection by the other Party.")


def test_a_definition_whose_number_lost_its_space_is_a_definition():
    """INNOVIVA (CUAD dev): "1.16“Competing Product” means ..." was a Non-Compete card."""
    from shared.clauses.definitions import NOT_A_CLAUSE

    assert NOT_A_CLAUSE["Non-Compete"]("1.16“Competing Product” means a product that is intended for the treatment and/or prophylaxis of respiratory diseases.")


def test_clauses_of_another_kind_rule_out_few_train_labels():
    """shared/clauses/other_kinds.py: an assignment restriction is no change of control (WEBHELP, DYNAMEX), records kept no
    audit right, a company's shares stated no revenue sharing; each rules out at most 1 in 100 of CUAD train's labels."""
    from bench import cuad
    from shared.clauses import other_kinds

    labels = [c for r in cuad.labels("train") for c in r["clauses"]]
    for category, veto in other_kinds.RULES:
        texts = [c["text"] for c in labels if c["category"] == category]
        assert sum(map(veto, texts)) <= len(texts) // 100, category
    assignment = dict(other_kinds.RULES)["Change Of Control"]
    assert assignment("Neither party may assign or otherwise transfer its rights and/or obligations under this Agreement without the prior written consent of the other party.")
    assert not assignment("Neither party may assign this Agreement without consent, except to a successor in a merger or a sale of all or substantially all of its assets.")
    minimum = dict(other_kinds.RULES)["Minimum Commitment"]  # APOLLO (CUAD dev): insurance limits and a purchase order's contents
    assert minimum("As of January 1, 2015, such insurance shall also have annual aggregate limits not less than $2,000,000.")
    assert minimum("Each Purchase Order shall contain at a minimum, the following information: description of the Product and quantity ordered, price.")
    assert not minimum("Distributor shall purchase a minimum of 5,000 units each year and maintain product liability insurance.")
    rules = dict(other_kinds.RULES)  # BLUEROCK (CUAD dev): representations of what has been done or stands now
    assert rules["Anti-Assignment"]("The Transaction Entities have not conveyed, transferred, assigned, pledged or hypothecated any of their equity interests.")
    assert not rules["Anti-Assignment"]("Neither party shall assign this Agreement without the prior written consent of the other party.")
    assert rules["Non-Compete"]("Neither of the Transaction Entities is currently prohibited, restricted or limited in its ability to pay dividends.")
    # BLOOM ENERGY (CUAD dev): "exclusive" said of a forum or a remedy deals with no one exclusively
    assert rules["Exclusivity"]("THE PARTIES HEREBY IRREVOCABLY SUBMIT TO THE EXCLUSIVE JURISDICTION of the courts of New York.")
    assert not rules["Exclusivity"]("Distributor shall be the exclusive distributor in the Territory and submits to the exclusive jurisdiction of Delaware.")


def test_an_absent_revenue_sharing_quotes_a_royalty_free_grant_unless_a_payment_is_shared():
    """Asked for royalties of a royalty-free trademark licence (HERTZ, CUAD train, read on the final page), the page said
    "No Revenue/Profit Sharing clause found" and stopped; the royalty-free grant answers the question. A royalty, a
    commission, a percentage or an equity grant anywhere in the contract (a clause the model missed) quotes nothing; lost
    profits in an exclusion of damages are no share."""
    from shared.clauses import instead

    page = ("2.1 Licensor hereby grants Licensed Users a nonexclusive, nontransferable, royalty-free license to use the Licensed Mark.\n"
            "4.2 IN NO EVENT SHALL LICENSOR BE LIABLE FOR ANY DAMAGES FOR LOSS OF PROFITS OR LOST REVENUES.\n")
    model = FixedModel({"license": {"Revenue/Profit Sharing": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], ["Revenue/Profit Sharing"], 1)
    (grant,) = gone["instead"]
    assert "royalty-free license" in grant["quote"] and "PROFITS" not in grant["quote"]
    assert (gone["instead_what"], gone["instead_tag"]) == ("royalty-free grants", "royalty-free only")
    for paid in ("Licensee shall pay Licensor a royalty of five percent (5%) of Net Sales.\n",
                 "Distributor shall receive a commission on each sale.\n",
                 "The Company shall issue to the Consultant 1,990,000 shares of Common Stock.\n"):
        both = page + paid
        (gone,) = findings.absent(findings.score_units(findings.page_units([both]), model, [both]), [], ["Revenue/Profit Sharing"], 1)
        assert "instead" not in gone, paid
    assert not instead.grants_free("Licensor grants a royalty-free license to the Marks; Licensee shall pay 3% of its net sales.")


def test_an_absent_perpetual_licence_quotes_the_licences_for_the_term_unless_one_lasts():
    """ECOSCIENCE (CUAD train, read on the final page), asked "what happens to my image rights after it ends?": "No Irrevocable
    Or Perpetual License clause found" said nothing of the grant, which lasts the term only."""
    page = ("3. Grant. During the Term and subject to the limitations set forth in Paragraphs 9 and 10, ESSI shall have the right to use the "
            "name, image, likeness, characterization, visual and audio representation of Talent in connection with the ESSI products.\n"
            "4. Exclusivity. During the Term, Talent will not grant any third party any right to use the Talent Attributes for cannabis products.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    cat = "Irrevocable Or Perpetual License"
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], [cat], 1)
    (grant,) = gone["instead"]
    assert grant["quote"].startswith("During the Term and subject") and (gone["instead_what"], gone["instead_tag"]) == ("licences for the term only", "for the term only")
    lasting = page + "5. Talent grants ESSI a perpetual, irrevocable licence to use the photographs taken during the Term.\n"
    (gone,) = findings.absent(findings.score_units(findings.page_units([lasting]), model, [lasting]), [], [cat], 1)
    assert "instead" not in gone


def test_an_absent_price_restriction_quotes_how_prices_may_change_unless_a_change_is_limited():
    """MARTIN MIDSTREAM (CUAD train, read on the final page), asked "can they raise the tariff?": "No Price Restrictions clause
    found" said nothing of the fee "adjusted annually (both upward and downward)" by the Consumer Price Index."""
    page = ("The fee stated above, unless otherwise adjusted by the parties, shall be adjusted annually (both upward and downward), by a factor equal to the amount of increase or "
            "decrease in the Consumer Price Index.\nAll Fees not paid when due shall bear interest at the rate of 1.5% per month; if such "
            "interest rate exceeds the amount allowed by law, the interest rate shall be adjusted to the maximum allowed.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    cat = "Price Restrictions"
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], [cat], 1)
    (change,) = gone["instead"]  # an interest rate is no price
    assert change["quote"].startswith("The fee stated above") and (gone["instead_what"], gone["instead_tag"]) == ("terms on which prices may change", "prices may change")
    limited = page + "Rates may not increase by more than ten percent (10%) during any Renewal Term.\n"
    (gone,) = findings.absent(findings.score_units(findings.page_units([limited]), model, [limited]), [], [cat], 1)
    assert "instead" not in gone  # a limit the model missed: quoting the change alone would mislead


def test_an_absent_ip_assignment_quotes_who_keeps_what_unless_rights_are_assigned():
    """2THEMART co-branding agreement (CUAD train, read on the final page), asked "who owns the content and the customer data?":
    "No Ip Ownership Assignment clause found" said nothing of each party retaining "all rights, title and interest" in its own
    content, which answers the question. Where another sentence assigns rights (or makes a work one for hire) the model missed an
    assignment, and nothing is quoted."""
    from shared.clauses import instead

    page = ("2 CONTENT OWNERSHIP. As between 2TheMart and i-Escrow, 2TheMart and its suppliers retain all rights, title and interest in and to all "
            "intellectual property rights embodied in or associated with the 2TheMart Content.\nConfidential Information shall remain the "
            "property of the disclosing party.\nTransporter reserves the right to require Shipper to install meters, as platform owners do.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    cat = "Ip Ownership Assignment"
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], [cat], 1)
    (kept,) = gone["instead"]  # confidential information and a right to act are no ownership of a work
    assert "2TheMart and its suppliers retain all rights" in kept["quote"] and (gone["instead_what"], gone["instead_tag"]) == ("ownership each owner keeps", "ownership kept")
    for assigned in ("Contractor hereby assigns to Company all right, title and interest in the Deliverables.",
                     "All Works shall be deemed works made for hire.", "All Improvements made by Licensee to the Licensed Technology shall be owned by Licensor."):
        both = page + assigned + "\n"
        (gone,) = findings.absent(findings.score_units(findings.page_units([both]), model, [both]), [], [cat], 1)
        assert "instead" not in gone, assigned
    assert instead.keeps_own("The Licensed Programs are, and shall remain, the property of WLI and its licensors.")
    assert instead.keeps_own("Title to and ownership of the owner's Marks shall remain with the owner.")
    assert not instead.keeps_own("WHEREAS, the Licensor is the owner of all right, title, and interest in and to the marks.")
    assert not instead.keeps_own("BSP will retain ownership of all the assets, and all tasks and the scope of work are covered.")


def test_an_absent_governing_law_quotes_the_forum_unless_a_law_is_said_to_govern():
    """GALACTICOMM web hosting (CUAD train, read on the final page), asked "which law and courts apply?": "No Governing Law clause
    found" said nothing of "Any disputes arising herein shall be settled in a court in FLorida", which is what the contract says on it.
    A forum names no law, and says so; a sentence saying what law governs (a clause the model missed) quotes nothing; relief from any
    court of competent jurisdiction, or a suit "brought ... by suit, arbitration or otherwise", is no forum."""
    from shared.clauses import instead

    page = ("Horst Entertainment agrees to pay Galacticomm $0.01 per access.\nAll parties have read and fully agree to all terms and conditions "
            "as set forth in this Web Hosting Agreement. Any disputes arising herein shall be settled in a court in FLorida.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], ["Governing Law"], 1)
    (forum,) = gone["instead"]
    assert forum["quote"].endswith("settled in a court in FLorida.") and gone["instead_tag"] == "forum only"
    assert gone["instead_what"] == "a forum for disputes, which names no governing law"
    both = page + "This Agreement shall be governed by the laws of the State of Florida.\n"
    (gone,) = findings.absent(findings.score_units(findings.page_units([both]), model, [both]), [], ["Governing Law"], 1)
    assert "instead" not in gone
    assert instead.names_forum("The parties submit to the exclusive jurisdiction of the courts of New York County.")
    assert instead.names_forum("Such dispute shall be submitted to the Beijing Arbitration Commission for arbitration.")
    assert not instead.names_forum("The non-breaching party may obtain injunctive relief in an action or proceeding instituted in any court of "
                                   "competent jurisdiction.")
    assert not instead.names_forum("If any action is brought by either party under this Agreement whether by suit, arbitration or otherwise, the "
                                   "prevailing party shall recover its fees.")


def test_an_absent_non_transferable_licence_quotes_the_limits_on_assigning_the_contract():
    """EUROMEDIA video-on-demand licence (CUAD train, read on the final page), asked "can they assign the licence?": "No
    Non-Transferable License clause found" said nothing of "This Agreement may not be assigned, sold or transferred without the prior
    written consent of the other party", and a licence granted by the contract goes where the contract goes. A licence said to be
    non-transferable (a clause the model missed) quotes nothing; a right to assign is no limit."""
    from shared.clauses import instead

    page = ("Licensor grants to Rogers the non-exclusive license and right to distribute and exhibit the Licensed Programs in Canada.\n"
            "This Agreement may not be assigned, sold or transferred without the prior written consent of the other party.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], ["Non-Transferable License"], 1)
    (limit,) = gone["instead"]
    assert limit["quote"].startswith("This Agreement may not be assigned") and gone["instead_tag"] == "contract assignment only"
    named = page.replace("the non-exclusive license", "the non-exclusive, non-transferable license")
    (gone,) = findings.absent(findings.score_units(findings.page_units([named]), model, [named]), [], ["Non-Transferable License"], 1)
    assert "instead" not in gone
    assert instead.bars_assigning("Licensee shall not assign its rights under this Agreement without Licensor's prior written consent.")
    assert instead.bars_assigning("Neither party may assign this Agreement without the other party's prior written consent.")
    assert not instead.bars_assigning("Notwithstanding the foregoing, either party may assign this Agreement, without the prior consent of the other "
                                      "party, to any person affiliated by common ownership with the assigning party.")
    assert not instead.bars_assigning("Sponsor does hereby consent to any transfer or assignment by FNW of its rights under this Agreement.")
    assert not instead.bars_assigning("A change of control of Rogers shall not be considered an assignment of this Agreement.")


def test_an_absent_warranty_duration_quotes_the_warranty_given_or_disclaimed():
    """BNC MORTGAGE licensing and hosting agreement (CUAD train, read on the final page), asked "what warranties do we get on the
    interface?": "No Warranty Duration clause found" said nothing of the warranty TrueLink gives and the ones it disclaims. A warranty
    with a period (a clause the model missed) quotes nothing; a party's warranty of its power, or a promise to make no warranty to
    customers, is none."""
    from shared.clauses import instead

    page = ("Client represents and warrants that it has full power and authority to enter into this Agreement.\n"
            "TrueLink represents and warrants that the Interface and all related software will operate before, on and after January 1, 2000.\n")
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units([page]), model, [page]), [], ["Warranty Duration"], 1)
    assert [q["quote"][:40] for q in gone["instead"]] == ["TrueLink represents and warrants that th"] and gone["instead_tag"] == "no period stated"
    timed = page + "TrueLink warrants the Interface against defects for a period of ninety (90) days after delivery.\n"
    (gone,) = findings.absent(findings.score_units(findings.page_units([timed]), model, [timed]), [], ["Warranty Duration"], 1)
    assert "instead" not in gone
    assert instead.warrants_work("EXCEPT AS EXPRESSLY SET FORTH IN THIS AGREEMENT, TRUELINK DISCLAIMS ANY AND ALL EXPRESS WARRANTIES.")
    assert instead.warrants_work('IBM PROVIDES ALL MATERIALS "AS IS", WITHOUT WARRANTY OF ANY KIND.')
    assert not instead.warrants_work("Licensee will (E) make no representations, warranties or guarantees to customers with respect to the Products.")
    assert not instead.warrants_work("Each party shall use such care as is reasonable in the circumstances.")


def test_an_absence_quotes_each_thing_it_gives_once_and_the_customer_information_kept():
    """NETGROCER sponsorship (CUAD train, read on the final page), asked who owns the customer data: its absent Ip Ownership
    Assignment quoted "a) NetGrocer retains all right, title and interest in and to the NetGrocer Site" twice (a section title at the
    foot of a page and the item over the break read as one sentence twice), and not "NetGrocer retains all right, title and interest
    to information regarding customers", which answers the question."""
    from shared.clauses import instead

    texts = ["4. CUSTOMER INFORMATION NetGrocer retains all right, title and interest to information regarding customers who access the "
             "NetGrocer Site pursuant to the Agreement.\n9. TRADEMARK OWNERSHIP AND LICENSE",
             "a) NetGrocer retains all right, title and interest in and to the NetGrocer Site, its trademarks, service marks and trade names "
             "worldwide, subject to the limited license granted to Excite hereunder.\nb) Excite will retain all right, title and interest in and "
             "to its trademarks, service marks and trade names worldwide.\n"]
    model = FixedModel({"Grant": {"Cap On Liability": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units(texts), model, texts), [], ["Ip Ownership Assignment"], 2)
    quotes = [q["quote"][:30] for q in gone["instead"]]
    assert quotes == ["4. CUSTOMER INFORMATION NetGro", "a) NetGrocer retains all right", "b) Excite will retain all righ"]
    assert instead.keeps_own("Company shall retain all right, title and interest in its customer lists.")


def test_an_absence_quotes_what_it_gives_on_the_page_it_stands():
    """VITAMIN SHOPPE sponsorship (CUAD train, read on the final page): its absent Exclusivity quoted "… c) Each party hereby
    grants to the" (p. 7), the grant's words being over the page break; the part that gives is quoted, on its own page."""
    texts = ["3. TRADEMARKS\nEach party will retain all right, title and interest in its marks. Each party hereby grants to the",
             "other a non-exclusive, limited license to use its trademarks only as described in this Agreement.\n4. FEES\nFees are due monthly.\n"]
    model = FixedModel({"license": {"Exclusivity": 0.01}})
    (gone,) = findings.absent(findings.score_units(findings.page_units(texts), model, texts), [], ["Exclusivity"], 2)
    (grant,) = gone["instead"]
    assert grant == {"page": 2, "quote": "other a non-exclusive, limited license to use its trademarks only as described in this Agreement."}
    assert catalogue.quote_on_page(grant["quote"], texts[1])


def test_an_absent_exclusivity_quotes_the_non_exclusive_grants_unless_one_is_exclusive():
    """Asked "is the licence exclusive?" of a contract whose only grant is non-exclusive (EUROMEDIA, CUAD train), the page
    said "No Exclusivity clause found" and stopped; the non-exclusive grant answers the question, and is quoted. Where
    another sentence grants an exclusive right the model missed, nothing is quoted (it would mislead)."""
    from shared.clauses import instead

    page = ("2. GRANT OF LICENSE\nLicensor hereby grants to Licensee a non-exclusive, non-transferable license to use the Software "
            "in the Territory.\nEach party submits to the non-exclusive jurisdiction of the courts of New York.\n")
    model = FixedModel({"license": {"Exclusivity": 0.01}})
    units = findings.page_units([page])
    (gone,) = findings.absent(findings.score_units(units, model, [page]), [], ["Exclusivity"], 1)
    (grant,) = gone["instead"]
    assert "Licensor hereby grants to Licensee a non-exclusive" in grant["quote"] and "jurisdiction" not in grant["quote"]
    assert (gone["instead_what"], gone["instead_tag"]) == ("non-exclusive rights", "non-exclusive only")
    both = page + "Licensor appoints Licensee as its exclusive distributor of the Products in Canada.\n"
    (gone,) = findings.absent(findings.score_units(findings.page_units([both]), model, [both]), [], ["Exclusivity"], 1)
    assert "instead" not in gone and "instead_what" not in gone
    assert instead.grants_non_exclusive("Tripath appoints Distributor as a non-exclusive distributor for the Products in the Territory.")
    assert instead.grants_non_exclusive("SPONSOR HEREBY GRANTS TO DRKOOP A NON-EXCLUSIVE, NON-TRANSFERABLE LICENSE TO USE ITS MARKS.")
    assert not instead.grants_non_exclusive("The parties submit to the non-exclusive jurisdiction of the courts of England.")
    # SIBANNAC strategic alliance (CUAD train, read on the final page): a party that serves as a non-exclusive lead finder
    assert instead.grants_non_exclusive("Bravatek agrees to serve as a non-exclusive project sales lead finder for COMPANY.")
    # VIRTUOSO SURGICAL (CUAD train, read on the final page): the contract's name grants nothing; its grant was quoted after its title
    assert not instead.grants_non_exclusive("Exhibit 6.2 NON-EXCLUSIVE LICENSE AGREEMENT BETWEEN THE JOHNS HOPKINS UNIVERSITY & VIRTUOSO SURGICAL, INC.")
    assert not instead.grants_non_exclusive('This Non-Exclusive License Agreement (hereinafter "Agreement") is entered into by and between JHU and Company.')
    assert instead.grants_non_exclusive("Subject to the terms and conditions of this Agreement and to non-exclusive license agreements executed prior to "
                                        "the EFFECTIVE DATE, JHU hereby grants to the Company a non-exclusive, non-transferable license to make and sell.")
    # JINGWEI (CUAD train, read on the final page): a word broken at a line's end, "non- exclusive", is still non-exclusive
    assert instead.grants_non_exclusive("Party A agrees to license the non- exclusive right to use the intellectual property to Party B.")
    assert not instead.grants_exclusive("Party A agrees to license the non- exclusive right to use the intellectual property to Party B.")
    assert not instead.grants_exclusive("All prices are exclusive of VAT and are payable under the license granted above.")
    assert not instead.grants_exclusive("The sole and exclusive remedy of Licensee under the license granted herein is a refund.")
    # ARCONIC (CUAD dev): a covenant not to contest the licensor's ownership grants nothing exclusive; its non-exclusive grants are quoted
    assert not instead.grants_exclusive("Licensee agrees and covenants that it shall not challenge, contest, or take any actions inconsistent "
                                        "with Licensor’s exclusive rights of ownership of the Licensed Mark, or the license granted herein.")
    # ALLIED ESPORTS (CUAD train, read on the final page): whose good will it is grants nothing; its two non-exclusive licences were
    # not quoted beside "No Exclusivity clause found"
    assert not instead.grants_exclusive("Each party acknowledges that: (a) such good will is exclusively that of Licensor or Licensee, as applicable; "
                                        "and (b) the Licensed Property have acquired a secondary meaning.")
    assert instead.grants_exclusive("Licensor grants to Licensee an exclusive license to use the Licensed Property.")
    # HERTZ (CUAD train, read on the final page): a right the licensor keeps grants nothing; its nonexclusive licence was not
    # quoted beside "No Exclusivity clause found"
    assert not instead.grants_exclusive("Licensed Users shall not register the Licensed Mark in any jurisdiction without Licensor's express prior "
                                        "written consent, and Licensor shall retain the exclusive right to apply for and obtain registrations.")
    assert not instead.grants_exclusive("Loop retains its sole and exclusive right to enter into Loop Sales Contracts, under the license granted herein.")
    assert instead.grants_exclusive("Licensor hereby grants Licensee the sole and exclusive right to sell the Products, and retains no right to sell them.")
    # PALMER SQUARE trademark licence (CUAD train, read on the final page: "No Exclusivity clause found" quoted nothing): a use "solely and
    # exclusively as" a part of a name, and a licensor's exclusive right to prosecute infringers, grant no exclusivity
    grant = ("Licensor hereby grants to Licensee a personal, non-exclusive, royalty-free right and license to use the Licensed Mark solely and "
             "exclusively as a component of Licensee's own corporate name.")
    assert instead.grants_non_exclusive(grant) and not instead.grants_exclusive(grant)
    assert not instead.grants_exclusive("Licensor shall have the exclusive right, but not the obligation, to prosecute, defend and/or settle all actions "
                                        "involving any Third Party Infringement of the Licensed Mark under this license.")


def test_a_clause_the_contract_says_twice_word_for_word_is_one_card():
    """CORIO (CUAD train, read on the final page): the filing repeats its damages exclusion over a page
    break, and the review showed two identical cards. Said twice, it is one card (the best scored);
    a clause of the same category with other words stays a card of its own."""
    clause = "In no event shall either party be liable for lost profits or consequential damages."
    texts = [f"12. Liability.\n{clause}\nThe Supplier's total liability shall not exceed the fees paid.\n", f"{clause}\n13. Notices.\nNotices go by post.\n"]
    units = findings.page_units(texts)
    scores = {"lost profits": {"Cap On Liability": 0.8}, "total liability": {"Cap On Liability": 0.9}}
    found = findings.findings(findings.score_units(units, FixedModel(scores), texts), ["Cap On Liability"])
    assert [f.quote for f in found] == ["The Supplier's total liability shall not exceed the fees paid.", clause]
    assert found[1].page == 1


def test_a_section_titled_exclusivity_is_no_non_exclusive_contract():
    """NETGROCER sponsorship (CUAD train, read on the final page), asked for the sponsor's exclusive rights: "No Exclusivity clause
    found. It gives non-exclusive rights instead: … a non-exclusive, limited license to use its trademarks", beside a section "3.
    EXCLUSIVITY" the model missed (CUAD labels it Non-Compete). A section so titled is what was asked: nothing is quoted."""
    from shared.clauses import instead

    assert instead.grants_exclusive("3. EXCLUSIVITY a) For the term of the Agreement, Excite will not enter into any agreement to display "
                                    "content promoting NetGrocer's Competitors.")
    assert not instead.grants_exclusive("Each party hereby grants to the other a non-exclusive, limited license to use its trademarks.")
    assert not instead.grants_exclusive("The parties agree that nothing herein confers exclusivity on either party.")


def test_remedies_in_addition_to_a_right_to_terminate_are_no_such_right():
    """RAND WORLDWIDE co-branding (CUAD train, read on the final page): the absent Termination For Convenience quoted "In addition to the
    right to terminate this Agreement, the non-breaching party, shall have all rights and remedies available at law and in equity." as a
    right to terminate for cause; it names the remedies beside one."""
    from shared.clauses import instead

    assert not instead.ends_for_cause("In addition to the right to terminate this Agreement, the non-breaching party, shall have all rights and "
                                      "remedies available at law and in equity.")
    assert instead.ends_for_cause("In addition to its right to terminate under Section 8.1, either party may terminate this Agreement if the "
                                  "other party materially breaches it.")

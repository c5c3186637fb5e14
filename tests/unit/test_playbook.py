"""The playbook: its rules validated with errors that name the rule and the field, each clause's
position decided from its own words and quoted, and the hand-labelled cases held to the bar."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bench import bench_playbook
from services.analyze import logic
from shared.clauses import playbook, playbook_words, risk, terms
from shared.clauses.findings import Finding

BOOK = playbook.default()


def pos(category: str, text: str) -> dict:
    return playbook.position(BOOK.rule(category), text, terms.terms(category, text))


def test_the_default_playbook_is_valid_and_says_each_rule_in_words():
    assert BOOK.version >= 1 and len(BOOK.rules) >= 10
    assert {r.presence for r in BOOK.rules} == {"required", "acceptable", "flag"}
    words = BOOK.rule("Termination For Convenience").words()
    assert "notice period at least 30 days" in words and "binds both parties" in words


@pytest.mark.parametrize(
    ("rules", "where", "says"),
    [
        ([{"category": "Cap On Liablity"}], ("rules", 0, "category"), "unknown clause category"),
        ([{"category": "Governing Law", "conditions": [{"term": "notice_period", "at_least": 30}]}], ("rules", 0), "Governing Law has no term 'notice_period'"),
        ([{"category": "Non-Compete", "conditions": [{"term": "restriction_period", "at_least": 1, "at_most": 2}]}], ("rules", 0, "conditions", 0), "exactly one of"),
        ([{"category": "Non-Compete", "conditions": [{"at_most": 365}]}], ("rules", 0, "conditions", 0), "'at_most' needs 'term'"),
        ([{"category": "Non-Compete"}, {"category": "Audit Rights"}, {"category": "non-compete"}], ("rules",), "Non-Compete has a rule already"),
        ([{"category": "Non-Compete", "presence": "forbidden"}], ("rules", 0, "presence"), "Input should be"),
        ([{"category": "Non-Compete", "conditions": [{"eval": "1"}]}], ("rules", 0, "conditions", 0, "eval"), "Extra inputs"),
    ],
)
def test_a_bad_playbook_is_refused_naming_the_rule_and_the_field(rules, where, says):
    with pytest.raises(ValidationError) as e:
        playbook.Playbook(name="ours", version=2, rules=rules)
    errors = e.value.errors()
    assert any(err["loc"][: len(where)] == where and says in err["msg"] for err in errors), errors


@pytest.mark.parametrize(
    ("category", "text", "status", "quoted"),
    [
        ("Termination For Convenience", "Either party may terminate this Agreement for any reason upon ninety (90) days written notice.", "meets", "ninety (90) days"),
        ("Termination For Convenience", "Either party may terminate this Agreement upon fifteen (15) days written notice.", "deviates", "fifteen (15) days"),
        ("Termination For Convenience", "Company may terminate this Agreement at any time for convenience.", "deviates", "Company may terminate"),
        ("Termination For Convenience", "Company may terminate this Agreement on sixty (60) days notice, but Distributor may not terminate it.", "deviates", "Company may terminate"),
        ("Termination For Convenience", "This Agreement may be terminated at any time upon sixty (60) days notice by the Board of the Trust, or by the Sponsor.", "meets", "sixty (60) days"),
        ("Termination For Convenience", "This Agreement may be terminated for convenience on sixty (60) days notice.", "unknown", None),
        # CUAD dev (HOLIDAY RV): the right is the Company's; "either Party" is what terminating costs
        ("Termination For Convenience", "In the event that the Company desires to terminate the Agreement prior to the Termination Date, it shall provide "
                                        "AGI with at least 60 days prior written notice of its intention to terminate this Agreement and this Agreement "
                                        "shall so terminate following the expiration of this 60-day period, without any further responsibility by either "
                                        "Party except as provided in Section 5.", "deviates", "the Company desires to terminate"),
        ("Cap On Liability", "IN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY EXCEED THE FEES PAID.", "meets", "EITHER PARTY"),
        ("Cap On Liability", "IN NO EVENT SHALL PIVX'S LIABILITY TO DETTO OR ANY THIRD PARTY EXCEED THE FEES RECEIVED.", "deviates", "PIVX'S LIABILITY"),
        # "either jointly or severally" names no side (CUAD dev); the cap is NCC's alone
        ("Cap On Liability", "NCC shall not be liable for any loss caused to the Owner or the Licensee either jointly or severally except for loss of or damage "
                             "to the Material and in such event NCC's total liability in respect of all claims arising under or by virtue of this Agreement "
                             "shall not exceed the sum of (pounds)500,000.", "deviates", "NCC's total liability"),
        ("Governing Law", "This Agreement shall be governed by the laws of the State of Texas without regard to conflicts of law.", "deviates", "Texas"),
        ("Governing Law", "THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF DELAWARE WITHOUT GIVING EFFECT TO ITS CONFLICT RULES.", "meets", "DELAWARE"),
        ("Non-Compete", "For six (6) months after termination, Distributor shall not sell competing products anywhere in the world.", "deviates", "anywhere in the world"),
        ("Non-Compete", "For six (6) months after termination, Distributor shall not sell competing products in the Territory.", "meets", "six (6) months"),
        # CUAD dev (LUCID): "worldwide" said of patents is no worldwide restriction
        ("Non-Compete", "For six (6) months after termination, Distributor shall not sell any product that would infringe any Lucid patent issued "
                        "or pending worldwide.", "meets", "six (6) months"),
        ("Anti-Assignment", "Neither party may assign this Agreement without consent, except that either party may assign it without consent to a successor by merger.", "meets", "successor"),
        ("Anti-Assignment", "Licensee may not assign this Agreement. A change of control of Licensee shall be deemed an assignment.", "deviates", "change of control"),
        ("Anti-Assignment", "Neither party may assign this Agreement without the prior written consent of the other party.", "unknown", None),
        # CUAD dev (NEON SYSTEMS): a sale of the business barred without consent counts it in
        ("Anti-Assignment", "Licensor will conduct its business in the ordinary course and will not, without the prior written consent of "
                            "Licensee, merge or consolidate with any other entity, sell all or substantially all of its assets.", "deviates", "all or substantially all"),
        # CUAD dev (BABCOCK): assignable only to an affiliate or with the business it serves
        ("Anti-Assignment", "(a) The foregoing licenses shall be assignable in whole or in part only (i) to any Affiliate or (ii) to the extent the "
                            "licensee transfers to a Third Party all or substantially all of the assets of the business to which such Licensed "
                            "SpinCo Intellectual Property relates.", "meets", "all or substantially all"),
        # BEYONDCOM, EDIETS, INNERSCOPE (CUAD dev): an "except ..." lifts the bar before it; an approval is a consent
        ("Anti-Assignment", "Neither party may assign this Agreement without the other's prior written approval, except by operation of law or in "
                            "connection with the sale of substantially all of the assets of such party's business or the acquisition of more than 50% of such "
                            "party's stock.", "meets", "except by operation of law"),
        ("Anti-Assignment", "Neither party may assign this Agreement without the other party's written consent, except that no such consent will be required in "
                            "connection with an assignment of this Agreement to (a) a party's successor.", "meets", "no such consent will be required"),
        ("Anti-Assignment", "Erchonia may not assign any duties or obligations arising under this Agreement, except to a successor who acquires substantially "
                            "all of the assets of Erchonia.", "meets", "except to a successor"),
        # ... but what the clause deems an assignment is counted in, whatever exception came before it
        ("Anti-Assignment", "Neither party may assign this Agreement except for an assignment with consent, and any merger or change of control shall be "
                            "deemed an assignment.", "deviates", "merger or change of control shall be deemed"),
        ("Anti-Assignment", "Licensee may assign without consent to an Affiliate, but a change of control of Licensee will be deemed an assignment.", "deviates",
         "change of control of Licensee will be deemed"),
        # VERTICALNET (CUAD train, read on the final page): a change of control that "No transfer ... shall be considered an assignment" lets
        # happen read "deviates"; a "Neither" that opens an earlier clause of the sentence negates nothing the phrase says
        ("Anti-Assignment", "No transfer of this Agreement by operation of law or change in Control of a party, including, without limitation, by merger, "
                            "consolidation or sale or other transfer of equity interests, shall be considered an assignment for purposes of this Section.",
         "meets", "change in Control of a party"),
        ("Anti-Assignment", "Neither party may assign this Agreement without consent, and any change of control or merger shall be deemed an assignment.",
         "deviates", "change of control or merger shall be deemed"),
        # ETELOS (CUAD train, read on the final page): two names that open the sentence are both sides; mid-sentence they are not one subject
        ("Termination For Convenience", "18.2 Tripath or Distributor may terminate this Agreement for any reason with thirty days written notice.",
         "meets", "Tripath or Distributor"),
        ("Termination For Convenience", "Upon notice to Tripath and Distributor may terminate this Agreement for any reason with thirty days written notice.",
         "deviates", "Distributor may terminate"),
        ("Liquidated Damages", "Distributor shall pay $10,000 per day of delay as liquidated damages and not as a penalty.", "deviates", "Distributor shall pay"),
        # CREDITCARDS.COM, MTI (CUAD dev): an exclusion that protects one side; the note said "Applies to one party", the playbook "not decided"
        ("Cap On Liability", "21. Limitation of Damages Chase shall have no liability for any indirect, incidental, special or consequential damages.", "deviates", "Chase shall have no liability"),
        ("Cap On Liability", "McDATA shall not be liable to Reseller or its End User Customers, in whole or in part, for any claims arising out of such use.", "deviates", "McDATA shall not be liable"),
        # PC QUOTE co-branding (CUAD train, read on the final page): an upper-case cap of either's liability deviated as one side's
        ("Cap On Liability", "SUCH LIMITATION SHALL BE THE EXTENT OF PCQ OR ABW'S LIABILITY REGARDLESS OF THE FORM OF ACTION.", "meets", "PCQ OR ABW'S LIABILITY"),
        # STARTEC, BIOAMBER, TUNIU (CUAD dev): both sides, said as "no Party", "against each other", of losses and responsibility
        ("Cap On Liability", "No Party shall be liable to any other Party for any matter resulting from planned interruptions.", "meets", "No Party"),
        ("Cap On Liability", "Bioamber and Cargill agree to waive any and all claims against each other for consequential or punitive losses.", "meets", "against each other"),
        ("Cap On Liability", "Notwithstanding the foregoing provisions, neither Party shall be responsible to the other Party in respect of any indirect loss.", "meets", "neither Party"),
        # INNOVIVA (CUAD dev): whichever party a force majeure strikes is no one side
        ("Cap On Liability", "The Party subject to the Force Majeure Event shall not be liable to the other Party for any direct or indirect damages.", "unknown", None),
    ],
)
def test_a_position_is_decided_from_the_clause_and_quotes_it(category, text, status, quoted):
    got = pos(category, text)
    assert got["status"] == status, got
    assert all(q in text for q in got["quotes"]), "every quote is verbatim from the clause"
    if quoted:
        assert any(quoted in q for q in got["quotes"]), got
    if status == "meets":
        assert got["quotes"], "a clause never meets a rule without the words it meets it with"


def test_the_hand_labelled_positions_reach_the_bar_and_never_say_meets_of_a_deviation():
    res = bench_playbook.run()
    t = res["total"]
    assert t["cases"] >= 100
    assert t["false_meets"] == 0
    assert t["right"] / t["cases"] >= 0.9


def test_the_final_carries_each_findings_position_and_every_deviation():
    cap = Finding("Cap On Liability", 3, "In no event shall Supplier's liability exceed the fees paid.", 0.9)
    tfc = Finding("Termination For Convenience", 4, "Either party may terminate this Agreement upon ten (10) days written notice.", 0.8)
    shown = logic.final_findings([cap, tfc], BOOK)
    assert shown[0]["position"]["status"] == "deviates" and shown[0]["position"]["quotes"] == ["Supplier's liability"]  # one side's cap
    assert shown[1]["position"]["status"] == "deviates" and shown[1]["position"]["quotes"] == ["upon ten (10) days written notice"]
    result = logic.playbook_result(BOOK, shown, ["Cap On Liability", "Termination For Convenience", "Governing Law"], 9)
    assert (result["name"], result["version"], result["checked"]) == (BOOK.name, BOOK.version, 2)
    assert [(d["category"], d["page"]) for d in result["deviations"]] == [("Cap On Liability", 3), ("Termination For Convenience", 4), ("Governing Law", None)]
    assert result["deviations"][2]["missing"] == "No Governing Law clause in 9 pages searched; the playbook requires one"
    assert "position" not in logic.final_findings([cap])[0], "without a playbook nothing is checked"


def test_two_clauses_that_each_give_one_side_the_right_bind_both_together():
    """EMERALD HEALTH (CUAD dev): "The Company may terminate ... on 30 days prior written notice" and "The
    Contractor may terminate ... upon providing 30 days advance notice" each deviated as one-sided, and
    the summary said the contract deviates, where both sides have the right."""
    company = Finding("Termination For Convenience", 2, "The Company may terminate this Agreement without Cause at any time on 30 days prior written notice.", 0.9)
    contractor = Finding("Termination For Convenience", 2, "The Contractor may terminate this Agreement for any reason at any time upon providing 30 days advance notice.", 0.8)
    shown = logic.final_findings([company, contractor], BOOK)
    assert [f["position"]["status"] for f in shown] == ["meets", "meets"]
    assert shown[0]["position"]["jointly"] == {"page": 2, "quote": "The Contractor may terminate"}
    assert shown[1]["position"]["jointly"] == {"page": 2, "quote": "The Company may terminate"}
    assert logic.summary(shown, ["Termination For Convenience"], logic.playbook_result(BOOK, shown, ["Termination For Convenience"], 9))[0]["status"] == "meets"
    # the same side twice is still one side; a weak match is no evidence for the other side; nor is one side's sole remedy
    again = Finding("Termination For Convenience", 3, "The Company may terminate this Agreement upon the sale of the Business.", 0.7)
    assert [f["position"]["status"] for f in logic.final_findings([company, again], BOOK)] == ["deviates", "deviates"]
    weak = Finding("Termination For Convenience", 2, contractor.quote, 0.1, sure=(("Termination For Convenience", 0.1, "weak"),))
    assert logic.final_findings([company, weak], BOOK)[0]["position"]["status"] == "deviates"
    assert "jointly" not in logic.final_findings([weak, company], BOOK)[0]["position"]  # nor is a weak match given the other side's right
    cap = Finding("Cap On Liability", 6, "In no event will the aggregate liability incurred by Lucid exceed the amounts paid to Lucid.", 0.9)
    remedy = Finding("Cap On Liability", 6, "Distributors sole remedy will be limited to refund of money paid to Lucid for any undelivered products.", 0.8)
    assert [f["position"]["status"] for f in logic.final_findings([cap, remedy], BOOK)] == ["deviates", "deviates"]


def test_a_clause_that_favours_the_asker_alone_meets_the_rule_that_it_bind_both():
    """A review asked "We're the customer: ..." saw the customer's own right to terminate deviate from "binds both parties"
    (CHANGEPOINT, CUAD train, read on the final page; earlier stops' notes: the playbook had no side). The role the question is
    asked as is the asker's side: a clause giving that side alone the right or the cap favours it and meets; the other side's
    alone still deviates, as does a side's sole remedy (it limits that side), and a question that names no role changes nothing."""
    assert playbook_words.asker("We're the customer. Can they terminate early?") == "the customer"
    assert playbook_words.asker("As franchisee: how long is the franchise?") == "franchisee"
    assert playbook_words.asker("What do we earn as agent, and can they fire us?") == "agent"
    assert playbook_words.asker("I am the Licensee; is liability capped?") == "the Licensee"
    assert playbook_words.asker("Mark every liability and termination clause") is None
    assert playbook_words.asker("Is the sponsor barred, such as the distributor is?") is None
    ours = Finding("Termination For Convenience", 2, "Customer may terminate this Agreement at any time upon thirty (30) days written notice.", 0.9)
    theirs = Finding("Termination For Convenience", 3, "Supplier may terminate this Agreement at any time upon thirty (30) days written notice.", 0.9)
    cap = Finding("Cap On Liability", 4, "In no event shall Customer's liability exceed the fees paid in the prior twelve months.", 0.9)
    remedy = Finding("Cap On Liability", 5, "Customer's sole and exclusive remedy shall be a refund of the fees paid.", 0.8)
    shown = logic.final_findings([ours, cap, remedy], BOOK, "the customer")
    assert [f["position"]["status"] for f in shown] == ["meets", "meets", "deviates"]
    assert shown[0]["position"]["ours"] == "the customer" and shown[0]["position"]["quotes"][-1] == "Customer may terminate"
    assert "ours" not in shown[2]["position"]
    assert logic.final_findings([theirs], BOOK, "the customer")[0]["position"]["status"] == "deviates"
    assert [f["position"]["status"] for f in logic.final_findings([ours, cap], BOOK)] == ["deviates", "deviates"]
    assert "ours" not in logic.final_findings([ours], BOOK)[0]["position"]


def test_a_side_asked_as_a_lawyer_asks_or_by_its_name():
    """The asker's side was matched only by a role word after "we're", "I am" or "as": a lawyer says "We act for the licensee",
    and a contract naming its sides by company ("Corio", "Commerce One": CORIO and CHANGEPOINT, CUAD train, read on the final
    page) is asked by name ("We represent Corio"). A capitalised word that opens a phrase ("As I read it") names no one."""
    asked = {"We act for the licensee. Is our liability capped?": "the licensee", "We represent Corio: can they end it early?": "Corio",
             "Our client is Commerce One; is the cap mutual?": "Commerce One", "On behalf of the franchisee: what happens on termination?": "the franchisee",
             "We are acting for the distributor.": "the distributor", "As I read it, can they terminate?": None, "As soon as it ends, what survives?": None,
             "We are not sure: is there a cap?": None, "As of today, can we end it?": None, "How long does it last as well as Corio's licence?": None,
             "Is the customer's cap the same as the supplier's?": None, "Is our cap as high as the Licensor's?": None}
    assert {q: playbook_words.asker(q) for q in asked} == asked
    corio = Finding("Termination For Convenience", 12, "Corio may terminate this Agreement upon ninety (90) days written notice to Commerce One.", 0.9)
    assert logic.final_findings([corio], BOOK, "Corio")[0]["position"] | {"quotes": []} == {
        "category": "Termination For Convenience", "status": "meets", "rule": logic.final_findings([corio], BOOK)[0]["position"]["rule"], "quotes": [], "ours": "Corio"}
    assert logic.final_findings([corio], BOOK, "Commerce One")[0]["position"]["status"] == "deviates"
    # a brand written in lower case (DRKOOP, MPHASE: CUAD train, read on the final page) is a name too; a lower-case word is not
    assert [playbook_words.asker(q) for q in ("We represent drkoop.com. Can they terminate?", "We act for mPhase. Is there a cap?", "We are fine with it")] == [
        "drkoop.com", "mPhase", None]
    drkoop = Finding("Termination For Convenience", 3, "drkoop.com may terminate this Agreement upon thirty (30) days written notice.", 0.9)
    assert logic.final_findings([drkoop], BOOK, "drkoop.com")[0]["position"]["status"] == "meets"


def test_a_heading_glued_to_the_sentence_is_no_side():
    """BLUEFLY hosting (CUAD train, read on the final page, asked "We're the customer: ..."): "3.4 Termination for Convenience
    Customer may terminate" and "Customer may in its sole discretion terminate" were read as two sides ("Convenience" and
    "Customer"), and the page said that together they bind both parties; both are the Customer's."""
    glued = "3.4 Termination for Convenience Customer may terminate this Agreement for convenience at the end of any calendar month."
    assert playbook_words.side(glued, "Termination For Convenience") == ("customer", "Customer may terminate")
    again = Finding("Termination For Convenience", 8, "If Customer disagrees, Customer may in its sole discretion terminate this Agreement upon thirty (30) days notice.", 0.9)
    shown = logic.final_findings([Finding("Termination For Convenience", 2, glued + " Notice is thirty (30) days.", 0.9), again], BOOK)
    assert [f["position"]["status"] for f in shown] == ["deviates", "deviates"] and "jointly" not in shown[0]["position"]
    assert logic.final_findings([again], BOOK, "Customer")[0]["position"]["status"] == "meets"  # asked as the customer, its own right


def test_a_cap_binds_both_with_the_other_sides_same_cap_not_with_any_of_its_clauses():
    """AIRSPAN (CUAD train, read on the final page): each side's cap on physical damage mirrors the other's, and together they
    bind both; Airspan's own exclusion of every damage for a late delivery is matched by neither, and stays Airspan's alone."""
    airspan = Finding("Cap On Liability", 16, "16.3 Airspan Parties, taken as a whole, shall be liable for physical damage to Distributor's property resulting "
                      "from Airspan's negligence up to a maximum aggregate amount of one million US Dollars (US$1,000,000).", 0.9)
    distributor = Finding("Cap On Liability", 16, "And Distributor, taken as a whole, shall be liable for physical damage to Airspan's property resulting from "
                          "Distributor's negligence up to a maximum aggregate amount of one million US Dollars (US$1,000,000).", 0.9)
    exclusion = Finding("Cap On Liability", 8, "In any event, Airspan shall not be liable for any direct, indirect, consequential, or special losses or damages "
                        "that may be suffered by the Distributor for any delay or error in delivery of Equipment.", 0.9)
    shown = logic.final_findings([airspan, distributor, exclusion], BOOK)
    assert [f["position"]["status"] for f in shown] == ["meets", "meets", "deviates"]
    assert shown[0]["position"]["jointly"] == {"page": 16, "quote": "Distributor, taken as a whole, shall be liable"}
    assert "jointly" not in shown[2]["position"]


def test_the_answer_is_the_summary_in_words_deviations_first():
    cap = Finding("Cap On Liability", 3, "In no event shall Supplier's liability exceed the fees paid.", 0.9)
    law = Finding("Governing Law", 5, "This Agreement is governed by the laws of the State of New York.", 0.9)
    cats = ["Governing Law", "Cap On Liability", "Insurance", "Anti-Assignment"]
    shown = logic.final_findings([law, cap], BOOK)
    rows = logic.summary(shown, cats, logic.playbook_result(BOOK, shown, cats, 9))
    text = logic.summary_text(rows, [{"category": "Insurance", "searched_pages": 9}, {"category": "Anti-Assignment", "searched_pages": 9, "likely": True}])
    lines = text.splitlines()
    assert [line.split(":")[0] for line in lines] == [r["category"] for r in rows] and lines[0].startswith("Cap On Liability: 1 clause (p. 3)")
    assert "Deviates from the playbook. Rule: " in lines[0]
    assert "Governing Law: 1 clause (p. 5); law: State of New York. Meets the playbook." in text
    assert "Insurance: not found in 9 pages searched." in lines
    assert "Anti-Assignment: not found in 9 pages searched. Check it: contracts like this usually have one." in lines
    said = {"category": "Insurance", "searched_pages": 9, "likely": False, "disclaimed": {"page": 4, "quote": "No insurance is required of either party."}}
    assert "Insurance: not found in 9 pages searched; the contract says there is none (p. 4: “No insurance is required of either party.”)." in logic.summary_text(rows, [said])
    # what the contract gives instead of an absent clause: its pages (the quotes go with the absence)
    cats = ["Termination For Convenience"]
    rows = logic.summary([], cats, logic.playbook_result(BOOK, [], cats, 9))
    given = {"category": "Termination For Convenience", "searched_pages": 9, "instead": [{"page": 8, "quote": "A"}, {"page": 9, "quote": "B"}, {"page": 8, "quote": "C"}]}
    assert logic.summary_text(rows, [given]).startswith("Termination For Convenience: not found in 9 pages searched; it gives rights to terminate for cause instead (pp. 8, 9).")
    cats = ["Exclusivity"]
    rows = logic.summary([], cats, logic.playbook_result(BOOK, [], cats, 9))
    grant = {"category": "Exclusivity", "searched_pages": 9, "instead": [{"page": 2, "quote": "A"}], "instead_what": "non-exclusive rights", "instead_tag": "non-exclusive only"}
    assert logic.summary_text(rows, [grant]).startswith("Exclusivity: not found in 9 pages searched; it gives non-exclusive rights instead (p. 2).")
    assert logic.summary_text([], []).startswith("The question names no clause category")


def test_a_cap_that_protects_the_licensor_alone_binds_one_side_and_quotes_its_name():
    """SFG FINANCIAL (CUAD dev): "IN NO EVENT SHALL LICENSOR'S AGGREGATE ... LIABILITY ..." protects
    the Licensor alone (not decided before: "Licensor" was read as no name), and the quote starts
    at the name, not at "EVENT SHALL"."""
    rule = next(r for r in playbook.default().rules if r.category == "Cap On Liability")
    quote = ("(b) IN NO EVENT SHALL LICENSOR'S AGGREGATE CUMULATIVE TOTAL LIABILITY UNDER THIS AGREEMENT EXCEED ONE HALF OF THE AMOUNT "
             "PAID BY THE LICENSEE TO Licensor HEREUNDER.")
    pos = playbook.position(rule, quote, [])
    assert pos["status"] == "deviates" and pos["quotes"] == ["LICENSOR'S AGGREGATE CUMULATIVE TOTAL LIABILITY"]


def test_a_name_with_of_is_named_whole():
    """CARDLYTICS maintenance agreement (CUAD train, read on the final page): "Bank of America may terminate this Agreement ... for its
    convenience" deviated, decided on "America may terminate" (3 of 782 labelled readings change, all Bank of America's)."""
    from shared.clauses.playbook_words import mutual, side

    text = "Bank of America may terminate this Agreement for its convenience, without cause, at any time upon at least forty-five (45) days notice."
    assert mutual(text, "Termination For Convenience") == ("deviates", "Bank of America may terminate")
    assert side(text, "Termination For Convenience")[0] == "bank"


def test_a_party_as_the_subject_of_a_cap_binds_both_sides():
    """BLOOM ENERGY (the page, CUAD dev): "in no event shall a Party be liable to the other Party ... in
    excess of the Maximum Liability" deviated, decided on "Owner’s Maximum Liability" from a bracket."""
    from shared.clauses.playbook_words import mutual

    text = ("In no event shall a Party be liable to the other Party for an aggregate amount in excess of the Maximum Liability; provided that "
            "this shall not apply to the failure to pay the Service Fees (which amount shall not be included in calculating Owner’s Maximum Liability).")
    assert mutual(text, "Cap On Liability") == ("meets", "a Party")


@pytest.mark.parametrize(
    ("category", "text", "want"),
    [  # LUCID (CUAD dev, read through the page): the risk note said "Applies to one party (“Lucid will not”)" where the playbook said "not decided"
        ("Cap On Liability", "Lucid will not have any liability or responsibility to Distributor or any other person or entity for any consequential damages.",
         ("deviates", "Lucid will not have any liability")),
        ("Cap On Liability", "In no event will the aggregate liability incurred by Lucid in any action or proceeding exceed the total amount actually paid to Lucid.",
         ("deviates", "liability incurred by Lucid")),
        ("Cap On Liability", "If Lucid fails to deliver ordered products, Distributors sole remedy will be limited to refund of money paid to Lucid.",
         ("deviates", "Distributors sole remedy")),
        # one side's remedy and the other's liability limit the same way: one side, not both
        ("Cap On Liability", "The Company's sole and exclusive liability and MBE's sole and exclusive remedy for breach shall be to correct the Service.",
         ("deviates", "The Company's sole and exclusive liability")),
        ("Cap On Liability", "Customer's sole remedy and Vendor's sole remedy for a breach of this Section shall be termination.", ("meets", "Customer's sole remedy and Vendor's sole remedy")),
        ("Cap On Liability", "Each of Nortel's and Entrust's liability to the other Party for breach of Article II shall not exceed U.S.$10,000,000.",
         ("meets", "Each of Nortel's and Entrust's")),
        ("Cap On Liability", "NCC shall in no circumstances be liable to the Owner for indirect or consequential loss.", ("deviates", "NCC shall in no circumstances be liable")),
        ("Cap On Liability", "Save the event of gross negligence, the responsibility of ECOPETROL under the Contract under no circumstance shall exceed seventy five per cent (75%) "
         "of the value of the Crude lost.", ("deviates", "responsibility of ECOPETROL")),
        # ENERGOUS, NICE, FIBROGEN, HALITRON, WORLDWIDE STRATEGIES (CUAD dev): a possessive without its s, one side's sole obligation, "under no circumstances"
        ("Cap On Liability", "IN ADDITION, ENERGOUS’ LIABILITY WITH RESPECT TO ITS OBLIGATIONS UNDER SECTION 12.1(b) SHALL IN NO EVENT EXCEED [***].", ("deviates", "ENERGOUS’ LIABILITY")),
        ("Cap On Liability", "FG’s sole obligation and Astellas’ sole remedy with respect to Lead Compound is limited to replacement.", ("deviates", "FG’s sole obligation")),
        ("Cap On Liability", "THE SOLE OBLIGATION OF TOUCHSTAR, AND THE SOLE REMEDY OF RESELLER, SHALL BE THE REPLACEMENT OF THE SOFTWARE.", ("deviates", "SOLE OBLIGATION OF TOUCHSTAR")),
        ("Cap On Liability", "Under no circumstances will Smith be liable to TDA for any special or consequential damages.", ("deviates", "Under no circumstances will Smith be liable")),
        # XACCT (CUAD train, read on the final page): an aside before the verb
        ("Cap On Liability", "UNDER NO CIRCUMSTANCES, INCLUDING NEGLIGENCE, SHALL XACCT BE LIABLE FOR ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES.",
         ("deviates", "UNDER NO CIRCUMSTANCES, INCLUDING NEGLIGENCE, SHALL XACCT BE LIABLE")),
        # BELLICUM (CUAD train, read on the final page: "not decided"): the side with its own people beside it
        ("Cap On Liability", "(c) In no event shall Miltenyi or its Affiliates be responsible or liable for any non-conformance or other defects in the "
         "Miltenyi Product(s).", ("deviates", "In no event shall Miltenyi or its Affiliates be responsible or liable")),
        # PAPA JOHN'S endorsement (CUAD train, read on the final page: "binds both parties"): names liable to another named are one side;
        # liable to the other party, or to customers (no party), both
        ("Cap On Liability", "NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE LIABLE TO PAPA JOHN'S FOR ANY CONSEQUENTIAL DAMAGES.",
         ("deviates", "NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE LIABLE TO PAPA JOHN'S")),
        ("Cap On Liability", "Neither Licensor nor Licensee shall be liable to the other for consequential damages.", ("meets", "Neither Licensor nor Licensee")),
        ("Cap On Liability", "Neither Licensor nor Licensee shall be liable to Customers for consequential damages.", ("meets", "Neither Licensor nor Licensee")),
        ("Cap On Liability", "IN NO EVENT SHALL ANY PARTY BE LIABLE TO THE OTHER PARTY FOR ANY INDIRECT DAMAGES.", ("meets", "ANY PARTY")),
        # FREECOOK (CUAD train, read on the final page): a right to cease providing the service "at its sole discretion" is one side's end at will
        ("Termination For Convenience", "Company at its sole discretion may at any time alter or cease providing the Customer Service which it has agreed "
         "to provide to Client relating to Client Website pursuant to this Agreement without any liability to Company.",
         ("deviates", "Company at its sole discretion may at any time alter or cease providing")),
        # INTERSECT (CUAD train, read on the final page): a period between the liability and its side (1 of 782 labelled readings changes: this one)
        ("Cap On Liability", "FURTHER AND NOTWITHSTANDING ANYTHING TO THE CONTRARY IN THIS AGREEMENT, THE TOTAL LIABILITY PER YEAR OF HOVIONE SHALL BE LIMITED "
         "TO THE VALUE OF THE REVENUES COLLECTED IN THE PREVIOUS CONTRACTUAL YEAR.", ("deviates", "LIABILITY PER YEAR OF HOVIONE")),
        ("Cap On Liability", "If this Agreement terminates pursuant to this Article, the Parties shall not be liable for the termination of this Agreement.",
         ("meets", "the Parties shall not be liable")),
        # OFG (CUAD train, read on the final page): the risk note said "Applies to both parties (“each party”)" where the playbook said "not decided"
        ("Cap On Liability", "In addition to and not in limitation of any other provision of this Article 9, each party hereby knowingly, voluntarily, and intentionally "
         "waives any right to recover from the other party, and Customer waives any right to recover from any Eligible Provider, any economic losses.", ("meets", "each party")),
        # STARTEC (CUAD dev, read on the final page): "does not say which parties it binds"; liability to "another Party" is any party's
        ("Cap On Liability", "In no event shall any employee, servant or agent of a Party be liable to another Party for any loss or damage.",
         ("meets", "to another Party")),
        # AIRSPAN (CUAD train, read on the final page): who made the commitments, or how the products are used, is no side bound;
        # a side with an aside before its verb, and a group of a party's people, are one side
        ("Cap On Liability", "Airspan shall not be liable to Distributor for damages for loss of goodwill, or on account of any expenditures, investments, "
         "leases, or commitments made by either party.", ("deviates", "Airspan shall not be liable")),
        ("Cap On Liability", "NEITHER Airspan, NOR ANY OF ITS OFFICERS OR AFFILIATES, SHALL HAVE ANY LIABILITY TO DISTRIBUTOR FOR LOSS OF PROFITS ARISING FROM "
         "THE INABILITY TO USE THEM EITHER SEPARATELY OR IN COMBINATION WITH OTHER EQUIPMENT.", ("deviates", "NEITHER Airspan, NOR ANY OF ITS OFFICERS")),
        ("Cap On Liability", "Airspan Parties, taken as a whole, shall be liable for physical damage to Distributor's property up to a maximum aggregate amount "
         "of one million US Dollars (US$1,000,000).", ("deviates", "Airspan Parties, taken as a whole, shall be liable")),
        ("Cap On Liability", "In no event will the aggregate liability incurred by either party exceed the fees paid.", ("meets", "either party")),
        # BLUEFLY (CUAD train, read on the final page): a time to sue that binds both sides was "not decided"; beside an
        # exclusion that protects one side (XIMAGE, CUAD train), the "either party" who may bring an action binds nothing more
        ("Cap On Liability", "Neither party will bring a legal action related to this Agreement more than two years after the cause of action accrued.",
         ("meets", "Neither party")),
        ("Cap On Liability", "IN NO EVENT SHALL, XIMAGE BE LIABLE TO MORPHO FOR ANY INCIDENTAL, CONSEQUENTIAL, SPECIAL OR INDIRECT DAMAGES (INCLUDING "
         "WITHOUT LIMITATION, DAMAGES ARISING FROM LOSS OF BUSINESS, DATA, PROFITS OR GOODWILL) INCURRED OR SUFFERED BY MORPHO IN CONNECTION WITH, OR "
         "ARISING OUT OF, THIS AGREEMENT OR MORPHO'S USE OF ANY DOCUMENTATION OR SOFTWARE OR SERVICES PROVIDED, OR TO BE PROVIDED, HEREUNDER, EVEN IF "
         "XIMAGE HAS BEEN APPRISED OF THE LIKELIHOOD OF THE SAME. NO ACTION, REGARDLESS OF FORM, RELATED TO TRANSACTIONS OCCURRING UNDER, OR "
         "CONTEMPLATED BY, THIS AGREEMENT MAY BE BROUGHT BY EITHER PARTY MORE THAN ONE (1) YEAR AFTER THE CAUSE OF ACTION HAS ACCRUED.", ("unknown", None)),
        # CENTRACK, ABOUT.COM (CUAD train): a name its owner writes in lower case
        ("Cap On Liability", "i-on's liability for damages to the Customer for any cause whatsoever shall be limited to one (1) month's fees.", ("deviates", "i-on's liability")),
        ("Termination For Convenience", "eBix may terminate this Agreement upon sixty (60) days notice to About.", ("deviates", "eBix may terminate")),
        ("Termination For Convenience", "Except as may be provided in any Schedule, Metavante may, at any time, withdraw any of the Services upon providing ninety (90) "
         "days' prior written notice to Customer.", ("deviates", "Metavante may, at any time, withdraw")),
        ("Termination For Convenience", "This Agreement may be terminated by ArTara upon thirty (30) days prior written notice to University.",
         ("deviates", "may be terminated by ArTara")),
        ("Termination For Convenience", "Contractor shall be entitled, at its sole discretion, to terminate this Agreement upon six (6) months' notice.",
         ("deviates", "Contractor shall be entitled, at its sole discretion, to terminate")),
    ],
)
def test_who_a_cap_or_a_termination_right_binds(category, text, want):
    from shared.clauses.playbook_words import mutual

    assert mutual(text, category) == want


@pytest.mark.parametrize(
    ("category", "text", "why"),
    [  # NICE (CUAD dev): the page said "Not decided (a term the rule needs was not read as a value it can check)" of a flat bar on assignment
        ("Anti-Assignment", "Neither party shall in any way sell, transfer, assign, sub-contract or otherwise dispose of any of the rights granted under this Agreement.",
         "the clause does not say whether a change of control, merger or sale needs consent"),
        ("Termination For Convenience", "Either party may terminate this Agreement at any time by giving written notice to the other.", "the clause states no notice period"),
        ("Renewal Term", "This Agreement shall renew for successive renewal terms of [***] each.", "the renewal length is hidden in the contract as filed"),
        ("Cap On Liability", "In no event shall liability under this Agreement exceed the fees paid in the prior twelve months.", "the clause does not say which parties it binds"),
    ],
)
def test_a_position_not_decided_says_why(category, text, why):
    got = pos(category, text)
    assert (got["status"], got["why"]) == ("unknown", why)
    row = logic.summary([{"page": 1, "categories": [category], "terms": [], "positions": [got]}], [category], None)[0]
    assert row["why"] == why and f"Not decided against the playbook: {why}." in logic.summary_text([row], [])
    assert "why" not in pos("Governing Law", "This Agreement is governed by the laws of the State of New York.")


def test_the_report_csv_says_why_a_position_was_not_decided():
    from services.edge.reports import COLUMNS, row

    f = {"category": "Termination For Convenience", "categories": ["Termination For Convenience"], "page": 4, "quote": "Either party may terminate this Agreement.",
         "terms": [], "position": pos("Termination For Convenience", "Either party may terminate this Agreement at any time by giving written notice to the other.")}
    got = dict(zip(COLUMNS, row(f)))
    assert (got["position"], got["not_decided_because"]) == ("unknown", "the clause states no notice period")
    assert len(row(f)) == len(COLUMNS)
    # a position met with another clause says which (EMERALD HEALTH: each side's own right to terminate)
    f["position"] = {"status": "meets", "rule": "binds both parties", "quotes": ["The Company may terminate"], "jointly": {"page": 2, "quote": "The Contractor may terminate"}}
    got = dict(zip(COLUMNS, row(f)))
    assert got["decided_on"] == "The Company may terminate · with p. 2: The Contractor may terminate (together they bind both parties)"
    f["position"] = {"status": "meets", "rule": "binds both parties", "quotes": ["Customer may terminate"], "ours": "the customer"}
    assert dict(zip(COLUMNS, row(f)))["decided_on"] == "Customer may terminate · the right or the cap is yours: you asked as the customer"


def test_the_cli_says_why_a_position_was_not_decided():
    from services.cli_views import status_words

    got = pos("Termination For Convenience", "Either party may terminate this Agreement at any time by giving written notice to the other.")
    assert status_words(got).plain == "? not decided: the clause states no notice period"
    assert status_words({"status": "meets", "jointly": {"page": 2, "quote": "The Contractor may terminate"}}).plain == "✓ meets, with p. 2: “The Contractor may terminate” (together they bind both parties)"
    assert status_words({"status": "meets", "ours": "the customer"}).plain == "✓ meets (the right or the cap is yours: you asked as the customer)"
    assert status_words({"status": "meets"}).plain == "✓ meets" and status_words({}).plain == "no rule"


def test_a_restriction_for_the_term_and_thereafter_has_no_end():
    """INTERNATIONAL FAST FOOD franchise (CUAD train, read on the final page): "The Franchisee agrees, during the term of this
    Agreement and thereafter, not to ... engage in the operation of any restaurant" read "restriction period: during the term of this
    Agreement", and the playbook could not decide; the restriction runs past the term with no end, so past any limit."""
    quote = ("The Franchisee agrees, during the term of this Agreement and thereafter, not to directly or indirectly engage in the operation "
             "of any restaurant, except as licensed by BKC.")
    (t,) = terms.terms("Non-Compete", quote, risk.facts("Non-Compete", quote))
    assert (t["text"], t["value"]) == ("during the term of this Agreement and thereafter", terms.NO_END)
    rule = next(r for r in playbook.default().rules if r.category == "Non-Compete")
    assert playbook.position(rule, quote, [t])["status"] == "deviates"
    # thereafter for a time, or for something else, is no restriction without end
    term = "During the term of this Agreement, and thereafter for so long as it customarily maintains insurance, Supplier shall maintain insurance."
    assert [f["text"] for f in risk.facts("Non-Compete", term) if f["kind"] == "duration"] == ["During the term of this Agreement"]


def test_a_sale_of_substantially_all_barred_but_by_consent_is_counted_in():
    """INTERNATIONAL FAST FOOD franchise (CUAD train, read on the final page): "Except with the prior written consent of an authorized
    officer of BKC, Franchisee shall not ... (c) sell ... substantially all of the assets" was not decided ("does not say whether a
    change of control, merger or sale needs consent"): the rule's phrase was "all or substantially all", and a bar lifted only by
    consent was not read as one. Found over CUAD with it: an "except (a) to" and an "except that X may assign" lift the bar before them."""
    rule = next(r for r in playbook.default().rules if r.category == "Anti-Assignment")
    def status(text):
        return playbook.position(rule, text, [])["status"]

    assert status("Except with the prior written consent of an authorized officer of BKC, Franchisee shall not (a) directly or indirectly sell, "
                  "assign or otherwise transfer its rights under this Agreement; (b) issue any additional equity interests in the Franchisee, or "
                  "(c) sell, assign, transfer, convey, or give away substantially all of the assets of the Franchised Restaurant.") == "deviates"
    assert status("This Agreement may not be assigned by either party, except (a) to the transferee of substantially all of the business "
                  "operations of such party (whether by asset sale, stock sale, merger or otherwise).") == "meets"
    assert status("This Agreement shall not be assignable to another party, except that the Company shall have the right to assign this Agreement "
                  "to another party in the case of the sale or transfer by the Company of all, or substantially all, of its assets.") == "meets"


def test_a_cap_on_one_sides_indemnity_or_its_people_names_that_side():
    """MUSCLEPHARM co-branding (CUAD train, read on the final page): "In no event shall the AS Parties' indemnification obligations to
    MusclePharm hereunder exceed ..." and "THE AS PARTIES SHALL NOT BE LIABLE TO MUSCLEPHARM" were "not decided: the clause does not
    say which parties it binds"; both protect the AS Parties alone. An indemnity only mentioned names no side it caps."""
    assert playbook_words.side("In no event shall the AS Parties' indemnification obligations to MusclePharm hereunder exceed the after-tax "
                               "value of the Cash Consideration received by Lender.", "Cap On Liability")[0] == "as"
    assert playbook_words.mutual("THE AS PARTIES SHALL NOT BE LIABLE TO MUSCLEPHARM OR ANY THIRD PARTY FOR ANY DAMAGES.", "Cap On Liability")[0] == "deviates"
    assert playbook_words.mutual("In no event shall the Parties be liable for lost profits.", "Cap On Liability")[0] == "unknown"
    mentioned = ("Manufacturer shall not be liable for Losses to the extent such Losses are caused by a Customer Indemnified Party or subject to "
                 "Customer's indemnification obligations pursuant to Section 10.2.")
    assert playbook_words.mutual(mentioned, "Cap On Liability") == ("deviates", "Manufacturer shall not be liable")


def test_both_sides_named_by_by_are_quoted_whole():
    """DOMINI sponsorship (CUAD train, read on the final page): "Decided on: “by the Board of Trustees of the Trust, or by the S”"."""
    text = ("This Agreement may be terminated at any time, without the payment of any penalty, with respect to any series or the Trust, by the "
            "Board of Trustees of the Trust, or by the Sponsor, in each case on not less than 60 days' written notice to the other party.")
    assert playbook_words.mutual(text, "Termination For Convenience") == ("meets", "by the Board of Trustees of the Trust, or by the Sponsor")

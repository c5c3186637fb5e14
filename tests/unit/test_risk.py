import re
from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench import cuad
from shared.clauses import catalogue, playbook_words, risk, terms

# Our words must not conclude or instruct (the same rule as the draft's validator). The clause's
# own words, quoted in “…”, may say anything.
ADVICE = re.compile(
    r"\b(you should|we recommend|recommend\w*|must (sign|terminate|reject|accept|call)|do not sign|terminate now|call|contact|"
    r"risky|high[- ]risk|low[- ]risk|dangerous|safe to|unenforceable|is (fine|acceptable|unacceptable)|conclusion|verdict|advise\w*)\b",
    re.I,
)
QUOTED = re.compile(r"“[^”]*”")


def kinds(found, kind):
    return [f["text"] for f in found if f["kind"] == kind]


def bound(found):
    return [(f["text"], f["scope"]) for f in found if f["kind"] == "bound"]


CAP = (
    "Except for breach of Section 7 (Confidentiality), in no event shall either party's aggregate liability under this Agreement "
    "exceed the total fees paid by Customer in the twelve (12) months preceding the claim."
)


def test_cap_on_liability_states_basis_exception_and_mutuality():
    note = risk.risk_note("Cap On Liability", CAP)
    assert kinds(note["facts"], "multiple") == ["the total fees paid by Customer in the twelve (12) months preceding the claim"]
    assert kinds(note["facts"], "carve_out") == ["Except for breach of Section 7 (Confidentiality)"]
    assert bound(note["facts"]) == [("either party", "mutual")]
    assert note["risk"].startswith(
        "Liability is capped at “the total fees paid by Customer in the twelve (12) months preceding the claim”. "
        "Exceptions: “Except for breach of Section 7 (Confidentiality)”. Applies to both parties (“either party”)."
    )
    assert note["risk_source"] == "template"
    assert note["risk"].endswith(catalogue.BY_NAME["cap on liability"].risk)


def test_cap_as_a_multiple_or_an_amount():
    found = risk.facts("Cap On Liability", "Each party's total liability shall not exceed two (2) times the fees paid hereunder, whether in contract or tort.")
    assert kinds(found, "multiple") == ["two (2) times the fees paid hereunder"]
    found = risk.facts("Cap On Liability", "Supplier's liability shall in no event exceed $500,000; provided, however, that this limit shall not apply to fraud.")
    assert kinds(found, "amount") == ["$500,000"]
    assert kinds(found, "carve_out") == ["provided, however, that this limit shall not apply to fraud"]
    # CUAD dev (DYNAMEX): dollars and cents in words, per kilogram
    found = risk.facts("Cap On Liability", "liability for loss, damage or delay is limited to Four Dollars and Forty One Cents ($4.41) per kilogram "
                                           "or Two Dollars ($2.00) per pound unless a higher value has been declared.")
    assert kinds(found, "amount") == ["Four Dollars and Forty One Cents ($4.41) per kilogram", "Two Dollars ($2.00) per pound"]


def test_a_clause_without_a_cap_says_so():
    note = risk.risk_note("Cap On Liability", "Each party's liability under this Agreement shall be limited as set out in the Order.")
    assert note["risk"].startswith("No amount or basis for the cap is stated in this clause.")


def test_a_contract_with_no_fixed_end_is_said_to_run_until_terminated():
    """DYNAMEX (CUAD dev): "shall continue indefinitely until terminated by either Party" read only "No end date or term
    length is stated in this clause", as if the term had been left out; the clause says the contract has no fixed end."""
    from shared.clauses import terms

    def note(clause: str) -> str:
        return risk.risk_note("Expiration Date", clause, terms=terms.terms("Expiration Date", clause))["risk"]

    assert note("2.1 This Agreement shall be effective from the date first above written and shall continue indefinitely until terminated by "
                "either Party in accordance with the provisions of this Agreement.").startswith(
        "No end date or term length is stated: it runs with no fixed end (“continue indefinitely until terminated”).")
    assert "(“continue in effect until terminated”)" in note("This Agreement shall become effective on the Effective Date and shall continue in effect until terminated in accordance with Article 9.")
    assert "(“continue in perpetuity”)" in note("This Agreement shall continue in perpetuity unless terminated as provided herein.")
    # CUAD train's other ways of saying it
    for clause, said in [("This Agreement and the license granted herein shall remain effective until terminated.", "remain effective until terminated"),
                         ("This Agreement shall be valid for an indefinite period.", "for an indefinite period"),
                         ("This Agreement is entered into for an unlimited period of time.", "for an unlimited period of time"),
                         ("This Agreement shall apply and remain in effect from the Effective Date and perpetually thereafter unless terminated.", "perpetually thereafter")]:
        assert f"(“{said}”)" in note(clause), clause
    # a fixed term first: that is what it says (the evergreen tail is no missing term)
    fixed = note("This agreement shall continue for an initial term of one (1) years and indefinitely after that until terminated by either party.")
    assert "no fixed end" not in fixed and "one (1) years" in fixed
    assert note("This Amendment shall remain in effect for the current term of the Agreement.").startswith("No end date or term length is stated in this clause.")


def test_an_exclusion_of_damages_is_said_to_be_one_not_a_cap_without_its_amount():
    """TALCOTT (CUAD dev): "In any event, neither party shall be liable for any special,
    consequential or incidental damages." read "No amount or basis for the cap is stated", as if
    the cap had lost its figure; it is an exclusion."""
    note = risk.risk_note("Cap On Liability", "In any event, neither party shall be liable for any special, consequential or incidental damages.")["risk"]
    assert note.startswith("An exclusion of kinds of damages, not a limit on an amount: no amount or basis is stated in this clause.")
    assert "Excludes: “special, consequential or incidental damages”" in note
    capped = risk.risk_note("Cap On Liability", "Neither party shall be liable for consequential damages, and each party's total liability shall not exceed the fees paid.")["risk"]
    assert "amount or basis" not in capped and "the fees paid" in capped


def test_termination_for_convenience_notice_and_who_may_terminate():
    found = risk.facts("Termination For Convenience", "Licensee may terminate this Agreement for convenience upon at least ninety (90) days' prior written notice to Licensor.")
    assert kinds(found, "notice_period") == ["upon at least ninety (90) days' prior written notice"]
    assert kinds(found, "trigger") == ["for convenience"]
    assert bound(found) == [("Licensee may", "one_party")]
    found = risk.facts("Termination For Convenience", "Either party may terminate this Agreement at any time without cause upon thirty (30) days notice.")
    assert kinds(found, "notice_period") == ["upon thirty (30) days notice"]
    assert set(kinds(found, "trigger")) == {"at any time", "without cause"}
    assert bound(found) == [("Either party may", "mutual")]


@pytest.mark.parametrize("quote", [
    # CUAD dev (HOLIDAY RV, HEALTHGATE): the notice starts a cure period or demands payment
    "B. Either Party may terminate this Agreement at any time in the event of a material breach by the other Party which remains uncured after thirty days written notice thereof.",
    "11.1 NCC may terminate this Agreement after failure by the Owner or the Licensee to comply with a 30 day written notice from NCC to pay any outstanding fee.",
])
def test_a_notice_to_cure_or_to_pay_is_no_notice_period_to_terminate(quote):
    found = risk.facts("Termination For Convenience", quote)
    assert kinds(found, "notice_period") == [] and kinds(found, "trigger") == []
    assert not risk.risk_note("Termination For Convenience", quote)["risk"].startswith("Termination notice")


def test_a_notice_to_terminate_after_a_failure_to_cure_is_still_one():
    quote = "If a party fails to cure a material breach, the other party may terminate this Agreement upon ten (10) days written notice."
    assert kinds(risk.facts("Termination For Convenience", quote), "notice_period") == ["upon ten (10) days written notice"]


@pytest.mark.parametrize("category, quote, who", [
    # CUAD dev (Creditcards.com): both named parties may terminate; one party's liability is capped
    ("Termination For Convenience", "Either Affiliate or Chase may terminate this Agreement at any time, with or without cause, by giving the other "
                                    "party written or e-mail notice of termination.", ("Either Affiliate or Chase", "mutual")),
    # VIRTUALSCOPICS (CUAD train, read on the final page): "a Joint Solution shall be addressed" read "Applies to one party (“Solution shall”)"
    ("Joint Ip Ownership", "The parties' ownership rights in any inventions that results out of the development of a Joint Solution shall be "
                           "addressed by the parties by separate written agreement.", None),
    # ETELOS (CUAD train, read on the final page): "Tripath or Distributor may terminate" read "Applies to one party (“Distributor may”)"
    ("Termination For Convenience", "18.2 Tripath or Distributor may terminate this Agreement for any reason with thirty days written notice.",
     ("Tripath or Distributor", "mutual")),
    ("Cap On Liability", "Further, Chase’s aggregate liability arising under or with respect to this Agreement or the Affiliate Program shall in no "
                         "event exceed the total Commissions paid or payable by Chase to Affiliate under this Agreement.", ("Chase’s aggregate liability", "one_party")),
    ("Insurance", "Nothing herein shall limit the other Party’s liability for its own negligence.", None),  # "Party" names no one
    # CUAD dev (VALENCE): "this Contract may not be assigned ... by any Party" binds every party, the Contract is none
    ("Anti-Assignment", "Article 121 Except as otherwise provided herein, this Contract may not be assigned in whole or in part by any Party without "
                        "the prior written consent of the other Party.", ("any Party", "mutual")),
    # CUAD dev (VALENCE): "as may be recommended by the CEO" binds no one; "may be terminated by" does
    ("Insurance", "Article 94 The Joint Venture Company, at its own expense, shall take out and maintain insurance in amounts as may be "
                  "recommended by the CEO and decided by the Board of Directors.", None),
    ("Termination For Convenience", "This Agreement may be terminated by Licensee upon thirty days notice.", ("may be terminated by Licensee", "one_party")),
    # CUAD dev: things that "shall" are no parties; a title before a party is no part of its name
    ("Revenue/Profit Sharing", "Royalties shall be paid quarterly within thirty (30) days after the end of each quarter.", None),
    ("Exclusivity", "Sub-Distribution The Distributor shall not appoint any sub-distributor without the prior written consent of the Company.",
     ("The Distributor shall not", "one_party")),
    # CUAD dev (HOLIDAY RV): the Company holds the right; "by either Party" is what it costs
    ("Termination For Convenience", "In the event that the Company desires to terminate the Agreement prior to the Termination Date, it shall "
                                    "provide AGI with at least 60 days prior written notice, without any further responsibility by either Party.",
     ("the Company desires to", "one_party")),
    # CUAD dev (Creditcards.com): a section title glued to the clause is no part of the name
    ("Cap On Liability", "21. Limitation of Damages Chase shall have no liability for any indirect, special or consequential damages.", ("Chase shall", "one_party")),
    # CUAD dev (SmartRx): "no other Distributor will be appointed" binds the Company that agrees to it
    ("Exclusivity", "Company agrees that no other Distributor will be appointed in any other state as a Distributor, save and except for the "
                    "state of Florida.", ("Company agrees", "one_party")),
    # CUAD dev (Neoforma): a definition binds no one
    ("Non-Compete", "1.51 VERTICALNET COMPETITOR shall mean any Site primarily directed to the sale or auction of Laboratory Products.", None),
    # CUAD dev (MANAKOA): the item's letter is no part of the name
    ("Non-Compete", "G. MKOS will not seek to acquire any technologies presented to MKOS by UTEK from the technology developer directly or "
                    "indirectly for a period of 24 months following the termination of this Strategic Alliance Agreement.", ("MKOS will not", "one_party")),
    # CUAD train (AIRSPAN): an aside between the party and its verb; "And" opens the second party's sentence, it names no one
    ("Cap On Liability", "16.3 Airspan Parties, taken as a whole, shall be liable for physical damage to Distributor's property up to a maximum "
                         "aggregate amount of one million US Dollars (US$1,000,000).", ("Airspan Parties, taken as a whole, shall", "one_party")),
    ("Cap On Liability", "And Distributor, taken as a whole, shall be liable for physical damage to Airspan's property up to a maximum aggregate "
                         "amount of one million US Dollars (US$1,000,000).", ("Distributor, taken as a whole, shall", "one_party")),
    # CUAD train (CENTRACK, read on the final page; IBIO): a name its owner writes in lower case; a unit is no name
    ("Cap On Liability", "i-on will not be liable under any circumstances for any lost profits or other consequential damages.", ("i-on will not", "one_party")),
    ("License Grant", "iBio hereby grants to CC-Pharming a nonexclusive, non-assignable, limited right and license.", ("iBio hereby grants", "one_party")),
    ("Minimum Commitment", "The signal level at the receiver: -40 dBm must be met.", None),
    ("Cap On Liability", "Notices by e-mail will be deemed received on the day sent.", None),
])
def test_who_is_bound_when_the_parties_are_named(category, quote, who):
    assert bound(risk.facts(category, quote)) == ([who] if who else [])


RENEWAL = (
    "This Agreement shall automatically renew for successive one (1) year periods unless either party gives notice of non-renewal "
    "at least sixty (60) days prior to the end of the then-current term."
)


def test_renewal_length_and_notice_window():
    found = risk.facts("Renewal Term", RENEWAL)
    assert kinds(found, "duration") == ["one (1) year"]
    assert kinds(found, "notice_period") == ["at least sixty (60) days prior to the end of the then-current term"]
    note = risk.risk_note("Notice Period To Terminate Renewal", RENEWAL)["risk"]
    assert note.startswith("Notice to end renewal: “at least sixty (60) days prior to the end of the then-current term”.")


@pytest.mark.parametrize(
    ("quote", "law"),
    [
        ("This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to "
         "its conflict of laws principles.", "the laws of the State of New York"),
        ("THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF DELAWARE WITHOUT REGARD TO CHOICE OF LAW RULES.", "THE LAWS OF THE STATE OF DELAWARE"),
        ("This Agreement is governed by the laws of England and Wales.", "the laws of England and Wales"),
        ("This Agreement shall be governed by English law.", "English law"),
    ],
)
def test_governing_law(quote, law):
    assert kinds(risk.facts("Governing Law", quote), "law") == [law]


def test_no_law_named():
    note = risk.risk_note("Governing Law", "The courts shall have exclusive jurisdiction.")
    assert note["facts"] == [] and note["risk"].startswith("No governing law is named in this clause.")


def test_anti_assignment_consent_and_exception():
    quote = (
        "Neither party may assign this Agreement without the prior written consent of the other party, which consent shall not be "
        "unreasonably withheld; provided, however, that either party may assign this Agreement to an Affiliate or to a successor in a merger."
    )
    found = risk.facts("Anti-Assignment", quote)
    assert kinds(found, "consent") == ["without the prior written consent of the other party", "shall not be unreasonably withheld"]
    assert kinds(found, "carve_out") == ["provided, however, that either party may assign this Agreement to an Affiliate or to a successor in a merger"]
    assert bound(found) == [("Neither party may", "mutual")]


def test_non_compete_duration_and_territory():
    quote = "During the Term and for a period of two (2) years thereafter, Distributor shall not, directly or indirectly, sell any competing product in the Territory."
    found = risk.facts("Non-Compete", quote)
    assert kinds(found, "duration") == ["During the Term and for a period of two (2) years thereafter"]
    assert kinds(found, "territory") == ["in the Territory"]
    assert bound(found) == [("Distributor shall not", "one_party")]
    assert kinds(risk.facts("Non-Compete", "Seller shall not compete worldwide for five (5) years."), "territory") == ["worldwide"]


def test_insurance_amounts():
    quote = (
        "Supplier shall maintain commercial general liability insurance with limits of not less than $1,000,000 per occurrence "
        "and $2,000,000 in the aggregate, and shall name Customer as an additional insured."
    )
    found = risk.facts("Insurance", quote)
    assert kinds(found, "amount") == ["$1,000,000 per occurrence", "$2,000,000 in the aggregate"]
    assert kinds(found, "coverage") == ["commercial general liability insurance"]
    assert "Coverage amounts: “$1,000,000 per occurrence”, “$2,000,000 in the aggregate”." in risk.risk_note("Insurance", quote)["risk"]
    # FREEZE TAG: "$2,000,000 aggregate" with no "in the" is an aggregate too
    quote = "The insurance shall be in an amount of: $2,000,000 per occurrence and $2,000,000 aggregate."
    assert kinds(risk.facts("Insurance", quote), "amount") == ["$2,000,000 per occurrence", "$2,000,000 aggregate"]


def test_kinds_of_insurance_named_together_are_one_coverage():
    # GRIDIRON (CUAD dev): "general commercial and product liability insurance" was named as "product liability insurance"
    quote = "Company agrees to provide and maintain, at its own expense, general commercial and product liability insurance."
    assert kinds(risk.facts("Insurance", quote), "coverage") == ["general commercial and product liability insurance"]
    quote = "The contractor shall maintain workers' compensation, employer's liability and umbrella insurance as required by law."
    assert kinds(risk.facts("Insurance", quote), "coverage") == ["workers' compensation, employer's liability and umbrella insurance"]


def test_change_of_control_and_survival():
    found = risk.facts("Change Of Control", "Either party may terminate this Agreement upon thirty (30) days written notice upon a change of control of the other party.")
    assert kinds(found, "event") == ["upon a change of control"]
    # SFG FINANCIAL (CUAD dev): an end "for any reason" is no change of control.
    note = risk.risk_note("Change Of Control", "EFFECT OF TERMINATION Upon termination of this Agreement: for any reason (a) the rights and licenses "
                          "granted to Licensee pursuant to this Agreement will automatically terminate.")["risk"]
    assert note.startswith("No change-of-control event is named in this clause.") and "for any reason" not in note
    found = risk.facts("Post-Termination Services", "Sections 5 and 9 shall survive the expiration or termination of this Agreement.")
    assert kinds(found, "survival") == ["shall survive the expiration or termination of this Agreement"]


def test_unknown_category_and_name_categories():
    assert risk.risk_note("No Such Category", "Either party may terminate.") == {"risk": "", "facts": [], "risk_source": "template"}
    assert risk.risk_note("Parties", "ACME Corp.")["risk"] == catalogue.BY_NAME["parties"].risk


EXAMPLES = [CAP, RENEWAL, "Licensee shall not assign except for an assignment to an Affiliate; you should call us."]


@pytest.mark.parametrize("cat", [c.name for c in catalogue.CATEGORIES])
def test_notes_hold_no_advice_and_end_with_the_checklist_line(cat):
    for quote in EXAMPLES:
        note = risk.risk_note(cat, quote)["risk"]
        assert not ADVICE.search(QUOTED.sub("", note)), note
        assert note.endswith(catalogue.BY_NAME[cat.lower()].risk)


WORDS = st.sampled_from(
    "either party shall may not exceed the fees paid twelve (12) months $1,000,000 5% ninety (90) days' prior written notice except "
    "for provided, however, that notwithstanding excluding other than laws of the State of New York Licensee in the Territory worldwide "
    "without consent of upon a change of control survive termination ; . , ( ) \n".split(" ")
)
TEXT = st.one_of(st.text(max_size=400), st.lists(st.one_of(WORDS, st.text(max_size=6)), max_size=80).map(" ".join))


@given(TEXT)
def test_every_fact_is_a_stripped_verbatim_slice(quote):
    for cat in catalogue.CATEGORIES:
        for f in risk.facts(cat.name, quote):
            assert f["text"] and f["text"] == f["text"].strip() and f["text"] in quote
            assert any(  # at some occurrence it neither starts nor ends inside a word
                not (a > 0 and quote[a - 1].isalnum() and quote[a].isalnum())
                and not (a + len(f["text"]) < len(quote) and quote[a + len(f["text"]) - 1].isalnum() and quote[a + len(f["text"])].isalnum())
                for a in [m.start() for m in re.finditer(re.escape(f["text"]), quote)]
            )


# category -> kinds that answer its checklist, and the share of CUAD train clauses that yield one
# (measured, then set a little below: 20%, 91%, 67%, 78%, 80%, 62%, 64%, 25%, 67%, 61%).
FLOORS = {
    "Cap On Liability": (("multiple", "amount", "percent"), 0.16),
    "Governing Law": (("law",), 0.85),
    "Termination For Convenience": (("notice_period",), 0.6),
    "Renewal Term": (("duration",), 0.7),
    "Notice Period To Terminate Renewal": (("notice_period",), 0.72),
    "Anti-Assignment": (("consent",), 0.55),
    "Non-Compete": (("duration", "territory"), 0.55),
    "Insurance": (("amount",), 0.2),
    "Post-Termination Services": (("survival",), 0.6),
    "Change Of Control": (("event",), 0.55),
}
CAP_WORDS = re.compile(r"\bexceed|\blimited to\b|\bcapped\b|\$", re.I)


@pytest.mark.cuad
def test_facts_on_real_cuad_clauses():
    if not cuad.available():
        pytest.skip(f"no CUAD data at {cuad.cuad_dir()}")
    by_cat = defaultdict(list)
    for row in cuad.labels("train"):
        for clause in row["clauses"]:
            by_cat[clause["category"]].append(clause["text"])
    shares = {}
    for cat, quotes in sorted(by_cat.items()):
        found = [risk.risk_note(cat, q) for q in quotes]
        for q, note in zip(quotes, found):
            assert all(f["text"] and f["text"] == f["text"].strip() and f["text"] in q for f in note["facts"]), (cat, q)
            assert not ADVICE.search(QUOTED.sub("", note["risk"])), note["risk"]
        key = FLOORS.get(cat, ((), 0))[0]
        shares[cat] = (sum(bool(n["facts"]) for n in found) / len(quotes), sum(any(f["kind"] in key for f in n["facts"]) for n in found) / len(quotes))
        print(f"{cat:40} n={len(quotes):4}  any fact {shares[cat][0]:4.0%}" + (f"  {'/'.join(key)} {shares[cat][1]:4.0%}" if key else ""))
    for cat, (_, floor) in FLOORS.items():
        assert shares[cat][1] >= floor, (cat, shares[cat][1])
    # Most CUAD "Cap On Liability" clauses exclude kinds of damages and state no cap; of those that
    # word a cap ("exceed", "limited to", "$"), most yield its amount or basis.
    worded = [q for q in by_cat["Cap On Liability"] if CAP_WORDS.search(q)]
    hit = sum(any(f["kind"] in FLOORS["Cap On Liability"][0] for f in risk.facts("Cap On Liability", q)) for q in worded) / len(worded)
    print(f"Cap On Liability clauses that word a cap: n={len(worded)}  amount/multiple/percent {hit:.0%}")
    assert hit >= 0.55


def test_a_restriction_during_the_period_of_the_agreement_lasts_as_long_as_it():
    # CUAD dev (FreezeTag): "No period is stated" was said of a clause that states one
    quote = ("Nothing shall prohibit the Association, during the period of this Agreement, from licensing the use of substantially similar "
             "marks for substantially similar uses in working with other companies or industries.")
    assert kinds(risk.facts("Non-Compete", quote), "duration") == ["during the period of this Agreement"]
    assert "No period is stated" not in risk.risk_note("Non-Compete", quote)["risk"]
    assert kinds(risk.facts("Non-Compete", "The period of notice is thirty days and the Distributor shall not compete."), "duration") == ["thirty days"]


def test_a_cap_basis_ends_where_another_party_s_share_begins():
    # CUAD dev (NUVEEN): the basis ran on into "and each of the Fund ... is responsible for the balance"
    quote = ("the Remarketing Agent is responsible for that portion represented by the percentage that the Remarketing Agent’s fee bears to the "
             "aggregate liquidation preference but will not exceed the amount of such fee (calculated for a one year period) and each of the "
             "Fund and the Investment Adviser is responsible for the balance; provided, however, that no person guilty of fraudulent "
             "misrepresentation shall be entitled to contribution.")
    assert kinds(risk.facts("Cap On Liability", quote), "multiple") == ["the amount of such fee (calculated for a one year period)"]
    quote = "In no event shall either party's liability exceed the fees paid and the expenses incurred under this Agreement."
    assert kinds(risk.facts("Cap On Liability", quote), "multiple") == ["the fees paid and the expenses incurred under this Agreement"]


def test_a_cap_at_the_cost_of_the_products_is_a_basis():
    # CUAD dev (HUBEI MINKANG): the cap's basis said nothing
    quote = ("DGT's total liability, whether under the express or implied terms of this Agreement, in tort (including negligence), or at "
             "common law, for any loss or damage suffered by Dolphin shall be limited to the amount of the cost of the products.")
    assert kinds(risk.facts("Cap On Liability", quote), "multiple") == ["the amount of the cost of the products"]


def test_who_agrees_that_another_is_not_liable_is_not_the_one_bound():
    # CUAD dev (ALLIANCE BANCORP): the note named "the Bank also agree" as the party the clause applies to
    quote = ("(d) The Company, the MHCs and the Bank also agree that the Agent shall not have any liability (whether direct or indirect, "
             "in contract or tort or otherwise) to the MHCs and its members relating to this Agreement.")
    assert bound(risk.facts("Cap On Liability", quote)) == [("the Agent shall not", "one_party")]


def test_notwithstanding_anything_to_the_contrary_is_no_exception():
    # CUAD dev (ALLIANCE BANCORP): the whole cap was listed as its own exception
    quote = ("Notwithstanding anything to the contrary set forth herein, to the extent permitted by applicable law, in no event shall the "
             "Agent be required to contribute an aggregate amount in excess of the aggregate marketing fees to which the Agent is entitled.")
    assert kinds(risk.facts("Cap On Liability", quote), "carve_out") == []
    quote = "Notwithstanding the foregoing, either party may assign this Agreement to an Affiliate without consent."
    assert kinds(risk.facts("Anti-Assignment", quote), "carve_out") == ["Notwithstanding the foregoing, either party may assign this Agreement to an Affiliate without consent"]


def test_an_expiration_note_does_not_call_its_start_date_the_term():
    # CUAD dev (Vnue): "Term: “One (1) Year”, “September 10, 2015”" read as if the term were a date
    note = risk.risk_note("Expiration Date", "This Agreement shall commence on September 10, 2015 and shall continue for One (1) Year (the “Term”).")
    assert note["risk"].startswith("Term and dates stated: “One (1) Year”, “September 10, 2015”.")


def test_an_exception_ends_where_the_rule_it_excepts_from_takes_over():
    # CUAD dev (HEALTHGATE): the exception ran on into "and in such event NCC's total liability ... arising"
    quote = ("10.1 NCC shall not be liable for any loss caused to the Owner or the Licensee either jointly or severally except for loss of or "
             "damage to the Material to the extent that such loss or damage is caused by the negligent acts or omissions of NCC, its "
             "employees, agents or sub-contractors and in such event NCC's total liability in respect of all claims arising under or by "
             "virtue of this Agreement shall not (except in the case of claims for personal injury or death) exceed the sum of (pounds)500,000.")
    assert kinds(risk.facts("Cap On Liability", quote), "carve_out") == [
        "except for loss of or damage to the Material to the extent that such loss or damage is caused by the negligent acts or omissions "
        "of NCC, its employees, agents or sub-contractors", "except in the case of claims for personal injury or death"]


def test_a_notice_before_a_named_term_quotes_its_name():
    # CUAD dev (SmartRx): the notice was quoted as "... within 180 days prior to any"
    quote = ("unless (i) either party provides written notice of its intention not to renew the Agreement within 180 days prior to any "
             "Renewal Term; or (ii) this Agreement is otherwise terminated.")
    assert kinds(risk.facts("Notice Period To Terminate Renewal", quote), "notice_period") == [
        "notice of its intention not to renew the Agreement within 180 days prior to any Renewal Term"]


def test_a_sum_in_renminbi_is_read_and_a_party_named_after_of_is_not_bound():
    # CUAD dev (SENMIAO): "liquidated damages of RMB 50,000" said nothing; "entities of Party A will" was the bound party
    quote = ("Party A is entitled to immediately terminate this Agreement, and request Party B to pay the liquidated damages of RMB 50,000 "
             "(RMB FIFTY THOUSAND) and indemnify for all losses incurred to Party A thereby.")
    assert kinds(risk.facts("Liquidated Damages", quote), "amount") == ["RMB 50,000"]
    quote = "no associated entities of Party A will establish commercial cooperation with Party B; besides, Party B shall pay liquidated damages."
    assert bound(risk.facts("Liquidated Damages", quote)) == [("Party B shall", "one_party")]


def test_a_sentence_that_opens_with_notwithstanding_excepts_only_where_it_lifts_a_limit():
    """SUNTRON, SFG FINANCIAL (CUAD dev): "Notwithstanding the foregoing ..., <a cap>" is the cap,
    not an exception to it; a rule that lifts a limit or permits after it still is one."""
    quote = ("Notwithstanding the foregoing or any other provision of this Agreement to the contrary, the Agent acknowledges and agrees that "
             "the Investor's obligation to make Required Capital Contributions hereunder shall be limited to an aggregate amount of $5,000,000 "
             "during the term of this Agreement.")
    note = risk.risk_note("Cap On Liability", quote)["risk"]
    assert "Exceptions" not in note and "Liability is capped at “$5,000,000”" in note
    assert kinds(risk.facts("Cap On Liability", "THE FOREGOING LIMITATIONS SHALL APPLY NOTWITHSTANDING ANY FAILURE OF ESSENTIAL PURPOSE OF ANY LIMITED REMEDY."), "carve_out") == []
    lifted = "Notwithstanding Sections 17(a) and 17(b), neither Party excludes or limits any liability for personal injury or death."
    assert kinds(risk.facts("Uncapped Liability", lifted), "carve_out") == [lifted.rstrip(".")]


def test_exceptions_stated_as_pointers_or_in_other_words():
    """CUAD train Uncapped Liability clauses whose exception no marker read before."""
    assert kinds(risk.facts("Uncapped Liability", "Subject to Section 17(c), in no event shall either Party be liable for consequential damages."),
                 "carve_out") == ["Subject to Section 17(c)"]
    assert kinds(risk.facts("Cap On Liability", "Subject to Clauses 9.1 and 9.2, each party's total liability is limited to the fees."),
                 "carve_out") == ["Subject to Clauses 9.1 and 9.2"]
    for quote in ("NOTHING IN THIS SECTION 12.2 SHALL LIMIT A PARTY'S OBLIGATION TO PAY ANY AMOUNTS DUE.",
                  "This limitation does not, however, apply to any obligation of either party to indemnify the other.",
                  "Each Party will bear full responsibility, without limit, for gross negligence or willful misconduct.",
                  "THE LIMITATIONS ON LIABILITY SET FORTH IN THIS AGREEMENT SHALL BE INAPPLICABLE TO EACH PARTY'S OBLIGATION TO INDEMNIFY."):
        assert kinds(risk.facts("Uncapped Liability", quote), "carve_out"), quote


def test_a_sum_written_without_a_leading_zero_is_a_sum():
    """SFG FINANCIAL (CUAD dev): "priced at $.25 cents per share" states a sum."""
    note = risk.risk_note("Revenue/Profit Sharing", "The rebates shall be payable in shares of Licensor’s Common Stock; priced at $.25 cents per share.")["risk"]
    assert note.startswith("Rate or sum: “$.25”")


def test_a_period_in_a_first_refusal_clause_is_not_called_its_response_period():
    """SFG FINANCIAL (CUAD dev): "renewed for an additional period of seven (7) years at the option
    of the Licensor" states a period; nothing says it is the time to answer an offer."""
    note = risk.risk_note("Rofr/Rofo/Rofn", "The Agreement may be renewed for an additional period of seven (7) years at the option of the Licensor.")["risk"]
    assert "Response period" not in note and "Periods stated: “seven (7) years”" in note


def test_who_is_bound_when_several_parties_or_a_heading_stand_before_the_verb():
    """SUNTRON, SFG FINANCIAL (CUAD dev): three parties that acknowledge together are all bound,
    not the last named; a heading in capitals before the party is not part of its name."""
    note = risk.risk_note("Liquidated Damages", "The Investor, the Agent and the Lenders hereby acknowledge and agree that such lesser amount "
                          "will be the full, agreed and liquidated damages resulting from any Maintenance Event of Default hereunder.")["risk"]
    assert "Applies to all parties (“Investor, the Agent and the Lenders hereby acknowledge”)" in note
    note = risk.risk_note("Anti-Assignment", "SUB LICENSE AGREEMENT Licensee agrees it shall not assign any right incident to the License "
                          "Technology to any third party without the prior written consent of the Licensor.")["risk"]
    assert "Applies to one party (“Licensee agrees”)" in note
    assert [f["text"] for f in risk.facts("Cap On Liability", "Licensor and Licensee agree that neither shall be liable for lost profits.")
            if f["kind"] == "bound"] == ["Licensor and Licensee agree"]


def test_a_numbered_article_is_no_party():
    """ArTara (CUAD dev): "purchased to comply with this Article Seven will be kept in force"."""
    quote = "(c) Insurance policies purchased to comply with this Article Seven will be kept in force for at least one year after the last sale."
    assert not [f for f in risk.facts("Insurance", quote) if f["kind"] == "bound"]


def test_a_transport_contracts_consent_cap_and_exception_in_its_own_words():
    """GRAN TIERRA (CUAD dev), a contract translated from Spanish."""
    note = risk.risk_note("Anti-Assignment", "19.1 The SENDER shall not assign totally or partially the Contract hereof, without the previous "
                          "written consent by ECOPETROL.")["risk"]
    assert note.startswith("Consent: “without the previous written consent by ECOPETROL”.")
    quote = ("d) Save the event of gross negligence or willful misconduct, pursuant to the provisions in this numeral 11.2, the responsibility "
             "of ECOPETROL under the Contract hereof under no circumstance shall exceed seventy five per cent (75%) of the value of the Crude lost.")
    assert kinds(risk.facts("Cap On Liability", quote), "carve_out") == ["Save the event of gross negligence or willful misconduct, pursuant to the provisions in this numeral 11.2"]
    quote = ("e) Save the event of gross negligence, any claim shall not exceed twenty five percent (25%) of the value that ECOPETROL is "
             "obliged to indemnify under this numeral 11.2(d) of the Contract hereof. a) The SENDER shall be liable for any damage.")
    assert kinds(risk.facts("Cap On Liability", quote), "multiple")[0].endswith("of the Contract hereof")
    quote = "Bonds and Insurance: the Transporter and the interested Senders in the Sole Risk Proposal shall obtain the necessary bonds and insurance."
    assert "Sole Risk Proposal" not in str(risk.facts("Insurance", quote))


def test_the_consent_of_all_the_other_parties_is_quoted_whole():
    """STARTEC (CUAD dev)."""
    note = risk.risk_note("Anti-Assignment", "no Party may assign the whole of its rights under this Agreement without the written consent "
                          "of all the other Parties, such consent shall not be unreasonably withheld.")["risk"]
    assert note.startswith("Consent: “without the written consent of all the other Parties”")


def test_neither_of_two_named_parties_binds_both_and_a_further_restriction_is_no_exception():
    """PhaseBio (CUAD dev)."""
    quote = ("Notwithstanding anything to the contrary herein, neither PB nor SFJ will be permitted to delegate its rights and obligations "
             "to any Permitted Third Parties without the prior approval of the JDC.")
    assert [(f["text"], f["scope"]) for f in risk.facts("Anti-Assignment", quote) if f["kind"] == "bound"] == [("neither PB nor SFJ", "mutual")]
    quote = ("Notwithstanding any of the foregoing, without the consent of PB, which consent may be withheld in PB’s sole discretion, SFJ shall "
             "not sell, assign, sublicense or otherwise transfer this Agreement to an entity whose primary business is the development of products.")
    assert kinds(risk.facts("Anti-Assignment", quote), "carve_out") == []
    quote = "Any assignment of the rights under this Agreement by a Party to an Affiliate shall require such Party to guarantee its performance."
    assert not [f for f in risk.facts("Anti-Assignment", quote) if f["kind"] == "bound"]
    # ADAMS GOLF (CUAD dev): a name of two words
    quote = "Neither ADAMS GOLF nor CONSULTANT shall have the right to grant sublicenses hereunder or to assign any of its rights."
    assert [(f["text"], f["scope"]) for f in risk.facts("Anti-Assignment", quote) if f["kind"] == "bound"] == [("Neither ADAMS GOLF nor CONSULTANT", "mutual")]


def test_mutual_words_that_bind_no_party_and_an_adverb_after_hereby():
    """BIOAMBER, GIGGLES N HUGS (CUAD dev): "unless the parties extend the term by mutual written
    agreement" and "upon terms mutually agreed upon" say how a term is set, not whom the clause
    binds; "Consultant hereby irrevocably transfers" is quoted to its verb."""
    quote = "5) 15% upon the consummation of a strategic relationship upon terms and conditions mutually agreed upon with the Company and Consultant."
    assert not [f for f in risk.facts("Minimum Commitment", quote) if f["kind"] == "bound"]
    quote = "This Development Agreement will continue for four (4) years unless the parties extend the term by mutual written Development Agreement."
    assert not [f for f in risk.facts("Expiration Date", quote) if f["kind"] == "bound"]
    quote = "Consultant hereby irrevocably transfers and assigns to the Company all right, title and interest in and to the Innovations."
    assert [f["text"] for f in risk.facts("Ip Ownership Assignment", quote) if f["kind"] == "bound"] == ["Consultant hereby irrevocably transfers"]
    assert [f["scope"] for f in risk.facts("Cap On Liability", "The parties mutually agree that neither shall be liable for lost profits.")
            if f["kind"] == "bound"] == ["mutual"]
    # EUROPEAN MICRO distributor (CUAD train, read on the final page: "the clause does not say which parties it binds")
    quote = "It is the express intent and agreement of the parties that neither will be liable to the other for damages, except as expressly set forth in paragraphs 5.3 and 5.5(c)."
    assert [(f["text"], f["scope"]) for f in risk.facts("Cap On Liability", quote) if f["kind"] == "bound"] == [("neither", "mutual")]
    assert playbook_words.mutual(quote, "Cap On Liability")[0] == "meets"
    # COLUMBIA manufacturing amendment (CUAD train, read on the final page: "Applies to both parties ('both parties')"): what is "agreed
    # in writing by both parties" binds neither; a right used "in writing by either Party" binds both
    quote = ('The amounts set forth in each Production Schedule shall constitute a firm purchase order and shall be binding upon Columbia (each a '
             '"Purchase Order") unless otherwise agreed in writing by both parties.')
    assert not [f for f in risk.facts("Minimum Commitment", quote) if f["kind"] == "bound" and f["scope"] == "mutual"]
    quote = "This agreement will renew automatically from year to year unless cancelled in writing by either Party giving the other written notice."
    assert [f["scope"] for f in risk.facts("Renewal Term", quote) if f["kind"] == "bound"] == ["mutual"]


def test_a_joint_venture_transfer_restriction_in_its_own_words():
    """TRANSPHORM (CUAD dev): an exception that points to an article ends with its pointer; "of all
    of the other Parties" is the whole consent; "no Shareholder may" binds no one party."""
    facts = risk.facts("Anti-Assignment", "Except as set forth in this Article VIII, prior to the Option Starting Date, without the prior written consent of the other "
                       "Shareholders, no Shareholder may sell, assign, transfer, pledge, encumber or otherwise dispose of any of its Shares.")
    assert [f["text"] for f in facts if f["kind"] == "carve_out"] == ["Except as set forth in this Article VIII"]
    assert not [f for f in facts if f["kind"] == "bound"]
    facts = risk.facts("Anti-Assignment", "No rights hereunder shall be assignable by a Party without prior written consent of all of the other Parties.")
    assert [f["text"] for f in facts if f["kind"] == "consent"] == ["without prior written consent of all of the other Parties"]


def test_a_notice_is_no_term_of_the_contract():
    """UNION DENTAL (CUAD dev): "shall continue in effect until either Party informs the other
    Party with thirty (30) day prior written notice" has no term of thirty days."""
    note = risk.risk_note("Expiration Date", "This Agreement shall become effective on the Effective Date and shall continue in effect until either Party "
                          "informs the other Party with thirty (30) day prior written notice of termination of this Agreement.")["risk"]
    assert "thirty (30) day”" not in note
    assert "“two (2) years”" in risk.risk_note("Expiration Date", "The term of this Agreement is two (2) years.")["risk"]


def test_a_name_is_not_read_from_inside_a_compound_subject():
    """WESTERN COPPER (CUAD dev): "the names of Glamis and Western Copper will ..." was "Applies to
    one party (“Copper will”)"."""
    assert not [f for f in risk.facts("Non-Compete", "The names of Glamis and Western Copper will herein be deemed to refer to Glamis.") if f["kind"] == "bound"]
    assert [f["text"] for f in risk.facts("Non-Compete", "Western Copper covenants with Glamis that it will not compete.") if f["kind"] == "bound"] == ["Western Copper covenants"]


def test_a_sum_in_figures_and_words_is_quoted_whole():
    """SLINGERBAG (CUAD dev): "$100 million dollars" was "Rate or sum: “million dollars”"."""
    assert [f["text"] for f in risk.facts("Revenue/Profit Sharing", "a bonus once the Company's stock equals $100 million dollars.") if f["kind"] == "amount"] == ["$100 million dollars"]


def test_the_termination_period_is_not_the_term():
    """STAMPS.COM (CUAD dev): "During the Termination Period and thereafter" was "Restriction
    period: “During the”"."""
    assert not [f for f in risk.facts("Non-Compete", "(iv) During the Termination Period and thereafter, MBE will be free to use its own personnel.") if f["kind"] == "duration"]
    assert [f["text"] for f in risk.facts("Non-Compete", "During the Term, Distributor shall not sell competing products.") if f["kind"] == "duration"] == ["During the Term"]


def test_persons_other_than_the_parties_are_no_exception():
    """ALLISON TRANSMISSION, TRANSPHORM (CUAD dev): in "no rights on any persons other than the
    parties hereto" the words name whom the clause is about; "except the permitted assigns" is
    the exception."""
    facts = risk.facts("Third Party Beneficiary", "Nothing in this Agreement shall confer upon any Person other than the Parties any rights, except the permitted assigns of the Parties.")
    assert [f["text"] for f in facts if f["kind"] == "carve_out"] == ["except the permitted assigns of the Parties"]
    facts = risk.facts("Cap On Liability", "Neither party shall be liable for damages other than direct damages.")
    assert [f["text"] for f in facts if f["kind"] == "carve_out"] == ["other than direct damages"]


def test_consent_is_no_exception_and_two_named_assignors_are_both_bound():
    """HALITRON (CUAD dev): "Except with Smith's prior written approval, this Agreement may not
    be assigned by TDA" listed the consent as an exception too; "may be assigned by Smith and TDA"
    applied to one party ("may be assigned by Smith")."""
    facts = risk.facts("Anti-Assignment", "Except with Smith's prior written approval, this Agreement may not be assigned by TDA in connection with a merger.")
    assert not [f for f in facts if f["kind"] == "carve_out"] and [f["text"] for f in facts if f["kind"] == "consent"] == ["with Smith's prior written approval"]
    facts = risk.facts("Anti-Assignment", "This Agreement may be assigned by Smith and TDA with the other party's prior written approval.")
    assert not [f for f in facts if f["kind"] == "bound" and f["scope"] == "one_party"]
    assert [f["text"] for f in risk.facts("Termination For Convenience", "This Agreement may be terminated by Licensor upon notice.") if f["kind"] == "bound"] == ["may be terminated by Licensor"]


_MEET = ("(a) Each Investor agrees that, until the earlier of (i) the expiration of the Standstill Period or (ii) any material breach of this Agreement by the Company "
         "(provided that the Company shall have three (3) business days following written notice from such Investor of any material breach to remedy such "
         "material breach if capable of remedy), neither it nor any of its Affiliates will make any statement that disparages the Company.")


def test_a_standstill_in_its_own_words():
    """MEET GROUP (CUAD dev): an exception in brackets ends at its own closing bracket, not at
    "three (3"; a consent with words between "without" and it is read, and where the patterns
    miss a consent the note does not say none is stated."""
    facts = risk.facts("Non-Disparagement", _MEET)
    assert [f["text"] for f in facts if f["kind"] == "carve_out"] == [
        "provided that the Company shall have three (3) business days following written notice from such Investor of any material breach to remedy such material breach if capable of remedy"]
    note = risk.risk_note("Anti-Assignment", "provided, however, that no party may assign this Agreement without, with respect to any Investor, the express prior written consent of the Company.")["risk"]
    assert note.startswith("Consent: “without, with respect to any Investor, the express prior written consent of the Company”")
    note = risk.risk_note("Anti-Assignment", "No party may assign this Agreement unless the Company gives its consent thereto in a resolution.")["risk"]
    assert "No consent requirement is stated" not in note
    assert "No consent route is stated" in risk.risk_note("Anti-Assignment", "The rights of each Party under this Agreement shall not be transferred.")["risk"]


def test_a_consent_names_its_giver_not_the_next_word():
    """CURO GROUP (CUAD dev): "with the prior written consent of the Agent so long as ..." was
    quoted "… of the Agent so"."""
    facts = risk.facts("Anti-Assignment", "a successor Servicer appointed with the prior written consent of the Agent so long as the Loan Agreement remains outstanding.")
    assert [f["text"] for f in facts if f["kind"] == "consent"] == ["with the prior written consent of the Agent"]


def test_an_exception_in_brackets_after_a_section_number_with_a_stop():
    """LEJU (CUAD dev): "(except as provided in Section 2.1(c)) license to use ..." ran on past
    its bracket because "Section 10.7" before it read as a sentence's end."""
    q = ("Licensor hereby grants to Licensee an exclusive, non-transferable (except as set forth in Section 10.7) and non-sublicensable "
         "(except as provided in Section 2.1(c)) license to use the Licensed Domain Names during the Term.")
    assert [f["text"] for f in risk.facts("License Grant", q) if f["kind"] == "carve_out"] == ["except as set forth in Section 10.7", "except as provided in Section 2.1(c)"]


def test_any_of_the_participants_binds_all_of_them():
    """MJ BIOTECH (CUAD dev): "Any of the Participants will have the right to request an audit"
    applied to one party (“the Participants will”)."""
    note = risk.risk_note("Audit Rights", "Audit Any of the Participants will have the right to request an audit of the Joint Venture books.")["risk"]
    assert note.startswith("Applies to all parties (“Any of the Participants”)")


def test_either_you_or_a_named_party_binds_both():
    """AUL AMERICAN (CUAD dev): "either you or Nationwide may terminate" applied to one party (“Nationwide may”)."""
    note = risk.risk_note("Termination For Convenience", "In addition, either you or Nationwide may terminate this Agreement for any reason on at least ninety (90) days written notice.")["risk"]
    assert "Applies to both parties (“either you or Nationwide”)" in note


def test_a_basis_ends_at_the_next_item_and_names_are_no_exception():
    """BLACKSTONE (CUAD dev): a termination fee's basis ran on into "(ii) if the termination occurs
    ... then the"; "any person or entity other than Agent and Client" was an exception."""
    from shared.clauses import terms

    (t,) = terms.terms("Liquidated Damages", "the termination fee shall equal twelve (12) times the average monthly invoice charged to Client by Agent hereunder, "
                       "(ii) if the termination occurs on or after the first anniversary, then the termination fee shall equal nine (9) times the average monthly invoice.")
    assert t["text"] == "twelve (12) times the average monthly invoice charged to Client by Agent hereunder"
    assert not [f for f in risk.facts("Cap On Liability", "Nothing in this Agreement shall give any person or entity other than Agent and Client any legal right.") if f["kind"] == "carve_out"]


def test_a_named_consent_without_a_possessive_and_an_exclusive_grantee_are_read():
    """GRIDIRON BIONUTRIENTS (CUAD dev): "without the NFLA prior written consent" was no consent;
    "to anyone other than Company" (whom the right is reserved for) was an exception."""
    facts = risk.facts("Anti-Assignment", "Company will not sublicense the rights granted hereunder without the NFLA prior written consent.")
    assert [f["text"] for f in facts if f["kind"] == "consent"] == ["without the NFLA prior written consent"]
    facts = risk.facts("Exclusivity", "NFLA agrees not to grant the right to use the NFLAs Identification to anyone other than Company in connection with the Products.")
    assert not [f for f in facts if f["kind"] == "carve_out"]


def test_leaving_out_the_conflict_rules_is_no_exception_to_a_governing_law():
    """MARSHALL (CUAD dev): "notwithstanding any conflict-of-law provision to the contrary" was
    listed as an exception; a real one ("except that all issues relating to arbitrability ...")
    still is."""
    kinds = lambda text: [f["text"] for f in risk.facts("Governing Law", text) if f["kind"] == "carve_out"]  # noqa: E731
    assert kinds("This Agreement shall be governed by the laws of the State of Nevada, notwithstanding any conflict-of-law provision to the contrary.") == []
    assert kinds("This Agreement is governed by the laws of Delaware, excluding its conflict-of-laws rules and the United Nations Convention on Contracts for the International Sale of Goods.") == []
    assert kinds("This Agreement is governed by the laws of Texas, except that all issues relating to arbitrability shall be governed by the Federal Arbitration Act.")


def test_an_exhibit_letter_is_no_party():
    """IMMUNOMEDICS (CUAD dev): "... set forth on Exhibit B will not be counted" said "Applies to one party (“B will not”)"."""
    text = "Details that do not satisfy the Positioning Requirements set forth on Exhibit B will not be counted for purposes of determining whether the Minimum Number has been satisfied."
    assert not [f for f in risk.facts("Minimum Commitment", text) if f["kind"] == "bound"]


@pytest.mark.parametrize("text", [
    # VIRTUOSO SURGICAL (CUAD train, read on the final page): "Applies to one party (“the EFFECTIVE DATE shall”)"
    "Running royalties accrued under Paragraph 4.3 and paid to JHU during the one year period preceding an anniversary of the EFFECTIVE DATE "
    "shall be credited against the minimum annual royalties due on that anniversary date.",
    "For the period commencing from the effective date and ending February 2002, the REVENUE SHARE PERCENTAGE shall be 10%.",
])
def test_a_thing_named_in_capitals_is_no_party(text):
    assert not [f for f in risk.facts("Minimum Commitment", text) if f["kind"] == "bound"]
    assert [f["text"] for f in risk.facts("Minimum Commitment", "LICENSEE shall pay the minimum royalties.") if f["kind"] == "bound"] == ["LICENSEE shall"]


def test_a_cap_in_capitals_names_the_side_the_playbook_reads():
    """AZUL maintenance agreement (CUAD train, read on the final page): "THE REPAIRER SHALL NOT BE LIABLE TO THE COMPANY ..." said
    nothing of whom it binds (a name in capitals cannot be told from other words there); the playbook's reading names the Repairer.
    85 of 7,043 labelled clauses gain such a bound, all caps (52 of the 189 labelled caps in capitals); their terms are unchanged."""
    def bound(text):
        return [(f["text"], f["scope"]) for f in risk.facts("Cap On Liability", text) if f["kind"] == "bound"]

    assert bound("SUBJECT TO CLAUSE 15.2 BELOW, THE REPAIRER SHALL NOT BE LIABLE TO THE COMPANY FOR ANY LOSS OF PROFIT.") == [
        ("THE REPAIRER SHALL NOT BE LIABLE", "one_party")]
    assert bound("IN NO EVENT WILL WGT BE LIABLE FOR ANY INDIRECT DAMAGES.") == [("IN NO EVENT WILL WGT BE LIABLE", "one_party")]
    assert bound("THIS SECTION SETS FORTH ACCURAY'S SOLE AND EXCLUSIVE LIABILITY FOR INFRINGEMENT.") == [("ACCURAY'S SOLE AND EXCLUSIVE LIABILITY", "one_party")]
    # BEYOND.COM (CUAD dev): "THE LIABILITY OF A PARTY TO THE OTHER" binds any of them, no side called "A"
    assert bound("THE LIABILITY OF A PARTY TO THE OTHER FOR DIRECT DAMAGES SHALL NOT EXCEED FIFTEEN MILLION DOLLARS.") == []
    assert not [f for f in risk.facts("Insurance", "THE SUPPLIER SHALL MAINTAIN INSURANCE OF $1,000,000.") if f["kind"] == "bound"]


def test_works_are_no_party():
    """DUOS TECHNOLOGIES (CUAD train, read on the final page): "all Works shall be deemed to be 'works for hire'" said "Applies to one
    party (“Works shall”)"; works and deliverables are things (3 of 7,043 labelled clauses lose such a bound, one gaining its party)."""
    text = "To the extent copyrightable, all Works shall be deemed to be \"works for hire\" and ISA shall be deemed to be the author thereof."
    assert not [f for f in risk.facts("Ip Ownership Assignment", text) if f["kind"] == "bound" and "Works" in f["text"]]


def test_a_consent_to_obtain_and_not_to_be_withheld_and_an_exception_after_a_conflict_rule():
    """INNOVIVA (CUAD dev): "GSK shall obtain the prior written consent of Theravance, such consent
    not to be unreasonably withheld" read no consent; "notwithstanding the provisions governing
    conflict of laws ..., except matters of intellectual property law ..." quoted both as one exception."""
    text = ("In the event GSK wishes to sublicense any of GSK’s rights to one or more Third Parties, GSK shall obtain the prior written consent "
            "of Theravance, such consent not to be unreasonably withheld.")
    assert [f["text"] for f in risk.facts("Anti-Assignment", text) if f["kind"] == "consent"] == [
        "obtain the prior written consent of Theravance", "not to be unreasonably withheld"]
    law = ("This Agreement shall be construed according to the substantive law of the State of Delaware notwithstanding the provisions governing "
           "conflict of laws under such Delaware law to the contrary, except matters of intellectual property law which shall be determined in "
           "accordance with the intellectual property laws relevant to the intellectual property in question.")
    assert [f["text"] for f in risk.facts("Governing Law", law) if f["kind"] == "carve_out"] == [
        "except matters of intellectual property law which shall be determined in accordance with the intellectual property laws relevant to the intellectual property in question"]


def test_two_named_liabilities_bind_both():
    """ENTRUST (CUAD dev): "Nortel's liability to Entrust, and Entrust's liability to Nortel shall
    not exceed U.S.$5,000,000" said "Applies to one party"."""
    scope = lambda text: [f["scope"] for f in risk.facts("Cap On Liability", text) if f["kind"] == "bound"]  # noqa: E731
    assert scope("For any cause of action, Nortel's liability to Entrust, and Entrust's liability to Nortel shall not exceed U.S.$5,000,000.") == ["mutual"]
    assert scope("Notwithstanding the foregoing, each of Nortel's and Entrust's liability to the other Party shall not exceed U.S.$10,000,000.") == ["mutual"]
    assert scope("Chase's aggregate liability shall not exceed $5,000.") == ["one_party"]
    # PC QUOTE co-branding (CUAD train, read on the final page): "Applies to one party (“PCQ OR ABW'S LIABILITY”)"
    assert scope("SUCH LIMITATION SHALL BE THE EXTENT OF PCQ OR ABW'S LIABILITY REGARDLESS OF THE FORM OF ACTION.") == ["mutual"]


def test_an_even_split_is_a_rate():
    """TURNKEY strategic alliance (CUAD train, read on the final page): "Net revenue ... will be distributed by Holding Company equally -
    50/50 - to TKCI and SIC" read no rate ("Check the base, the rate and audit of shared revenue.")."""
    quote = "Net revenue from business operations created by Holding Company for the alliance will be distributed by Holding Company equally - 50/50 - to TKCI and SIC."
    assert risk.risk_note("Revenue/Profit Sharing", quote)["risk"].startswith("Rate or sum: “50/50”.")
    assert [f["text"] for f in risk.facts("Revenue/Profit Sharing", "Net revenues shall be shared fifty-fifty between the parties.") if f["kind"] == "percent"] == ["fifty-fifty"]


def test_a_proviso_that_states_the_clause_itself_is_no_exception_to_it():
    """REWALK, BLOOM ENERGY (CUAD dev): "..., provided that ... either party may terminate ... upon not
    less than 60 days' prior written notice" and "...; provided that the cumulative aggregate amount of
    Operator's liability ... shall not exceed ..." were listed as exceptions to the very right and cap."""
    carve = lambda cat, text: [f["text"] for f in risk.facts(cat, text) if f["kind"] == "carve_out"]  # noqa: E731
    assert carve("Termination For Convenience", "The initial term will be ten (10) years from the Effective Date, provided that at any time following the 7th "
                 "anniversary of such date, either party may terminate upon not less than 60 days’ prior written notice to the other party.") == []
    assert carve("Cap On Liability", "Operator shall make a payment to Owner; provided that the cumulative aggregate amount of Operator’s liability for all "
                 "claims under this Section 2.5(c) shall not exceed the aggregate Purchase Price.") == []
    assert carve("Cap On Liability", "Liability shall not exceed the fees paid; provided, however, that in no event shall this limitation of liability apply "
                 "to claims arising from gross negligence.")
    # ULTRAGENYX supply (CUAD train, read on the final page): the price limit in a proviso was listed as an exception to itself
    assert carve("Price Restrictions", 'The prices payable by Ultragenyx to Cremer for the Product (the "Price") shall be agreed [***] every contract '
                 "year; provided, that the Price may not increase more than the [***] for such period or [***]%, whichever is higher.") == []


def test_a_price_limit_that_is_no_figure_is_not_said_to_be_missing():
    """BIOFRONTERA (CUAD dev): "may change its Supply Unit Price ... but no more than once annually,
    based on documented actual increases" said "No price limit is stated in this clause"."""
    note = risk.risk_note("Price Restrictions", "Ferrer may change its Supply Unit Price from time to time, but no more than once annually, "
                          "based on documented actual increases to Ferrer’s direct manufacturing costs.")["risk"]
    assert "No price limit" not in note
    assert "No price limit" in risk.risk_note("Price Restrictions", "Prices may be changed by the Supplier on notice.")["risk"]


def test_its_affiliates_are_no_party_named():
    """ATENTO (CUAD dev): "Licensor on behalf of itself and its Affliates hereby grants" said "Applies to one party (“Affliates hereby grants”)"."""
    assert not [f for f in risk.facts("License Grant", "Licensor on behalf of itself and its Affliates hereby grants to Licensee a license.") if f["kind"] == "bound"]


def test_an_upper_case_exception_ends_before_the_main_clause_not_at_a_noun_that_reads_as_a_verb():
    """EDIETS (CUAD dev): "EXCEPT FOR ... ANY LICENSE GRANT SET FORTH IN THIS AGREEMENT, IN NO EVENT WILL
    EITHER PARTY BE LIABLE ..." quoted the cap itself as part of its exception ("GRANT" read as a verb)."""
    text = ("EXCEPT FOR BREACHES OF SECTION 11 OR BREACHES OF ANY LICENSE GRANT SET FORTH IN THIS AGREEMENT, IN NO EVENT WILL EITHER PARTY BE "
            "LIABLE TO THE OTHER FOR ANY SPECIAL, INCIDENTAL, INDIRECT OR CONSEQUENTIAL DAMAGES, WHETHER BASED ON BREACH OF CONTRACT OR OTHERWISE.")
    assert [f["text"] for f in risk.facts("Cap On Liability", text) if f["kind"] == "carve_out"] == [
        "EXCEPT FOR BREACHES OF SECTION 11 OR BREACHES OF ANY LICENSE GRANT SET FORTH IN THIS AGREEMENT"]


def test_a_transfer_of_an_ownership_interest_is_a_change_of_control_event():
    """MERCATA (CUAD dev): "the transfer of a fifty percent (50%) or greater ownership interest in a party
    shall be deemed to be an assignment" said "No change-of-control event is named in this clause"."""
    note = risk.risk_note("Change Of Control", "For purposes of this Paragraph 11, the transfer of a fifty percent (50%) or greater ownership "
                          "interest in a party shall be deemed to be an assignment of this Agreement.")["risk"]
    assert note.startswith("Triggered by “transfer of a fifty percent (50%) or greater ownership interest”")


def test_a_share_in_words_or_rates_set_out_below_are_not_said_to_be_missing():
    """REVOLUTION MEDICINES (CUAD dev): "the Parties shall equally share the Net Profit and Net Loss" said "No rate or sum is stated"."""
    note = lambda text: risk.risk_note("Revenue/Profit Sharing", text)["risk"]  # noqa: E731
    assert "No rate or sum" not in note("Sanofi and RevMed shall enter into a profit/loss share agreement pursuant to which the Parties shall equally share the Net Profit and Net Loss.")
    assert "No rate or sum" not in note("Sanofi shall make quarterly royalty payments to RevMed at the applicable royalty rates as set forth below.")
    assert "No rate or sum" in note("Royalties shall only be payable once on any sale of Product.")


def test_a_party_as_the_subject_binds_every_party():
    """BLOOM ENERGY (the page, CUAD dev): "in no event shall a Party be liable to the other Party ..."
    was decided on "Owner’s Maximum Liability" (one party) and deviated from the playbook."""
    text = ("In no event shall a Party be liable to the other Party for an aggregate amount in excess of the Maximum Liability; provided that "
            "such limitation shall not apply to the failure to pay the Service Fees (which amount shall not be included in calculating Owner’s Maximum Liability).")
    assert [(f["text"], f["scope"]) for f in risk.facts("Cap On Liability", text) if f["kind"] == "bound"] == [("a Party", "mutual")]


def test_may_not_be_assigned_by_a_named_party_binds_it():
    """ARCONIC (CUAD dev): "This Agreement may not be assigned by Licensee without the consent of Licensor" named no party."""
    assert [(f["text"], f["scope"]) for f in risk.facts("Anti-Assignment", "This Agreement may not be assigned by Licensee without the consent of Licensor.")
            if f["kind"] == "bound"] == [("may not be assigned by Licensee", "one_party")]


def test_rates_in_a_schedule_no_party_and_a_cap_in_a_proviso():
    """KUBIENT, QIWI (CUAD dev): "the Parties shall share revenue ... as per the attached Schedule 1"
    said "No rate or sum is stated"; "No Party shall assign" named no party; "provided further that
    such fee shall in no event exceed RUB 50 000 000" was an exception to itself."""
    assert "No rate or sum" not in risk.risk_note("Revenue/Profit Sharing", "The Parties shall share revenue generated from Customer's offerings, as per the attached Schedule 1.")["risk"]
    assert [(f["text"], f["scope"]) for f in risk.facts("Anti-Assignment", "7.5 No Party shall assign the benefit of this Agreement.") if f["kind"] == "bound"] == [("No Party shall", "mutual")]
    text = ("QIWI covenants that at least one half of the transactions shall be settled through the Bank, provided further that such fee shall in no event "
            "exceed RUB 50 000 000 (fifty million roubles).")
    assert not [f for f in risk.facts("Cap On Liability", text) if f["kind"] == "carve_out"]


def test_a_guarantor_is_the_party_bound_customers_are_not_and_new_yorks_choice_of_law_statute_is_no_exception():
    """SENMIAO, SMARTRX, WELLS FARGO (CUAD dev)."""
    bound = lambda cat, text: [(f["text"], f["scope"]) for f in risk.facts(cat, text) if f["kind"] == "bound"]  # noqa: E731
    assert bound("Most Favored Nation", "Party B guarantees that the Driver User will enjoy the most favorable treatment under this Agreement.") == [("Party B guarantees", "one_party")]
    assert bound("Revenue/Profit Sharing", "Payment for the sale of the Products to Customers shall be as follows: (i) Company will pay Distributor Ten Percent (10%).") == [("Company will", "one_party")]
    assert not [f for f in risk.facts("Governing Law", "The law of the State of New York shall govern without regard to the conflict of law provisions thereof "
                                      "(other than New York General Obligations Law Sections 5-1401 and 5-1402).") if f["kind"] == "carve_out"]


def test_prices_held_fixed_are_a_price_limit_and_securities_are_no_parties():
    """INNERSCOPE, ALLIANCE BANCORP (CUAD dev): "Prices will remain in effect for the period of the
    initial 5 year term" said "No price limit is stated"; "... provided that ... the prices listed in
    Exhibit A shall not be increased during the first 90 days" was an exception to itself; "If any of
    the Securities remain available" said "Applies to all parties"."""
    note = lambda cat, text: risk.risk_note(cat, text)["risk"]  # noqa: E731
    assert "No price limit" not in note("Price Restrictions", "Prices will remain in effect for the period of the initial 5 year term.")
    assert "Exceptions" not in note("Price Restrictions", "Erchonia may revise its prices on 90 days notice; provided that the prices listed in Exhibit A shall not be increased during the first 90 days.")
    assert "Applies to all parties" not in note("Rofr/Rofo/Rofn", "If any of the Securities remain available, the Company agrees to offer the Agent the first right to act as underwriter.")


def test_warrants_are_no_parties_a_compound_subject_is_not_its_last_word_and_at_least_one_of_is_no_minimum():
    """XYBERNAUT, NUVEEN, SEPARATE ACCOUNT II (CUAD dev)."""
    bound = lambda cat, text: [f["text"] for f in risk.facts(cat, text) if f["kind"] == "bound"]  # noqa: E731
    assert bound("Rofr/Rofo/Rofn", "Upon an Event of Default any of the Warrants which have not been exercised shall automatically terminate.") == []
    assert bound("Cap On Liability", "The Fund and the Investment Adviser agree to promptly reimburse each Indemnified Person for any legal expenses.") == []
    assert not [f for f in risk.facts("Minimum Commitment", "AIG agrees not to terminate unless AIG sells the Company to an acquirer having a rating from at least one of S&P or Moody.")
                if f["kind"] == "quantity"]


def test_an_anti_assignment_proviso_is_the_clause_not_its_exception():
    """MANAKOA (CUAD dev): "...; provided that the rights and obligations of UTEK under this Agreement
    may not be assigned or delegated without the prior written consent of MKOS" was its own exception."""
    text = ("The benefits of the Agreement shall inure to the respective successors and assignees of the parties; provided that the rights and "
            "obligations of UTEK under this Agreement may not be assigned or delegated without the prior written consent of MKOS.")
    assert not [f for f in risk.facts("Anti-Assignment", text) if f["kind"] == "carve_out"]
    assert [f for f in risk.facts("Anti-Assignment", "Neither party may assign this Agreement without consent; provided that a merger shall not "
                                  "constitute an assignment.") if f["kind"] == "carve_out"]


def test_the_object_of_to_is_no_party_bound():
    """SFG FINANCIAL (CUAD dev): "the license granted by Licensor to Licensee shall be for an initial period" said "Applies to one party (“Licensee shall”)"."""
    assert not [f for f in risk.facts("Expiration Date", "The Non Exclusive license granted by Licensor to Licensee shall be for an initial period of 36 months.")
                if f["kind"] == "bound"]


def test_personnel_are_no_party():
    """VALENCE (CUAD dev): "all other Management Personnel shall perform their duties" said "Applies to one party (“Personnel shall”)"."""
    assert not [f for f in risk.facts("Non-Compete", "The CEO and all other Management Personnel shall not serve as a manager of any other company.") if f["kind"] == "bound"]


def test_a_sole_remedy_of_money_back_is_the_caps_basis():
    """WORLDWIDE STRATEGIES (CUAD dev): "THE SOLE REMEDY ... SHALL BE ... THE RETURN OF THE PURCHASE
    PRICE PAID BY RESELLER ..." got the note "No amount or basis for the cap is stated in this clause"."""
    quote = ("THE SOLE OBLIGATION OF TOUCHSTAR, AND THE SOLE REMEDY OF RESELLER, UNDER THIS AGREEMENT SHALL BE THE REPLACEMENT OR REPAIR OF "
             "THE SOFTWARE OR, AT THE OPTION OF TOUCHSTAR, THE RETURN OF THE PURCHASE PRICE PAID BY RESELLER FOR SUCH SOFTWARE.")
    (basis,) = [f for f in risk.facts("Cap On Liability", quote) if f["kind"] == "multiple"]
    assert basis["text"].startswith("RETURN OF THE PURCHASE PRICE PAID BY RESELLER")
    assert "amount or basis" not in risk.risk_note("Cap On Liability", quote)["risk"]


def test_a_period_before_the_end_is_no_term():
    """DATACALL (CUAD dev): "at least 60 days prior to end of such period" is a notice window, not
    the contract's term; the Expiration Date note quoted it as "Term and dates stated"."""
    quote = ("The Initial Term shall automatically be extended for an additional period of half a year unless either party provides the other "
             "party with written notification of termination of the letter Agreement at least 60 days prior to end of such period.")
    assert "60 days" not in risk.risk_note("Expiration Date", quote, may_say_absent=False)["risk"]
    assert any("60 days" in f["text"] for f in risk.facts("Notice Period To Terminate Renewal", quote))


def test_the_letter_of_an_appendix_is_no_party():
    """NICE (CUAD dev): "APPENDIX C shall be jointly reviewed by the parties" read as "Applies to one
    party (“C shall”)"; a joint venture's "Segment S shall be owned" too."""
    for cat, quote in (("Joint Ip Ownership", "The pricing and other details referenced in APPENDIX C shall be jointly reviewed by the parties."),
                       ("Revenue/Profit Sharing", "5.2 Segment S shall be owned by the Parties in common and undivided shares in the proportions set forth in Schedule B."),
                       # a transaction or a proposal is no party either (RevMed, GRAN TIERRA)
                       ("Change Of Control", "A Licensing Transaction shall not constitute a Change of Control, unless such Licensing Transaction is with the Acquirer."),
                       ("Insurance", "the Transporter and the interested Senders in the Sole Risk Proposal shall obtain the necessary bonds and insurance.")):
        assert "Applies to one party" not in risk.risk_note(cat, quote)["risk"]
    assert "Applies to one party (“Licensee shall not”)" in risk.risk_note("Anti-Assignment", "Section 5 Licensee shall not assign this Agreement.")["risk"]


def test_an_exclusion_of_damages_says_what_it_excludes():
    """INNERSCOPE (CUAD dev): the consequential-damages exclusion's card said only the checklist line;
    a lawyer reads what is excluded. A cap says its basis, and a duty to pay damages excludes nothing."""
    note = risk.risk_note("Cap On Liability", "c. IN NO EVENT SHALL Erchonia BE LIABLE FOR ANY LOSS OF PROFIT OR ANY OTHER COMMERCIAL DAMAGE, INCLUDING "
                          "BUT NOT LIMITED TO SPECIAL, INCIDENTAL, CONSEQUENTIAL OR OTHER INDIRECT DAMAGES UNDER ANY CAUSE OF ACTION.")["risk"]
    assert "Excludes: “LOSS OF PROFIT”, “SPECIAL, INCIDENTAL, CONSEQUENTIAL OR OTHER INDIRECT DAMAGES”." in note
    assert "Excludes" not in risk.risk_note("Cap On Liability", "Licensee shall pay all direct and indirect damages caused by its breach.")["risk"]
    assert "Excludes" not in risk.risk_note("Cap On Liability", "In no event shall Licensor's liability exceed the fees paid in the twelve (12) months before the claim.")["risk"]


def test_an_exclusion_of_one_kind_of_loss_or_damage_says_what_it_excludes():
    """STARTEC, TUNIU, STAMPS.COM (CUAD dev): an exclusion of "indirect or consequential loss or damage", of one
    kind of loss, or of lost profits alone read "No amount or basis for the cap is stated" as if it were a
    cap that forgot its sum."""
    for quote, excluded in (
        ("no Party shall be liable to any other Party in contract, tort or otherwise for any indirect or consequential loss or damage "
         "including, without limitation, loss of profit, all in connection with this Agreement.", "indirect or consequential loss or damage"),
        ("Notwithstanding the foregoing provisions, neither Party shall be responsible to the other Party in respect of any indirect loss "
         "or damage caused hereunder.", "indirect loss or damage"),
        ("The parties further agree that NEITHER PARTY WILL BE LIABLE FOR ANY LOST PROFITS, FOR COSTS OF PROCUREMENT OF SUBSTITUTE "
         "GOODS OR SERVICES.", "LOST PROFITS"),
        ("In no event shall PPG SHANGHAI be liable for consequential damages.", "consequential damages"),
    ):
        note = risk.risk_note("Cap On Liability", quote)["risk"]
        assert note.startswith("An exclusion of kinds of damages, not a limit on an amount"), note
        assert f"Excludes: “{excluded}”" in note, note
    # a cap on lost profits excludes nothing; nor does a duty to pay them
    for quote in ("Save the event of gross negligence, if any claims arise such as the loss of profit, this shall not exceed twenty five percent (25%) of the value.",
                  "Licensee shall pay all consequential damages and lost profits caused by its breach."):
        assert "Excludes" not in risk.risk_note("Cap On Liability", quote)["risk"]


def test_who_grants_is_bound_by_the_grant():
    """MTI (CUAD dev): "McDATA grants Reseller a limited ... license ..." read "Applies to one party
    (“Reseller agrees”)" from a later sentence part; 20 dev grant cards named no party at all."""
    note = risk.risk_note("License Grant", "Subject to McDATA's prior written approval, McDATA grants Reseller a limited, nonexclusive, non-transferable, "
                          "revocable license to use McDATA's Trademarks, and Reseller agrees to use them only as permitted.")["risk"]
    assert "Applies to one party (“McDATA grants”)." in note


def test_the_damages_excluded_are_read_past_a_long_list_of_theories():
    # ENERGOUS: 170 characters of "regardless of the form of any claim or action (whether in contract, …)"
    # stand between "IN NO EVENT" and the kinds of damages it excludes
    quote = ("IN NO EVENT WILL EITHER PARTY BE LIABLE UNDER THIS AGREEMENT, REGARDLESS OF THE FORM OF ANY CLAIM OR ACTION (WHETHER IN CONTRACT, "
             "NEGLIGENCE, STRICT LIABILITY OR OTHERWISE), FOR ANY (i) INDIRECT, PUNITIVE, INCIDENTAL, RELIANCE, SPECIAL, EXEMPLARY OR CONSEQUENTIAL "
             "DAMAGES, INCLUDING, BUT NOT LIMITED TO, LOSS OF BUSINESS, REVENUES, PROFITS OR GOODWILL, OR (ii) AGGREGATE DAMAGES IN EXCESS OF [***].")
    assert "Excludes: “INDIRECT, PUNITIVE, INCIDENTAL, RELIANCE, SPECIAL, EXEMPLARY OR CONSEQUENTIAL DAMAGES”." in risk.risk_note("Cap On Liability", quote)["risk"]


def test_a_sum_after_its_currency_code_is_an_amount():
    # HUBEI MINKANG: "the greater of: (1) USD5,000 for each 30 day period …; or (2) a minimum of 3,300 pictures"
    # quoted the pictures and not the money
    quote = ("Upon successful completion of the beta testing stage, DGT will guarantee Dolphin the greater of: (1) USD5,000 for each 30 day period "
             "of photo-editing work completed; or (2) a minimum of 3,300 pictures to be edited for each 30 day period.")
    assert risk.risk_note("Minimum Commitment", quote)["risk"].startswith("Minimum: “USD5,000”, “minimum of 3,300 pictures”.")
    assert ("amount", "EUR 10,000 per year") in [(f["kind"], f["text"]) for f in risk.facts("Insurance", "cover of EUR 10,000 per year")]


def test_an_approval_the_licensee_must_receive_is_a_consent():
    # SFG FINANCIAL: "unless the Licensee receives specific approval of the Licensor" was read as no consent at all
    quote = ("Licensee will not sell, lease, lend, transfer, assign, hypothecate, or otherwise distribute the licensed programs to any third party "
             "unless the Licensee receives specific approval of the Licensor.")
    assert risk.risk_note("Non-Transferable License", quote)["risk"].startswith("Consent: “receives specific approval of the Licensor”.")
    # PHASEBIO: "the right to receive the Approval Payments" is a payment, no approval
    assert "Consent" not in risk.risk_note("Anti-Assignment", "SFJ may assign its right to receive the Approval Payments to its limited partners.")["risk"]


def test_an_exception_list_runs_past_a_modal_inside_its_brackets():
    # ENERGOUS: "(d) LIABILITY ARISING FROM EPIDEMIC DEFECTS (WHICH WILL BE SUBJECT TO …)": the "WILL" in brackets
    # is no main clause's modal
    quote = ("EXCEPT FOR (a) A BREACH OF SECTION 10, OR (b) EPIDEMIC DEFECTS (WHICH WILL BE SUBJECT TO SECTION 11), IN NO EVENT WILL EITHER "
             "PARTY BE LIABLE FOR ANY INDIRECT OR CONSEQUENTIAL DAMAGES.")
    assert "Exceptions: “EXCEPT FOR (a) A BREACH OF SECTION 10, OR (b) EPIDEMIC DEFECTS (WHICH WILL BE SUBJECT TO SECTION 11)”." in risk.risk_note("Cap On Liability", quote)["risk"]


def test_a_party_another_must_name_as_insured_is_not_the_party_bound():
    # APOLLO, PHREESIA: "(b) Allscripts will be named as an additional insured" read "Applies to one party (“Allscripts will”)"
    for quote in ("(b) Allscripts will be named as an additional insured under the foregoing policies.",
                  "The evidence will (b) indicate that APOLLO shall be listed as an additional insured on the commercial general liability policy."):
        assert "Applies to one party" not in risk.risk_note("Insurance", quote)["risk"]
    assert "Applies to one party (“Supplier shall”)" in risk.risk_note("Insurance", "Supplier shall name Buyer as an additional insured.")["risk"]


def test_a_period_inside_a_defined_notices_parenthesis_is_no_notice_period():
    # TRANSPHORM (CUAD dev): "the date specified in the Call Exercise Notice (which shall be a date after at least sixty (60)
    # days from the date of the Call Exercise Notice)" read "Notice: “Notice (which shall be a date after at least sixty (60) days”"
    quote = ("Completion of the sale and purchase of the Call Shares shall take place on the date specified in the Call Exercise Notice (which shall "
             "be a date after at least sixty (60) days from the date of the Call Exercise Notice).")
    assert [f["kind"] for f in risk.facts("Rofr/Rofo/Rofn", quote) if f["kind"] == "notice_period"] == []
    # a parenthesis that closes before the period is read past, as before
    got = [f["text"] for f in risk.facts("Notice Period To Terminate Renewal", "either party may give notice of non-renewal (a “Non-Renewal Notice”) at least ninety (90) days prior to the end of the term.")
           if f["kind"] == "notice_period"]
    assert got and got[0].endswith("ninety (90) days prior to the end"), got


def test_an_assignment_barred_with_no_consent_route_says_so():
    """ALLISON, NICE (CUAD dev): a flat bar on assignment read "No consent requirement is stated in this clause", which
    reads like a freedom to assign; the clause bars it."""
    barred = ("No party to this Agreement may assign its rights or delegate its obligations under this Agreement, whether by operation of law "
              "or otherwise, and any assignment in contravention hereof shall be null and void.")
    assert risk.risk_note("Anti-Assignment", barred)["risk"].startswith("No consent route is stated in this clause: assignment is barred unless")
    assert risk.risk_note("Anti-Assignment", "Neither party shall in any way sell, transfer, assign or otherwise dispose of its rights.")["risk"].startswith("No consent route")
    # a consent route is what it is; a clause that bars nothing says only that no consent is stated
    assert risk.risk_note("Anti-Assignment", "Neither party may assign this Agreement without the prior written consent of the other.")["risk"].startswith("Consent:")
    assert risk.risk_note("Anti-Assignment", "Any attempted assignment not in accordance with this Section shall be void.")["risk"].startswith("No consent requirement")


def test_a_sum_set_by_a_formula_is_stated():
    """BEYONDCOM, NICE, PLAYBOY (CUAD dev): a sum defined by a formula read "No sum or formula is stated in this clause"."""
    quote = ('"Liquidated Damages Amount" shall mean the difference between (i) the aggregate amount of the Co-Hosting Fee paid by Co-Host '
             '(the "Aggregate Fee") and (ii) the Aggregate Fee multiplied by a number the numerator of which shall be the actual Aggregate Revenue.')
    assert "No sum or formula" not in risk.risk_note("Liquidated Damages", quote)["risk"]
    shipping = "Client shall be entitled to receive a royalty payment equal to the Royalty percentage multiplied by the shipping profit."
    assert "No rate or sum" not in risk.risk_note("Revenue/Profit Sharing", shipping)["risk"]
    # a clause that names the damages and no figure or formula still says so
    assert risk.risk_note("Liquidated Damages", "The demand for liquidated damages and specific performance are all remedies of the non-breaching Party.")["risk"].startswith("No sum or formula")


def test_a_proviso_that_owes_the_liquidated_damages_is_the_clause():
    """BEYONDCOM (CUAD dev): the proviso that makes NAI pay the Liquidated Damages Amount was quoted as the clause's exception."""
    quote = ("Termination or expiration of this Agreement if by reason of material breach by Co-Host shall not affect any of Co-Host's payment "
             "obligations, all of which survive termination of this Agreement; provided that, in (i) the event of termination of this Agreement by "
             'Co-Host due to a material default by NAI, NAI shall pay to the Co-Host the Liquidated Damages Amount (as defined in Part 2 of Exhibit "A").')
    assert [f for f in risk.facts("Liquidated Damages", quote) if f["kind"] == "carve_out"] == []
    # an exception that is no payment of the damages is still one
    other = "Distributor shall pay liquidated damages of $500 per day of delay, provided that no such damages are owed for delay caused by Supplier."
    assert [f["text"] for f in risk.facts("Liquidated Damages", other) if f["kind"] == "carve_out"] == ["provided that no such damages are owed for delay caused by Supplier"]


def test_a_period_inside_an_exception_is_no_restriction_period():
    """PANDION (CUAD dev): "Restriction period: “one year”, “six months”" where six months is the proviso's, already quoted under Exceptions."""
    quote = ("During the Consultation Period and for a period of one year thereafter, the Consultant shall not solicit any employee of the Company "
             "to leave the employ of the Company; provided, that this clause (ii) shall not apply to any individual whose employment with the "
             "Company has been terminated for a period of six months or longer.")
    note = risk.risk_note("No-Solicit Of Employees", quote)["risk"]
    assert note.startswith("Restriction period: “one year”. Exceptions: “provided, that"), note
    # the only period a clause states is quoted even inside an exception: no "No period is stated" where one is
    only = ("Section 2.1 hereof, and provided that Constellation has available for purchase a product or service which meets the needs of the "
            "HOF Entities at competitive market pricing, (a) neither of the HOF Entities shall purchase, at any time during the Term, any commodity "
            "from any provider other than Constellation.")  # GPAQ (CUAD dev): the exception read runs past its own end
    assert "No period is stated" not in risk.risk_note("Non-Compete", only)["risk"]


@pytest.mark.parametrize(("category", "quote", "exception"), [
    # MARSHALL, BNL, REVOLUTION MEDICINES, WORLDWIDE STRATEGIES (CUAD dev): the exception ran on into the rule it excepts from
    ("Change Of Control", "(ii) If the COMPANY ceases business or, other than in an Initial Merger, sells a controlling interest to a third party, or agrees to a "
     "consolidation or merger of itself with or into another corporation.", "other than in an Initial Merger"),
    ("Cap On Liability", "BNL shall have no liability for consequential damages. in any event, other than claims covered by the next sentence, the liability of BNL "
     "to VIP for any reason and upon any cause of action and claim in contract, tort or otherwise shall be limited to the amounts paid by BNL to VIP.",
     "other than claims covered by the next sentence"),
    ("License Grant", "To the extent necessary, in each country other than the United States, each Party grants to the other Party a nonexclusive, worldwide "
     "license under the granting Party’s interest in Joint Program Technology.", "other than the United States"),
    ("Cap On Liability", "Other than pursuant to this Section 10.12(b)(v), the arbitration award shall not include any indirect, incidental, special, "
     "consequential, or punitive damages and the arbitrators shall be so instructed.", "Other than pursuant to this Section 10.12(b)(v)"),
])
def test_an_other_than_exception_ends_where_the_rule_takes_over(category, quote, exception):
    assert [f["text"] for f in risk.facts(category, quote) if f["kind"] == "carve_out"] == [exception]


@pytest.mark.parametrize(("category", "quote", "exception"), [
    # GRAN TIERRA, ANTARES, TUNIU (CUAD dev): a leading exception ran on into the main clause that opens after it
    ("Cap On Liability", "e) Save the event of gross negligence or willful misconduct, if any claims arise by the SENDER such as the loss of profit, "
     "this shall not exceed twenty five percent (25%) of the value.", "Save the event of gross negligence or willful misconduct"),
    ("Competitive Restriction Exception", "For avoidance of doubt, except for any Purchase Orders placed by AMAG and/or quantities set forth in the Binding "
     "Forecast, nothing in this Agreement requires AMAG to purchase any particular quantity of Products from Antares.",
     "except for any Purchase Orders placed by AMAG and/or quantities set forth in the Binding Forecast"),
    # "if any," is no clause's opening
    ("Cap On Liability", "Except for claims, if any, arising from a party's gross negligence, in no event shall either party's liability exceed the fees paid.",
     "Except for claims, if any, arising from a party's gross negligence"),
])
def test_a_leading_exception_ends_where_the_main_clause_opens(category, quote, exception):
    assert [f["text"] for f in risk.facts(category, quote) if f["kind"] == "carve_out"] == [exception]


def test_a_proviso_that_sets_how_consent_is_given_is_no_exception():
    """SFG, TRANSPHORM (CUAD dev): "provided that Licensor will not unreasonably withhold its consent" was quoted under Exceptions."""
    quote = ("Upon the occurrence of any Change of Control this Agreement shall automatically terminate unless Licensor has consented to such Change "
             "of Control in writing; provided that Licensor will not unreasonably withhold its consent to the consummation of a Change of Control.")
    got = risk.facts("Change Of Control", quote)
    assert [f["kind"] for f in got if f["text"].startswith("provided")] == ["consent"]
    # a proviso that lets a party act without consent is an exception still
    other = "Neither party may assign this Agreement without consent; provided that either party may assign it without consent to a successor."
    assert [f["kind"] for f in risk.facts("Anti-Assignment", other) if f["text"].startswith("provided")] == ["carve_out"]


def test_a_law_of_a_state_and_of_the_united_states_is_quoted_whole():
    """MARSHALL (CUAD dev): "the laws of the State of Nevada, and the United States of America" quoted Nevada alone."""
    q = "This Agreement shall be governed by the laws of the State of Nevada, and the United States of America, notwithstanding any conflict-of-law provision."
    assert [f["text"] for f in risk.facts("Governing Law", q) if f["kind"] == "law"] == ["the laws of the State of Nevada, and the United States of America"]
    assert [f["text"] for f in risk.facts("Governing Law", "This Agreement shall be governed by the laws of the State of Ohio, and venue shall lie in Ohio.")
            if f["kind"] == "law"] == ["the laws of the State of Ohio"]


def test_a_long_exception_is_quoted_to_its_end_not_cut_mid_phrase():
    """SEPARATE ACCOUNT II, TRANSPHORM (CUAD dev): exceptions over 250 characters were quoted to "... from at least one
    of S&P" and "... guaranteed satisfactorily in form and substance by", a phrase cut in two; an initialism ("A.M.
    Best") ends no part."""
    quote = ("AIG shall have the absolute right to terminate this Agreement upon thirty (30) days' prior written notice; PROVIDED, HOWEVER, "
             "that AIG agrees not to terminate this Agreement unless (a) AIG significantly modifies the corporate structure or ownership of "
             "the Company, or (b) AIG sells the Company to an acquirer (i) having a rating from at least one of S&P, Moody's, A.M. Best or "
             "Fitch that is equal to or better than the Company's then-current rating. The Company shall be notified.")
    (carve,) = [f["text"] for f in risk.facts("Termination For Convenience", quote) if f["kind"] == "carve_out"]
    assert carve.startswith("PROVIDED, HOWEVER") and carve.endswith("the Company's then-current rating"), carve


def test_a_party_that_agrees_another_has_no_liability_is_not_the_one_protected():
    """MSCI (CUAD dev): "MSCI agrees that neither MS nor its affiliates (other than MSCI) (collectively, the "MS Provider
    Group") ... shall have any liability ... to MSCI" read "Applies to one party ("MSCI agrees")" and "Exceptions: "other
    than MSCI"": the clause protects MS, and the bracket says who the group is, not an exception to the exclusion."""
    from shared.clauses import playbook_words

    quote = ("MSCI agrees that neither MS nor its affiliates or subsidiaries (other than MSCI) (collectively, the “MS Provider Group”) and "
             "the respective directors, officers, agents, and employees of the MS Provider Group shall have any liability, whether direct or "
             "indirect, in contract or tort or otherwise, to MSCI for or in connection with this Agreement.")
    facts = risk.facts("Cap On Liability", quote)
    assert [(f["text"], f.get("scope")) for f in facts if f["kind"] == "bound"] == [("neither MS nor its affiliates", "one_party")]
    assert not [f for f in facts if f["kind"] == "carve_out"]
    assert playbook_words.side(quote, "Cap On Liability") == ("ms", "neither MS nor its affiliates")
    # SFG FINANCIAL: "The Licensee agrees that neither the Licensor, nor any of its respective affiliates ... shall be liable"
    quote = "The Licensee agrees that neither the Licensor, nor any of its respective affiliates, employees, officers, or agents, shall be liable for any loss."
    assert [f["text"] for f in risk.facts("Cap On Liability", quote) if f["kind"] == "bound"] == ["neither the Licensor, nor any of its respective affiliates"]
    # the one who agrees is bound where it promises something itself ("Company agrees that no other Distributor will be appointed")
    assert [f["text"] for f in risk.facts("Exclusivity", "Company agrees that no other Distributor will be appointed in any other state.") if f["kind"] == "bound"] == ["Company agrees"]
    # both provider groups: "none of the members of the MS Provider Group and the MSCI Provider Group shall be liable"
    both = "none of the members of the MS Provider Group and the MSCI Provider Group shall be liable for any special, indirect or consequential damages."
    assert playbook_words.mutual(both, "Cap On Liability") == ("meets", "none of the members of the MS Provider Group and the MSCI")
    assert playbook_words.mutual("Neither Net Advertising Revenue nor the Advertising Fee shall include taxes.", "Cap On Liability")[0] == "unknown"
    # an exception in brackets is still one: "all damages (other than those arising from gross negligence)"
    assert [f for f in risk.facts("Cap On Liability", "In no event shall either party be liable for any damages (other than those arising from gross negligence).") if f["kind"] == "carve_out"]


def test_a_sum_in_words_is_no_quantity_of_its_own_units():
    """GOLD RESOURCE, BEYOND.COM (CUAD dev): "not less than five million U.S. Dollars (US$5,000,000)" gave a
    second minimum, "not less than five million U" (the sum in words read as a count of "U"); a count
    in words ("five hundred thousand units") is still a quantity."""
    found = risk.facts("Minimum Commitment", "The Company agrees to use not less than five million U.S. Dollars (US$5,000,000) of the proceeds to fund exploration.")
    assert [f["text"] for f in found if f["kind"] in ("amount", "quantity")] == ["five million U.S. Dollars (US$5,000,000)"]
    found = risk.facts("Minimum Commitment", "Distributor shall purchase not less than five hundred thousand units.")
    assert [f["text"] for f in found if f["kind"] == "quantity"] == ["not less than five hundred thousand units"]


def test_a_kind_of_loss_in_quotes_after_other_forms_of_is_excluded():
    """BIOAMBER (CUAD dev): a waiver of claims "for consequential, punitive, incidental, special, or other forms
    of “exemplary” losses" said only "No amount or basis for the cap is stated"; it excludes kinds of loss."""
    clause = ("Bioamber and Cargill agree to waive any and all claims against each other for consequential, punitive, incidental, special, "
              "or other forms of “exemplary” losses whether arising in contract, warranty, tort (including negligence), or otherwise.")
    found = risk.facts("Cap On Liability", clause)
    assert [f["text"] for f in found if f["kind"] == "excluded"] == ["consequential, punitive, incidental, special, or other forms of “exemplary” losses"]
    assert risk.risk_note("Cap On Liability", clause, facts_found=found)["risk"].startswith("An exclusion of kinds of damages")


def test_a_renewal_both_parties_must_agree_to_locks_no_one_in():
    # VNUE (CUAD dev): "the Parties may agree in writing to extend" read "Automatic renewal can lock a party in"
    quote = ("At any time prior to the end of the Term, the Parties may agree in writing to extend the Agreement for successive "
             "One (1) Year periods (the “Renewal Terms”) under the same conditions set forth herein.")
    assert risk.risk_note("Renewal Term", quote)["risk"].endswith("Renews only if both parties agree, so it cannot lock a party in; note the renewal length.")
    # SECURIAN fund agreement (CUAD train, read on the final page): a continuance the trustees must approve renews nothing by itself
    quote = ("This Agreement shall continue in effect for a period of one year from the date of its execution and from year to year "
             "thereafter provided such continuance is specifically approved by a majority of the trustees of the Trust.")
    assert risk.risk_note("Renewal Term", quote)["risk"].endswith("Goes on only while it is approved as it says, so it does not renew by itself; note the renewal length.")
    # automatic, or at one party's option with terms to be agreed: the generic line stays
    for quote in ("This Agreement shall automatically renew for one year unless the parties mutually agree otherwise.",
                  "This Agreement may be renewed for ten (10) years by notice in writing given by XFN, for a consideration to be mutually agreed."):
        assert "Automatic renewal can lock a party in" in risk.risk_note("Renewal Term", quote)["risk"]


def test_a_volume_restriction_quotes_its_limits():
    # MARSHALL (CUAD dev): the note of "... conference calls not to exceed five per month ..." quoted no limit
    note = risk.risk_note("Volume Restriction", "(iv) CELEBRITY will be available for conference calls not to exceed five per month and at the discretion of his schedule.")
    assert note["risk"].startswith("Limits stated: “not to exceed five per month”.")
    found = risk.facts("Volume Restriction", "Each photography session shall not exceed one and one-half days and each speaking engagement shall not exceed five (5) hours.")
    assert kinds(found, "limit") == ["shall not exceed one and one-half days", "shall not exceed five (5) hours"]
    # a percentage is a percentage, and a number cut short is no limit
    assert kinds(risk.facts("Volume Restriction", "Carrier shall allocate up to ninety percent (90%) of the Available Capacity."), "limit") == []


def test_a_change_of_control_names_its_triggers_once_and_not_its_exceptions():
    # MARSHALL (CUAD dev): "Triggered by “Merger”, “consolidation”, “merger”" — the first was the exception's "Initial Merger"
    quote = ("(ii) If the COMPANY ceases business or, other than in an Initial Merger, sells a controlling interest to a third party, or "
             "agrees to a consolidation or merger of itself with or into another corporation; or,")
    found = risk.facts("Change Of Control", quote)
    assert kinds(found, "event") == ["sells a controlling interest", "consolidation", "merger"]
    assert kinds(found, "carve_out") == ["other than in an Initial Merger"]
    assert kinds(risk.facts("Change Of Control", "Upon a Change of Control, or any other Change Of Control, either party may terminate."), "event") == ["Upon a Change of Control"]


def test_an_exception_in_brackets_ends_with_them_after_an_item_letter():
    # GOLD RESOURCE (CUAD dev): "B) any acquisition (excluding a Tender Offer Transaction), merger, ..." ran on to the clause's end:
    # the item letter's ")" was counted as closing the bracket
    quote = "B) any acquisition (excluding a Tender Offer Transaction), merger, asset purchase and sale or business combination involving the Company;"
    assert kinds(risk.facts("Change Of Control", quote), "carve_out") == ["excluding a Tender Offer Transaction"]


def test_the_kinds_of_loss_a_cap_excludes_are_no_exception_to_it():
    # AULAMERICAN (CUAD dev): "... but specifically excluding any and all consequential punitive or other indirect damages or (ii) ..."
    # was quoted as an exception running on through item (ii)
    quote = ("(i) the responsible party shall reimburse the Client-shareholder for any losses incurred directly as a result of the error but "
             "specifically excluding any and all consequential punitive or other indirect damages or (ii) the affected party shall be reimbursed for any losses.")
    found = risk.facts("Cap On Liability", quote)
    assert kinds(found, "excluded") == ["consequential punitive or other indirect damages"]
    assert kinds(found, "carve_out") == []


def test_a_party_that_agrees_another_is_entitled_is_the_one_bound():
    # ADMA (CUAD dev): "ADMA agrees that Sanofi Pasteur shall be entitled to obtain from ADMA as liquidated damages ..." applied to
    # "Sanofi Pasteur shall"; CANO: "The Company agrees that Cano shall be entitled to place signage" binds the Company
    quote = "Should ADMA fail to supply a minimum of [***] Batches, ADMA agrees that Sanofi Pasteur shall be entitled to obtain from ADMA liquidated damages."
    assert bound(risk.facts("Minimum Commitment", quote)) == [("ADMA agrees", "one_party")]
    assert bound(risk.facts("Minimum Commitment", "Licensee agrees that Licensor shall provide support.")) == [("Licensor shall", "one_party")]
    # IVILLAGE (CUAD train, on the final page): "iVillage agrees that Ford shall be the exclusive automobile manufacturer sponsor"
    # read "Applies to one party (“Ford shall”)"; the exclusive one is whom it favours, the one who agrees is bound
    quote = "For the Initial Term of this Agreement, iVillage agrees that Ford shall be the exclusive automobile manufacturer sponsor throughout the Network."
    assert bound(risk.facts("Exclusivity", quote)) == [("iVillage agrees", "one_party")]
    assert bound(risk.facts("Exclusivity", "Co-Host shall be the exclusive reseller of software products at the Originating Location.")) == []


@pytest.mark.parametrize("clause", [
    "The Royalties to be paid by Zynga to WPT is the percentage of Net Revenue as set forth in Section 5 of the Basic Provisions.",
    "Network shall pay to Affiliate the Affiliate Transactional Share for each calendar quarter.",
    "LEA shall pay to T&B a base royalty in the amount of [●%] of LEA's monthly Cash Sales.",
    "Kiromic will grant to Molipharma the follows royalties: *% of the realized turnover.",
])
def test_a_share_set_elsewhere_blank_or_redacted_is_never_said_to_be_missing(clause):
    """CUAD train: shares set out in a section, defined elsewhere, left blank in a form or redacted read "No rate or sum is stated"."""
    from services.analyze.logic import clause_notes

    assert "No rate or sum is stated" not in clause_notes(["Revenue/Profit Sharing"], clause)["risk"]


def test_a_heading_glued_to_the_sentence_is_no_party_and_a_ground_is_said_once():
    """BLUEFLY (CUAD train, read on the final page): "3.4 Termination for Convenience Customer may terminate ..." read
    "Applies to one party (“Convenience Customer may”)" and "Grounds: “for Convenience”, “for convenience”"."""
    clause = ("3.4 Termination for Convenience Customer may terminate this Agreement for convenience at the end of any calendar month "
              "by: a. providing at least one month's prior written notice to IBM.")
    note = risk.risk_note("Termination For Convenience", clause)["risk"]
    assert "(“Customer may”)" in note and "Convenience Customer" not in note
    assert note.count("for convenience") + note.count("for Convenience") == 1


def test_a_duty_to_comply_with_is_no_cure_period_before_the_notice():
    """CUAD train (AIRSPAN, read on the final page): "fails materially to comply with any covenant ..., by written notice given
    ... not less than thirty (30) days prior" states a notice period; "to comply with a 30 day written notice" is still none."""
    quote = ("13.2 Either party may terminate this Agreement at any time during the term of this Agreement if either party fails materially "
             "to comply with any covenant, term, or provision of this Agreement, by written notice given to the other party not less than "
             "thirty (30) days prior to the effective date of such termination.")
    assert [f["text"] for f in risk.facts("Termination For Convenience", quote) if f["kind"] == "notice_period"] == [
        "notice given to the other party not less than thirty (30) days prior to the effective date of such termination"]
    assert not [f for f in risk.facts("Termination For Convenience", "Supplier may terminate if Buyer fails to comply with a 30 day written notice to pay.")
                if f["kind"] == "notice_period"]


def test_who_gives_a_waiver_in_a_lead_in_is_not_the_party_bound():
    """KIROMIC consulting (CUAD train, read on the final page): "Subject to written waivers that may be provided by the Company
    …, Consultant agrees that … Consultant will not … participate in … any business … competitive with the Company" said
    "Applies to one party (“may be provided by the Company”)". A passive verb in a relative clause names no party bound."""
    quote = ("Subject to written waivers that may be provided by the Company upon request, which shall not be unreasonably withheld, Consultant "
             "agrees that, during the term of this Agreement, Consultant will not directly or indirectly (i) participate in the formation of "
             "any business or commercial entity in the Field of Interest or otherwise competitive with the Company.")
    assert [f["text"] for f in risk.facts("Non-Compete", quote) if f["kind"] == "bound"] == ["Consultant agrees"]
    assert [f["text"] for f in risk.facts("Termination For Convenience", "This Agreement may be terminated by Company upon thirty days' notice.")
            if f["kind"] == "bound"] == ["may be terminated by Company"]


def test_a_lease_is_no_party_and_a_list_of_passive_verbs_names_who_acts():
    """GOOSEHEAD franchise (CUAD train, read on the final page): "The Lease may not be modified, amended, supplemented, renewed,
    extended or assigned by Franchisee without Franchisor's prior written consent" said "Applies to one party (“The Lease may
    not”)". A lease is no party; the party after the verbs is."""
    quote = "The Lease may not be modified, amended, supplemented, renewed, extended or assigned by Franchisee without Franchisor's prior written consent."
    assert [f["text"] for f in risk.facts("Anti-Assignment", quote) if f["kind"] == "bound"] == [
        "may not be modified, amended, supplemented, renewed, extended or assigned by Franchisee"]
    assert [f["text"] for f in risk.facts("Anti-Assignment", "This Agreement may be assigned or transferred by Consultant only with consent.")
            if f["kind"] == "bound"] == ["may be assigned or transferred by Consultant"]


def test_a_money_back_basis_ends_before_the_verb_of_its_remedy():
    """CHANGEPOINT license and hosting (CUAD train, read on the final page): "upon a refund of all fees paid to Changepoint, be
    Corio's sole and exclusive remedy against Changepoint" read the cap as all of it; the basis is the refund."""
    quote = ("Termination of this Agreement by Corio for non conformance of the Software to the Documentation under this Section 3.1 shall, "
             "upon a refund of all fees paid to Changepoint, be Corio's sole and exclusive remedy against Changepoint for any nonconformance.")
    assert [f["text"] for f in risk.facts("Cap On Liability", quote) if f["kind"] == "multiple"] == ["refund of all fees paid to Changepoint"]


def test_a_certificate_or_a_liability_policy_is_no_party():
    """GAINSCO sponsorship (CUAD train, read on the final page): "Certificates shall provide that … shall be named as additional
    insureds" applied to "Certificates shall", and "If Racing's liability policies do not contain …" to "If Racing's liability"."""
    assert not [f for f in risk.facts("Insurance", 'Certificates shall provide that "Gainsco Inc." shall be named as additional insureds on all policies.')
                if f["kind"] == "bound"]
    assert not [f for f in risk.facts("Insurance", "If Racing's liability policies do not contain the standard separation of insureds provision, "
                                      "they shall be endorsed to provide cross-liability coverage.") if f["kind"] == "bound"]
    assert [f["text"] for f in risk.facts("Cap On Liability", "Racing's liability shall not exceed $1,000.") if f["kind"] == "bound"] == ["Racing's liability"]


def test_a_thing_acted_on_is_no_party_bound():
    """INTERNATIONAL FAST FOOD franchise (CUAD train, read on the final page): "During the term of this Agreement the Location shall
    be used exclusively for the purpose of operating a Burger King Restaurant" applied to "the Location shall", and "additional
    Burger King Restaurants shall be determined by BKC" to "Burger King Restaurants shall". What shall be used or determined is
    acted on; a party that shall be required, entitled, paid or obliged is still the one bound."""
    def who(category, quote):
        return [f["text"] for f in risk.facts(category, quote) if f["kind"] == "bound"]

    assert who("Non-Compete", "During the term of this Agreement the Location shall be used exclusively for the purpose of operating a Burger King Restaurant.") == []
    assert who("Exclusivity", "The development and location of additional Burger King Restaurants shall be determined by BKC in its sole business judgment.") == []
    assert who("Anti-Assignment", "The Options shall not be assigned, transferred or alienated by the Professional.") == []  # not "The Options shall"
    assert who("Non-Compete", "Distributor shall be prohibited from selling competing products in the Territory.") == ["Distributor shall"]
    assert who("Minimum Commitment", "TPH-A shall be obliged to purchase the Call Shares.") == ["TPH-A shall"]
    assert who("Revenue/Profit Sharing", "Licensee shall be paid fifty percent (50%) of Net Revenues.") == ["Licensee shall"]


def test_a_partys_own_people_and_the_party_are_one_side():
    """INTERNATIONAL FAST FOOD franchise (CUAD train, read on the final page): "Neither the Principals nor the Franchisee shall ... have
    any interest in another Fast Food Hamburger Restaurant" read "Applies to both parties"; the Principals own the Franchisee."""
    quote = "Neither the Principals nor the Franchisee shall directly or indirectly have any interest in another Fast Food Hamburger Restaurant."
    assert [(f["text"], f["scope"]) for f in risk.facts("Non-Compete", quote) if f["kind"] == "bound"] == [("the Franchisee shall", "one_party")]
    quote = "Neither Licensor nor Licensee shall solicit the employees of the other."
    assert [(f["text"], f["scope"]) for f in risk.facts("No-Solicit Of Employees", quote) if f["kind"] == "bound"] == [("Neither Licensor nor Licensee", "mutual")]


def test_a_party_after_a_comma_and_opens_a_clause_of_its_own():
    """ADURO consulting (CUAD train, read on the final page): "Aduro shall be the sole and exclusive owner of, and Consultant hereby
    assigns to Aduro, any and all writings" named no party: a name after "and" was read as the second of two ("Smith and TDA
    shall"); after ", and" it opens a clause of its own ("..., and Valeant shall assign")."""
    def who(category, quote):
        return [f["text"] for f in risk.facts(category, quote) if f["kind"] == "bound"]

    assert who("Ip Ownership Assignment", "Aduro shall be the sole and exclusive owner of, and Consultant hereby assigns to Aduro, any and all "
               "writings, documents and work product.") == ["Consultant hereby assigns"]
    assert who("Ip Ownership Assignment", "The ownership, and all goodwill from the use, of any Dova Trademarks and Copyrights shall at all times "
               "vest in and inure to the benefit of Dova, and Valeant shall assign, and hereby does assign, any rights it may have.") == ["Valeant shall"]


def test_the_agreement_is_none_of_those_who_agree():
    """MUSCLEPHARM co-branding (CUAD train, read on the final page): "During the term of this Agreement, or any extensions of this
    Agreement, Endorser and the Lender hereby agree" read "Applies to all parties (“Agreement, Endorser and the Lender hereby agree”)"."""
    quote = ("During the term of this Agreement, or any extensions of this Agreement, Endorser and the Lender hereby agree and warrant that it "
             "will not enter into any other endorsement agreement.")
    assert [f["text"] for f in risk.facts("Exclusivity", quote) if f["kind"] == "bound"] == ["Endorser and the Lender hereby agree"]


def test_what_follows_an_end_for_any_reason_is_no_ground():
    """HEALTHCENTRAL co-branding (CUAD train, read on the final page): a right to end for cause with "(d) Upon termination or expiration
    of this Agreement for any reason: (i) the Parties shall immediately cease using the Marks" read "Grounds: “for any reason”"."""
    quote = ("(a) Either Party may terminate this Agreement upon 30 days prior written notice to the other Party if such other Party breaches "
             "any material term of this Agreement; (d) Upon termination or expiration of this Agreement for any reason: (i) the Parties shall "
             "immediately cease using the Marks of the other Party.")
    assert not [f for f in risk.facts("Termination For Convenience", quote) if f["kind"] == "trigger"]
    assert [f["text"] for f in risk.facts("Termination For Convenience", "Either Party may terminate this Agreement for any reason on 30 days notice.")
            if f["kind"] == "trigger"] == ["for any reason"]


def test_an_ip_assignment_says_whom_the_ip_goes_to():
    """ON2 support agreement (CUAD train, read on the final page): a lawyer acting for On2 read only "IP created under the contract may
    belong to the counterparty" under "Wildform hereby irrevocably assigns to On2"; the note says whom it goes to, in the clause's
    words. A thing defined, what a bracket describes, "in and to" and work "assigned by" a party name no one it goes to."""
    def owner(quote):
        return [f["text"] for f in risk.facts("Ip Ownership Assignment", quote) if f["kind"] == "owner"]

    quote = ("To the extent that title to any of the Incorporated Technology Works may not, by operation of law, vest in On2 or such works may "
             "not be considered works made for hire, Wildform hereby irrevocably assigns to On2 all rights, title and interest in and to such works.")
    assert owner(quote) == ["On2"]
    assert risk.risk_note("Ip Ownership Assignment", quote)["risk"].startswith("Goes to “On2”. Applies to one party")
    assert owner("7.1 The Incorporated Technology Works shall be the sole property of On2, and all right, title and interest therein shall vest "
                 "solely in On2.") == ["On2"]
    assert owner("Recipient hereby assigns all Recipient's rights in any Intellectual Property to the Company.") == ["Company"]
    assert owner("You will assign to us or our designee any assumed name rights.") == ["us"]
    assert owner("Fox shall own all Intellectual Property Rights in and to any derivative works made from the Properties.") == ["Fox"]
    assert owner("Assignor does hereby assign and transfer to Assignee all of its rights, title and interest in and to the Assigned Marks.") == ["Assignee"]
    assert owner("THC will assign all right, title and interest in and to the THC ERB Domains (those domains owned by THC related to the ERB) "
                 "as set forth on Schedule H to HERC.") == []
    assert owner("CRO shall assign to Client all inventions derived from the work assigned by Client to CRO.") == ["Client"]
    assert owner("Each party shall own the Intellectual Property it creates.") == []
    # FUELCELL joint development (CUAD train, read on the final page): "assign, and hereby assigns, to ExxonMobil" said no one
    assert owner("FCE will assign, and hereby assigns, to ExxonMobil ownership of Program Results.") == ["ExxonMobil"]
    assert owner("Seller assigns all right, title and interest in, to and under the Patents to Buyer.") == ["Buyer"]
    # ANIXA collaboration (CUAD train, read on the final page: "Goes to “OntoChem”, “Anixa”"): a thing described as "owned by" a party goes to no one
    assert owner("Anixa will promptly assign to OntoChem all right, title and interest in and to any patents and patent applications owned by Anixa "
                 "that claim such Terminated Scaffold.") == ["OntoChem"]
    assert owner("Consultant and the Company agree that all Innovations will be works made for hire owned exclusively by the Company.") == ["Company"]
    assert owner("All Developed Technology shall be owned solely by Licensor.") == ["Licensor"]
    # KNOWLABS IP agreement (CUAD train, read on the final page: "Applies to one party (“Turpin may”)", from "that Turpin may have"):
    # "does hereby assign" is the clause's own verb
    quote = ("Turpin does hereby assign and transfer to the Company, effective upon creation, all right, title, and interest that Turpin may have "
             "in and to the Work Product.")
    assert [f["text"] for f in risk.facts("Ip Ownership Assignment", quote) if f["kind"] == "bound"] == ["Turpin does hereby assign"]


def test_a_notice_that_lists_its_periods_after_a_colon_states_them():
    """ATMOS transportation service agreement (CUAD train, read on the final page): "until terminated ... upon the following written
    notice to the other specifying a termination date: sixty (60) days for interruptible transportation ... and 180 days for firm
    transportation ..." read "notice period: no value read" and the playbook could not decide; the periods are the notice's."""
    quote = ("Thereafter, this Agreement shall be effective month to month, until terminated by Transporter or Shipper upon the following written "
             "notice to the other specifying a termination date: sixty (60) days for interruptible transportation under Rate Schedule ITS and "
             "180 days for firm transportation under Rate Schedule FTS.")
    facts = risk.facts("Notice Period To Terminate Renewal", quote)
    assert [f["text"] for f in facts if f["kind"] == "notice_period"] == [
        "sixty (60) days for interruptible transportation under Rate Schedule ITS and 180 days for firm transportation under Rate Schedule FTS"]
    assert [(t["value"], t["unit"]) for t in terms.terms("Notice Period To Terminate Renewal", quote, facts)] == [(60.0, "days")]


def test_names_liable_to_another_named_are_one_side():
    """PAPA JOHN'S endorsement (CUAD train, read on the final page): "NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE
    LIABLE TO PAPA JOHN'S" read "Applies to both parties" and met the playbook's "binds both"; ABG, its owner and its celebrity are
    one side, liable to the other."""
    quote = ("TO THE MAXIMUM EXTENT PERMISSIBLE UNDER APPLICABLE LAW, NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE LIABLE "
             "TO PAPA JOHN'S FOR ANY CONSEQUENTIAL, INCIDENTAL, PUNITIVE, EXEMPLARY, OR SPECIAL DAMAGES.")
    assert "Applies to one party (“NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE LIABLE TO PAPA JOHN'S”)" in risk.risk_note("Cap On Liability", quote)["risk"]
    assert [f["scope"] for f in risk.facts("Cap On Liability", "Neither party shall be liable to the other party for lost profits.") if f["kind"] == "bound"] == ["mutual"]


def test_a_leading_exception_ends_where_the_total_liability_begins_and_revenues_received_are_a_basis():
    """CARDAX collaboration (CUAD train, read on the final page): "Except in the event of (i) ... (ii) a Party's breach of its confidentiality
    obligation, the total liability of one Party to the other Party ... shall ... be limited to the amount of revenues it receives under
    this Agreement." quoted the cap's own subject as an exception, and read "cap: no value read"."""
    quote = ("Except in the event of (i) a Party's gross negligence or willful misconduct and/or (ii) a Party's breach of its confidentiality "
             "obligation, the total liability of one Party to the other Party (and its Affiliates) arising out of or in connection with this "
             "Agreement, whether in contract, tort (including negligence), statute or otherwise, shall, to the maximum extent permitted by "
             "Applicable Law, be limited to the amount of revenues it receives under this Agreement.")
    facts = risk.facts("Cap On Liability", quote)
    assert [f["text"] for f in facts if f["kind"] == "carve_out"] == [
        "Except in the event of (i) a Party's gross negligence or willful misconduct and/or (ii) a Party's breach of its confidentiality obligation"]
    assert terms.terms("Cap On Liability", quote, facts)[0]["text"] == "the amount of revenues it receives under this Agreement"


def test_a_thing_that_shall_is_no_party_bound():
    """INGEVITY IP agreement (CUAD train, read on the final page): "Applies to one party (“the Unreleased SpinCo IP Liabilities shall”)"
    and "(“Delayed SpinCo IP Liability shall”)"; liabilities, assets, IP, marks, information and data are things, no party."""
    def bound(quote):
        return [f["text"] for f in risk.facts("Ip Ownership Assignment", quote) if f["kind"] == "bound"]

    assert bound("If and when any such consent shall be obtained or the Unreleased SpinCo IP Liabilities shall otherwise become assignable, "
                 "Parent shall promptly assign such Unreleased SpinCo IP Liabilities.") == ["Parent shall"]
    assert bound("The Depomed Trademarks shall be used only with the Product.") == []
    assert bound("Licensee shall assign to Licensor all Improvements.") == ["Licensee shall"]

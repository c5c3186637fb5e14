"""Question routing: free-form questions -> CUAD clause categories.

How tests/data/routing_questions.jsonl was written: all 96 questions were written first, before
any prototype or trigger phrase in shared/clauses/routing.py existed, in the voice of a lawyer typing
into a review tool, avoiding each category's own words where that was natural. The prototypes
were then written from contract-drafting vocabulary without copying these wordings. Thresholds
and a few structural rules were tuned mostly on a separate, private set of 42 questions (not
checked in); the test set was run a handful of times while doing so, so treat its accuracy as
somewhat optimistic. Written by the same person as the router, not by an independent author.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.locate.embedder import Embedder
from shared.clauses import routing
from shared.clauses.routing_text import asks_playbook
from shared.clauses.catalogue import CATEGORIES

DATA = Path(__file__).resolve().parent.parent / "data" / "routing_questions.jsonl"
ROWS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
NAMES = {c.name for c in CATEGORIES}
NO_CATEGORY = [r["question"] for r in ROWS if not r["expected"]]


def cuad_question(name: str, description: str) -> str:
    return f'Highlight the parts (if any) of this contract related to "{name}" that should be reviewed by a lawyer. Details: {description}'


@pytest.fixture(scope="module")
def embed():
    return Embedder().embed


def test_data_covers_the_categories():
    covered = {c for r in ROWS for c in r["expected"]}
    assert covered <= NAMES
    assert NAMES - covered == {"Document Name", "Parties", "Agreement Date", "Effective Date"}
    assert len(ROWS) >= 60
    assert sum(len(r["expected"]) == 2 for r in ROWS) >= 6
    assert len(NO_CATEGORY) >= 5
    assert set(routing.DESCRIPTIONS) == NAMES


@pytest.mark.parametrize("use_model", [False, True])
def test_every_cuad_question_routes_to_exactly_its_category(use_model, request):
    embed = request.getfixturevalue("embed") if use_model else None
    for name in sorted(NAMES):
        got = routing.route(cuad_question(name, routing.DESCRIPTIONS[name]), embed)
        assert got.categories == [name], name
        assert got.method == "named"
        assert got.scores == {name: 1.0}


def test_cuad_spelling_of_names_is_accepted():
    # CUAD's csv writes "Cap on Liability", "IP Ownership Assignment"; clauses.py title-cases.
    assert routing.route(cuad_question("Cap on Liability", "x")).categories == ["Cap On Liability"]
    assert routing.route(cuad_question("IP Ownership Assignment", "x")).categories == ["Ip Ownership Assignment"]


def test_free_form_accuracy_with_the_embedder(embed, capsys):
    routing.route("warm up", embed)
    failures, times = [], []
    for r in ROWS:
        t0 = time.perf_counter()
        got = routing.route(r["question"], embed)
        times.append(time.perf_counter() - t0)
        assert set(got.categories) <= NAMES and len(got.categories) <= routing.MAX_CATEGORIES
        assert all(0.0 <= got.scores[c] <= 1.0 for c in got.categories)
        if not routing.correct(r["expected"], got.categories):
            failures.append(f"  {r['question']!r}: expected {r['expected']}, got {got.categories}")
    accuracy = 1 - len(failures) / len(ROWS)
    with capsys.disabled():
        print(f"\nrouting accuracy with embedder: {accuracy:.3f} ({len(ROWS)} questions), "
              f"median {np.median(times) * 1000:.1f} ms/question")
        print("\n".join(failures))
    assert accuracy >= 0.85


def test_lexical_only_accuracy_is_reported(capsys):
    # No model: only trigger phrases. Paraphrases are out of its reach; print, do not gate.
    ok = sum(routing.correct(r["expected"], routing.route(r["question"]).categories) for r in ROWS)
    with capsys.disabled():
        print(f"\nrouting accuracy without embedder: {ok / len(ROWS):.3f}")
    assert ok / len(ROWS) >= 0.25


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Is there a limitation of liability?", {"Cap On Liability"}),
        ("Show me the governing law clause", {"Governing Law"}),
        ("Does the licensor have audit rights?", {"Audit Rights"}),
        ("Any right of first refusal?", {"Rofr/Rofo/Rofn"}),
        ("Is there a source code escrow?", {"Source Code Escrow"}),
        ("What insurance must the contractor maintain?", {"Insurance"}),
        ("Mark every liability and termination clause", {"Cap On Liability", "Termination For Convenience"}),
        ("Is there a change of control provision or an anti-assignment clause?", {"Change Of Control", "Anti-Assignment"}),
        ("Are royalties payable, and is there a minimum purchase?", {"Revenue/Profit Sharing", "Minimum Commitment"}),
        # SIBANNAC strategic alliance (CUAD train, read on the final page): "what do we owe them per sale" asked nothing
        ("What do we owe them per sale?", {"Revenue/Profit Sharing"}),
        # LEADERSONLINE co-branding (CUAD train, read on the final page): promoting a competitor asked nothing (its clause is
        # labelled Non-Compete), and who owns the user data when it ends asked only what survives the end
        ("Can VerticalNet promote our competitors?", {"Non-Compete"}),
        ("Who owns the user data when it ends?", {"Ip Ownership Assignment"}),
        ("What does it cost us to drop the content early, and when does the deal end?", {"Liquidated Damages", "Expiration Date"}),  # WATCHIT
        ("How many units can we order per month?", {"Volume Restriction"}),  # TC PIPELINES: "how much gas can we move each day"
        ("Can we get out after the first year?", {"Termination For Convenience"}),  # HYDRON sponsorship: asked nothing
    ],
)
def test_lexical_path_routes_clear_keyword_questions(question, expected, embed):
    lexical = routing.route(question)
    assert expected <= set(lexical.categories), lexical
    assert lexical.method == "semantic"
    assert expected <= set(routing.route(question, embed).categories)


def test_several_categories_when_asked(embed):
    got = routing.route("mark every liability and termination clause", embed)
    assert {"Cap On Liability", "Termination For Convenience"} <= set(got.categories)
    assert len(got.categories) <= routing.MAX_CATEGORIES


@pytest.mark.parametrize("question", [*NO_CATEGORY, "what colour is the sky?", "what happens if we pay late?", "", "  \n"])
def test_no_category_questions_route_to_nothing(question, embed):
    for e in (None, embed):
        got = routing.route(question, e)
        assert got.categories == [] and got.scores == {} and got.method == "none", (question, got)


@pytest.mark.parametrize("text", ["limited liability company", "Limited Liability Company", "Acme Holdings LLC", "our Privacy Policy"])
def test_stray_words_do_not_route(text, embed):
    for e in (None, embed):
        got = set(routing.route(text, e).categories)
        assert not got & {"Cap On Liability", "Uncapped Liability", "Insurance"}, (text, got)


def test_negated_words_and_prefixes_do_not_match():
    assert "Exclusivity" not in routing.route("Is the licence non-exclusive?").categories
    assert "Termination For Convenience" not in routing.route("What does the determination of fees say?").categories


def test_prototypes_are_embedded_once_per_embed_function(embed):
    calls = []

    def counting(texts: list[str]) -> np.ndarray:
        calls.append(len(texts))
        return embed(texts)

    routing.route("Can they terminate early?", counting)
    routing.route("Is there a cap on damages?", counting)
    assert calls[0] > 100  # the prototypes, once
    assert all(n <= 5 for n in calls[1:])  # afterwards only the question and its parts
    assert len(calls) == 3


def test_correct_rule():
    assert routing.correct(["A"], ["A", "B", "C"])
    assert not routing.correct(["A"], ["A", "B", "C", "D"])
    assert not routing.correct(["A", "B"], ["A"])
    assert routing.correct([], [])
    assert not routing.correct([], ["A"])


@given(st.text(max_size=300))
def test_route_never_raises_and_names_only_known_categories(text):
    got = routing.route(text)
    assert set(got.categories) <= NAMES
    assert set(got.scores) == set(got.categories)
    assert got.method in {"named", "semantic", "none"}
    assert (got.method == "none") == (not got.categories)


@given(text=st.text(max_size=120))
def test_route_with_the_model_never_raises(text, embed):
    got = routing.route(text, embed)
    assert set(got.categories) <= NAMES
    assert len(got.categories) <= routing.MAX_LISTED
    assert all(0.0 <= s <= 1.0 for s in got.scores.values())


# --- the independent question set ---------------------------------------------------------
# tests/data/routing_questions_independent.jsonl was written by someone other than the router's
# author, in two sets ("set": 2, written later from CUAD's descriptions alone, measured before it
# was tuned on: 0.817 with the embedder). Its "tune" split guided the vocabulary in
# shared/clauses/routing_data.json; the "holdout" splits are kept for an occasional honest
# measurement and are never loaded by the tests. Set 3 (80 questions that each name two to four
# topics, written the same way, halved into tune and holdout) and set 4 (110 questions of one
# topic, several or none, written the same way and split before it was measured) and set 5 (120
# questions: 60 of one topic, 35 of two to four, 25 of none, written 2026-12-06 by a writer given
# only CUAD's category descriptions, split at random before it was measured) and set 6 (120 more, the
# same mix and way, 2026-12-06, by another writer told to vary personas, idioms and registers; before
# any change: tune 52/60, holdout 53/60) are measured by bench/bench_routing_sets.py; set 3 is checked
# on its own below.
INDEPENDENT = Path(__file__).resolve().parent.parent / "data" / "routing_questions_independent.jsonl"
_ROWS = [json.loads(line) for line in INDEPENDENT.read_text().splitlines() if line.strip()]
TUNE = [r for r in _ROWS if r["split"] == "tune" and r.get("set", 1) in (1, 2)]


@pytest.mark.parametrize("use_model", [False, True])
def test_independent_tune_split_exact_accuracy(use_model, request, capsys):
    embed = request.getfixturevalue("embed") if use_model else None
    ok = sum(set(routing.route(r["question"], embed).categories) == set(r["expected"]) for r in TUNE)
    with capsys.disabled():
        print(f"\nindependent tune split, exact-set accuracy {'with' if use_model else 'without'} embedder: {ok / len(TUNE):.3f}")
    assert len(TUNE) >= 60
    assert ok / len(TUNE) >= 0.9


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the longest match wins
        ("Is there a termination fee?", {"Liquidated Damages"}),
        ("Are there post-termination obligations?", {"Post-Termination Services"}),
        # a generic word gives way to a specific clause in the same part of the question
        ("Is liability uncapped for IP infringement?", {"Uncapped Liability"}),
        ("Does the license extend to the licensee's affiliates?", {"Affiliate License-Licensee"}),
        # ... but not to one in another part
        ("Is there a cap on liability, and is anything excluded from it?", {"Cap On Liability", "Uncapped Liability"}),
        ("Does it renew automatically, and how much notice stops that?", {"Renewal Term", "Notice Period To Terminate Renewal"}),
        # "... or both?" asks about each alternative
        ("Who owns new inventions - the developer, the customer, or both together?", {"Ip Ownership Assignment", "Joint Ip Ownership"}),
        # words that only look like clause words
        ("What representations and warranties does the seller give?", set()),
        ("Can we terminate for material breach?", set()),
        ("Who pays for damaged goods?", set()),
        # "penalties" alone is a lawyer's word for liquidated damages (an affiliate agreement read on a final page)
        ("Are there any penalties?", {"Liquidated Damages"}),
        ("Any penalty clauses, and what law governs?", {"Governing Law", "Liquidated Damages"}),
        # combinations of words
        ("Can they raise prices next year?", {"Price Restrictions"}),
        ("Can we hire their engineers?", {"No-Solicit Of Employees"}),
        ("Is the licence non-transferable?", {"Non-Transferable License"}),
        ("Is the licence non-exclusive?", {"License Grant"}),
        # a part that is only "when" asks it of the part before; "and for how long?" does not
        ("Who signed this and when?", {"Parties", "Agreement Date"}),
        ("If nobody does anything, does the deal extend itself, and for how long?", {"Renewal Term"}),
        # outsiders who "rely on" the contract are third-party beneficiaries; relying on a customer is not
        ("Can third parties rely on the warranty?", {"Third Party Beneficiary"}),
        ("Can I rely on the customer's forecasts?", set()),
        # "the term" is the contract's own term; "payment terms", "terms and conditions" are not
        ("Check the term, renewal and termination provisions.", {"Expiration Date", "Renewal Term", "Termination For Convenience"}),
        ("What are the payment terms?", set()),
        ("Is anything unusual in the terms and conditions?", set()),
        # a licence's minimum guarantee is a minimum royalty, not a warranty (GLU MOBILE, read on the final page); a guarantee alone still is
        ("Is there a minimum guarantee on royalties?", {"Minimum Commitment", "Revenue/Profit Sharing"}),
        ("How long is the guarantee?", {"Warranty Duration"}),
        # a "this" that ends or lasts is the contract (ZTO EXPRESS, read on the final page: Expiration Date was not asked)
        ("As the shipper: when does this end, can it roll over, what law governs it, and are we stuck paying minimum amounts?",
         {"Expiration Date", "Renewal Term", "Governing Law", "Minimum Commitment"}),
        ("How long does this last?", {"Expiration Date"}),
        ("Can we get out of this early?", {"Termination For Convenience"}),
        # "minimums" one owes or must hit are minimum commitments (VIRTUOSO SURGICAL, read on the final page); insurance minimums are not
        ("What royalties and minimums do we owe?", {"Minimum Commitment", "Revenue/Profit Sharing"}),
        ("What are the insurance minimums?", {"Insurance"}),
        # a franchise or an engagement is the contract when one asks how long it lasts (PF HOSPITALITY, read on the final page)
        ("How long is the franchise?", {"Expiration Date"}),
        ("How long does the engagement last?", {"Expiration Date"}),
        # a venture or an alliance too (NOVO joint venture, read on the final page: "how long does the venture last" asked nothing)
        ("How long does the venture last?", {"Expiration Date"}),
        ("How long is the alliance?", {"Expiration Date"}),
        ("How long do I have to keep franchise records?", set()),
        # to exit is to end the contract, exit support is what comes after (BORROWMONEY joint venture, read on the final page)
        ("How do we exit?", {"Termination For Convenience"}),
        ("What exit support do we get?", {"Post-Termination Services"}),
    ],
)
def test_lexical_rules(question, expected):
    assert set(routing.route(question).categories) == expected


def test_suppression_data_is_consistent():
    # a clause and the one it makes redundant never make each other redundant (both would go)
    for name, redundant in routing.SUPPRESS.items():
        assert name in NAMES and set(redundant) <= NAMES
        assert not any(name in routing.SUPPRESS.get(r, ()) for r in redundant), name


def test_lexical_routing_is_fast():
    questions = [r["question"] for r in ROWS + TUNE]
    routing.route("warm up")
    t0 = time.perf_counter()
    for q in questions:
        routing.route(q)
    assert (time.perf_counter() - t0) / len(questions) < 0.02  # seconds; typically about 1 ms


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Review this contract against our playbook", True),
        ("Does it meet our standard positions?", True),
        ("check it per my guidelines", True),
        ("Where does it deviate from the play book?", True),
        ("What is the governing law?", False),
        ("Under the policy of insurance, what is covered?", False),
        ("Do they meet the standards of the industry?", False),
    ],
)
def test_a_question_about_the_playbook_as_a_whole_is_recognised(question, asks):
    assert asks_playbook(question) is asks


@pytest.mark.parametrize("question, expected", [
    ("When does this agreement expire, can it be renewed, and is there a cap on liability?", {"Expiration Date", "Renewal Term", "Cap On Liability"}),
    ("How long does this agreement last, can it be renewed, and is liability capped?", {"Expiration Date", "Renewal Term", "Cap On Liability"}),
])
def test_a_comma_before_a_question_word_starts_another_question(question, expected, embed):
    """Read as one part, "can it be renewed" made the expiry in the same part redundant (a renewal
    question is about the end of the term) and Expiration Date was dropped."""
    assert set(routing.route(question).categories) == expected
    assert set(routing.route(question, embed).categories) == expected


@pytest.mark.parametrize("question, expected", [
    ("When can they terminate support?", {"Termination For Convenience"}),
    ("As the customer: what warranty do we get, is their liability capped, when can they terminate support, and can they raise the fees?",
     {"Warranty Duration", "Cap On Liability", "Termination For Convenience", "Price Restrictions"}),
    ("Can we cancel the maintenance services at any time?", {"Termination For Convenience"}),
    ("What support do we get after they terminate?", {"Post-Termination Services"}),
])
def test_the_services_a_contract_is_for_terminated_are_the_contract(question, expected, embed):
    """IMAGEWARE maintenance agreement (CUAD train, read on the final page): "when can they terminate support" was routed to
    Post-Termination Services alone by the classifier; terminating or cancelling the support, the maintenance, the services or
    the subscription is ending the contract (support after an end stays Post-Termination Services)."""
    assert set(routing.route(question, embed).categories) == expected


@pytest.mark.parametrize("question, expected", [
    ("We're the customer of this service. How long does it run and does it renew, what is their liability cap and is anything uncapped, and can they assign it?",
     {"Expiration Date", "Renewal Term", "Cap On Liability", "Uncapped Liability", "Anti-Assignment"}),
    ("We are the site owner. Do we owe them a share of revenue or minimum payments, what happens if we terminate early, and how long does it run?",
     {"Revenue/Profit Sharing", "Minimum Commitment", "Termination For Convenience", "Expiration Date"}),
    ("Is there a non-compete, and how long does it last?", {"Non-Compete"}),
    ("What warranty do we get and how long does it last?", {"Warranty Duration"}),
])
def test_how_long_it_runs_is_the_contracts_term_unless_a_thing_that_lasts_was_named(question, expected, embed):
    """OPERA and AMERICAS SHOPPING MALL (CUAD train, read on the final page): "how long does it run" among other parts asked no
    Expiration Date; "it" there is the contract, unless the question named a thing that lasts before it."""
    assert set(routing.route(question, embed).categories) == expected


def test_a_comma_after_a_condition_does_not_split_the_question():
    from shared.clauses.routing_text import split_parts

    assert len(split_parts("If the vendor goes bust, can we get at the underlying code?")) == 2  # the question, and "" after "?"
    assert len(split_parts("When the deal ends, who owns the code?")) == 2
    assert split_parts("What is the term? If we walk away, is there a fee, can they sue?")[1:3] == [" If we walk away, is there a fee", " can they sue"]


@pytest.mark.parametrize("question, expected", [
    ("What are the liability caps, termination rights, renewal terms, governing law, insurance and non-compete clauses?",
     {"Cap On Liability", "Termination For Convenience", "Renewal Term", "Governing Law", "Insurance", "Non-Compete"}),
    ("Show me the exclusivity, non-compete and non-solicit clauses", {"Exclusivity", "Non-Compete", "No-Solicit Of Customers", "No-Solicit Of Employees"}),
])
def test_a_list_of_topics_asks_each_of_them(question, expected, embed):
    """Read as one part, "liability caps" was suppressed by "insurance" (liability insurance is
    no cap), "termination rights" and "renewal terms" became the notice to end a renewal, and
    only four categories were kept of six asked."""
    assert set(routing.route(question).categories) == expected
    assert set(routing.route(question, embed).categories) == expected


def test_two_topics_named_side_by_side_are_both_asked(embed):
    """"Are there minimum purchase commitments or volume restrictions?" lost the volume restriction to the
    classifier, which read "or volume restrictions" as a stray beside the minimum; the phrases name both."""
    question = "Are there minimum purchase commitments or volume restrictions?"
    assert set(routing.route(question, embed).categories) == {"Minimum Commitment", "Volume Restriction"}
    assert set(routing.route("Are there minimum purchase commitments?", embed).categories) == {"Minimum Commitment"}


@pytest.mark.parametrize("question, expected", [
    ("Does the contractor face unlimited exposure for fraud, gross negligence or wilful misconduct?", {"Uncapped Liability"}),
    ("Who owns the improvements - us, them, or both of us together?", {"Ip Ownership Assignment", "Joint Ip Ownership"}),
])
def test_a_list_inside_one_topic_is_read_whole(question, expected, embed):
    assert set(routing.route(question, embed).categories) == expected


def test_a_non_solicit_named_beside_a_non_compete_is_asked_too():
    # KUBIENT: "Are there non-solicitation or non-compete restrictions, and for how long?" routed to
    # Non-Compete alone: "non-solicitation" was a generic word, dropped where a trigger stood beside it
    got = set(routing.route("Are there non-solicitation or non-compete restrictions, and for how long?").categories)
    assert got == {"Non-Compete", "No-Solicit Of Customers", "No-Solicit Of Employees"}
    assert routing.route("Does the contract have a non-solicitation of employees clause?").categories == ["No-Solicit Of Employees"]
    # NETGEAR: "a most favored nation clause or price restrictions" lost the price restrictions to the MFN clause
    assert set(routing.route("Is there a most favored nation clause or price restrictions?").categories) == {"Most Favored Nation", "Price Restrictions"}
    assert routing.route("Does the license also cover patents held by the licensor's parent or sister companies?").categories == ["Affiliate License-Licensor"]
    # ON2 support agreement (CUAD train, read on the final page): "can Wildform compete with us or hire our people" lost the non-compete
    # to the hiring; two things done to us, named side by side
    assert set(routing.route("can Wildform compete with us or hire our people").categories) == {"Non-Compete", "No-Solicit Of Employees"}
    # ANIXA collaboration (CUAD train, read on the final page): "are we barred from working with anyone else on cancer drugs" asked
    # Exclusivity alone; the labelled clause is a Non-Compete ("neither OntoChem nor any of its Affiliates will discover, research, develop ...")
    assert {"Exclusivity", "Non-Compete"} <= set(routing.route("are we barred from working with anyone else on cancer drugs?").categories)
    # EMMIS local programming and marketing agreement (CUAD train, read on the final page): "Can the Licensee pre-empt or reject our
    # programming" asked Rofr/Rofo/Rofn, and the page said "No Rofr/Rofo/Rofn clause found"; a right of pre-emption is a first right,
    # a broadcaster pre-empting a programme is none
    assert routing.route("Can the Licensee pre-empt or reject our programming?").categories == []
    for q in ("Do we have a right of pre-emption?", "Is there a pre-emption right on the shares?", "any preemption rights?"):
        assert routing.route(q).categories == ["Rofr/Rofo/Rofn"]
    # PALMER SQUARE trademark licence (CUAD train, read on the final page): "Can Palmer Square take the name back at any time" asked
    # nothing; a licensed name, mark or brand taken back is a licence revoked
    assert routing.route("Can Palmer Square take the name back at any time?").categories == ["Irrevocable Or Perpetual License"]
    # TURNKEY strategic alliance (CUAD train, read on the final page): "how do we get out of the alliance" was named as not checked
    for q in ("How do we get out of the alliance?", "How do we get out of this partnership?"):
        assert "Termination For Convenience" in routing.route(q).categories


def test_a_combination_that_borrows_an_earlier_part_silences_nothing_in_its_own():
    # "it" lets "terminated" combine with "renew" of the part before (the notice to stop a
    # renewal), but the part still asks how the contract ends.
    got = routing.route("Does it renew, and how can it be terminated?").categories
    assert {"Renewal Term", "Notice Period To Terminate Renewal", "Termination For Convenience"} <= set(got)
    assert routing.route("Can we terminate the renewal?").categories == ["Notice Period To Terminate Renewal"]


def test_a_typo_is_mended_to_the_word_routing_knows():
    # set 3's "warrenty duration, liablity cap" lost the warranty: no phrase matched a misspelt word
    assert routing.normalise("warrenty duration, liablity cap and the terminaton rights") == \
        "warranty duration, liability cap and the termination rights"
    # English words, the vocabulary's own words, acronyms and names stay as they are
    for text in ("Was anything assigned to the licensor?", "Is ROFRX in it?", "Does Acmecorp insure it?", "the insurer and the insured"):
        assert routing.normalise(text) == text
    assert routing.route("Is there a warrenty period?").categories == ["Warranty Duration"]


def test_abbreviations_lawyers_use_name_their_clause():
    assert set(routing.route("What are the TfC and CoC provisions?").categories) == {"Termination For Convenience", "Change Of Control"}
    assert routing.route("is there a LoL?").categories == ["Cap On Liability"]


def test_a_list_of_four_needs_no_and():
    got = routing.route("Boilerplate check: governing law, assignment, change of control, third party rights.").categories
    assert set(got) == {"Governing Law", "Anti-Assignment", "Change Of Control", "Third Party Beneficiary"}


# Set 3 names two to four topics per question. Measured before any tuning, the router got 31 of
# its 40 tune questions exactly right (the classifier read the question whole, so a second
# topic's words were drowned by the first's); reading each part on its own too, with typos
# mended and lists of four read as lists, it gets 37.
SET3_TUNE = [r for r in _ROWS if r.get("set") == 3 and r["split"] == "tune"]


def _exact(rows: list[dict], embed, name: str, capsys) -> int:
    """How many of ``rows`` route to exactly their expected categories, with the embedder (printed)."""
    ok = sum(set(routing.route(r["question"], embed).categories) == set(r["expected"]) for r in rows)
    with capsys.disabled():
        print(f"\n{name} tune split, exact-set accuracy with embedder: {ok}/{len(rows)}")
    return ok


def test_questions_about_several_topics_keep_each_topic(embed, capsys):
    assert len(SET3_TUNE) == 40
    assert _exact(SET3_TUNE, embed, "set 3", capsys) >= 36
    got = routing.route("Whats the expiry date, is there a TfC right, and what obligations survive post terminaton?", embed).categories
    assert set(got) == {"Expiration Date", "Termination For Convenience", "Post-Termination Services"}


# Set 4 (one topic, several, or none) was measured before anything was tuned on it: 50 of its 55
# tune questions exactly right, and 50 of 55 on its holdout. Tuned on: a part that is only "when"
# asks it of the part before ("Who signed this and when?"); 51 now.
SET4_TUNE = [r for r in _ROWS if r.get("set") == 4 and r["split"] == "tune"]


def test_the_fourth_set_routes_as_measured(embed, capsys):
    assert len(SET4_TUNE) == 55
    assert _exact(SET4_TUNE, embed, "set 4", capsys) >= 51


@pytest.mark.parametrize(("question", "expected"), [
    ("What is the term of the agreement?", {"Expiration Date"}),
    ("What are the terms of the agreement?", set()),
])
def test_the_term_of_the_agreement_is_its_length_and_its_terms_are_not(question, expected):
    """The neutral phrase "terms of" stems to "term of" and hid "the term of the agreement" (how long it runs) too;
    a neutral phrase said in the plural now hides only where the question says the plural."""
    assert set(routing.route(question).categories) == expected


def test_five_topics_the_phrases_find_are_five_asked():
    """Asked of a reseller agreement on a final page: the non-compete, named beside the minimum purchase commitment, was
    cut by the limit of four categories a question (its phrases found five)."""
    q = "Can we assign this or sublicense it, who owns improvements, and is there a non-compete or a minimum purchase commitment?"
    assert {"Anti-Assignment", "Ip Ownership Assignment", "Non-Compete", "Minimum Commitment"} <= set(routing.route(q).categories)


def test_who_owns_the_software_asks_who_owns_it_among_other_topics(embed):
    """Asked of JINGWEI's intellectual property agreement (CUAD train, read on the final page): "Who owns the software after the
    transfer" found only "transfer" (a non-transferable licence) among three topics, and the contract's labelled ownership clause
    ("Party A owns the sole and exclusive right of the intellectual property") was never asked for."""
    q = "Who owns the software after the transfer, can they still use it or license it to others, and is there a non-compete?"
    assert {"Ip Ownership Assignment", "Non-Compete", "License Grant"} <= set(routing.route(q, embed).categories)
    assert routing.route("who owns the content?", embed).categories == ["Ip Ownership Assignment"]


@pytest.mark.parametrize("question", ["can we leave before the term is up?", "can we get out before the term ends?", "can we exit before the term is over?"])
def test_getting_out_before_the_term_is_up_is_an_early_termination(question, embed):
    """BANGI hosting agreement (CUAD train, read on the final page): "can we leave before the term is up" was named as a part that
    may ask Expiration Date (its word "term"); leaving before the term ends is ending the contract early."""
    assert routing.route(question, embed).categories == ["Termination For Convenience"]


def test_a_part_no_phrase_names_counts_toward_the_limit(embed):
    """Asked of a distributor agreement on a final page: "What's the term" matches no phrase, and the
    classifier's Expiration Date (0.94) came fifth behind the four topics the phrases found, so the
    limit of four cut the contract's own term. A part the phrases find nothing in counts as a topic."""
    q = "What's the term, does it renew automatically, and can either side get out early? Any exclusivity or non-compete?"
    assert set(routing.route(q, embed).categories) == {
        "Expiration Date", "Renewal Term", "Termination For Convenience", "Exclusivity", "Non-Compete"}


def test_a_list_whose_items_run_to_several_words_is_read_item_by_item():
    """Asked of a strategic alliance agreement on a final page: "Is there exclusivity, a minimum purchase commitment, or most
    favoured pricing?" was no list (an item of four words), so most favoured pricing, in the same part, suppressed
    exclusivity and the page never answered it."""
    q = "Is there exclusivity, a minimum purchase commitment, or most favoured pricing? What law governs?"
    assert set(routing.route(q).categories) == {"Exclusivity", "Minimum Commitment", "Most Favored Nation", "Governing Law"}
    # set 5's tune half: an item of six words ("any carve-outs where liability is unlimited") no longer suppresses the cap before it
    q = "Checklist pls: liability cap, any carve-outs where liability is unlimited, and insurance requirements."
    assert set(routing.route(q).categories) == {"Cap On Liability", "Uncapped Liability", "Insurance"}

"""The parts of a several-part question that no routed category answers (shared/clauses/routing_parts.py):
what counts as a part of its own, what is named on the page, and that a question routed right
names none (over every routing set's questions, tune and holdout)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.analyze import logic as analyze_logic
from services.locate.embedder import Embedder
from services.phase2.logic import open_questions
from shared.clauses import routing, routing_lists, routing_parts
from shared.clauses.routing_lists import listed_items
from shared.clauses.routing_text import asking_parts, the_contract
from shared.clauses.verdicts import concludes

DATA = Path(__file__).resolve().parents[1] / "data"
ALLIANCE = "Who owns what we develop together, can either side work with competitors, and how do we get out of this alliance?"
PIPELINE = "How long does this run, can we get out of it early, and is there a minimum volume we must pay for even if we don't ship?"


@pytest.fixture(scope="module")
def embed():
    return Embedder().embed


def test_parts_that_ask_a_thing_of_their_own():
    assert asking_parts(ALLIANCE) == ["Who owns what we develop together", "can either side work with competitors", "how do we get out of this alliance"]
    # "and" before no question word joins one thing; "or" asks one thing twice; "e.g." ends nothing
    assert asking_parts("Can the reseller go around us and contract directly with the end users we introduced?") == []
    assert asking_parts("Are we locked into buying only from them, or can we use other suppliers too?") == []
    assert asking_parts("Governing law, and whether any third parties (e.g. our group companies) can enforce the contract.") == [
        "whether any third parties (e.g. our group companies) can enforce the contract"]
    # a part that refers back is about what an earlier part named; a statement asks nothing
    assert asking_parts("Is there a non-compete, and how long does it last?") == ["Is there a non-compete"]
    # WATCHIT (CUAD train, on the final page): what "it" costs refers to nothing; the cancellation fee was not asked
    assert asking_parts("What does it cost us to drop the content early, and when does the deal end?") == [
        "What does it cost us to drop the content early", "when does the deal end"]
    # PF HOSPITALITY (CUAD train, on the final page): "am I" after a comma starts a question of its own; "can I renew" was lost in it
    assert asking_parts("As franchisee: how long is the franchise, can I renew, am I barred from running a competing restaurant after I leave?")[:2] == [
        "how long is the franchise", "can I renew"]
    assert asking_parts(PIPELINE) == ["How long does this run", "can we get out of it early", "is there a minimum volume we must pay for even if we don't ship"]
    assert asking_parts("Two things: keep it brief. What is the cap?") == ["What is the cap"]


def test_it_that_ends_is_the_contract():
    """BLACKBOX (CUAD train, on the final page): "how can either side end it" was dropped by routing and, with its "it", read as
    referring back; an "it" that ends, or is ended, renewed or left, is the contract, and the part is routed as about it."""
    q = ("Can they appoint other distributors in our territory, what do we have to buy each year, how can either side end it, "
         "and what happens to unsold stock when it ends?")
    assert asking_parts(q) == ["what do we have to buy each year", "how can either side end it", "what happens to unsold stock when it ends"]
    assert the_contract("how can either side end it") == "how can either side end the agreement"
    assert the_contract("can we move it to a buyer") == "can we move it to a buyer"
    assert asking_parts("Who owns the code, and can we move it to a buyer?") == ["Who owns the code"]


def before(q: str, embed) -> routing.Route:
    """The route before a part no routed category answers was asked on its own (routing_parts.ask_apart)."""
    return routing_lists.listed(q, routing._route(q, embed), routing.route, embed)


def test_a_part_about_the_contract_is_routed_as_such(embed):
    q = ("Can they appoint other distributors in our territory, what do we have to buy each year, how can either side end it, "
         "and what happens to unsold stock when it ends?")
    assert "Termination For Convenience" not in before(q, embed).categories  # the drop this is for
    assert {"part": "how can either side end it", "suggest": ["Termination For Convenience"]} in routing.unasked(q, before(q, embed), embed)
    route = routing.route(q, embed)  # asked on its own, and then no part is left unanswered
    assert "Termination For Convenience" in route.categories and "how can either side end it" not in [u["part"] for u in routing.unasked(q, route, embed)]


def test_a_dropped_topic_is_named_with_what_it_may_ask(embed):
    route = before(PIPELINE, embed)
    assert "Expiration Date" not in route.categories  # the drop this is for (bench/RESULTS.md, twenty-fifth stop)
    assert routing.unasked(PIPELINE, route, embed) == [{"part": "How long does this run", "suggest": ["Expiration Date"]}]
    assert "Expiration Date" in routing.route(PIPELINE, embed).categories  # and asked on its own (thirty-first stop)


def test_a_limit_on_how_much_one_sells_or_on_traffic_is_a_volume_restriction(embed):
    """LOYALTYPOINT reseller agreement (CUAD train, read on the final page; five labelled Volume Restriction clauses): "are there
    limits on how much we can sell" was named as about no category. Read on its own it asks Volume Restriction now; among the
    question's other parts the classifier still drops it, and the page names it with what it may ask."""
    assert routing.route("Are there limits on how much we can sell?", embed).categories == ["Volume Restriction"]
    q = "We're the reseller. Are we exclusive, what minimums must we buy, are there limits on how much we can sell, and what insurance do we need?"
    (u,) = routing.unasked(q, before(q, embed), embed)
    assert u["suggest"] == ["Volume Restriction"] and "Volume Restriction" in routing.route(q, embed).categories
    # caps on traffic or impressions (THEGLOBE co-branding agreement, CUAD train, read on the final page: three labelled volume restrictions)
    q = ("We're the content partner. How is revenue split, is there a most favoured nation clause, are there caps on traffic or impressions, "
         "and who owns jointly developed material?")
    assert "Volume Restriction" in routing.route(q, embed).categories


def test_their_and_them_of_the_other_side_do_not_hide_a_part(embed):
    """DUOS TECHNOLOGIES (CUAD train, read on the final page): "can we work with their competitors" dropped Non-Compete and
    Exclusivity and was not named, read as referring back ("their"); the other side's competitors, staff or a promise not to
    sue them are things of their own, "how long do they last?" still refers back."""
    q = ("As the smaller partner: can we work with their competitors, can we hire their staff, who owns the IP we create, and are we "
         "promising not to sue them?")
    route = before(q, embed)
    assert not {"Non-Compete", "Exclusivity"} & set(route.categories)  # the drop this is for
    assert [u["part"] for u in routing.unasked(q, route, embed)] == ["can we work with their competitors"]
    assert "Exclusivity" in routing.route(q, embed).categories
    assert asking_parts("Are there non-competes, and how long do they last?") == ["Are there non-competes"]


def test_they_who_end_the_contract_do_not_hide_a_part(embed):
    """GLOBAL TECHNOLOGIES consulting agreement (CUAD train, read on the final page): "... and how much notice do they need to give
    to end it?" was dropped and not named, read as referring back ("they"); they who end the contract or give notice are the other
    side. "are they mutual?" still refers back."""
    q = "I'm the consultant. Who owns what I create, can I work for other clients, and how much notice do they need to give to end it?"
    route = before(q, embed)
    assert "Termination For Convenience" not in route.categories  # the drop this is for
    assert "how much notice do they need to give to end it" in [u["part"] for u in routing.unasked(q, route, embed)]
    assert "Termination For Convenience" in routing.route(q, embed).categories
    assert asking_parts("Is there a cap, and can they terminate for convenience?") == ["Is there a cap", "can they terminate for convenience"]
    # GRIDIRON endorsement (CUAD train, read on the final page): "How long can they keep using my name and image" was dropped unnamed
    assert asking_parts("How long can they keep using my name and image, and can I endorse other brands?") == [
        "How long can they keep using my name and image", "can I endorse other brands"]
    assert asking_parts("Are there termination rights, and are they mutual?") == ["Are there termination rights"]


def test_a_part_led_in_by_a_condition_and_its_own_it_do_not_hide_it(embed):
    """GOOSEHEAD franchise (CUAD train, read on the final page): "If I sell my agency or close it, what happens to my clients" was
    dropped without a word (a condition before its question word; its "it" read as referring back), and the page answered Post-Termination
    Services alone. A condition may lead a part in; an "it" after a thing the part itself names is that thing (CORIO hosting: "our
    data and the software if they stop hosting it"); a part the classifier drops suggests what its phrases ask."""
    q = "If I sell my agency or close it, what happens to my clients, and can I still sell insurance afterwards?"
    assert asking_parts(q) == ["If I sell my agency or close it, what happens to my clients", "can I still sell insurance afterwards"]
    route = before(q, embed)
    assert "Anti-Assignment" not in route.categories and "Insurance" not in route.categories  # selling insurance is no insurance clause
    assert routing.unasked(q, route, embed) == [{"part": "If I sell my agency or close it, what happens to my clients", "suggest": ["Anti-Assignment"]}]
    assert routing.route(q, embed).categories == ["Post-Termination Services", "Anti-Assignment"]  # asked on its own
    assert routing.route("Can I sell my agency?", embed).categories == ["Anti-Assignment"]
    q = "What happens to our data and the software if they stop hosting it, and is their liability capped?"
    assert asking_parts(q) == ["What happens to our data and the software if they stop hosting it", "is their liability capped"]
    assert set(routing.route(q, embed).categories) == {"Cap On Liability", "Post-Termination Services"}
    assert asking_parts("Is there a non-compete? If they breach it, how long does it last?") == ["Is there a non-compete"]  # still refers back


def test_a_territory_asks_exclusivity_where_nothing_else_answers(embed):
    """AIRTECH franchise (CUAD train, read on the final page): "How big is my territory" was dropped without a word (it routes
    nowhere read alone, and two content words are no topic). A territory is what an exclusivity clause grants: the phrases name
    it weakly, and a part whose phrases alone name a category is asked apart too; a non-compete in a territory stays one."""
    q = "How big is my territory, what royalties do I owe, and what can the franchisor do if I miss a payment?"
    route = routing.route(q, embed)
    assert set(route.categories) == {"Revenue/Profit Sharing", "Exclusivity"}
    assert routing.unasked(q, route, embed) == [{"part": "what can the franchisor do if I miss a payment", "suggest": []}]
    assert routing.route("Is there a non-compete in my territory?", embed).categories == ["Non-Compete"]


def test_endorsing_other_brands_asks_exclusivity(embed):
    """PERFORMANCE SPORTS BRANDS endorsement (CUAD train, read on the final page): "As the athlete: how much am I paid, can I
    endorse other brands, and when can they end the deal?" named "can I endorse other brands" as asking no category."""
    assert routing.route("Can I endorse other brands?", embed).categories == ["Exclusivity"]
    q = "As the athlete: how much am I paid, can I endorse other brands, and when can they end the deal?"
    assert "Exclusivity" in routing.route(q, embed).categories
    assert routing.unasked(q, routing.route(q, embed), embed) == [{"part": "how much am I paid", "suggest": []}]  # payment: no category
    q = "What is the governing law, and what do we owe the agent?"  # a sum owed is a payment too (SIBANNAC's "what do we owe them")
    assert routing.unasked(q, routing.route(q, embed), embed) == [{"part": "what do we owe the agent", "suggest": []}]
    # PAPA JOHN'S endorsement (CUAD train, read on the final page): "can Shaq endorse other pizza chains" was named as asking nothing
    q = ("We act for ABG. Can Papa John's end the deal early, can Shaq endorse other pizza chains, how long can they keep using his image after "
         "it ends, and is there a cap on what we owe?")
    route, unasked = routing.routed(q, embed)
    assert "Exclusivity" in route.categories and unasked == []


def test_a_part_about_no_category_is_named(embed):
    # (getting out of the alliance asks Termination For Convenience: TURNKEY, CUAD train, read on the final page)
    shared = "Who owns what we develop together, can either side work with competitors, and who pays for the shared lab?"
    got = routing.unasked(shared, routing.route(shared, embed), embed)
    assert {"part": "who pays for the shared lab", "suggest": []} in got
    assert routing.unasked(ALLIANCE, routing.route(ALLIANCE, embed), embed) == []
    q = "What are the termination rights, and who pays if a customer sues us?"
    assert routing.unasked(q, routing.route(q, embed), embed) == [{"part": "who pays if a customer sues us", "suggest": []}]


def test_nothing_is_named_where_the_whole_question_is_answered_or_routes_nowhere(embed):
    for q in ("Mark every liability and termination clause and explain the risk", "What is the cap on liability?",
              'Highlight "Cap On Liability" and "Governing Law", and who signed it?',  # named outright
              "Who pays shipping and when does title to the goods pass?"):  # no category: the review says so of the whole
        assert routing.unasked(q, routing.route(q, embed), embed) == [], q
    assert routing.unasked(PIPELINE, routing.Route([], {}, "none"), embed) == []


def test_no_question_routed_right_has_a_part_named(embed):
    rows = [json.loads(line) for f in ("routing_questions_independent.jsonl", "routing_questions.jsonl") for line in (DATA / f).read_text().splitlines() if line.strip()]
    several = [r for r in rows if asking_parts(r["question"])]
    assert len(several) >= 100
    several += [r for r in rows if listed_items(r["question"]) and r not in several]
    wrong, named, dropped, asked = [], 0, 0, 0
    for r in several:
        route, was = routing.route(r["question"], embed), before(r["question"], embed)
        parts = routing.unasked(r["question"], route, embed)
        items = {it for _, listed in listed_items(r["question"]) for it in listed}
        if set(route.categories) == set(r["expected"]):  # a list's item no category covers ("payment terms") is named, and rightly
            wrong += [(r["question"], u) for u in parts if u["suggest"] or u["part"] not in items]
        dropped += not set(r["expected"]) <= set(was.categories)
        named += any(set(u["suggest"]) & (set(r["expected"]) - set(was.categories)) for u in routing.unasked(r["question"], was, embed))
        asked += set(r["expected"]) <= set(route.categories) and not set(r["expected"]) <= set(was.categories)
    assert wrong == []
    assert named >= 4 and dropped >= named  # most dropped topics are not named yet: routing's own errors stay routing's
    assert asked >= 4  # a dropped part named is now asked on its own


def test_a_plain_list_of_topics_is_read_item_by_item():
    assert listed_items("Term + renewal + gov law") == [("", ["Term", "renewal", "gov law"])]
    assert listed_items("Quick check: cap, indemnity, insurance, assignment") == [("Quick check", ["cap", "indemnity", "insurance", "assignment"])]
    assert listed_items("payment terms, audit rights and late fees / liquidated damages?") == [("", ["payment terms", "audit rights", "late fees / liquidated damages"])]
    # what asks for something is no topic; "US" is a country, not "us"
    assert listed_items("warrenty duration, liablity cap and indemnity - quick summary pls") == [("", ["warrenty duration", "liablity cap", "indemnity"])]
    assert listed_items("Exclusive in US, Canada and Mexico") == [("", ["Exclusive in US", "Canada", "Mexico"])]
    assert listed_items("Summary: governing law, termination, keep it short") == [("Summary", ["governing law", "termination"])]
    # examples of one topic, clauses, and two items without "+" are no list
    for q in ("What cover do we need to carry — product liability, professional indemnity, etc.?",
              "If nobody does anything, does the deal extend itself, and for how long?",
              "Is liability capped for fraud, gross negligence or wilful misconduct?", "Keep it brief, bullet points, no fluff",
              "Governing law and assignment"):
        assert listed_items(q) == [], q


def test_each_item_of_a_list_is_asked_on_its_own(embed):
    q = "Term + renewal + gov law"
    assert "Expiration Date" not in routing._route(q, embed).categories  # read whole, "Term" is lost
    assert set(routing.route(q, embed).categories) == {"Expiration Date", "Renewal Term", "Governing Law"}
    q = "Quick check: cap, indemnity, insurance, assignment"
    route = routing.route(q, embed)
    assert {"Cap On Liability", "Insurance", "Anti-Assignment"} <= set(route.categories)
    assert routing.unasked(q, route, embed) == [{"part": "indemnity", "suggest": []}]  # no CUAD category covers it
    # a list headed by a topic lists its kinds: "product liability" is insurance here, not a cap
    q = "Insurance: general liability, product liability, workers comp"
    assert routing.route(q, embed).categories == ["Insurance"] and routing.unasked(q, routing.route(q, embed), embed) == []
    # an item whose phrases do not name what it routes to alone is asked apart as any unanswered part (routing_parts.ask_apart);
    # one that routes nowhere is named; a place is no topic
    q = "IP + confidentiality + non-compete"
    assert routing.unasked(q, before(q, embed), embed) == [{"part": "IP", "suggest": ["Ip Ownership Assignment"]}, {"part": "confidentiality", "suggest": []}]
    assert "Ip Ownership Assignment" in routing.route(q, embed).categories
    assert routing.unasked(q, routing.route(q, embed), embed) == [{"part": "confidentiality", "suggest": []}]
    q = "exclusive in US, Canada and Mexico"
    assert routing.unasked(q, routing.route(q, embed), embed) == []


def test_the_draft_asks_and_the_final_says():
    unasked = [{"part": "How long does this run", "suggest": ["Expiration Date"]}, {"part": "how do we get out of this alliance", "suggest": []}]
    qs = open_questions(["Minimum Commitment"], [], unasked)
    assert qs[:2] == ["“How long does this run” was not checked: does it ask about Expiration Date?",
                      "“how do we get out of this alliance” matched no clause category this review checks: which clause would answer it?"]
    assert all(q.endswith("?") and not concludes(q) for q in qs)
    # a part in words the draft's rules would read as a conclusion stays out of the draft
    assert open_questions([], [], [{"part": "can we terminate now", "suggest": []}]) == ["Which clause category does the question concern?"]
    rows = [{"category": "Minimum Commitment", "found": 1, "weak": 0, "pages": [3], "terms": [], "status": None, "rule": None}]
    assert analyze_logic.summary_text(rows, [], unasked).splitlines() == [
        "Minimum Commitment: 1 clause (p. 3).",
        "Not checked: “How long does this run”. Read on its own it may ask about Expiration Date; ask it on its own to have it checked.",
        "Not checked: “how do we get out of this alliance” matched no clause category this review checks."]


def test_routed_reads_each_part_alone_once(embed, monkeypatch):
    """locate's call (routing.routed): the route and what it leaves unasked, as route and unasked give them, with each part routed
    alone once; it routed the parts ask_apart had just routed a second time (p95 +30-50 ms on several-part questions)."""
    q = "If I sell my agency or close it, what happens to my clients, and what can the franchisor do if I miss a payment?"
    route = routing.route(q, embed)
    want = (route, routing.unasked(q, route, embed))
    assert want[1]  # a part is left unanswered, so unasked reads the parts again
    read, alone = [], routing_parts._alone
    monkeypatch.setattr(routing_parts, "_alone", lambda part, by, e: read.append(part) or alone(part, by, e))
    assert routing.routed(q, embed) == want
    assert read and len(read) == len(set(read))


def test_what_a_party_pays_is_named_in_few_words(embed):
    """DRKOOP sponsorship (CUAD train, read on the final page): "What do we have to pay" (two content words) was dropped unnamed, and
    the reader was left to take silence for an answer; no CUAD category is about payment, and the page now says it was not checked."""
    q = "What do we have to pay, is the sponsor the only one in its category, and who owns the content?"
    assert routing.routed(q, embed)[1] == [{"part": "What do we have to pay", "suggest": []}]
    q = "How long is the sponsorship, how much am I paid, and can they drop me?"
    assert {"part": "how much am I paid", "suggest": []} in routing.routed(q, embed)[1]
    assert routing.routed("Who owns the content, and is there actually a grant?", embed)[1] == []  # two content words, no money: not named


def test_they_stop_hosting_us_and_our_site_when_it_ends(embed):
    """BOLIVAR web hosting (CUAD train, read on the final page): "can they stop hosting us" and "what happens to our site if this
    agreement ends" were named as asking no category; they ask whether the host may end it, and what happens after."""
    q = "We're the customer. Who owns the website they build, can they stop hosting us, what happens to our site if this agreement ends?"
    route, unasked = routing.routed(q, embed)
    assert {"Termination For Convenience", "Post-Termination Services"} <= set(route.categories) and unasked == []
    assert routing.route("what happens to our website if this agreement ends", embed).categories == ["Post-Termination Services"]


def test_how_long_it_runs_before_a_renewal_is_the_contract(embed):
    """LOOKSMART (CUAD train, read on the final page): "are we the exclusive sponsor, how long does it run and can we renew" read "it" as
    the exclusivity named before it, and no Expiration Date was asked nor the part named; what renews is the contract."""
    q = "We are the sponsor. What do we pay, are we the exclusive sponsor, how long does it run and can we renew, and can we get out early?"
    assert {"Expiration Date", "Renewal Term", "Exclusivity"} <= set(routing.route(q, embed).categories)
    assert "Expiration Date" not in routing.route("Is there a non-compete, and how long does it last?", embed).categories
    # XLI strategic alliance (CUAD train, read on the final page): after a part asking about the contract itself, "it" is the contract
    q = "We're the company. Is this alliance exclusive, how long does it last, can either side walk away, and who owns what we develop together?"
    assert "Expiration Date" in routing.route(q, embed).categories


def test_a_notice_asked_beside_an_end_is_that_ends_notice(embed):
    """BELLICUM supply (CUAD train, read on the final page): "how much notice do they need to give" after "Can the supplier stop supplying
    us or end the agreement early" was named as not checked; the termination card states its notice. Beside nothing that states a
    notice it is still named."""
    q = ("We are the buyer. Can the supplier stop supplying us or end the agreement early, how much notice do they need to give, and is "
         "their liability capped?")
    route, unasked = routing.routed(q, embed)
    assert "Termination For Convenience" in route.categories and unasked == []
    assert routing.routed("Who owns the content, and how much notice do they need to give?", embed)[1] == [
        {"part": "how much notice do they need to give", "suggest": []}]


def test_how_long_the_maintenance_lasts_is_the_contracts_term(embed):
    """HER IMPORTS software maintenance agreement (CUAD train, read on the final page): "How long does the maintenance last" routed
    nowhere and was named as not checked; the services a contract is for last as long as it does. How long support goes on after the
    end is what survives it."""
    q = "We are the customer. How long does the maintenance last and does it renew on its own, can they raise the fees, and is their liability limited?"
    route, unasked = routing.routed(q, embed)
    assert "Expiration Date" in route.categories and unasked == []
    assert routing.route("How long does the support last after termination?", embed).categories == ["Post-Termination Services"]
    # ... and so is how long a party gets to do what the contract is for (ON2 support and maintenance, EUROMEDIA video-on-demand licence;
    # CUAD train, read on the final page: both routed nowhere)
    for q in ("How long does Wildform have to support the software?", "How long does Rogers get to show our films?"):
        assert "Expiration Date" in routing.route(q, embed).categories
    assert routing.route("How long can we use the software after termination?", embed).categories == ["Post-Termination Services"]

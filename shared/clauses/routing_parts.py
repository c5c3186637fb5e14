"""The parts of a several-part question that no routed category answers.

Routing reads a question as a whole, and now and then it drops a topic a part asks
("How long does this run, can we get out of it early, and is there a minimum volume …?" asks
Termination For Convenience and Minimum Commitment, not Expiration Date), or a part asks
something no CUAD category is about ("… and who pays if a customer sues us?"). Adding each
part's own categories to the route lost held-out questions (bench/RESULTS.md, twenty-fifth
stop), so the review says instead which part it did not check and, where the part read alone
routes somewhere, what it may ask: the reader is not left to take silence for an answer.

A part counts as answered when the categories it routes to on its own, or its phrases alone
name, meet the question's. One that routes nowhere is named only when it carries a topic
(``routing_text.topical``).

A plain list of topics ("Term + renewal + gov law") is read item by item (shared.clauses.
routing_lists): an item that routes nowhere ("indemnity", "payment terms": no CUAD category) is
named too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shared.clauses.routing_embed import Embed
from shared.clauses.routing_lists import names_a_topic, topic_lists
from shared.clauses.routing_text import asking_parts, the_contract, topical
from shared.messages import UnaskedPart

if TYPE_CHECKING:
    from shared.clauses.routing import Route

MAX_SUGGESTED = 2


def unasked(question: str, route: Route, embed: Embed | None = None) -> list[dict[str, object]]:
    """``[{"part": the user's words, "suggest": [categories it may ask, best first]}]`` for each
    part of ``question`` that none of the categories of ``route`` (its route) answers. [] for a
    question routed nowhere (the review says so of the whole question), a one-part question, or
    one that names CUAD categories outright."""
    # imported here: the draft and the final read this module's wording without loading
    # routing's vocabulary and spell checker
    from shared.clauses import routing

    categories = route.categories
    if not categories or route.method == "named":
        return []
    out: list[dict[str, object]] = []
    parts = [(p, topical(p)) for p in asking_parts(question)]
    parts += [(it, names_a_topic(it, question)) for items in topic_lists(question, routing.route) for it in items]
    for part, topic in parts:
        alone = the_contract(part)  # "how can either side end it" is read as "... end the agreement"
        own = routing.route(alone, embed).categories
        phrases = routing.route(alone).categories if embed is not None else own  # a phrase the classifier overrode in the part alone still answers it
        if set(own + phrases) & set(categories) or not (own or topic) or any(u["part"] == part for u in out):
            continue
        out.append({"part": part, "suggest": (own or phrases)[:MAX_SUGGESTED]})
    return out


def as_messages(parts: list[dict]) -> list[UnaskedPart]:
    """``unasked``'s parts as review.located carries them."""
    return [UnaskedPart(part=u["part"], suggest=u["suggest"]) for u in parts]


def from_messages(parts) -> list[dict]:
    """review.located's ``unasked`` as ``unasked`` gives them."""
    return [{"part": u.part, "suggest": list(u.suggest)} for u in parts]


def _about(suggest: list[str]) -> str:
    return " or ".join(suggest)


def note(u: dict) -> str:
    """The final's line on an unanswered part."""
    if u["suggest"]:
        return f"Not checked: “{u['part']}”. Read on its own it may ask about {_about(u['suggest'])}; ask it on its own to have it checked."
    return f"Not checked: “{u['part']}” matched no clause category this review checks."


def open_question(u: dict) -> str:
    """The draft's open question on an unanswered part (a question, as the draft's rules want)."""
    if u["suggest"]:
        return f"“{u['part']}” was not checked: does it ask about {_about(u['suggest'])}?"
    return f"“{u['part']}” matched no clause category this review checks: which clause would answer it?"

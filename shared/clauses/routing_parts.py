"""The parts of a several-part question that no routed category answers.

Routing reads a question as a whole, and now and then it drops a topic a part asks
("How long does this run, can we get out of it early, and is there a minimum volume …?" asks
Termination For Convenience and Minimum Commitment, not Expiration Date), or a part asks
something no CUAD category is about ("… and who pays if a customer sues us?"). Adding every
part's own categories to the route lost held-out questions (bench/RESULTS.md, twenty-fifth
stop); adding the best category of each part that none of the route's answers (``ask_apart``,
what routing does now) gained three of 471 tune and three of 302 held-out questions and lost
none (thirty-first stop). A part still unanswered is named (``unasked``) and, where the part
read alone routes somewhere, with what it may ask: the reader is not left to take silence for
an answer.

A part counts as answered when the categories it routes to on its own, or its phrases alone
name, meet the question's. One that routes nowhere, and whose phrases name nothing, is named only when it
carries a topic (``routing_text.topical``).

A plain list of topics ("Term + renewal + gov law") is read item by item (shared.clauses.
routing_lists): an item that routes nowhere ("indemnity", "payment terms": no CUAD category) is
named too. Routing is passed in (``route``: question, embed -> Route), so this module does not
import it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from shared.clauses.checklist import SPEC
from shared.clauses.routing_embed import Embed
from shared.clauses.routing_lists import MAX_LISTED, names_a_topic, topic_lists
from shared.clauses.routing_text import asking_parts, the_contract, topical
from shared.messages import UnaskedPart

if TYPE_CHECKING:
    from shared.clauses.routing import Route

MAX_SUGGESTED = 2
# What a party pays or earns is a topic in few words ("What do we have to pay", "how much am I paid": DRKOOP and GAINSCO
# sponsorships, CUAD train, read on the final page, were dropped unnamed), and no CUAD category is about it.
_MONEY = re.compile(r"\b(?:pay|pays|paid|paying|payments?|fees?|costs?|price|prices|pricing|compensation|commissions?|royalt(?:y|ies)|earn|earns|charges?|owe|owes|owed|owing)\b", re.I)

# A notice asked beside an end is that end's notice ("Can the supplier stop supplying us or end the agreement early, how much notice do
# they need to give": BELLICUM supply, CUAD train, read on the final page, named the notice as not checked): a part that routes nowhere
# and asks a notice is answered by a category the question asks whose card states a notice period.
_NOTICE = re.compile(r"\bnotice\b", re.I)
_WITH_NOTICE = frozenset(c for c, spec in SPEC.items() if any(name == "notice_period" for name, _ in spec))


def unasked(question: str, route: Route, by: Callable[..., Route], embed: Embed | None = None, seen: dict | None = None) -> list[dict[str, object]]:
    """``[{"part": the user's words, "suggest": [categories it may ask, best first]}]`` for each
    part of ``question`` that none of the categories of ``route`` (its route by ``by``) answers. []
    for a question routed nowhere (the review says so of the whole question), a one-part question,
    or one that names CUAD categories outright. ``seen``: the parts' routes alone, kept for one
    question (``ask_apart`` read them first; keyed by part, so never shared between routers)."""
    return [{"part": part, "suggest": [c for c, _ in may][:MAX_SUGGESTED]} for part, may in _unanswered(question, route, by, embed, seen)]


def ask_apart(question: str, route: Route, by: Callable[..., Route], embed: Embed | None = None, seen: dict | None = None) -> Route:
    """``route`` with the best category of each part it leaves unanswered (``unasked``), at most
    MAX_LISTED in all: "If I sell my agency or close it, what happens to my clients, and can I still sell
    insurance afterwards?" routed to Post-Termination Services alone (GOOSEHEAD, read on the final page)."""
    categories, scores = list(route.categories), dict(route.scores)
    for _, may in _unanswered(question, route, by, embed, seen):
        if may and may[0][0] not in scores and len(categories) < MAX_LISTED:
            categories.append(may[0][0])
            scores[may[0][0]] = may[0][1]
    return replace(route, categories=categories, scores=scores) if len(categories) > len(route.categories) else route


def _unanswered(question: str, route: Route, by: Callable[..., Route], embed: Embed | None, seen: dict | None) -> list[tuple[str, list[tuple[str, float]]]]:
    """(part, [(category, score)] it routes to alone, best first) for each part of ``question`` no category of ``route`` answers."""
    categories = route.categories
    if not categories or route.method == "named":
        return []
    out: list[tuple[str, list[tuple[str, float]]]] = []
    parts = [(p, topical(p) or bool(_MONEY.search(p))) for p in asking_parts(question)]
    parts += [(it, names_a_topic(it, question)) for items in topic_lists(question, by) for it in items]
    for part, topic in parts:
        own, phrases = seen[part] if seen is not None and part in seen else _alone(part, by, embed)
        if seen is not None:
            seen[part] = own, phrases
        if {c for c, _ in own + phrases} & set(categories) or not (own or phrases or topic) or any(p == part for p, _ in out) \
                or not (own or phrases) and _NOTICE.search(part) and _WITH_NOTICE & set(categories):
            continue
        out.append((part, list(own or phrases)))  # what the classifier read, else what the phrases say
    return out


def _alone(part: str, by: Callable[..., Route], embed: Embed | None) -> tuple[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]]:
    """``part``'s route alone, and its phrases' (a phrase the classifier overrode in the part alone still answers it): (category, score), best first."""
    alone = the_contract(part)  # "how can either side end it" is read as "... end the agreement"
    own = by(alone, embed)
    phrases = by(alone) if embed is not None else own
    return tuple((c, own.scores.get(c, 0.0)) for c in own.categories), tuple((c, phrases.scores.get(c, 0.0)) for c in phrases.categories)


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

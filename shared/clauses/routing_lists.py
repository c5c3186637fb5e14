"""The items of a plain list of topics, each asked on its own.

"Term + renewal + gov law" read as a whole routes to Renewal Term and Governing Law, and "Quick
check: cap, indemnity, insurance, assignment" to Insurance alone: the classifier weighs a list
of bare topics as one question. Each item (``routing_text.listed_items``) read alone routes
right far more often, so routing also asks the category an item routes to on its own where the
item's phrases name it too (``listed``); an item the phrases do not confirm ("IP": the
classifier's guess) is asked as any part the route leaves unanswered (shared.clauses.routing_parts.
ask_apart: held-out questions gained, none lost), and one that routes nowhere is named. A list
headed by a topic of its own ("Insurance: general liability, product liability, workers comp")
lists that topic's kinds, not topics ("product liability" alone reads as a cap).

Routing is passed in (``route``: question, embed -> Route), so this module does not import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from shared.clauses.catalogue import content_words
from shared.clauses.routing_embed import Embed
from shared.clauses.routing_text import listed_items

if TYPE_CHECKING:
    from shared.clauses.routing import Route

MAX_LISTED = 8  # as routing's: a list's topics at most


def topic_lists(question: str, route: Callable[..., Route]) -> list[list[str]]:
    """The items of each plain list of topics in ``question`` (not of one headed by a topic)."""
    return [items for lead, items in listed_items(question) if not (lead and route(lead).categories)]


def listed(question: str, whole: Route, route: Callable[..., Route], embed: Embed | None = None) -> Route:
    """``whole`` (``question``'s route) with the category each item of a plain list of topics
    routes to on its own, where the item's phrases name it too ("Term" in "Term + renewal + gov
    law": Expiration Date)."""
    categories, scores = list(whole.categories), dict(whole.scores)
    for item in (it for items in topic_lists(question, route) for it in items):
        own = route(item, embed)
        top = own.categories[:1]
        if top and top[0] not in categories and len(categories) < MAX_LISTED and (embed is None or top[0] in route(item).categories):
            categories.append(top[0])
            scores[top[0]] = own.scores[top[0]]
    if categories == whole.categories:
        return whole
    return replace(whole, categories=categories, scores=scores, method=whole.method if whole.categories else "semantic")


def names_a_topic(item: str, question: str) -> bool:
    """Whether a list item that routes nowhere is worth naming: a word of substance, and not a
    proper name ("US, Canada and Mexico"; a capital that starts the question is no name)."""
    return bool(content_words(item)) and (question.lstrip().startswith(item) or not all(w[:1].isupper() for w in item.split()))

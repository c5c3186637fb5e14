"""The items of a plain list of topics, each asked on its own.

"Term + renewal + gov law" read as a whole routes to Renewal Term and Governing Law, and "Quick
check: cap, indemnity, insurance, assignment" to Insurance alone: the classifier weighs a list
of bare topics as one question. Each item (``listed_items``) read alone routes
right far more often, so routing also asks the category an item routes to on its own where the
item's phrases name it too (``listed``); an item the phrases do not confirm ("IP": the
classifier's guess) is asked as any part the route leaves unanswered (shared.clauses.routing_parts.
ask_apart: held-out questions gained, none lost), and one that routes nowhere is named. A list
headed by a topic of its own ("Insurance: general liability, product liability, workers comp")
lists that topic's kinds, not topics ("product liability" alone reads as a cap).

Routing is passed in (``route``: question, embed -> Route), so this module does not import it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from shared.clauses.catalogue import content_words
from shared.clauses.routing_embed import Embed
from shared.clauses.routing_text import ASK_WORD, clean

if TYPE_CHECKING:
    from shared.clauses.routing import Route

# A plain list of topics ("Term + renewal + gov law"; "Quick check: cap, indemnity, insurance,
# assignment"): three items or more (two joined by "+") of five words at most, split at commas,
# "+", "&" or "and", none of them a clause (a question word, a condition, a verb: "If nobody does
# anything, does the deal extend itself, and for how long?" lists nothing). A list after a dash,
# or one with "etc." or "e.g.", gives examples of one topic ("What cover … — product liability,
# professional indemnity, etc.?"); an item that asks for something ("Keep it brief", "bullet
# points are fine") is no topic.
_SEGMENT = re.compile(r"([:;?!]|(?<!e\.g)(?<!i\.e)\.(?=\s|$)|\s[-—–]\s)")
_ITEM = re.compile(r",|\+|&|\band\b", re.I)
_EXAMPLES = re.compile(r"\b(?:etc|e\.g|i\.e|such as|for example|something else)\b", re.I)
_CLAUSAL = re.compile(rf"\b(?:{ASK_WORD}|if|had|not|no)\b", re.I)
_REQUEST = re.compile(r"^(?:check|review|keep|pull|please|pls|do|look|tell|list|mark|give|show|summari[sz]e|flag|confirm|find|need|want)\b"
                      r"|\b(?:is|are|be|was|were)\b|(?-i:\b(?:[Ww]e|[Yy]ou|me|us|I)\b)", re.I)  # "US" is a country
_ITEM_LEAD = re.compile(r"^(?:(?:or|any|the|also|plus|pls|please|and|all|our|their|its)\s+)+", re.I)


def listed_items(question: str) -> list[tuple[str, list[str]]]:
    """Each plain list of topics in ``question``: (what a colon it follows heads it with, or "";
    its items in the user's words)."""
    segments = _SEGMENT.split(clean(question))
    out = []
    for i in range(0, len(segments), 2):
        segment, before = segments[i], segments[i - 1].strip() if i else ""
        if before in ("-", "—", "–") or _EXAMPLES.search(segment):
            continue
        items = [it for it in (_ITEM_LEAD.sub("", b.strip(" ()'\"")) for b in _ITEM.split(segment)) if it]
        if len(items) < 3 and "+" not in segment or not all(len(it.split()) <= 5 and not _CLAUSAL.search(it) for it in items):
            continue
        topics = [it for it in items if not _REQUEST.search(it) and re.search(r"[A-Za-z]{2}", it)]
        out.append((segments[i - 2].strip() if before == ":" else "", topics))
    return out

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

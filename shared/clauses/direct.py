"""Simple questions answered without the LLM (query routing: ``routed: "no_llm"``).

"What is the governing law?" or "Is there a non-compete?" is answered completely by the
clause the model found, quoted with its page, and the figures in it; an LLM would only
restate it (the small local one often wrongly). Such a question skips the generation and
its cost: analyze writes the final straight from the findings.

The decision is rules, not a model, and deliberately narrow: one routed category, in the set
whose found-clause answers were measured correct often enough on CUAD dev
(bench/bench_direct.py; numbers in bench/RESULTS.md), asked as a question of fact, with no
word asking for explanation, judgement or a survey of several clauses.
"""

from __future__ import annotations

import re

from shared.clauses import figures
from shared.clauses.findings import Finding

# Categories whose one-clause answer is right often enough to stand without the LLM, from
# bench/bench_direct.py on CUAD dev: the quoted clause matches a labelled one in >= 80% of the
# contracts where one is found (at least 10 of 100), and the answer, found or "none found", is
# right in >= 80% of contracts. Non-Compete (0.30 when found) and the renewal notice period
# (0.38) are simple questions but not answered well enough by one clause: they go to the LLM.
SIMPLE = frozenset({
    "Governing Law",
    "Renewal Term",
    "Anti-Assignment",
    "License Grant",
    "No-Solicit Of Employees",
    "Expiration Date",
})

# A question of fact opens like one ...
_FACT = re.compile(
    r"^\s*(?:(?:on|in|by|under|until|for|from|at|to|after)\s+(?:what|which|whose|how long|when)|what(?:'s| is| are)?|when|"
    r"which|who|where|whose|how (?:long|much|many|often|soon)|is there|are there|is|are|does|do|did|has|have|can|may|will|must)\b",
    re.I,
)
# ... and asks for nothing an excerpt cannot give: reasons, judgement, advice, a survey.
_DEEP = re.compile(
    r"\b(?:explain\w*|why|risk\w*|analy[sz]\w*|assess\w*|evaluat\w*|summar\w*|compar\w*|negotiat\w*|fair\w*|"
    r"should|implications?|consequences?|mark|highlight|every|all|list|review\w*|advis\w*|recommend\w*|"
    r"problem\w*|issues?|concerns?|enforceab\w*|favou?rabl\w*|reasonabl\w*|impact|affect\w*|mean|means|meaning)\b",
    re.I,
)
MAX_CHARS = 200


def no_llm(question: str, categories: list[str]) -> bool:
    """Whether the question is answered completely by its one category's clause."""
    q = question.strip()
    return (
        len(categories) == 1
        and categories[0] in SIMPLE
        and len(q) <= MAX_CHARS
        and bool(_FACT.match(q))
        and not _DEEP.search(q)
    )


def answer(category: str, found: list[Finding], searched_pages: int) -> str:
    """The final's answer for a routed question: the best clause quoted with its page and the
    figures in it, or that none was found. Only the contract's words and where they are."""
    mine = [f for f in found if category in f.categories]
    if not mine:
        return f"No {category} clause was found in the {searched_pages} pages searched."
    top = mine[0]
    figs = figures.attach([(top.page, top.quote, category)])
    said = "; ".join(f"{f['role'] or f['kind']}: {f['text']}" for f in figs)
    more = f" {len(mine) - 1} more passage(s) of this kind are listed in the findings." if len(mine) > 1 else ""
    # The quote and its page in the form the narrative's citations take: "…" (p. N).
    return f'{category}: "{top.quote}" (p. {top.page})' + (f" ({said})" if said else "") + "." + more

"""The draft: located pages, verbatim evidence, figures and open questions — nothing else.

The draft is provisional. :func:`validate_draft` enforces the design's rules: only the
allowed fields, every quote verbatim on its page, and no conclusions, recommendations or
instructions in the text we write ourselves (the open questions).
"""

from __future__ import annotations

import re
from typing import Any

from shared import clauses

ALLOWED_FIELDS = frozenset({"pages", "evidence", "figures", "questions", "expires_at", "mode", "categories"})

# Words that turn a provisional pointer into advice or a verdict.
_FORBIDDEN = re.compile(
    r"\b(you should|we recommend|recommend\w*|must (sign|terminate|reject|accept|call)|do not sign|"
    r"terminate now|call\b|contact\b|risky|high[- ]risk|low[- ]risk|dangerous|safe to|unenforceable|"
    r"is (fine|acceptable|unacceptable)|conclusion|verdict|advise\w*)",
    re.I,
)


class DraftInvalid(ValueError):
    """The draft breaks a rule; ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def summary_is_safe(summary: str, page_text: str) -> bool:
    """A page summary may hold the document's own words (headings, a sentence), whatever they
    say, but no words of ours that conclude or instruct."""
    parts = [part.strip().rstrip("…").strip() for part in summary.split("; ")]
    return all(clauses.quote_on_page(part, page_text) or not _FORBIDDEN.search(part) for part in parts if part)


def open_questions(cats: list[clauses.Category], evidence: list[clauses.Evidence]) -> list[str]:
    """What the located pages leave open, phrased as questions."""
    found = {e.category for e in evidence}
    qs = [f"Does the contract address {c.name} outside the located pages?" for c in cats if c.name not in found]
    if not cats:
        qs.append("Which clause category does the question concern?")
    return qs[:5]


def build_draft(
    located: list[dict[str, Any]], page_texts: list[str], question: str, cat_names: list[str], *, now: float, expires_s: int, max_evidence: int = 10
) -> dict[str, Any]:
    """The draft payload from the located pages (``located``: page, score, summary)."""
    cats = [clauses.BY_NAME[n.lower()] for n in cat_names if n.lower() in clauses.BY_NAME]
    pages = {p["page"]: page_texts[p["page"] - 1] for p in located if 0 < p["page"] <= len(page_texts)}
    ev = clauses.evidence(pages, question, cats, limit=max_evidence)
    return {
        "pages": [
            {"page": p["page"], "score": round(float(p["score"]), 4), "summary": p["summary"] if summary_is_safe(p["summary"], page_texts[p["page"] - 1]) else ""}
            for p in located
            if 0 < p["page"] <= len(page_texts)
        ],
        "evidence": [{"page": e.page, "quote": e.quote, "category": e.category} for e in ev],
        "figures": clauses.figures(pages),
        "questions": open_questions(cats, ev),
        "categories": [c.name for c in cats],
        "expires_at": now + expires_s,
    }


def validate_draft(draft: dict[str, Any], page_texts: list[str]) -> None:
    """Raise :class:`DraftInvalid` unless the draft keeps every rule."""
    problems = [f"field {k!r} is not allowed in a draft" for k in draft if k not in ALLOWED_FIELDS]
    for ev in draft.get("evidence", []):
        page = ev.get("page", 0)
        if not (0 < page <= len(page_texts)) or not clauses.quote_on_page(ev.get("quote", ""), page_texts[page - 1]):
            problems.append(f"evidence quote is not on page {page}")
    for fig in draft.get("figures", []):
        page = fig.get("page", 0)
        if not (0 < page <= len(page_texts)) or not clauses.quote_on_page(fig.get("text", ""), page_texts[page - 1]):
            problems.append(f"figure {fig.get('text')!r} is not on page {page}")
    for q in draft.get("questions", []):
        if not q.rstrip().endswith("?"):
            problems.append(f"open question is not a question: {q!r}")
        if _FORBIDDEN.search(q):
            problems.append(f"open question holds a conclusion or instruction: {q!r}")
    for p in draft.get("pages", []):
        page = p.get("page", 0)
        if not (0 < page <= len(page_texts)):
            problems.append(f"located page {page} is not in the document")
        elif not summary_is_safe(p.get("summary", ""), page_texts[page - 1]):
            problems.append(f"summary of page {page} holds a conclusion")
    if problems:
        raise DraftInvalid(problems)

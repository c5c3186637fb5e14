"""The draft: located pages, verbatim evidence, figures and open questions — nothing else.

The draft is provisional. :func:`validate_draft` enforces the design's rules: only the
allowed fields, every quote verbatim on its page, and no conclusions, recommendations or
instructions in the text we write ourselves (the open questions).
"""

from __future__ import annotations

from typing import Any

from shared.clauses import catalogue, figures, findings, routing_parts
from shared.clauses.clause_model import ClauseModel
from shared.clauses.verdicts import concludes

ALLOWED_FIELDS = frozenset({"pages", "evidence", "figures", "questions", "expires_at", "mode", "categories"})

class DraftInvalid(ValueError):
    """The draft breaks a rule; ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def summary_is_safe(summary: str, page_text: str) -> bool:
    """A page summary may hold the document's own words (headings, a sentence), whatever they
    say, but no words of ours that conclude or instruct."""
    parts = [part.strip().rstrip("…").strip() for part in summary.split("; ")]
    return all(catalogue.quote_on_page(part, page_text) or not concludes(part) for part in parts if part)


def open_questions(cats: list[str], evidence: list[findings.Finding], unasked: list[dict] = ()) -> list[str]:
    """What the located pages leave open, phrased as questions: first the parts of the question
    no category answers (``routing_parts``; one whose own words would read as a conclusion is
    left to the final), then the categories the located pages do not show."""
    found = {c for e in evidence for c in e.categories}
    qs = [q for q in map(routing_parts.open_question, unasked) if not concludes(q)]
    qs += [f"Does the contract address {c} outside the located pages?" for c in cats if c not in found]
    if not cats:
        qs.append("Which clause category does the question concern?")
    return qs[:5]


def draft_evidence(
    model: ClauseModel, page_texts: list[str], pages: list[int], question: str, cats: list[str], limit: int, scored: findings.Scored | None = None
) -> list[findings.Finding]:
    """The clause model's best spans of the located pages for the asked categories; with no
    category it scores (none, or only names and dates such as Parties), the sentences that
    share the most words with the question. ``scored``: the whole document's scores, when
    another stage has them already; else only the located pages are scored here."""
    wanted = set(pages)
    scorable = [c for c in cats if c in model.index]
    if scored is None or not scorable:
        # Cut the whole document (cheap) so each unit's context is what the final sees.
        units = [u for u in findings.page_units(page_texts) if u.page in wanted]
        if not scorable:
            return findings.question_spans(units, question, limit=limit)
        scored = findings.score_units(units, model, page_texts)
    return findings.best_spans(scored, scorable, wanted, limit=limit)


def draft_figures(ev: list[findings.Finding], page_texts: list[str], pages: list[int], limit: int = 20) -> list[dict]:
    """Figures of the evidence first, each tied to its clause ("30 days": the termination
    notice period), then the other figures of the located pages, loose."""
    spans = [(e.page, e.quote, e.category if e.category.lower() in catalogue.BY_NAME else None) for e in ev]
    return figures.attach(spans + [(p, page_texts[p - 1], None) for p in pages], limit=limit)


def build_draft(
    located: list[dict[str, Any]],
    page_texts: list[str],
    question: str,
    cats: list[str],
    model: ClauseModel,
    *,
    now: float,
    expires_s: int,
    max_evidence: int = 12,
    scored: findings.Scored | None = None,
    unasked: list[dict] = (),
) -> dict[str, Any]:
    """The draft payload from the located pages (``located``: page, score, summary; ``unasked``:
    the parts of the question none of ``cats`` answers)."""
    located = [p for p in located if 0 < p["page"] <= len(page_texts)]
    pages = [p["page"] for p in located]
    ev = draft_evidence(model, page_texts, pages, question, cats, max_evidence, scored)
    return {
        "pages": [
            {"page": p["page"], "score": round(float(p["score"]), 4), "summary": p["summary"] if summary_is_safe(p["summary"], page_texts[p["page"] - 1]) else ""}
            for p in located
        ],
        "evidence": [e.as_dict() for e in ev],
        "figures": draft_figures(ev, page_texts, pages),
        "questions": open_questions(cats, ev, unasked),
        "categories": cats,
        "expires_at": now + expires_s,
    }


def validate_draft(draft: dict[str, Any], page_texts: list[str]) -> None:
    """Raise :class:`DraftInvalid` unless the draft keeps every rule."""
    problems = [f"field {k!r} is not allowed in a draft" for k in draft if k not in ALLOWED_FIELDS]
    for ev in draft.get("evidence", []):
        for part in [ev, *([ev["continues"]] if ev.get("continues") else [])]:  # over a page break: each part on its page
            page = part.get("page", 0)
            if not (0 < page <= len(page_texts)) or not catalogue.quote_on_page(part.get("quote", ""), page_texts[page - 1]):
                problems.append(f"evidence quote is not on page {page}")
    for fig in draft.get("figures", []):
        page = fig.get("page", 0)
        if not (0 < page <= len(page_texts)) or not catalogue.quote_on_page(fig.get("text", ""), page_texts[page - 1]):
            problems.append(f"figure {fig.get('text')!r} is not on page {page}")
    for q in draft.get("questions", []):
        if not q.rstrip().endswith("?"):
            problems.append(f"open question is not a question: {q!r}")
        if concludes(q):
            problems.append(f"open question holds a conclusion or instruction: {q!r}")
    for p in draft.get("pages", []):
        page = p.get("page", 0)
        if not (0 < page <= len(page_texts)):
            problems.append(f"located page {page} is not in the document")
        elif not summary_is_safe(p.get("summary", ""), page_texts[page - 1]):
            problems.append(f"summary of page {page} holds a conclusion")
    if problems:
        raise DraftInvalid(problems)

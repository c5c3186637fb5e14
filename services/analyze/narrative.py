"""The LLM's narrative, sentence by sentence, each labelled by what backs it.

A sentence is ``grounded`` when it carries a citation (a quote and its page, as the prompt
asks) that was found on that page of the PDF; every other sentence is ``unverified``: the
model may have invented it, and the client shows it so. The findings and verified citations
of the final never depend on the narrative.
"""

from __future__ import annotations

from typing import Any

from shared.documents import splitter

from . import logic

_ENDS = set(".!?。！？\"”)")


def sentences(answer: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``answer``, covering all of its text; no cut falls
    inside a citation ("the words" (p. 3) has a period that ends nothing)."""
    cites = [(m.start(), m.end()) for m in logic.CITE.finditer(answer)]
    cuts = [
        end for end in splitter.sentence_ends(answer)
        if answer[:end].rstrip()[-1:] in _ENDS and not any(s < end < e for s, e in cites)  # a colon ends no sentence
    ]
    out, pos = [], 0
    for end in [*cuts, len(answer)]:
        start = pos
        while start < end and answer[start].isspace():
            start += 1
        stop = end
        while stop > start and answer[stop - 1].isspace():
            stop -= 1
        if stop > start:
            out.append((start, stop))
        pos = max(pos, end)
    return out


def label(answer: str, page_texts: list[str]) -> list[dict[str, Any]]:
    """``[{"text", "grounded", "citation", "citations", "rejected"}]``, one per sentence, in order."""
    out = []
    for start, stop in sentences(answer):
        text = answer[start:stop]
        kept, rejected = logic.check_citations(logic.citations_in(text), page_texts)
        # "citation": the first that held (DESIGN.md's field); "citations": every one.
        out.append({"text": text, "grounded": bool(kept), "citation": kept[0] if kept else None, "citations": kept, "rejected": rejected})
    return out


def commentary(answer: str, page_texts: list[str], model: str) -> dict[str, Any]:
    """The final's ``commentary``: the model's text (the deltas joined), sentence by sentence
    with its labels, and how many sentences are grounded. Shown, where shown at all, as the
    model's commentary, unverified where marked; never as the review's answer."""
    sentences = label(answer, page_texts)
    grounded = sum(1 for s in sentences if s["grounded"])
    return {"text": answer, "model": model, "sentences": sentences, "grounded": grounded, "unverified": len(sentences) - grounded}

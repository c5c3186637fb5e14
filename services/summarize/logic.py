"""One extractive line per page: its first heading, else its first sentence."""

from __future__ import annotations

import re

from shared.splitter import sentences

_HEADING = re.compile(r"^\s*(?:(?:ARTICLE|SECTION|Section|Article)\s+[\dIVXLC]+[.:]?\s*)?(?:\d{1,2}(?:\.\d+)*[.)]?\s+)?([A-Z][A-Z0-9 ,;&'/\-]{5,80}[A-Z])\b")

NO_TEXT = "(no text layer on this page)"
# Recitals and stamps that open pages but say nothing about them.
_SKIP = frozenset({"whereas", "witnesseth", "now, therefore", "now therefore", "confidential", "redacted", "recitals", "exhibit", "execution version"})


def summarize_page(text: str, max_chars: int = 160) -> str:
    """A one-line summary: headings on the page if any, else the first sentence, cut to fit."""
    if not text.strip():
        return NO_TEXT
    heads = []
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m and len(m.group(1).split()) <= 8 and not any(m.group(1).strip().lower().startswith(w) for w in _SKIP):
            heads.append(m.group(1).strip().title())
    if heads:
        line = "; ".join(dict.fromkeys(heads))
    else:
        spans = sentences(text)
        line = " ".join((spans[0].text if spans else text).split())
    return line if len(line) <= max_chars else line[: max_chars - 1].rsplit(" ", 1)[0] + "…"

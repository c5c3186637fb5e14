"""What a summary row says of its category's terms: each term the clauses state, and where
clauses state different values of it, each value with its pages ("notice period: ninety (90)
days (p. 4) / sixty (60) days (p. 7)"). A row that showed only the first value hid that one
party may end the contract on six months' notice and the other on 45 days (NICE, CUAD dev);
52 of 1,040 dev rows have clauses that differ so. Plain functions over the final's findings."""

from __future__ import annotations

import re
from typing import Any

MOST = 3  # values a row names; further ones are counted, with their pages
CLIP = 90  # characters of a value's words a row shows where there are several


def pages(numbers: list[int]) -> str:
    """"p. 3" or "pp. 2, 5", in the order given."""
    return f"p{'p' if len(numbers) > 1 else ''}. {', '.join(map(str, numbers))}"


def _clip(text: str) -> str:
    return text if len(text) <= CLIP else text[:CLIP].rsplit(" ", 1)[0].rstrip(" ,;(") + " …"


def _values(name: str, said: dict[Any, tuple[str, list[int]]]) -> str:
    label = name.replace("_", " ")
    if len(said) == 1:
        return f"{label}: {next(iter(said.values()))[0]}"
    values = list(said.values())
    shown = [f"{_clip(text)} ({pages(sorted(at))})" for text, at in values[:MOST]]
    rest = sorted({p for _, at in values[MOST:] for p in at})
    return f"{label}: {' / '.join(shown)}" + (f" / {len(values) - MOST} more ({pages(rest)})" if rest else "")


def _same_words(text: str, values: dict[Any, tuple[str, list[int]]]) -> Any:
    """The key of a value of ``values`` said in nearly the same words as ``text`` (four fifths of
    their words shared, or a basis of eight words or more nearly all inside a longer one: "the
    amount paid by BNL to VIP in the twelve (12) month period …" and "the amounts paid by BNL …
    claims by VIP for the minimum fees"), or ``text``'s own words."""
    words = frozenset(re.findall(r"\w+", text.lower())) or frozenset([text])  # a redaction ("[***]") is its own
    for key in values:
        if isinstance(key, frozenset) and (len(words & key) >= 0.8 * len(words | key)
                                           or min(len(words), len(key)) >= 8 and len(words & key) >= 0.9 * min(len(words), len(key))):
            return key
    return words


def stated(clauses: list[dict[str, Any]], category: str) -> dict[str, str]:
    """Term name -> what the row says of it, for the terms ``clauses`` (findings of the final)
    state of ``category``, in the clauses' order. Values are told apart by their normal form
    ("ninety (90) days" and "90 days" are one), or by their words where there is none."""
    said: dict[str, dict[Any, tuple[str, list[int]]]] = {}
    for f in clauses:
        for t in f.get("terms") or []:
            if t.get("category") == category and t.get("stated") is True:
                values = said.setdefault(t["name"], {})
                key = t.get("value") if t.get("value") is not None else _same_words(str(t["text"]), values)
                at = values.setdefault(key, (f"{t['text']} (redacted)" if t.get("redacted") else t["text"], []))[1]
                if f["page"] not in at:
                    at.append(f["page"])
    return {name: _values(name, values) for name, values in said.items()}

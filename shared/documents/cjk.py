"""Chinese (and Japanese) text in contracts: no spaces between words, and a line break inside
a sentence is only where the page was full.

A PDF's text layer (and OCR) gives CJK text with a line break wherever the line wrapped and,
from OCR, a space between characters; read as it comes, "合同\n终止" is two words and a clause
quoted across the wrap is not found on its page. :func:`join_wrapped` joins lines that wrapped
(the line was set about as wide as the page's widest) when both sides are CJK, and keeps the breaks
that end a heading or a paragraph; :func:`unspace` drops spaces between CJK characters.
"""

from __future__ import annotations

import re
import unicodedata

# CJK punctuation, ideographs (with extension A and compatibility), full-width forms.
IDEOGRAPHS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CHARS = f"\u3000-\u303f{IDEOGRAPHS}\uff00-\uffef"
_GAP = re.compile(rf"(?<=[{CHARS}])[ \t]+(?=[{CHARS}])")
_HAS = re.compile(rf"[{CHARS}]")
ENDS = "。！？；："
FULL_LINE = 0.8  # a line this share of the page's longest (or longer) wrapped; a shorter one ended


_RUN = re.compile(f"[{IDEOGRAPHS}]+")


def bigrams(text: str) -> list[str]:
    """The words of CJK text for search: overlapping character pairs of each run of ideographs
    (a lone character stands for itself), as Chinese search engines index without a segmenter."""
    out: list[str] = []
    for run in _RUN.findall(text):
        out += [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
    return out


def has_cjk(text: str) -> bool:
    return bool(_HAS.search(text))


def width(line: str) -> int:
    """How wide a line is set, in half-width cells: a CJK character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def unspace(text: str) -> str:
    """No spaces or tabs between two CJK characters."""
    return _GAP.sub("", text)


def join_wrapped(text: str) -> str:
    """Join each line that wrapped to the next when the break falls between CJK characters
    (not after a sentence's end: the next line may be a heading)."""
    if not has_cjk(text):
        return text
    lines = text.split("\n")
    longest = max(width(line.strip()) for line in lines)
    out = [lines[0]]
    for before, line in zip(lines, lines[1:]):
        prev, nxt = out[-1].rstrip(), line.lstrip()
        wrapped = width(before.strip()) >= FULL_LINE * longest  # the line as it was on the page
        if wrapped and prev and nxt and _HAS.match(prev[-1]) and prev[-1] not in ENDS and _HAS.match(nxt[0]):
            out[-1] = prev + nxt
        else:
            out.append(line)
    return "\n".join(out)

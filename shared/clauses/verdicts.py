"""Words that conclude or instruct. The draft holds none in the text we write (the design's
draft rules: services/phase2/logic.py), and a page gist written by a model is held to the same
rule (services/summarize/gists.py).
"""

from __future__ import annotations

import re

# Words that turn a provisional pointer into advice or a verdict, in English and Chinese.
# English words are bounded by Latin letters only, not by \b: in mixed text a Chinese
# character counts as a word character, and "合同risky" must still be caught.
_EN = (
    r"you should|we recommend|recommend\w*|must (?:sign|terminate|reject|accept|call)|do not sign|"
    r"terminate now|call|contact|risky|high[- ]risk|low[- ]risk|dangerous|safe to|unenforceable|"
    r"is (?:fine|acceptable|unacceptable)|conclusion|verdict|advise\w*"
)
_ZH = (
    "建议|推荐|应当|应该|务必|立即|马上|尽快|必须签署|必须终止|必须解除|请勿签署|不要签署|不应签署|可以签署|"
    "请联系|请致电|联系律师|风险很高|风险较高|风险极高|高风险|风险很低|风险较低|低风险|危险|不可执行|无法执行|"
    "可以接受|不可接受|无法接受|结论|我们认为|显失公平"
)
_FORBIDDEN = re.compile(rf"(?<![A-Za-z])(?:{_EN})(?![A-Za-z])|{_ZH}", re.I)


def concludes(text: str) -> bool:
    """Whether ``text`` holds a word of advice or a verdict."""
    return _FORBIDDEN.search(text) is not None

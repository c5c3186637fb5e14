"""The place a governing-law clause names, as a name a reader and a playbook can compare: "the laws
of the State of New York" is New York (``jurisdiction``), and a state named after "laws" in the same
sentence is more specific than the country before it (``named_state``). Used by
:mod:`shared.clauses.terms`; pure functions, no I/O."""

from __future__ import annotations

import re

_LAW_PREFIX = re.compile(
    r"^(?:.*?\b(?:laws?|legislation|regulations)\b(?:\s+and\s+\w+\s+\w+)?\s+(?:in\s+force\s+in|of)\s+)?(?:the\s+)?"
    r"(?:(?:State|Commonwealth|Province|Republic|Kingdom|Canton|Federal\s+Republic|People['’]?s\s+Republic)\s+of\s+(?:the\s+)?)?", re.I | re.S
)
# A state or province named after "law(s)" in the same sentence: more specific than a country ("the laws of the United States
# of America and of the State of Texas"), or before laws that refer back to it ("made in the State of California and shall be
# governed by ... the laws thereof": HOLIDAY RV). The name is one word, or two after the words that open a two-word name ("New
# York", "North Carolina", "British Columbia"): "the State of Texas without regard to ..." is Texas.
_NAMED = r"((?:State|Commonwealth|Province)\s+of\s+(?:the\s+)?(?:(?:New|North|South|West|Rhode|British|Nova|Prince\s+Edward)\s+)?[A-Za-z]+)"
_STATE = re.compile(rf"\blaws?\b[^.;]{{0,120}}?(?<!United )\b{_NAMED}", re.I)
_STATE_THEREOF = re.compile(rf"\b{_NAMED}\b[^.;]{{0,160}}?\bgovern\w*\b[^.;]{{0,80}}?\blaws?\s+(?:thereof|of\s+(?:said|such|that|the\s+said)\s+(?:State|Commonwealth|Province))\b", re.I)


def named_state(clause: str) -> re.Match[str] | None:
    """The state, commonwealth or province a clause's laws are of, where it names one (group 1)."""
    return _STATE.search(clause) or _STATE_THEREOF.search(clause)


_ACRONYMS = ("PRC", "UK", "U.K.", "US", "U.S.", "USA", "U.S.A.", "EU", "UAE", "HKSAR")


# OCR's words run together ("the laws ofthe State ofTexas": PRIME ENERGY, CUAD train, read on the final page) are read apart.
_GLUED = re.compile(r"\bof(?=the\b|[A-Z])")


def jurisdiction(text: str) -> str:
    """"the laws of the State of New York" -> "New York" (and "THE STATE OF NEW YORK" too)."""
    text = _GLUED.sub("of ", text)
    name = " ".join(re.sub(r"\s+laws?\b", "", _LAW_PREFIX.sub("", text), flags=re.I).split()).strip(" ,.")  # "PRC Laws" -> "PRC"
    return " ".join(w.lower() if w.lower() in ("and", "of", "the") else w.capitalize() for w in name.split()) if name.isupper() and name not in _ACRONYMS else name

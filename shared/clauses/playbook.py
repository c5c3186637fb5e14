"""A playbook: the team's standard position per clause category, checked against each clause.

A playbook is data (JSON in, pydantic models inside; nothing in it runs): for each category a
``presence`` — ``required`` (a contract without such a clause deviates), ``acceptable`` or
``flag`` (the clause deviates whenever it is there: uncapped liability, liquidated damages) —
and ``conditions`` over the clause, each one of:

- ``{"term": T, "at_least": N}`` / ``{"term": T, "at_most": N}``: a term of the category
  (``shared.clauses.terms.SPEC``: a period in days, an amount in its currency) against a bound;
- ``{"term": "law", "one_of": [...]}``: the governing law is one of these;
- ``{"says_any": [...]}``: the clause says one of these phrases (a change-of-control exception
  to the assignment clause: "change of control", "merger", ...);
- ``{"says_none": [...]}``: the clause says none of them (a non-compete not "worldwide");
- ``{"excepts": [...]}``: the clause makes an exception for one of them ("... without consent
  to a successor by merger": meets), rather than counting it in ("a change of control shall be
  deemed an assignment": deviates); named neither way, or not named: unknown;
- ``{"mutual": true}``: the clause binds both sides ("either party", "neither party", ...).

A clause's position: ``deviates`` when any condition fails (or the category is flagged),
``unknown`` when a condition cannot be decided from the clause (the term it needs is not read, or
a one-sided reading is not certain), else ``meets``. Each says the rule in words and quotes the
words of the clause it was decided on, verbatim; a ``meets`` is never said without a quote.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from shared.clauses import playbook_words, terms
from shared.clauses.catalogue import BY_NAME
from shared.clauses.playbook_words import Status

DEFAULT_PATH = Path(__file__).with_name("playbook_default.json")
_RANK = {"deviates": 2, "unknown": 1, "meets": 0}
_KINDS = ("at_least", "at_most", "one_of", "says_any", "says_none", "excepts", "mutual")


class Condition(BaseModel):
    """One condition of a rule; exactly one kind per condition."""

    model_config = ConfigDict(extra="forbid")

    term: str | None = Field(None, description="a term of the rule's category (shared.clauses.terms.SPEC)")
    at_least: float | None = Field(None, ge=0, description="the term's value is at least this (days for periods)")
    at_most: float | None = Field(None, ge=0, description="the term's value is at most this (days for periods)")
    one_of: list[str] | None = Field(None, min_length=1, description="the term's value is one of these names")
    says_any: list[str] | None = Field(None, min_length=1, description="the clause says one of these phrases")
    says_none: list[str] | None = Field(None, min_length=1, description="the clause says none of these phrases")
    excepts: list[str] | None = Field(None, min_length=1, description="the clause makes an exception for one of these")
    mutual: Literal[True] | None = Field(None, description="the clause binds both parties")

    @model_validator(mode="after")
    def _one_kind(self) -> Condition:
        kinds = [k for k in _KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a condition has exactly one of {', '.join(_KINDS)} (it has {kinds or 'none'})")
        if (kinds[0] in ("at_least", "at_most", "one_of")) != (self.term is not None):
            raise ValueError(f"'{kinds[0]}' {'needs' if self.term is None else 'takes no'} 'term'")
        return self

    def words(self) -> str:
        """The condition in words: "notice_period at least 30 days"."""
        unit = " days" if self.term and _is_period(self.term) else ""
        if self.at_least is not None:
            return f"{_name(self.term)} at least {_num(self.at_least)}{unit}"
        if self.at_most is not None:
            return f"{_name(self.term)} at most {_num(self.at_most)}{unit}"
        if self.one_of is not None:
            return f"{_name(self.term)} one of {', '.join(self.one_of)}"
        if self.says_any is not None:
            return "says one of: " + ", ".join(f'"{p}"' for p in self.says_any)
        if self.says_none is not None:
            return "says none of: " + ", ".join(f'"{p}"' for p in self.says_none)
        if self.excepts is not None:
            return "an exception for: " + ", ".join(f'"{p}"' for p in self.excepts)
        return "binds both parties"


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    category: str = Field(description="a CUAD clause category, spelled as in the catalogue")
    presence: Literal["required", "acceptable", "flag"] = "acceptable"
    conditions: list[Condition] = Field(default_factory=list)
    why: str = Field("", max_length=300, description="the team's reason, shown with the position")

    @field_validator("category")
    @classmethod
    def _known(cls, v: str) -> str:
        if v.lower() not in BY_NAME:
            raise ValueError(f"unknown clause category {v!r}")
        return BY_NAME[v.lower()].name

    @model_validator(mode="after")
    def _terms_of_category(self) -> Rule:
        names = {n for n, _ in terms.SPEC.get(self.category, [])}
        for i, c in enumerate(self.conditions):
            if c.term is not None and c.term not in names:
                raise ValueError(f"conditions[{i}].term: {self.category} has no term {c.term!r} (it has {sorted(names) or 'none'})")
        return self

    def words(self) -> str:
        head = {"required": "Required", "acceptable": "Acceptable", "flag": "Always flagged"}[self.presence]
        return head + ("; " + "; ".join(c.words() for c in self.conditions) if self.conditions else "") + (f" ({self.why})" if self.why else "")


class PlaybookIn(BaseModel):
    """A playbook as a tenant sends it: the store numbers its version."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=120)
    rules: list[Rule] = Field(max_length=64)

    @field_validator("rules")
    @classmethod
    def _one_rule_a_category(cls, rules: list[Rule]) -> list[Rule]:
        seen = set()
        for i, r in enumerate(rules):
            if r.category in seen:
                raise ValueError(f"rules[{i}].category: {r.category} has a rule already")
            seen.add(r.category)
        return rules


class Playbook(PlaybookIn):
    version: int = Field(ge=1, description="raised on every change; each review records the version it was checked against")

    def rule(self, category: str) -> Rule | None:
        return next((r for r in self.rules if r.category == category), None)


@lru_cache(maxsize=1)
def default() -> Playbook:
    """The team's default playbook (read once; treat it as read-only)."""
    return Playbook.model_validate(json.loads(DEFAULT_PATH.read_text(encoding="utf-8")))


def position(rule: Rule, text: str, record: list[dict[str, Any]], others: list[tuple[int, str]] = (), ours: str | None = None) -> dict[str, Any]:
    """The clause ``text`` (all of it) with its ``record`` of terms (shared.clauses.terms)
    against ``rule``: {category, status, rule (in words), quotes}; ``why`` on ``unknown``.

    ``others``: (page, text) of the category's other clauses in the contract that are more than
    a weak match. A clause that gives one side alone a right or a cap binds both sides together
    with one that gives the other side the same ("The Company may terminate ..." and "The
    Contractor may terminate ..."): the mutual condition is met, and ``jointly`` quotes the other
    clause ({page, quote}). ``ours``: the role or name the question is asked as (``playbook_words.asker``); a clause that gives
    that side alone the right or the cap favours the asker, and meets the rule that it bind both (``ours`` says so)."""
    if rule.presence == "flag":
        return _pos(rule, "deviates", _lead(text))
    results = [_check(c, text, record, rule.category) for c in rule.conditions]
    if not results:
        return _pos(rule, "meets", _lead(text))
    joint, one_sided = None, any(c.mutual and r[0] == "deviates" for c, r in zip(rule.conditions, results))
    mine = one_sided and ours is not None and (own := playbook_words.side(text, rule.category)) is not None and own[0] == playbook_words.asked_as(ours)
    if one_sided and (mine or (joint := _other_side(rule.category, text, others))):
        results = [("meets", r[1]) if c.mutual else r for c, r in zip(rule.conditions, results)]
    status = max((r[0] for r in results), key=_RANK.__getitem__)
    quotes = [q for st, q in results if q and (st == status or status == "meets")]
    out = _pos(rule, status, *(quotes or ([_lead(text)] if status == "meets" else []))) | ({"jointly": joint} if joint else {}) | ({"ours": ours} if mine else {})
    return out | ({"why": "; ".join(dict.fromkeys(_why(c, record) for c, r in zip(rule.conditions, results) if r[0] == "unknown"))} if status == "unknown" else {})


# A cap is the other side's same cap when its words are mostly the same, the sides' names aside: AIRSPAN's exclusions for
# Airspan alone are not matched by "Distributor ... shall be liable for physical damage ... up to" (its own mirror is). Over
# CUAD's labelled caps, one side's and the other's mirrors read 0.71 to 1.0 alike, unrelated caps 0.14 to 0.37. A right to
# terminate is one right whatever its words ("Customer may elect to terminate" and "Metavante may ... withdraw").
SAME_CAP = 0.5
_WORD = re.compile(r"[a-z]+")


def _alike(a: str, b: str, names: set[str]) -> float:
    wa, wb = set(_WORD.findall(a.lower())) - names, set(_WORD.findall(b.lower())) - names
    return len(wa & wb) / len(wa | wb) if wa | wb else 0.0


def _other_side(category: str, text: str, others: list[tuple[int, str]]) -> dict[str, Any] | None:
    """{page, quote} of the first of ``others`` that binds one side, another than ``text`` binds (for a cap, the
    most alike of those that read as the same cap: ``SAME_CAP``)."""
    own = playbook_words.side(text, category)
    found = [(page, other, theirs) for page, other in (others if own else ()) if (theirs := playbook_words.side(other, category)) and theirs[0] != own[0]]
    if category == "Cap On Liability":
        alike = {k: _alike(text, other, {own[0], theirs[0]}) for k, (_, other, theirs) in enumerate(found)}
        found = [found[k] for k in sorted(alike, key=lambda k: -alike[k]) if alike[k] >= SAME_CAP]
    return {"page": found[0][0], "quote": found[0][2][1]} if found else None


def _why(c: Condition, record: list[dict[str, Any]]) -> str:
    """Why a condition was not decided, in words a reader can act on."""
    if c.term is not None:
        t = next((t for t in record if t["name"] == c.term), None)
        name = _name(c.term)
        if t is None or t["stated"] is None:
            return f"no {name} was read from the clause"
        if t["stated"] is False:
            return f"the clause states no {name}"
        return f"the {name} is hidden in the contract as filed" if t.get("redacted") else f"the {name} (“{t['text']}”) is no value the rule can check"
    if c.excepts is not None:
        return "the clause does not say whether a change of control, merger or sale needs consent"
    return "the clause does not say which parties it binds"


def missing(rule: Rule, searched_pages: int) -> dict[str, Any]:
    """A required category the contract lacks: a deviation of its own."""
    return {**_pos(rule, "deviates"), "page": None,
            "missing": f"No {rule.category} clause in {searched_pages} page{'s' if searched_pages != 1 else ''} searched; the playbook requires one"}


def worst(positions: list[dict[str, Any]]) -> dict[str, Any] | None:
    return max(positions, key=lambda p: _RANK[p["status"]]) if positions else None


def _check(c: Condition, text: str, record: list[dict[str, Any]], category: str) -> tuple[Status, str | None]:
    if c.term is not None:
        t = next((t for t in record if t["name"] == c.term), None)
        if t is None or t["stated"] is not True or t["value"] is None:
            return "unknown", None
        v = t["value"]
        if c.one_of is not None:
            ok = isinstance(v, str) and any(same_place(v, o) for o in c.one_of)
        elif v == terms.NO_END and c.at_most is not None:  # for the term and thereafter, with no end: past any limit
            ok = False
        elif isinstance(v, str):
            return "unknown", t["text"]
        else:
            ok = v >= c.at_least if c.at_least is not None else v <= c.at_most
        return ("meets" if ok else "deviates"), t["text"]
    if c.excepts is not None:
        return playbook_words.excepted(text, c.excepts)
    if c.says_any is not None or c.says_none is not None:
        hit = _said(text, c.says_any or c.says_none)
        if c.says_any is not None:
            return ("meets", hit) if hit else ("deviates", None)
        return ("deviates", hit) if hit else ("meets", None)
    return playbook_words.mutual(text, category)


# Where a place word describes patents or marks, not the clause's reach ("any Lucid owned or
# licensed patent issued or pending worldwide").
_OF_RIGHTS = re.compile(r"\b(?:patents?|patent\s+applications?|trade\s?marks?|pending|issued|filed|registered)\s+(?:\w+\s+){0,2}$", re.I)


def _said(text: str, phrases: list[str]) -> str | None:
    """The first phrase the clause says, as the clause writes it (case and spacing its own)."""
    for p in phrases:
        for m in playbook_words.phrase(p).finditer(text):
            if not _OF_RIGHTS.search(text[max(0, m.start() - 60) : m.start()]):
                return m.group(0)
    return None


def same_place(value: str, wanted: str) -> bool:
    """Whether two place names are one ("State of New York" and "New York")."""
    a, b = (re.sub(r"^(?:the\s+)?(?:state|commonwealth|province|republic|kingdom)\s+of\s+", "", x.strip(), flags=re.I).lower() for x in (value, wanted))
    return a == b


def _lead(text: str, words: int = 24) -> str:
    """The clause's first words, verbatim (the whole clause when it is short)."""
    m = re.match(r"\s*((?:\S+\s+){0,%d}\S+)" % (words - 1), text)
    return m.group(1) if m else text.strip()


def _pos(rule: Rule, status: Status, *quotes: str) -> dict[str, Any]:
    return {"category": rule.category, "status": status, "rule": rule.words(), "quotes": list(quotes)}


def _is_period(term: str) -> bool:
    return term.endswith(("_period", "_length")) or term == "period"


def _name(term: str | None) -> str:
    return (term or "").replace("_", " ")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)

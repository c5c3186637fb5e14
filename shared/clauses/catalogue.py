"""Clause categories and the checks that need no model: quotes on pages (figures: shared.clauses.figures).

The 41 categories follow CUAD (The Atticus Project); each carries the line a reviewer checks
for it (``risk``). Which spans are clauses of a category is the clause model's job
(shared.clauses.clause_model, shared.clauses.findings); which categories a question asks about is routing's
(shared.clauses.routing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.documents import cjk


@dataclass(frozen=True)
class Category:
    name: str
    risk: str                          # what a reviewer should check; neutral, not a verdict


CATEGORIES: tuple[Category, ...] = (
    Category("Document Name", "Confirm which document and version governs."),
    Category("Parties", "Confirm every party's legal name and role."),
    Category("Agreement Date", "Check the signing date against the term."),
    Category("Effective Date", "Check when obligations begin."),
    Category("Expiration Date", "Check when the contract ends and what survives."),
    Category("Renewal Term", "Automatic renewal can lock a party in; note the renewal length."),
    Category("Notice Period To Terminate Renewal", "Missing the notice window renews the contract."),
    Category("Governing Law", "Check which law and courts apply."),
    Category("Most Favored Nation", "Pricing may have to follow the best terms given to others."),
    Category("Non-Compete", "Restricts a party's business; check scope, territory and duration."),
    Category("Exclusivity", "Exclusivity can bar dealing with others; check scope and term."),
    Category("No-Solicit Of Customers", "Limits approaching the counterparty's customers."),
    Category("Competitive Restriction Exception", "Carve-outs narrow a restriction; check they are clear."),
    Category("No-Solicit Of Employees", "Limits hiring the counterparty's staff."),
    Category("Non-Disparagement", "Restricts what a party may say publicly."),
    Category("Termination For Convenience", "A party may be able to end the contract on notice alone; check notice and fees."),
    Category("Rofr/Rofo/Rofn", "A party may have priority over any sale or licence."),
    Category("Change Of Control", "A merger or sale may trigger termination or consent rights."),
    Category("Anti-Assignment", "Assignment may need consent; check whether affiliates or acquirers are excepted."),
    Category("Revenue/Profit Sharing", "Check the base, the rate and audit of shared revenue."),
    Category("Price Restrictions", "Limits on changing prices."),
    Category("Minimum Commitment", "A shortfall may cost money; check the amounts and periods."),
    Category("Volume Restriction", "Usage above a threshold may cost more or need consent."),
    Category("Ip Ownership Assignment", "IP created under the contract may belong to the counterparty."),
    Category("Joint Ip Ownership", "Jointly owned IP is hard to exploit alone."),
    Category("License Grant", "Check the scope, field and territory of the licence."),
    Category("Non-Transferable License", "Transfer or sublicensing of the licence may be limited; check what it allows and what needs consent."),  # not "cannot": CUAD files sublicensable grants here too
    Category("Affiliate License-Licensor", "Check whether affiliates' IP is included."),
    Category("Affiliate License-Licensee", "Check whether affiliates may use the licence."),
    Category("Unlimited/All-You-Can-Eat-License", "Check what 'unlimited' covers."),
    Category("Irrevocable Or Perpetual License", "A licence that cannot be revoked survives disputes."),
    Category("Source Code Escrow", "Check release conditions of escrowed code."),
    Category("Post-Termination Services", "Obligations may continue after the contract ends."),
    Category("Audit Rights", "A party may inspect books or sites; check notice, frequency and cost."),
    Category("Uncapped Liability", "Some breaches may expose a party to liability without limit."),
    Category("Cap On Liability", "Limits what can be recovered for a breach; check the amount, exclusions and mutuality."),
    Category("Liquidated Damages", "A fixed sum may be owed on breach or termination."),
    Category("Warranty Duration", "Check how long warranties last and the remedy."),
    Category("Insurance", "Check required coverage and who is named insured."),
    Category("Covenant Not To Sue", "A party may give up claims or challenges."),
    Category("Third Party Beneficiary", "Outsiders may be able to enforce the contract."),
)
BY_NAME = {c.name.lower(): c for c in CATEGORIES}


_WORD = re.compile(r"[a-z][a-z\-]{2,}")
STOPWORDS = frozenset(
    "the and for that this with any are from shall will have has not all its such may other which each "
    "who what when where how does there their these those into upon under been being than then also "
    "contract agreement party parties mark every clause clauses explain risk risks highlight parts related "
    "should reviewed lawyer details include includes including whether one".split()
)


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in STOPWORDS}


# "Seven Hundred and No/100 Dollars ($700.00)": "No/100" is the cents, no hundred dollars (THE JOINT CORP, CUAD train, on the final page)
MONEY = re.compile(r"(?:US\s?)?(?:[$€£]|\((?:pounds|euros?)\)|\b(?:RMB|CNY|RUB|USD|EUR|GBP)\s?)\s?(?:\d{1,3}(?:\s\d{3})+(?!\d)|\d[\d,]*|(?=\.\d))(?:\.\d+)?(?:\s?(?:million|billion|thousand))?|(?<!/)\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|USD|EUR|euros)\b", re.I)
PERCENT = re.compile(r"\b\d+(?:\.\d+)?\s?(?:%|percent\b)", re.I)
# Grounds that make a termination one for cause ("a material breach ... which remains uncured",
# "becomes insolvent"): read by findings (no Termination For Convenience) and risk (no "Grounds").
FOR_CAUSE = (r"for\s+cause|breach\w*|default\w*|insolven\w*|bankrupt\w*|fail(?:s|ed|ure)?(?:\s+by\s+[^.;,]{1,60}?)?(?:\s+[a-z]+ly)?\s+to|uncured|cure[ds]?|remed(?:y|ied)|violat\w*|liquidation|receiver\w*"
             r"|assignment\s+for\s+the\s+benefit")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = re.compile(rf"\b(?:{MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day of\s+)?(?:{MONTHS}),?\s+\d{{4}}\b|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b", re.I)


def normalise(text: str) -> str:
    """Lower case, whitespace collapsed (and gone between CJK characters), typographic quotes
    and dashes folded."""
    table = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "\u00a0": " "})
    return cjk.unspace(" ".join(text.translate(table).casefold().split()))


def quote_on_page(quote: str, page_text: str) -> bool:
    """Whether ``quote`` occurs on the page, whitespace- and case-insensitively."""
    q = normalise(quote)
    return bool(q) and q in normalise(page_text)

"""The previous clause extraction (keyword regexes and a plain sentence splitter), frozen as
it shipped before the clause model, so benchmarks can put it side by side with the model in
the same run. Not used by the services.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from shared.clauses.catalogue import content_words
from shared.documents.splitter import Span, _add_span  # the same cutting of long runs as before


@dataclass(frozen=True)
class Category:
    name: str
    triggers: tuple[str, ...]          # words in a question that ask for this category
    patterns: tuple[str, ...]          # regexes that mark a sentence of this category
    risk: str                          # what a reviewer should check; neutral, not a verdict
    _regex: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_regex", re.compile("|".join(f"(?:{p})" for p in self.patterns), re.I))

    def hits(self, text: str) -> int:
        return len(self._regex.findall(text))


def _c(name: str, triggers: str, patterns: tuple[str, ...], risk: str) -> Category:
    return Category(name, tuple(t.strip() for t in triggers.split(",")), patterns, risk)


CATEGORIES: tuple[Category, ...] = (
    _c("Document Name", "document name, title of the agreement", (r"\bagreement\b",), "Confirm which document and version governs."),
    _c("Parties", "parties, party, signatories", (r"\bby and between\b", r"\bbetween\b.*\band\b", r"\(the \"?\w+\"?\)"), "Confirm every party's legal name and role."),
    _c("Agreement Date", "agreement date, dated, date of the contract", (r"\bdated\b", r"\bas of\b", r"\bday of\b"), "Check the signing date against the term."),
    _c("Effective Date", "effective date, effective", (r"\beffective date\b", r"\beffective as of\b"), "Check when obligations begin."),
    _c("Expiration Date", "expiration, expire, term of the agreement, initial term", (r"\binitial term\b", r"\bexpir\w*", r"\bterm of (this|the) agreement\b", r"\bshall (continue|remain) in (full )?(force|effect)\b"), "Check when the contract ends and what survives."),
    _c("Renewal Term", "renewal, renew, auto-renew, extension", (r"\brenew\w*", r"\bsuccessive\b", r"\bautomatic(ally)? (extend|renew)\w*"), "Automatic renewal can lock a party in; note the renewal length."),
    _c("Notice Period To Terminate Renewal", "notice period, notice of non-renewal, terminate renewal", (r"\bnotice\b.{0,80}\b(renew\w*|expiration)\b", r"\bprior to the (end|expiration)\b"), "Missing the notice window renews the contract."),
    _c("Governing Law", "governing law, governed by, jurisdiction, choice of law", (r"\bgoverned by\b", r"\bgoverning law\b", r"\blaws of the state of\b", r"\bjurisdiction\b"), "Check which law and courts apply."),
    _c("Most Favored Nation", "most favored, most favoured, mfn, better terms", (r"\bmost favou?red\b", r"\bno less favou?rable\b", r"\bbetter (terms|prices?)\b"), "Pricing may have to follow the best terms given to others."),
    _c("Non-Compete", "non-compete, noncompete, compete, competition", (r"\bcompet\w*", r"\bnon-?compet\w*"), "Restricts a party's business; check scope, territory and duration."),
    _c("Exclusivity", "exclusive, exclusivity, sole", (r"\bexclusiv\w*", r"\bsole (and exclusive )?(supplier|distributor|provider|source)\b"), "Exclusivity can bar dealing with others; check scope and term."),
    _c("No-Solicit Of Customers", "solicit customers, non-solicitation of customers", (r"\bsolicit\w*.{0,60}\bcustomers?\b",), "Limits approaching the counterparty's customers."),
    _c("Competitive Restriction Exception", "exception, carve-out, carveout", (r"\bnotwithstanding\b.{0,80}\b(compet\w*|exclusiv\w*)", r"\bshall not (prevent|restrict|prohibit)\b"), "Carve-outs narrow a restriction; check they are clear."),
    _c("No-Solicit Of Employees", "solicit employees, hire employees, non-solicitation of employees", (r"\b(solicit|hire|employ)\w*.{0,60}\b(employees?|personnel|staff)\b",), "Limits hiring the counterparty's staff."),
    _c("Non-Disparagement", "disparage, disparagement", (r"\bdisparag\w*",), "Restricts what a party may say publicly."),
    _c("Termination For Convenience", "termination, terminate, cancel, without cause, for convenience", (r"\bterminat\w*", r"\bwithout cause\b", r"\bfor convenience\b", r"\bcancel\w*"), "A party may be able to end the contract on notice alone; check notice and fees."),
    _c("Rofr/Rofo/Rofn", "right of first refusal, first offer, first negotiation, rofr, rofo", (r"\bright of first (refusal|offer|negotiation)\b", r"\bfirst right\b"), "A party may have priority over any sale or licence."),
    _c("Change Of Control", "change of control, merger, acquisition", (r"\bchange (of|in) control\b", r"\bmerger\b", r"\bacqui(red|sition)\b", r"\bconsolidat\w*"), "A merger or sale may trigger termination or consent rights."),
    _c("Anti-Assignment", "assignment, assign, transfer the agreement", (r"\bassign\w*", r"\bdelegat\w*"), "Assignment may need consent; check whether affiliates or acquirers are excepted."),
    _c("Revenue/Profit Sharing", "revenue sharing, profit sharing, royalty, royalties, commission", (r"\broyalt\w*", r"\brevenue\w*", r"\bprofits?\b", r"\bcommissions?\b", r"\bpercent(age)?\b"), "Check the base, the rate and audit of shared revenue."),
    _c("Price Restrictions", "price restriction, price increase, pricing", (r"\bprice\w*.{0,60}\b(increase|decrease|adjust|change)\w*",), "Limits on changing prices."),
    _c("Minimum Commitment", "minimum commitment, minimum purchase, minimum order", (r"\bminimum\b", r"\bat least\b.{0,40}\b(units|orders?|purchases?)\b"), "A shortfall may cost money; check the amounts and periods."),
    _c("Volume Restriction", "volume restriction, volume, cap on usage", (r"\bvolume\b", r"\bexceed\w*.{0,40}\b(units|usage|quantity|threshold)\b"), "Usage above a threshold may cost more or need consent."),
    _c("Ip Ownership Assignment", "intellectual property ownership, ip ownership, ownership of intellectual property", (r"\b(intellectual property|inventions?|work product|deliverables)\b.{0,80}\b(own\w*|assign\w*|property of)\b", r"\bhereby assigns?\b"), "IP created under the contract may belong to the counterparty."),
    _c("Joint Ip Ownership", "joint ownership, jointly owned", (r"\bjoint(ly)? own\w*", r"\bco-?own\w*"), "Jointly owned IP is hard to exploit alone."),
    _c("License Grant", "license grant, licence, license", (r"\bgrants?\b.{0,80}\blicen[cs]e\b", r"\blicen[cs]e\b.{0,40}\bto (use|make|sell|reproduce|distribute)\b"), "Check the scope, field and territory of the licence."),
    _c("Non-Transferable License", "non-transferable, non-transferrable", (r"\bnon-?transfer\w*", r"\bnon-?sublicens\w*"), "The licence cannot be moved to others."),
    _c("Affiliate License-Licensor", "affiliate license licensor", (r"\baffiliates?\b.{0,80}\blicen[cs]\w*",), "Check whether affiliates' IP is included."),
    _c("Affiliate License-Licensee", "affiliate license licensee", (r"\blicen[cs]\w*.{0,80}\baffiliates?\b",), "Check whether affiliates may use the licence."),
    _c("Unlimited/All-You-Can-Eat-License", "unlimited license, all you can eat, enterprise license", (r"\bunlimited\b", r"\benterprise[- ]wide\b"), "Check what 'unlimited' covers."),
    _c("Irrevocable Or Perpetual License", "irrevocable, perpetual", (r"\birrevocabl\w*", r"\bperpetu\w*"), "A licence that cannot be revoked survives disputes."),
    _c("Source Code Escrow", "source code escrow, escrow", (r"\bescrow\w*", r"\bsource code\b"), "Check release conditions of escrowed code."),
    _c("Post-Termination Services", "post-termination, after termination, transition services, survive", (r"\b(after|upon|following) (the )?(termination|expiration)\b", r"\bsurviv\w*", r"\btransition\w*"), "Obligations may continue after the contract ends."),
    _c("Audit Rights", "audit, inspect, books and records", (r"\baudit\w*", r"\binspect\w*", r"\bbooks and records\b", r"\brecords\b"), "A party may inspect books or sites; check notice, frequency and cost."),
    _c("Uncapped Liability", "uncapped liability, unlimited liability, liability", (r"\bunlimited liabilit\w*", r"\bshall not (apply|limit)\b.{0,80}\bliabilit\w*", r"\bgross negligence\b", r"\bwillful misconduct\b", r"\bindemnif\w*"), "Some breaches may expose a party to liability without limit."),
    _c("Cap On Liability", "cap on liability, limitation of liability, liability, damages", (r"(?<!limited )\bliabilit\w*(?! compan)", r"\bliable\b", r"\bconsequential\b", r"\bin no event\b", r"\bdamages\b", r"\baggregate\b.{0,60}\b(exceed|amount)\b"), "Limits what can be recovered for a breach; check the amount, exclusions and mutuality."),
    _c("Liquidated Damages", "liquidated damages, termination fee, penalty", (r"\bliquidated damages\b", r"\btermination fee\b", r"\bpenalt\w*"), "A fixed sum may be owed on breach or termination."),
    _c("Warranty Duration", "warranty, warranties, warranty period", (r"\bwarrant\w*",), "Check how long warranties last and the remedy."),
    _c("Insurance", "insurance, insured, coverage", (r"\binsur\w*", r"\bcoverage\b", r"\bpolic(y|ies)\b"), "Check required coverage and who is named insured."),
    _c("Covenant Not To Sue", "covenant not to sue, not to sue, contest validity", (r"\bnot to (sue|contest|challenge)\b", r"\bshall not (contest|challenge)\b"), "A party may give up claims or challenges."),
    _c("Third Party Beneficiary", "third party beneficiary, third-party beneficiary", (r"\bthird[- ]party beneficiar\w*",), "Outsiders may be able to enforce the contract."),
)
BY_NAME = {c.name.lower(): c for c in CATEGORIES}

_QUOTED = re.compile(r"[\"“]([^\"”]{3,60})[\"”]")


def categories_for(question: str) -> list[Category]:
    """The categories a question asks about: a quoted CUAD name first, else trigger words."""
    q = question.lower()
    for quoted in _QUOTED.findall(question):
        cat = BY_NAME.get(quoted.strip().lower())
        if cat:
            return [cat]
    found = []
    for cat in CATEGORIES:
        if cat.name.lower() in q or any(re.search(rf"\b{re.escape(t)}", q) for t in cat.triggers if t):
            found.append(cat)
    return found


# A sentence ends at . ; : ! ? before a capital, digit or bracket; at a blank line; or before a
# line that opens a list item ("12. Term", "(a) the", "ARTICLE"); not after a list number
# ("2. Payment"). "ten\n(10) days" is no item.
_SENT_END = re.compile(r"(?<=[.;:!?])(?<!\b\d\.)(?<!\b\d\d\.)\s+(?=[A-Z(\"“0-9])|\n\s*\n|\n(?=\s*(?:\(?[0-9]{1,2}(?:\.[0-9]+)*[.)]\s+[A-Z]|\(?[a-z]\)\s|[A-Z][A-Z ]{3,}\b))")


def sentences(text: str, max_chars: int = 600) -> list[Span]:
    """Sentence spans of ``text``; each span's text is ``text[start:end]``, stripped, verbatim."""
    spans: list[Span] = []
    pos = 0
    for m in [*_SENT_END.finditer(text), None]:
        end = m.start() if m else len(text)
        _add_span(text, pos, end, max_chars, spans)
        pos = m.end() if m else len(text)
    return spans


@dataclass(frozen=True)
class Evidence:
    page: int
    quote: str
    category: str
    score: float


def evidence(pages: dict[int, str], question: str, cats: list[Category], *, per_page: int = 3, limit: int = 10) -> list[Evidence]:
    """Verbatim sentences from ``pages`` (page number -> text) that bear on the question.

    A sentence qualifies by matching a category's clause patterns; with no category, by
    sharing content words with the question. Best first; order of pages is kept for ties.
    """
    qwords = content_words(question)
    found: list[Evidence] = []
    for page, text in pages.items():
        scored = []
        for span in sentences(text):
            overlap = len(qwords & content_words(span.text))
            best, hits = None, 0
            for cat in cats:
                h = cat.hits(span.text)
                if h > hits:
                    best, hits = cat, h
            score = hits * 2 + overlap if best else (overlap if not cats and overlap >= 2 else 0)
            if score > 0:
                scored.append(Evidence(page, " ".join(span.text.split()), best.name if best else "Question", float(score)))
        scored.sort(key=lambda e: -e.score)
        found.extend(scored[:per_page])
    found.sort(key=lambda e: -e.score)
    return found[:limit]



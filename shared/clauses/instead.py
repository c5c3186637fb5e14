"""What a contract gives in place of an asked clause it lacks. A reviewer asked for every
termination clause, told "No Termination For Convenience clause found", still needs to know how
the contract can end: where it has no right to end for convenience, its rights to end for cause
(a breach, a default, an insolvency, a change of control, a death) are what it gives instead.
Asked "is the licence exclusive?" of a contract with no Exclusivity clause, its non-exclusive
grants answer the question. :func:`shared.clauses.findings.absent` quotes them beside the absence
(``absent[].instead``, said in words by ``absent[].instead_what`` and ``instead_tag``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from shared.clauses import extent
from shared.clauses.grounds import ANY_REASON, GROUNDS, at_will, notice_alone

if TYPE_CHECKING:
    from shared.clauses.findings import Scored

# A right to end the contract ("Either Party may terminate this Agreement", "shall be entitled to terminate this
# Agreement", "This Agreement may be terminated by AMAG", "the other party may terminate for cause"), not a right
# or a licence that ends ("Co-Host reserves the right to terminate the foregoing right") nor a termination's
# effect ("No termination ... shall relieve any party").
_RIGHT = re.compile(r"\b(?:may|can|shall|will|right|entitled|option)\b[^.;]{0,80}?\bterminate\s+(?:(?:\w+\s+){0,4}?(?:agreement|contract|engagement)\b|for\s+cause)"
                    r"|\b(?:agreement|contract)\s+(?:\w+\s+){0,3}?(?:may|can|shall|will)\s+(?:(?!survive)\w+\s+){0,2}?(?:be\s+)?terminat", re.I)  # not "... shall survive termination"
_NOT_A_RIGHT = re.compile(r"\b(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}?terminate\b|\b(?:neither|no)\s+(?:\w+\s+){0,3}?(?:shall|will|may)\s+(?:\w+\s+){0,3}?terminate\b"
                         r"|\b(?:discuss|consider|negotiate)\w*\s+(?:in\s+good\s+faith\s+)?(?:whether\s+)?to\s+(?:\w+\s+or\s+)?terminate\b"  # "both the Parties will mutually discuss whether to continue or terminate the Agreement" (IMPCO)
                         # "In addition to the right to terminate this Agreement, the non-breaching party shall have all rights and remedies" (RAND WORLDWIDE)
                         r"|^\W*in\s+addition\s+to\s+(?:the|its|any|such)\s+(?:\w+\s+)?rights?\s+to\s+terminate\b(?!(?:[^.;]|\.\d)*\b(?:may|right\s+to|entitled\s+to)\s+(?:immediately\s+)?terminate)", re.I)
# An end without cause, which would be the asked clause itself ("for any reason", "for convenience"); a discretion
# to use a right that a default gives ("the HOF Entities shall have the right, in their sole discretion, (A) to
# terminate this Agreement") is still an end for cause.
_WITHOUT_CAUSE = re.compile(r"\bwithout\s+(?:any\s+)?cause|" + ANY_REASON + r"|\bconvenience\b|\bat\s+will\b|\bfor\s+whatever\s+reason"
                            r"|\bat\s+the\s+(?:sole\s+)?option\s+of\s+(?:any|either|each)\s+part"
                            # an item that is a notice alone: "may terminate this Agreement ...: (i) upon thirty (30) days prior written notice, or (ii) ... if" (HF ENTERPRISES)
                            r"|\((?:i|a|1)\)\s*(?:upon|on|with|by\s+giving)\s+(?:at\s+least\s+)?[^.;()]{0,30}?(?:\(\d+\)\s*)?(?:days?|months?)['’]?\s+(?:\w+\s+){0,3}?notice\s*[,;]?\s*(?:or|and)\b"
                            # ... or a party's own: "can be terminated at any time ..., as follows: (a) by the Consultant electing to give the
                            # Company not less than 3 months prior notice of such termination;" (CORAL GOLD)
                            r"|\((?:i|a|1)\)\s*by\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){1,3}(?:electing\s+to\s+give|giving)\s+(?:\w+\s+){0,3}?(?:not\s+less\s+than\s+|at\s+least\s+)?"
                            r"(?:\w+\s+)?(?:\(\d+\)\s*)?(?:days?|months?)['’]?\s+(?:(?:prior|advance|written)\s+){0,3}notice\b(?![^.;]{0,40}\bif\b)", re.I)  # "shall terminate (a) at the option of any party, upon 90 days' notice" (TALCOTT)


def ends_for_cause(text: str) -> bool:
    """A right to terminate the contract on a ground (a breach, a default, an insolvency, a change of
    control, a death: ``grounds.GROUNDS``) and on none without cause."""
    return bool(_RIGHT.search(text) and GROUNDS.search(text)) and not (_NOT_A_RIGHT.search(text) or _WITHOUT_CAUSE.search(text) or notice_alone(text))


# A grant or an appointment said to be non-exclusive ("hereby grants ... a non-exclusive, non-transferable licence",
# "appoints Distributor as a non-exclusive distributor"), not a court's jurisdiction.
_NON_EXCLUSIVE = re.compile(r"\bnon(?:-\s*|\s)?exclusive(?:ly)?\b(?!\s+(?:jurisdiction|venue|forum))", re.I)
_GRANTS = re.compile(r"\b(?:grant(?:s|ed)?|appoint(?:s|ed|ment)?|licen[cs]e[sd]?|authori[sz]e[sd]?|right\s+to\s+(?:use|sell|distribute|market|resell|reproduce)"
                     r"|(?:serve|act)s?\s+as)\b", re.I)  # "Bravatek agrees to serve as a non-exclusive project sales lead finder" (SIBANNAC)
# ... and one said to be exclusive, which makes a quote of the non-exclusive ones misleading: the model missed a clause
# (24 of 35 train contracts with an Exclusivity label and a non-exclusive grant have such a sentence beside it). A use "solely and
# exclusively as" a part of a name is no exclusive grant, nor is a licensor's "exclusive right, but not the obligation, to prosecute"
# infringers (PALMER SQUARE trademark licence, CUAD train, read on the final page: its non-exclusive licence was not quoted).
_EXCLUSIVE = re.compile(r"(?<![-\w])(?<!non\s)(?<!solely\sand\s)exclusive(?:ly)?\b(?!\s+(?:of\b|right,?\s+(?:but\s+not\s+the\s+obligation,?\s+)?to\s+(?:prosecute|defend|enforce|settle|control|bring|institute|sue|file|maintain)\b|jurisdiction|venue|forum|remed|property|owner|right,?\s+title|rights?\s+(?:of|in|to)\s+(?:the\s+)?owner|(?:that|those)\s+of\b|owned|belong|vested))", re.I)  # "Licensor's exclusive rights of ownership of the Licensed Mark" (ARCONIC); "such good will is exclusively that of Licensor" (ALLIED ESPORTS)


# A right its owner keeps for itself grants nothing: "Licensor shall retain the exclusive right to apply for and obtain
# registrations for the Licensed Mark" (HERTZ, beside a nonexclusive licence), "reserves the sole and exclusive right".
_KEPT = re.compile(r"\b(?:retain|reserve|keep)(?:s|ed)?\s+(?:(?:the|its|all|sole|and|full)\s+){0,3}exclusive(?:ly)?\b", re.I)


def _exclusive(text: str) -> bool:
    return bool(_EXCLUSIVE.search(_KEPT.sub(" ", _NON_EXCLUSIVE.sub(" ", text))))


# The contract's own name grants nothing: "Exhibit 6.2 NON-EXCLUSIVE LICENSE AGREEMENT BETWEEN THE JOHNS HOPKINS UNIVERSITY ..."
# and "This Non-Exclusive License Agreement (hereinafter "Agreement") is entered into ..." were quoted as non-exclusive rights
# beside the grant itself (VIRTUOSO SURGICAL, CUAD train, read on the final page).
_NAMED = re.compile(r"\bnon(?:-\s*|\s)?exclusive\s+(?:[\w-]+\s+){0,2}agreement\b", re.I)


def grants_non_exclusive(text: str) -> bool:
    """A grant, a licence or an appointment said to be non-exclusive (and none said to be exclusive)."""
    text = _NAMED.sub(" ", text)
    return bool(_NON_EXCLUSIVE.search(text) and _GRANTS.search(text)) and not _exclusive(text)


def grants_exclusive(text: str) -> bool:
    """A grant, a licence or an appointment said to be exclusive (not "non-exclusive", not "exclusive of VAT", not a
    right its owner keeps), or a section titled so: "3. EXCLUSIVITY a) For the term of the Agreement, Excite will not enter into
    any agreement to display ... Competitors" (NETGROCER, CUAD train, read on the final page, where the absent Exclusivity quoted a
    non-exclusive trademark licence)."""
    return _exclusive(text) and bool(_GRANTS.search(text)) or bool(_TITLED.match(text))


_TITLED = re.compile(r"\W*(?:(?:section|article)\s+)?(?:\d{1,2}(?:\.\d{1,2})*\.?\s*)?(?:exclusivity|exclusive\s+(?:rights?|dealing|relationship|arrangement))\b", re.I)


# A grant for which nothing is paid ("a royalty-free, non-exclusive license", "fully paid-up"), where no sentence of the
# contract shares a payment (a royalty, a commission, a percentage, a share of revenue, profit, margin or sales): asked
# for royalties of a royalty-free trademark licence (HERTZ), the grant is the answer. Over CUAD, every one of the 27 train
# and 7 dev contracts with such a grant and a Revenue/Profit Sharing label has such a sentence; of those without, 6 of 41
# train contracts quote their grant, none of 11 dev.
_FREE = re.compile(r"\broyalty[-\s]free\b|\bfully[-\s]paid\b|\bpaid[-\s]up\b", re.I)
_SHARES = re.compile(r"royalt|commission|revenue|profit|margin|percent|%|\bof\s+(?:(?:the|all|net|gross|total|its|\w+'s)\s+){0,3}(?:\w+\s+)?sales\b"
                     r"|\b(?:common|restricted|preferred)\s+stock\b|\bequity\b", re.I)  # an equity grant is labelled so too (PANDION, CUAD dev)


def grants_free(text: str) -> bool:
    """A grant or a licence for which nothing is paid (and no share of a payment named beside it)."""
    return bool(_FREE.search(text) and re.search(r"\blicen[cs]|\bgrant", text, re.I)) and not shares(text)


_LOST = re.compile(r"\b(?:loss(?:es)?\s+of|lost)\s+(?:\w+\s+){0,3}?(?:profits?|revenues?|margins?|sales)\b", re.I)  # damages, not a share


def shares(text: str) -> bool:
    """A royalty, a commission or a share of revenue, profit, margin or sales (not "royalty-free", not "lost profits")."""
    return bool(_SHARES.search(_LOST.sub(" ", _FREE.sub(" ", text))))


# A licence for the term only, where an irrevocable or perpetual one is asked and absent ("During the Term ..., ESSI shall have
# the right to use the name, image, likeness ... of Talent": ECOSCIENCE, CUAD train, read on the final page, asked "what
# happens to my image rights after it ends?"), unless any grant of the contract is irrevocable, perpetual or indefinite. A grant
# not made ("Snap will not grant any third party any right") or only recited or warranted is none. Over CUAD train, of the 258
# contracts with no Irrevocable Or Perpetual License label 43 quote such a grant; of the 38 with one, 2 (their labels are
# licences during the term themselves: BIOCEPT, PROFOUND MEDICAL).
_FOR_TERM = re.compile(r"\b(?:during|for|throughout)\s+the\s+(?:(?:initial|license|licence)\s+)?term\b(?!\s+of\s+(?:any|such|the)\s+(?:patent|copyright|trademark))"
                       r"|\buntil\s+(?:the\s+)?(?:expiration|termination|end)\s+of\s+(?:this|the)\s+(?:agreement|term)\b", re.I)
_LASTING = re.compile(r"irrevocab|perpetu|indefinite", re.I)
_LICENSES = re.compile(r"\bgrants?\b[^.;]{0,200}?\b(?:licen[cs]e|right\s+to\s+use|rights?\s+to)\b|\bshall\s+have\s+the\s+(?:non-?exclusive\s+|exclusive\s+)?right\s+to\s+use\b"
                       r"|\bis\s+(?:hereby\s+)?(?:granted|licensed)\b", re.I)
_NOT_GRANTED = re.compile(r"\bnot\s+(?:\w+\s+){0,2}grant|\bwhereas\b|\brepresents\s+and\s+warrants\b|\bwarrants\s+that\b", re.I)


def grants_for_term(text: str) -> bool:
    """A licence or a right to use granted for the contract's term (none said to be irrevocable, perpetual or indefinite)."""
    return bool(_LICENSES.search(text) and _FOR_TERM.search(text)) and not (_LASTING.search(text) or _NOT_GRANTED.search(text))


def grants_lasting(text: str) -> bool:
    """A licence or a right said to be irrevocable, perpetual or indefinite."""
    return bool(_LASTING.search(text) and _LICENSES.search(text))


# How prices may change, where a restriction on prices is asked and absent: "can they raise the tariff?" of a transportation
# agreement whose "fee ... shall be adjusted annually (both upward and downward)" by the Consumer Price Index was answered "No
# Price Restrictions clause found" alone (MARTIN MIDSTREAM, CUAD train, read on the final page). A price, fee, rate or charge
# that may, shall or will be increased, adjusted or changed, or a right to change one, is quoted beside the absence, unless a
# sentence limits such a change ("may not increase by more than ten percent", "only once per year": CUAD labels those, and
# adjustments by an index, as the category; the model then missed one). An interest or exchange rate is no price. Over CUAD
# train (sentences of the text), of the 287 contracts without the label 27 quote such a change; of the 9 with one, 2. On dev,
# 6 of the 91 absent pairs quote one, each a fee or price that may change (the one labelled absent pair quotes none).
_PRICE = r"(?:prices?|pricing|price\s+lists?|fees?|(?<!interest\s)(?<!exchange\s)rates?|tariffs?|charges?|royalt(?:y|ies))"
_CHANGES = re.compile(rf"\b{_PRICE}\b(?:\s+[\w,'’()-]+){{0,6}}?(?:,[^.;,]{{0,100}},)?\s+(?:may|shall|will|can)\s+(?:(?:be|vary|also|automatically|annually|thereafter)\s+){{0,3}}(?:subject\s+to\s+(?:an?\s+)?)?"
                      r"(?:increase|rais|adjust|revis|chang|escalat|modif)\w*"
                      r"|\b(?:may|reserves?\s+the\s+right\s+to|right\s+to|entitled\s+to)\s+(?:\w+\s+){0,2}?(?:increase|raise|adjust|change|revise|modify)\s+"
                      rf"(?:(?:the|its|any|all|such|our|their|applicable|[A-Z]\w+)\s+){{0,3}}(?:\w+\s+)?{_PRICE}\b", re.I)
_DEFINES = re.compile(r"\b(?:means|shall\s+mean|borne\s+by)\b", re.I)
_LIMITS = re.compile(r"\b(?:shall|will|may)\s+not\s+(?:be\s+)?(?:increase|rais|chang|adjust)|\b(?:remain|be)\s+(?:fixed|firm|unchanged)\b|\bno\s+(?:price\s+)?increases?\b"
                     r"|\bnot\s+(?:to\s+)?exceed|\b(?:no|not)\s+more\s+(?:than|often)\b|\bonly\s+once\b|\bprice\s+protection\b|\bmost\s+favou?red\b", re.I)


def prices_change(text: str) -> bool:
    """A price, fee, rate or charge that may or shall be raised, adjusted or changed, or a right to change one."""
    return bool(_CHANGES.search(text)) and not _DEFINES.search(text)


def limits_change(text: str) -> bool:
    """A price change limited ("rates may not increase by more than ten percent", "only once per year")."""
    return bool(_LIMITS.search(text) and re.search(_PRICE, text, re.I) and re.search(r"increas|rais|chang|adjust", text, re.I))


# Who keeps what, where an assignment of intellectual property is asked and absent: "who owns the content?" of a co-branding
# agreement whose parties each "retain all rights, title and interest in and to all intellectual property rights embodied in ...
# the 2TheMart Content" was answered "No Ip Ownership Assignment clause found" alone (2THEMART, CUAD train, read on the final
# page). A sentence by which a party retains, reserves or keeps its rights in a work, a mark, content, technology or the like,
# or by which they remain its property, is quoted beside the absence, unless any sentence assigns such rights, makes a work one
# made for hire or vests them in another (the model then missed an assignment). Recitals, warranties and confidential
# information are no such answer. Over CUAD (the product's findings; train as text), of the contracts without the label and
# with no finding 30 of 217 train and 9 of 78 dev quote one; of the labelled with none found, 0 of 1 train and 1 of 3 dev
# (NEOFORMA: "the Intellectual Property of VerticalNet is and shall remain the sole property of VerticalNet", true beside a
# missed assignment). Counted by bench/bench_instead.py.
_THING = (r"\b(?:intellectual\s+property|(?:trade|service)?\s*marks?|trademarks?|trade\s+names?|logos?|content|technology|software|programs?|patents?|copyrights?"
          r"|inventions?|know-how|works|work\s+product|deliverables?|source\s+code|components?|interfaces?|formulations?|data|improvements?"
          r"|information\s+(?:regarding|about|concerning|on)\s+(?:its\s+|their\s+|the\s+)?(?:customers|users|members|subscribers)|(?:customer|user|member|subscriber)\s+(?:information|records|lists?))\b")
_KEEPS = re.compile(r"\b(?:retains?|reserves?(?!\s+the\s+right\b)|keeps?|remains?|(?:shall|will)\s+(?:remain|continue\s+to\s+(?:be|own))|continues?\s+to\s+own)\b[^.;]{0,60}?"
                    r"\b(?:(?:right|title)s?,?\s+(?:title\s+)?(?:and\s+)?interests?|ownership|(?:the|sole|exclusive|legal|registered)\s+owners?|property)\b", re.I)
_NOT_KEPT = re.compile(r"\bwhereas\b|\brepresents\s+and\s+warrants\b|\bwarrants\s+that\b|\bconfidential\b", re.I)
_ASSIGNS = re.compile(r"\b(?:assigns?|transfers?|conveys?)\b[^.;]{0,80}?\b(?:right,?\s+title|rights?\s+(?:in|to)|intellectual\s+property|ownership|copyrights?|patents?|inventions?)\b"
                      r"|\bworks?\s+(?:made\s+)?for\s+hire\b|\bshall\s+(?:be\s+owned\s+by|vest\s+in|become\s+the\s+(?:sole\s+)?(?:and\s+exclusive\s+)?property|be\s+the\s+(?:sole\s+(?:and\s+exclusive\s+)?)?property\s+of)", re.I)


def keeps_own(text: str) -> bool:
    """A party keeps its rights in a work, a mark, content or technology ("retains all right, title and interest")."""
    return bool(_KEEPS.search(text) and re.search(_THING, text, re.I)) and not _NOT_KEPT.search(text)


def assigns(text: str) -> bool:
    """Rights in a work or an invention assigned, made for hire or vested in another."""
    return bool(_ASSIGNS.search(text))


# Where disputes are heard, where the law that governs is asked and absent: "which law and courts apply?" of a web hosting agreement
# whose one such sentence is "Any disputes arising herein shall be settled in a court in FLorida" was answered "No Governing Law clause
# found" alone (GALACTICOMM, CUAD train, read on the final page). A forum names no governing law (CUAD labels neither as the other),
# but it is what the contract says on the question: a sentence that sends disputes, claims or actions to a court, a venue, a
# jurisdiction or an arbitration is quoted beside the absence, unless a sentence says what law governs (the model then missed it).
_FORUM = re.compile(r"\b(?:disputes?|claims?|actions?|suits?|proceedings?|controvers(?:y|ies)|litigation)\b[^.;]{0,120}?\b(?:settled|resolved|brought|heard|filed|submitted|decided|determined|venued?|instituted)\b"
                    r"[^.;]{0,60}?\b(?:in|before|to|via|through|under|of)\s+(?:\w+\s+){0,3}?(?:courts?|tribunals?|arbitrat\w+|venue|jurisdiction|county|state\s+of)\b"  # not "brought ... by suit, arbitration" (XLI)
                    r"|\b(?:exclusive|non-?exclusive|sole)?\s*(?:jurisdiction|venue)\s+(?:of|in)\s+(?:the\s+)?(?:\w+\s+){0,3}?courts?\b"
                    r"|\bsubmits?\s+to\s+the\s+(?:\w+\s+){0,2}?jurisdiction\b", re.I)
_ANY_COURT = re.compile(r"\bcompetent\s+jurisdiction\b", re.I)  # relief from "any court of competent jurisdiction" sends disputes nowhere (ORBSAT)
_LAW = re.compile(r"\bgoverned\s+by\b|\bconstrued\s+(?:\w+\s+){0,4}?(?:in\s+accordance\s+with|under|by)\b[^.;]{0,40}?\blaws?\b|\blaws?\s+of\s+(?:the\s+)?(?:state|commonwealth|province|people's)\b|\bgoverning\s+law\b", re.I)


def names_forum(text: str) -> bool:
    """Disputes sent to a court, a venue, a jurisdiction or an arbitration."""
    return bool(_FORUM.search(text)) and not _ANY_COURT.search(text)


def names_law(text: str) -> bool:
    """A law said to govern ("governed by", "construed in accordance with the laws of")."""
    return bool(_LAW.search(text))


# Who may take the contract over, where a limit on transferring the licence is asked and absent: "can they assign the licence?" of a
# video-on-demand licence whose only such words are "This Agreement may not be assigned, sold or transferred without the prior written
# consent of the other party" was answered "No Non-Transferable License clause found" alone (EUROMEDIA, CUAD train, read on the final
# page). A licence granted by the contract goes where the contract goes: a sentence that bars or conditions assigning or transferring
# the contract (or its rights) is quoted beside the absence, unless a sentence calls a licence non-transferable or non-assignable (the
# model then missed it).
_BARS_ASSIGNING = re.compile(r"(?:\b(?:may|shall|will|can)\s*not|\bcannot|\bneither\s+(?:party|\w+)\s+(?:may|shall|will)|\bno\s+party\s+(?:may|shall|will)|\bprohibited\s+from)\s+"
                             r"(?:(?!be\b)\w+,?\s+){0,4}?(?:assign|transfer|sell|delegate)\w*\b[^.;]{0,80}?\b(?:this\s+agreement|the\s+agreement|(?:its|any)\s+(?:of\s+its\s+)?rights|rights\s+(?:and|or)\s+obligations)\b"
                             r"|\b(?:this|the)\s+agreement\b[^.;]{0,60}?\b(?:may|shall|will)\s+not\s+be\s+(?:(?!deemed|considered|construed|treated|regarded)\w+,?\s+){0,3}?(?:assigned|transferred)\b", re.I)
_NAMES_LICENCE_LIMIT = re.compile(r"\bnon-?\s?(?:transferable|assignable)\b|\bnot\s+(?:be\s+)?(?:transferable|assignable)\b|\blicen[cs]e\w*\b[^.;]{0,60}?\b(?:may|shall)\s+not\s+be\s+(?:assigned|transferred|sublicensed)", re.I)


def bars_assigning(text: str) -> bool:
    """Assigning or transferring the contract (or its rights) barred or made subject to consent."""
    return bool(_BARS_ASSIGNING.search(text))


def limits_licence(text: str) -> bool:
    """A licence said to be non-transferable or non-assignable."""
    return bool(_NAMES_LICENCE_LIMIT.search(text))


# What warranty is given or disclaimed, where how long a warranty lasts is asked and absent: "what warranties do we get on the
# interface?" of a licensing and hosting agreement whose TrueLink "represents and warrants that the Interface and all related software
# ... will operate before, on and after January 1, 2000" and "DISCLAIMS ANY AND ALL EXPRESS WARRANTIES" was answered "No Warranty
# Duration clause found" alone (BNC MORTGAGE, CUAD train, read on the final page). A warranty of a product, software, a service or
# work, or a disclaimer of warranties, is quoted beside the absence, unless a sentence gives a warranty a period (the model then
# missed it). A warranty of a party's power or standing is none, and so is a promise to make none to customers ("(E) make no
# representations, warranties or guarantees to customers").
_WARRANTS_WORK = re.compile(r"\bwarrants?\s+(?:to\s+\w+\s+)?that\s+(?:(?:the|all|its|each|any|such|every)\s+)?(?:[\w-]+\s+){0,3}?(?:products?|software|services?|goods|interface|systems?"
                            r"|deliverables?|equipment|technology|work|materials?|hardware|programs?|units?|components?|devices?)\b"
                            r"|\bdisclaims?\b[^.;]{0,80}?\bwarrant|(?:\bmakes|\b(?:we|I)\s+make)\s+no\s+(?:other\s+)?(?:[\w,]+\s+){0,4}?warrant|\bas[\s-]+is\b(?=[\"”']?\s*(?:[,.;)]|and\b|basis\b|where\b|with\b))|\bwithout\s+(?:any\s+)?warranty", re.I)
_WARRANTY_PERIOD = re.compile(r"\bwarrant\w*\b[^.;]{0,160}?\b(?:for\s+(?:a\s+period\s+of\s+)?|within\s+|period\s+of\s+)(?:\w+\s+)?(?:\(\d+\)\s*)?(?:days?|months?|years?)\b"
                              r"|\bwarranty\s+period\b", re.I)


def warrants_work(text: str) -> bool:
    """A warranty of a product, software, a service or work, or a disclaimer of warranties."""
    return bool(_WARRANTS_WORK.search(text))


def warranty_period(text: str) -> bool:
    """A warranty given a period ("for a period of ninety (90) days", "the Warranty Period")."""
    return bool(_WARRANTY_PERIOD.search(text))


class Given(NamedTuple):
    """What stands in a category's place: ``gives`` (read on each sentence that names ``word``),
    said as ``what`` ("rights to terminate for cause") and, in a cell, ``tag`` ("for cause only");
    nothing is quoted where a sentence of the contract reads ``unless`` (a clause the model missed)."""

    gives: Callable[[str], bool]
    word: str
    what: str
    tag: str
    unless: Callable[[str], bool] | None = None


# The asked category -> what the contract gives in its place.
INSTEAD: dict[str, Given] = {
    "Termination For Convenience": Given(ends_for_cause, "erminat", "rights to terminate for cause", "for cause only", at_will),
    "Exclusivity": Given(grants_non_exclusive, "xclusiv", "non-exclusive rights", "non-exclusive only", grants_exclusive),
    "Revenue/Profit Sharing": Given(grants_free, "", "royalty-free grants", "royalty-free only", shares),
    "Irrevocable Or Perpetual License": Given(grants_for_term, "", "licences for the term only", "for the term only", grants_lasting),
    "Price Restrictions": Given(prices_change, "", "terms on which prices may change", "prices may change", limits_change),
    "Ip Ownership Assignment": Given(keeps_own, "", "ownership each owner keeps", "ownership kept", assigns),
    "Governing Law": Given(names_forum, "", "a forum for disputes, which names no governing law", "forum only", names_law),
    "Warranty Duration": Given(warrants_work, "", "warranties given or disclaimed, with no period stated", "no period stated", warranty_period),
    "Non-Transferable License": Given(bars_assigning, "", "limits on assigning the contract (and any licence it grants)", "contract assignment only", limits_licence),
}


def words(gone: dict) -> tuple[str, str]:
    """What an absence's ``instead`` quotes, in words and for a cell (``what``, ``tag``); a final of
    version 6 named none: its quotes were rights to terminate for cause."""
    old = INSTEAD["Termination For Convenience"]
    return gone.get("instead_what") or old.what, gone.get("instead_tag") or old.tag


def given(scored: Scored, category: str, quote: Callable[[Scored, int, int], tuple[str, str]], *, limit: int = 3) -> list[dict]:
    """What the contract gives in place of ``category`` (``INSTEAD``): the first ``limit`` sentences
    that do, in the order they stand, each {page, quote} (``quote``: the findings' own quoting of
    units a..b, with the rest over a page break)."""
    kind, units, out, last, shown = INSTEAD.get(category), scored.units, [], -1, -1
    for i in range(len(units)) if kind else ():
        if len(out) == limit and not kind.unless:
            break
        if i <= last or scored.bare[i]:
            continue
        a, last = extent.sentence(units, i, None)
        last = extent.with_items(units, last)
        # a later item of a list goes with its lead-in: "A Party shall be in default if ...: (i) ...;" | "(iii) ..., then the other Party shall be entitled to terminate"
        while (a - 1 > shown and a > i - 6 and units[a - 1].page == units[a].page and extent.opens(units[a].text) and not scored.bare[a - 1]
               and not units[a - 1].text.rstrip().endswith((".", "!", "?"))):
            a -= 1
        said, rest = quote(scored, a, last)
        text = f"{said} {rest}".strip()
        if kind.word not in text.lower():
            continue
        if kind.unless and kind.unless(text):
            return []
        if len(out) < limit and kind.gives(text):
            # what it gives stands over the page break: that part is quoted, on its page (VITAMIN SHOPPE: "Each party hereby grants to the" | "other a non-exclusive …")
            over = rest and not kind.gives(said) and kind.gives(rest)
            got = {"page": units[a].page + 1, "quote": rest} if over else {"page": units[a].page, "quote": said}
            out += [] if got in out else [got]  # a heading's unit and the item after it read as one sentence twice (NETGROCER, on the final page)
            shown = last
    return out

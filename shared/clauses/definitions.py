"""What a clause is not, by its category's definition: text the clause model scores for a
category that CUAD's definition of the category rules out, whatever its score (text that names
none of the category's words; a termination for cause is no Termination For Convenience; a term
that renews nothing is no Renewal Term; a cap that excepts nothing is no Uncapped Liability).
:func:`shared.clauses.findings.clause_ranges` leaves such clauses out. Each rule was checked on
CUAD train's labelled clauses (the share it keeps stands beside it) before it was measured on dev."""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.clauses import disclaimers, expiry, other_kinds, risk
from shared.clauses.catalogue import CATEGORIES
from shared.clauses.front_matter import not_the_contract
from shared.clauses.grounds import by_agreement_only, for_cause_only
from shared.documents import cjk


# A renewal says so: on CUAD train 131 of 135 labelled Renewal Term clauses have one of these
# words (of the four without, two are mislabelled data-protection text); a term that runs "one
# (1) year, commencing January 1, 2008 and ending on December 31, 2008" renews nothing, nor does
# one that "will terminate automatically one year after the closing of any sale" or "shall
# continue in force for a term of twelve (12) months" (WORLDWIDE STRATEGIES).
_RENEWS = re.compile(
    r"\b(?:renew\w*|extend\w*|extensions?|successi\w*|additional|roll\w*|further\s+(?:term|period)s?|month[\s-]+to[\s-]+month|year[\s-]+to[\s-]+year"
    # "shall continue thereafter from year to year", "... until either party gives notice"; not "shall
    # continue in force for a term of twelve (12) months ..., unless terminated earlier", nor "shall
    # continue for a period of ten (10) years thereafter" (LEJU)
    r"|continu\w*(?=\s+thereafter\b|[^.;]{0,80}\b(?:until|indefinite\w*|unless\s+(?:and\s+until\s+)?(?:either|one|a|the)\s+part\w*\s+(?:gives?|provides?|notif\w*|terminat\w*)|after\s+the\s+(?:initial|expir))))\b",
    re.I,
)


# "As used in this agreement, "Term" shall mean the Initial Term and the Renewal Terms, if any" (EDIETS) names renewals and renews
# nothing: 0 of CUAD train's 135 labels is such a definition alone.
_TERM_MEANS = re.compile(r"[\"“]Term[\"”]\s+(?:shall\s+)?(?:means?|includes?)\s+(?:collectively\s+)?,?\s*the\s+Initial\s+Term\b[^.;]{0,40}\bRenewal\s+(?:Term|Period)s?\b", re.I)
_RENEWS_HOW = re.compile(r"\bautomatic|\brenew(?:s|ed)?\s+(?:for|unless|on|each|from|at)\b|\d|\b(?:one|two|three|twelve)\b", re.I)


def renews_nothing(text: str) -> bool:
    return not _RENEWS.search(text) or bool(_TERM_MEANS.search(text)) and not _RENEWS_HOW.search(text)


def excepts_nothing(text: str) -> bool:
    """Whether a liability clause states no exception to its limits ("... shall not apply to",
    "except for", "Nothing in this Section shall limit", "Subject to Section 17(c)"). CUAD's
    Uncapped Liability is such an exception: on CUAD train 87 of 89 labelled clauses state one;
    a plain cap ("IN NO EVENT SHALL LICENSOR'S ... LIABILITY ... EXCEED ONE HALF OF THE AMOUNT
    PAID") is none."""
    return not any(f["kind"] == "carve_out" for f in risk.facts("Uncapped Liability", text))


# A clause names what it is about: one of its category's words (stems), written from CUAD's
# category descriptions and widened where CUAD train's labelled clauses said it otherwise. Only
# categories whose words are in at least 95% of the labelled clauses of CUAD train are here
# (labelled clauses with one / all; tests/unit/test_findings.py checks it): text scored for the
# category that names none of them is some other clause ("In the event Licensee winds up,
# dissolves or otherwise ceases doing business, Licensor shall be entitled to terminate" is no
# Change Of Control). Text in Chinese is not read so.
_WORDS: dict[str, str] = {
    "Change Of Control": r"sale|sell|transfer|change\s+in|death|control|merg|acqui|consolidat|substantially\s+all|operation\s+of\s+law|reorgani|ownership|owner|shares|stock|equity|voting",  # 122/127
    "Joint Ip Ownership": r"joint|co-own|both\s+parties|each\s+party|shared|in\s+common|together",  # 47/48
    "Third Party Beneficiary": r"third[\s-]+part|benefi|confer|successor",  # 25/26
    "Most Favored Nation": r"another|MFN|other\s+sponsors|favou?r|best|lowest|better|no\s+less|no\s+greater|not\s+(?:be\s+)?(?:less|greater|higher|more)|equal|same|comparable|similar|any\s+other",  # 21/21
    "Price Restrictions": r"pric|fee|rate|increase|cost|charge|discount",  # 20/20
    "Affiliate License-Licensee": r"affiliat|subsidiar|sublicens|related\s+(?:compan|entit)|group",  # 59/61
    "Non-Compete": r"conduct|work|franchis|conflict|operat|provid|offer|service|compet|engage|similar|rival|develop|market|sell|distribut|manufactur|business|products?",  # 137/142
    "No-Solicit Of Employees": r"solicit|\bhir(?:e|es|ed|ing)\b|recruit|entic|induc|employ(?:ment)?\s+(?:of|with|to)\s+(?:any|an)|employ\s+(?:any\s+)?(?:employees|personnel|staff|persons?|individuals?)|offer\s+(?:of\s+)?employment|engage\s+(?:any|the\s+services)|interfere",  # 41/41
    # whom the clause keeps the other side from soliciting; "(i) solicit ... any employee of the Company" is no customer (PANDION)
    "No-Solicit Of Customers": r"customer|client|account|supplier|vendor|distributor|licensee|subscriber|patient|dealer|retailer|franchisee|advertiser|sponsor|purchaser|buyer|merchant|referr|insured|relationship|\busers?\b|\bmembers?\b|contact|prospect",  # 31/32
    "Insurance": r"insur|polic|coverage|underwrit|indemnit|per\s+occurrence",  # 307/308; a row of limits: "Umbrella Excess Liability: $[***] per occurrence" (PHASEBIO)
    "Audit Rights": r"premises|enter|visit|observ|test|audit|inspect|examin|records|books|review|access|verif",  # 373/380
    "Irrevocable Or Perpetual License": r"irrevocab|perpetu|in\s+perpetuity|fully[\s-]+paid|survive",  # 86/89
    "Non-Transferable License": r"delegat|subcontract|convey|distribut|transfer|assign|sublicens|sub-licens|personal",  # 178/186
    "Liquidated Damages": r"liquidat|penalt|damages|forfeit|fee|pay|compensat|refund|amount",  # 55/57
    "Covenant Not To Sue": r"regist|impair|recogni|\bsue|claim|contest|challeng|waive|action|proceeding|dispute|attack|oppos|assert|bring|validity",  # 105/107
    "Revenue/Profit Sharing": r"revenue|profit|royalt|percent|%|share|commission|proceeds|net\s+sales|gross|income|entitled\s+to\s+receive",  # 221/228; "the Company shall be entitled to receive the following amounts" (STAMPS.COM)
    "Post-Termination Services": r"terminat|expir|surviv|after|following|cessation|wind|transition|beyond",  # 225/233; "may continue, beyond such 270-day period" (BABCOCK)
    "Expiration Date": r"term|expir|until|ending|end\s+of|continue|years?|months?|date|period|perpetu|through\s+and\s+including|effective\s+through",  # 268/269; "shall be effective through and including March 31, 2004" (NEON)
    # a renewal or an extension, not an expiry alone ("Tickets may terminate this Agreement for any
    # reason upon thirty (30) days' notice ... prior to the expiration of sixty (60) days": TICKETS.COM)
    # "shall continue in effect until the earlier of (a) the fifth (5th) anniversary ... and (b) termination ... upon thirty (30) days'
    # written notice" renews nothing either (LIGHTBRIDGE)
    "Notice Period To Terminate Renewal": r"renew|extend|extension|successive|automatic|then[\s-]+current|month[\s-]+to[\s-]+month|year[\s-]+to[\s-]+year|additional"
                                          r"|further\s+(?:term|period)|evergreen|continu(?!\w*\s+in\s+(?:full\s+)?(?:force|effect)\s+until\s+the\s+(?:earlier|earliest|sooner))",  # 83/87
    # a forum ("the courts of ... shall have exclusive jurisdiction") is no governing law
    "Governing Law": r"law|governed|construed|legislation|法",  # 262/265
    "Anti-Assignment": r"subcontract|assign|transfer|delegat|sublicens|sub-licens|successor|change\s+of\s+control|merg",  # 368/384
    "Ip Ownership Assignment": r"own|assign|title|vest|property|transfer|belong|right",  # 167/172
    "License Grant": r"licen[cs]|grant|right\s+to\s+use|permi|authori",  # 419/434
    "Cap On Liability": r"liab|damage|loss|claim|recover|remed|responsib|indemn|warrant|refund|reimburs|(?<!line of )(?<!letter of )credit|compensat|\baction|recourse|suit|\bsue\b|penalt|obligat|pay",  # 386/386; a sum that "shall not exceed" caps no liability (TRANSPHORM's spending approvals), nor does a line of credit (GRAN TIERRA)
    # "end" as a word (not "endorse", "amend", "extend"); "discontinue the production ... of the Software" ends no contract (WORLDWIDE STRATEGIES)
    "Termination For Convenience": r"termin|revok|revoc|ceas|not\s+to\s+proceed|cancel|\bend|withdraw|expire|convenience",  # 123/123
    "Rofr/Rofo/Rofn": r"purchase|exercis|reject|decid|first|refus|offer|negotiat|option|right|prior|before|opportunit|notify|notice",  # 159/159
    # a duration names a time; the 5 labels without one state a remedy or a scope ("WLI at its discretion will repair or replace the Equipment")
    "Warranty Duration": r"days?|months?|years?|period|term\b|until|date|expir|anniversar|life|time|hours?|weeks?|durat|perpetu|\bdelivery\b|within|commenc|\[\s*\*"
                         r"|so\s+long\s+as|as\s+long\s+as|promptly",  # 112/117
    "Minimum Commitment": r"minimum|at\s+least|less\s+than|not\s+less|no\s+less|guarant|commit|purchase|order|quantit|requir|shall\s+(?:pay|buy|provide|deliver)|\bpay|volume|target|fee|\$|percent|%|units?\b|forecast|take[\s-]or[\s-]pay|shortfall|exclusiv|solely|all\s+of\s+its|fail\w*\s+to|deliver",  # 235/237
    "Volume Restriction": r"limit|maximum|exceed|more\s+than|not\s+more|no\s+more|cap|up\s+to|restrict|only|no\s+(?:more|greater)|in\s+excess|additional|over|threshold|quantit|volume|number|percent|%|units?\b|fee|\$|at\s+least|one\s+\(1\)|fewer",  # 110/111
    "Exclusivity": r"exclusiv|sole|only|solely|not|no\s+other|refrain|all\s+of|entire|requirement|neither|other\s+than|no\s+right",  # 204/204
    "Affiliate License-Licensor": r"affiliat|subsidiar|related|group|parent|compan|licensor|its\b",  # 22/23
}


# Words read past before a category's own are looked for. A sublicence denied names no affiliate or sublicensee of the licensee (59 of 61
# train labels of Affiliate License-Licensee name one without it, as before; PLAYBOY: "non-assignable (without any right to sublicense)").
_NO_SUBLICENCE = re.compile(r"(?:non-?|without\s+(?:any\s+|the\s+)?(?:right\s+to\s+)?|no\s+(?:right\s+to\s+)?|not\s+(?:be\s+)?(?:entitled\s+to\s+|permitted\s+to\s+)?|nor\s+)sub-?licens\w*", re.I)
# A term's end ("for 12 months unless terminated sooner", "TERM AND TERMINATION", "terminating the [*****] day of") is no time after it
# (the term clauses of ADAMS GOLF, MANAKOA, DATACALL): 0 of 233 train labels of Post-Termination Services name the end only so.
_TERM_END = re.compile(r"\bunless\s+(?:(?:sooner|earlier)\s+)?terminated(?:\s+(?:sooner|earlier))?|\b(?:sooner|earlier)\s+terminat\w*|\bterminat\w*\s+(?:sooner|earlier)|\bterm\s+and\s+termination\b"
                       r"|\bmay\s+terminate\b|\btermination\s+(?:provisions?|clauses?|sections?)\b|\bterminat\w*\s+(?:on\s+)?the\s+\S+\s+day\s+of\b", re.I)
# Control of a thing ("in Licensee's possession or control", "beyond its reasonable control") is no control of a party (SFG FINANCIAL's
# return of materials upon termination was a Change Of Control card); 122 of 127 train labels name the category's words without it, as before.
_HELD = re.compile(r"\b(?:possession|custody)\s+(?:or|and|and/or)\s+control\b|\bcontrol\s+(?:or|and)\s+(?:possession|custody)\b|\bbeyond\s+(?:\w+\s+){0,3}?control\b", re.I)
# What a party owns is no exclusivity ("The Company Marks are the exclusive property of Company."), a cost split no revenue
# shared ("The arbitrator's fee shall be shared equally by the parties."): SMART RX; no train label of either reads so.
_OWNED = re.compile(r"\b(?:sole\s+and\s+)?exclusive\s+(?:property|owner\w*)|\bexclusively\s+own\w*", re.I)
_COSTS_SPLIT = re.compile(r"\b(?:fees?|costs?|expenses?|charges?)\b[^.]{0,60}?\b(?:shared|borne|split|divided|paid)\b(?:\s+\w+){0,3}?\s+(?:equally|evenly|50/50|pro\s+rata)", re.I)
_UNREAD = {"Affiliate License-Licensee": _NO_SUBLICENCE, "Post-Termination Services": _TERM_END, "Change Of Control": _HELD, "Exclusivity": _OWNED,
           "Revenue/Profit Sharing": _COSTS_SPLIT}


def _lead_in(text: str) -> bool:
    """A lead-in ("..., for two (2) years after ...:"): read with the items it leads into, not on its own words."""
    return text.rstrip().endswith((":", "—", "-"))


def _names_none(words: re.Pattern, unread: re.Pattern | None = None, lead_ins: bool = False) -> Callable[[str], bool]:
    return lambda text: not words.search(unread.sub(" ", text) if unread else text) and not cjk.has_cjk(text) and not (lead_ins and _lead_in(text))


# A lead-in names whom a non-solicit protects in the items it leads into ("You further covenant and agree that, for ... two (2) years
# after ...:" | "19.5.1 you will not ... solicit any customer": GOOSEHEAD), so it is not judged on its own words (read alone, the
# lead-ins of other categories are mostly no clause: on dev, not judging them adds 12 cards at lower precision).
_NAMES_NONE = {cat: _names_none(re.compile(words, re.I), _UNREAD.get(cat), cat == "No-Solicit Of Customers") for cat, words in _WORDS.items()}


def _either(*vetoes: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda text: any(veto(text) for veto in vetoes)


_only = disclaimers.only


# A minimum an insurance policy must cover is no minimum purchase ("errors and omissions insurance
# with a minimum of $... per occurrence"): 2 of 237 labelled Minimum Commitment clauses of CUAD
# train read so (a royalty on "insurance policies"; "coverage" of the categories on a card).
_INSURANCE = re.compile(r"\bper\s+occurrence\b|\bcoverage\b|\binsured\b|\binsurance\s+(?:polic|carrier|certificate)|\b(?:liability|casualty|property|umbrella|omissions)\s+insurance\b", re.I)


# A non-exclusive grant that says nothing exclusive ("a non-exclusive, non-transferable, worldwide
# right and license") grants no exclusivity: 1 of 204 labelled Exclusivity clauses of CUAD train
# reads so (a licence that "shall become non-exclusive" after a date).
_NON_EXCLUSIVE = re.compile(r"\bnon[\s-]*exclusive", re.I)
# "solely" and "only" say exclusive where they name whom to deal with ("purchase only from"), not a
# licence's purpose ("a non-exclusive ... license ... solely in connection with the Playboy
# Commerce Business"; PLAYBOY): the same 1 of 204 train labels reads so.
_EXCLUSIVE = re.compile(r"(?<!non-)(?<!non )(?<!non)\bexclusiv\w*|\bsole\b|\b(?:only|solely)\s+(?:from|to|with|through|by)\b|\b(?:shall|will|may)\s+not\b|\bno\s+other\b|\brefrain|\bagrees?\s+not\b", re.I)


non_exclusive_only = _only(_NON_EXCLUSIVE, _EXCLUSIVE)


# A definition ("“Competing Provider” means any ...", "1.1.198 “US Commercialization Rights” shall
# mean ...") states what a word means, not a right or a duty. Of the categories below none has more
# than 1 in 100 labelled clauses of CUAD train that is a definition (License Grant 1 of 434, a
# definition of "TERRITORY" labelled with the grant it serves; Termination For Convenience 1 of 123).
# The categories whose clause may be a defined period or quantity ("“Expiration Date” means March
# 31, 2020", "“Minimum Quantity” means ...", "“Warranty Period” means ...", "“Early Termination Fee”
# means ...", "“JOINT INTELLECTUAL PROPERTY” shall mean ...") are not.
_LEAD = disclaimers.LEAD
_DEFINITION = re.compile(_LEAD + r"[\"“'‘][^\"”'’]{1,80}[\"”'’]\s+(?:means|shall\s+mean|has\s+the\s+meaning|refers?\s+to|shall\s+refer)\b", re.I)
_NO_DEFINITION = (
    "Affiliate License-Licensee", "Anti-Assignment", "Audit Rights", "Cap On Liability", "Change Of Control", "Covenant Not To Sue",
    "Governing Law", "Insurance", "Ip Ownership Assignment", "Irrevocable Or Perpetual License", "License Grant", "Most Favored Nation",
    "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Compete", "Non-Disparagement", "Non-Transferable License",
    "Notice Period To Terminate Renewal", "Post-Termination Services", "Price Restrictions", "Renewal Term", "Revenue/Profit Sharing",
    "Rofr/Rofo/Rofn", "Source Code Escrow", "Termination For Convenience", "Third Party Beneficiary", "Uncapped Liability",
)


# The defined word in capitals, unquoted ("1.51 VERTICALNET COMPETITOR shall mean any Site ...":
# NEOFORMA); no train label of the categories below reads so either.
_CAPS_DEFINITION = re.compile(_LEAD + r"(?-i:[A-Z][A-Z0-9&'’\-]*(?:\s+[A-Z][A-Z0-9&'’\-]*){0,7})\s+(?:means|shall\s+mean|has\s+the\s+meaning)\b", re.I)


# Or in title case ("Source Code means fully documented human-readable source code ...": SFG FINANCIAL, a Source Code Escrow card;
# Ip Ownership Assignment 1 of 172 train labels reads so, the others none).
_TITLE_DEFINITION = re.compile(_LEAD + r"(?-i:[A-Z][\w'’&-]*(?:\s+(?:of|the|and|[A-Z][\w'’&-]*)){0,6})\s+(?:means|shall\s+mean)\b", re.I)


def defines_a_word(text: str) -> bool:
    return any(p.match(text.strip()) for p in (_DEFINITION, _CAPS_DEFINITION, _TITLE_DEFINITION))


# A clause states a right or a duty: it has a verb ("shall", "may", "hereby grants", "agrees",
# "is entitled"). A title ("5.2 Contractor's Right to Terminate Agreement for any Reason.", "(a)
# Royalty Rates for Royalties Payable by Sanofi ..."), a heading run into a line or a row of a table
# has none. Of the categories not listed in _VERBLESS none has more than 1 in 100 labelled clauses of
# CUAD train without one (Covenant Not To Sue 1 of 107, License Grant 1 of 434, Non-Compete 1 of
# 142, Governing Law 1 of 265: "South Dakota"); those listed label tables and schedules often enough ("Minimum Commitment" 9 of 237,
# "Cap On Liability" 11 of 386: "$10,000,000 per claim").
_VERB = re.compile(
    r"\b(?:shall|will|may|must|can|cannot|should|would|could|might|is|are|was|were|be|being|been|has|have|had|does|do|did|hereby"
    r"|(?:agree|acknowledge|grant|warrant|represent|covenant|undertake|assign|pay|terminate|include|survive|expire|continue|remain|require"
    r"|permit|constitute|retain|own|consent|waive|reserve|renew|extend|commence|begin|accept|elect|desire|intend|obtain|maintain|provide"
    r"|make|give|receive|govern|enter|purchase|sell|owe|bear|become|vest|belong|exceed|limit|exclude|entitle|obligate|need|want|fail|cease|share|keep"
    r"|allow|authori[sz]e|licen[sc]e|sublicense|transfer|prohibit|restrict|acquire|offer)s?|means|applies|apply|ends|wishes|breaches"
    r"|notif(?:y|ies)|agreed|deemed|entitled|required|permitted|granted|prohibited|limited|liable|responsible|obligated|subject)\b",
    re.I,
)
_VERBLESS = ("Cap On Liability", "Expiration Date", "Insurance", "Minimum Commitment", "Revenue/Profit Sharing",
             "Notice Period To Terminate Renewal", "Termination For Convenience", "Non-Disparagement", "Volume Restriction")


# A notice to end a renewal names a notice, a time before, or a way to tell ("unless otherwise
# advised by one of the Parties"): all 87 labelled clauses of CUAD train do; "This Agreement shall
# automatically renew for an additional period of three (3) years ... provided that EFS achieves Net
# Merchandise Sales of at least *****" names none (PLAYBOY), nor does a term's length alone ("shall continue for twenty-four (24)
# months ... unless terminated sooner or extended": DATACALL).
_NOTICE = re.compile(r"notice|notif|prior|advance|in\s+writing|written|elect|inform|declin|before|advis|non-?renew|discontinu|object", re.I)


# Equitable relief ("money damages will not be a sufficient remedy ... specific performance") limits
# no liability: no labelled Cap On Liability clause of CUAD train (0 of 386) names it (REWALK).
_EQUITABLE = re.compile(r"(?:sufficient|adequate)\s+remed|irreparabl|injunctive|specific\s+performance|equitable\s+relief", re.I)
_CAPS = re.compile(r"exceed|in\s+no\s+event|limit|maximum|aggregate|consequential|incidental|punitive|special", re.I)
# An indemnity ("SIERRA shall indemnify, defend and hold ENVISION harmless from any liability ...":
# LEGACY TECHNOLOGY) promises to pay; it caps nothing. 3 of CUAD train's 386 labelled Cap On Liability
# clauses are such plain indemnities (slips, by the category's definition); 20 of the model's
# out-of-fold train findings were, all wrong. "but only to the extent arising from ..." sets what an
# indemnity covers (Antares); "only to the extent of the fees paid" still bounds.
_INDEMNITY = re.compile(r"\b(?:shall|will|agrees?\s+to|hereby|does)\s+(?:\w+\s+){0,3}?(?:indemnif|defend)", re.I)
_BOUNDS = re.compile(r"(?<!without )(?<!not )\blimit|exceed|greater\s+than|\bcap\b|in\s+no\s+event|not\s+(?:be\s+)?liable|no\s+liability|no\s+more|maximum|aggregate|greater\s+of|lesser\s+of|\bsole\b|exclusive\s+remedy"
                     r"|consequential|indirect|incidental|special|punitive|(?:lost|loss\s+of)\s+profits|waive|\bonly\b(?!\s+to\s+the\s+extent\s+(?!of\b))|restricted|relieved|not\s+apply|net\s+of|expire", re.I)
# A cap says how far liability goes: a sum not to be exceeded, damages excluded, a time to sue, an
# exclusive remedy, a party not liable. A clause that only makes a party liable ("The SENDER shall be
# liable for any damage caused to ECOPETROL ...": GRAN TIERRA; "... it shall be liable for damages
# accrued to the other Party ...": VALENCE) allocates liability and limits none: 3 of CUAD train's 386
# labelled Cap On Liability clauses read so ("SEV shall be liable for any damage caused to the Premises").
_LIMITS = re.compile(r"commenc|brought|\bbring|more\s+than|within|entire|no\s+rights?|not\s+(?:be\s+)?(?:entitled|responsible|required)|not\s+accept|in\s+lieu|no\s+\w+\s+(?:shall|will)\s+arise"
                     r"|not\s+be\s+subject|repair|replace|guarantee|not\s+have\s+(?:any\s+)?liabilit|other\s+than\s+direct|not\s+pursue|exclusion|reduc|\b(?:neither|no|nor)\b[^.;]{0,200}\b(?:liable|liability|responsible)", re.I)


def bounds_nothing(text: str) -> bool:
    return not _BOUNDS.search(text) and not _LIMITS.search(text)


# A warranty disclaimed ("LICENSOR DOES NOT WARRANT THAT THE LICENSED TECHNOLOGY IS ERROR-FREE ...": SFG
# FINANCIAL) with no word of liability or damages limits no recovery: no labelled Cap On Liability of
# CUAD train (0 of 386) reads so.
_DISCLAIMS = re.compile(r"not\s+warrant|no\s+(?:other\s+)?(?:\w+\s+){0,2}warrant|disclaim|\bas\s+is\b|without\s+warrant", re.I)
_RECOVERY = re.compile(r"liab|damage|exceed|remed|in\s+no\s+event|loss|responsib|refund|repair|replace|\bsole\b|exclusive|limit", re.I)
# An end for a breach or a default that names no term ("Either party may terminate ... if the other
# party defaults ... and fails to cure such default within sixty (60) days") says when the contract
# may end, not when it expires: 1 of 269 labelled Expiration Date clauses of CUAD train reads so (REWALK).
_TERM = re.compile(r"\b(?:initial\s+term|term\s+of\s+this|expir|shall\s+continue|will\s+continue|remain\s+in\s+(?:full\s+)?(?:force|effect)|until|years?\b|perpetu)", re.I)



# A restriction says what may not be done ("Janssen agrees to consider in good faith Company's feedback ... during the Term" says
# nothing of it: IMMUNOMEDICS); CUAD train labels without such a word: Non-Compete 1 of 142, Exclusivity 2 of 204, no-solicits 0 of 73.
_RESTRICTS = re.compile(r"\b(?:not|no|neither|nor|never|refrain\w*|prohibit\w*|restrict\w*|exclusiv\w*|only|solely|cease|abstain|forbid\w*|bar|barred|limit\w*"
                        r"|compet\w*|without|must|consent\w*|approv\w*|conflict\w*)\b", re.I)


def restricts_nothing(text: str) -> bool:
    return not _RESTRICTS.search(text) and not _lead_in(text)


# A duty to mitigate ("each Party agrees that it shall ... use commercially reasonable efforts to mitigate and otherwise
# minimize its damages, whether direct or indirect": MSCI) limits no liability: 0 of CUAD train's 386 labelled Cap On
# Liability clauses is one (the one that names mitigation caps a sum "no greater than" the price).
_MITIGATE = re.compile(r"\bmitigat\w*|\bminimi[sz]e\s+(?:its|their|his|her|any|the)\s+(?:own\s+)?(?:damages|losses)", re.I)
_LIMITED = re.compile(r"exceed|in\s+no\s+event|limit|maximum|aggregate|greater\s+than|more\s+than|in\s+excess|not\s+(?:be\s+)?liable|no\s+liability|exclu|waive|\bsole\b", re.I)
# Another's debts disowned ("In no event shall either Party be liable for the debts or obligations of the other": UNION DENTAL)
# say who owes a third party, and a jury trial waived (PHREESIA) how a claim is heard, not how far it goes: 0 of CUAD train's
# 386 labelled caps names debts or a jury.
_DEBTS_OR_JURY = re.compile(r"liable\s+(?:\w+\s+){0,4}?for\s+(?:\w+\s+){0,3}?debts\b|\bjury\b", re.I)
# Remedies that add up ("Termination of this Agreement by either party will be a nonexclusive remedy for breach and will be without
# prejudice to any other right or remedy": SFG FINANCIAL) limit none: 0 of 386 train labels say so with no word of damages or a limit.
_CUMULATIVE = re.compile(r"non-?\s?exclusive\s+remed\w*|remed\w*\s+(?:\w+\s+){0,6}?(?:are|is|shall\s+be|will\s+be)\s+cumulative|without\s+prejudice\s+to\s+any\s+other\s+(?:right|remed)", re.I)
_DAMAGES = re.compile(r"damages|exceed|consequential|incidental|indirect|punitive|limit|aggregate|maximum|profits", re.I)
equitable_only, indemnity_only, disclaims_only, mitigates_only = _only(_EQUITABLE, _CAPS), _only(_INDEMNITY, _BOUNDS), _only(_DISCLAIMS, _RECOVERY), _only(_MITIGATE, _LIMITED)


def ends_for_cause_only(text: str) -> bool:
    return bool(re.search(r"terminat", text, re.I)) and for_cause_only(text) and not _TERM.search(text)


def states_nothing(text: str) -> bool:
    return not _VERB.search(text) and not cjk.has_cjk(text)


# Category -> what makes text scored for it no such clause by CUAD's definition, whatever its score.
_RULES: dict[str, list[Callable[[str], bool]]] = {cat: [veto] for cat, veto in _NAMES_NONE.items()}
for _cat, _veto in (("Termination For Convenience", for_cause_only), ("Termination For Convenience", by_agreement_only), ("Renewal Term", renews_nothing), ("Uncapped Liability", excepts_nothing),
                    ("Minimum Commitment", lambda text: bool(_INSURANCE.search(text))),
                    ("Notice Period To Terminate Renewal", lambda text: not _NOTICE.search(text)), ("Exclusivity", non_exclusive_only),
                    ("Cap On Liability", _either(equitable_only, indemnity_only, disclaims_only, mitigates_only, _only(_DEBTS_OR_JURY, _DAMAGES), _only(_CUMULATIVE, _DAMAGES), bounds_nothing)), *((c, restricts_nothing) for c in disclaimers.RESTRICTIONS[:4]),
                    ("Expiration Date", ends_for_cause_only), *other_kinds.RULES, *(("Expiration Date", veto) for veto in expiry.NO_EXPIRY), *disclaimers.RULES,
                    *((c, defines_a_word) for c in _NO_DEFINITION), *((c.name, not_the_contract) for c in CATEGORIES[4:]), *((c.name, states_nothing) for c in CATEGORIES[4:] if c.name not in _VERBLESS)):
    _RULES.setdefault(_cat, []).append(_veto)
NOT_A_CLAUSE: dict[str, Callable[[str], bool]] = {cat: _either(*vetoes) for cat, vetoes in _RULES.items()}

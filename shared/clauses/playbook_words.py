"""Reading a clause's wording for the playbook's conditions that no term carries: whether it
binds both parties, and whether it makes an exception for an event (a change of control, a
merger) or counts the event in. Each reader returns a status and the words it decided on,
verbatim; where the words do not settle it, ``unknown`` — never a guess at ``meets``.

Written from the train clauses of the hand-labelled set (``tests/data/playbook_positions_hand.jsonl``);
its dev clauses measure them (``bench/bench_playbook.py``).
"""

from __future__ import annotations

import re
from typing import Literal

Status = Literal["meets", "deviates", "unknown"]
_W = r"[\s\u00a0]+"  # clauses come with runs of spaces and line breaks

# Both sides: "either party", "each of the parties", "neither Party", "the parties' aggregate
# liability", "from one party to the other", "each of the Recipient and the Provider", "DCL or
# SEV", "by the Board of Trustees of the Trust, or by the Sponsor", "either Group"; two names
# are capitalised ("either jointly or severally" names no side: NAMED_SIDES, read by risk too).
# "either you or Nationwide": a side may be "you" or "we"
_NOT_SIDE = (r"(?:the|this|that|such|each|either|any|no|neither|both|affiliates?|subsidiar\w+|franchise|premises|products?|services?|information|materials?|software"
             r"|property|territory|term|termination|expiration|section|article|exhibit|schedule|notice|agreement|licen[cs]e)")
# nor, in capitals, a manner or a preposition ("EITHER SEPARATELY OR IN COMBINATION": AIRSPAN)
_MANNER = r"(?:separately|jointly|severally|individually|collectively|directly|indirectly|wholly|partly|partially|in|on|at|by|to|of|for|with|whole|part)\b"
# nor a party's own people ("Neither the Principals nor the Franchisee shall": the franchisee's side alone; INTERNATIONAL FAST FOOD)
_GROUP = r"(?:principals|owners|shareholders|stockholders|guarantors|members|officers|directors|employees|affiliates|subsidiaries|representatives|personnel)\b"
NAMED_SIDES = (rf"(?:each{_W}of|either|both|neither){_W}(?:the{_W})?(?:(?!{_MANNER}|{_GROUP})(?-i:[A-Z])[\w-]*(?:{_W}(?-i:[A-Z])[\w-]*)?(?:'s|’s)?|you|we|us){_W}(?:and|or|nor){_W}(?:the{_W})?(?:(?!{_MANNER}|{_GROUP})(?-i:[A-Z])[\w-]*(?:'s|’s)?|you|we|us)"
               rf"|none{_W}of{_W}the{_W}members{_W}of{_W}the{_W}(?-i:[A-Z])[\w-]*(?:{_W}(?-i:[A-Z])[\w-]*){{0,2}}{_W}(?:and|or){_W}the{_W}(?-i:[A-Z])[\w-]*"  # MSCI's two provider groups
               # "Tripath or Distributor may terminate" (ETELOS, CUAD train, read on the final page: "Applies to one party")
               # as the subject that opens a sentence (mid-sentence, "remit the remainder to Licensee and Licensee shall pay" is two clauses)
               rf"|(?:(?<=^)|(?<=[.;:]\s)|(?<=[.;:]\s\s)|(?<=\)\s)|(?<=\d\s)|(?<=\d\.\s))(?:the{_W})?(?!{_NOT_SIDE}\b)(?-i:[A-Z])[\w-]*{_W}(?:or|and){_W}(?:the{_W})?"
               rf"(?!{_NOT_SIDE}\b)(?-i:[A-Z])[\w-]*(?={_W}(?:may|shall|will|can|must)\b)")
# "neither will be liable to the other", "each shall indemnify the other": both, with no word of a party (EUROPEAN MICRO, CUAD train,
# read on the final page: "not decided"); read by risk too
TO_THE_OTHER = rf"(?:neither|each)(?={_W}(?:shall|will|may|agrees?)\b[^.;]{{0,80}}?\bthe{_W}other\b)"
_MUTUAL = re.compile(
    rf"\b(?:(?:either|each|any|neither|none|no){_W}(?:of{_W}the{_W})?(?:part(?:y|ies)|group|side)s?|(?:against|to){_W}(?:each{_W}other|one{_W}another|another{_W}party)"  # "no Party shall be liable", "waive ... claims against each other"
    rf"|both{_W}(?:parties|sides)|a{_W}party(?:'s|’s)?{_W}liabilit\w*|one{_W}party{_W}to{_W}the{_W}other"
    rf"|the{_W}parties(?:'|’)?{_W}(?:aggregate|total|respective|mutual|combined)|the{_W}parties{_W}(?:shall|will){_W}not{_W}be{_W}liable"
    rf"|(?:(?<=shall )|(?<=will )|(?<=may ))a{_W}party(?!{_W}(?:to|hereto)\b)|a{_W}party(?={_W}(?:shall|will|may|must)\b)"  # "in no event shall a Party be liable" (BLOOM ENERGY)
    rf"|{TO_THE_OTHER}|{NAMED_SIDES})\b", re.I)
# "THE EXTENT OF PCQ OR ABW'S LIABILITY": either's (PC QUOTE co-branding, CUAD train, on the final page); read by risk too
EITHERS_LIABILITY = rf"(?-i:[A-Z][\w&.-]*{_W}(?:OR|or|AND|and){_W}[A-Z][\w&.-]*['’][sS]{_W}(?:[A-Z]+{_W})?(?:LIABILIT|liabilit)\w*)"
_TWO_NAMES = re.compile(rf"\b(?-i:[A-Z]{{2,}}{_W}or{_W}[A-Z]{{2,}})\b|\b{EITHERS_LIABILITY}|\bby{_W}the{_W}(?-i:[A-Z])[\w ]{{0,40}}?,?{_W}(?-i:or){_W}by{_W}the{_W}(?-i:[A-Z])[\w-]*", re.I)  # the second name whole: "... or by the Sponsor" (DOMINI)
_NOT_A_NAME = {"party", "parties", "either", "each", "neither", "any", "a", "an", "the", "in", "no", "such", "its", "their", "this", "that",
               "agreement", "it", "each party", "both", "none", "except", "notwithstanding", "nothing"}
# One side only: "Customer may terminate", "Vyera shall have the right to terminate", "The
# Contractor will have the ability to terminate", "Customer, in its sole discretion, may terminate";
# "Supplier's liability", "the liability of WLI", "in no event shall Company be liable",
# "Customer is liable for no more than", "ACCURAY'S SOLE AND EXCLUSIVE LIABILITY".
# A name is no modal or "EVENT" ("IN NO EVENT SHALL LICENSOR'S AGGREGATE ... LIABILITY": "LICENSOR"), nor a title's word ("Limitation of Damages Chase shall").
# A name may hold "of" ("Bank of America may terminate" was decided on "America may terminate": CARDLYTICS, CUAD train, on the final page).
# A name in lower case the way brands write theirs ("i-on will not be liable", "mPhase", "iBio", "drkoop.com"; CUAD train), not "e-mail will"
BRAND = r"(?!e-mail|e-commerce|x-ray)(?:[a-z]{1,2}[A-Z][a-z]{2,}[\w&.-]*|[a-z]-[a-z]{2,}\b|[a-z][\w-]*\.com\b)"
_NAME = r"(?-i:(?!(?:A|AN|IN|NO|EVENT|SHALL|WILL|MAY|And|AND|But|BUT|Or|OR|Damages|DAMAGES|Liability|LIABILITY|Limitations?|LIMITATIONS?|Convenience|CONVENIENCE|Termination|TERMINATION)\b)[A-Z][\w.&-]*(?:\s(?!(?:SHALL|WILL|MAY|EVENT)\b)[A-Z][\w.&-]*){0,2}(?:\sof\s[A-Z][\w.&-]*)?|" + BRAND + ")"
# One side's remedy: it limits what that side may get ("Distributors sole remedy will be limited to", "PcoMed's sole and exclusive remedy").
_REMEDY = re.compile(rf"(?-i:\b(?P<name>[A-Z][\w.&-]*(?:'s|’s|'S|(?<=s)['’])|[A-Z][a-z]+s))(?i:{_W}(?:sole{_W}and{_W}exclusive|sole|exclusive){_W}remed(?:y|ies))\b")
_ONE_SIDE = [
    re.compile(rf"\b(?:the{_W})?(?P<name>{_NAME}),?(?:{_W}(?:(?:in|at){_W}its{_W}(?:sole{_W})?discretion|at{_W}its{_W}option|at{_W}any{_W}time),?)?{_W}"
               rf"(?:may|shall{_W}have{_W}the{_W}(?:absolute{_W}|sole{_W}|unilateral{_W})?right{_W}to|will{_W}have{_W}the{_W}(?:right|ability){_W}to|is{_W}entitled{_W}to|(?:shall|will){_W}be{_W}entitled|has{_W}the{_W}right{_W}to|reserves{_W}the{_W}right{_W}to"
               rf"|(?:desires|elects|wishes|decides|chooses|intends){_W}to)\b[^.;]{{0,160}}?\b(?:terminat|cancel|withdraw|discontinu|cease{_W}(?:providing|to{_W}provide|performing|supplying))\w*", re.I),
    # "Supplier's liability", "ENERGOUS' LIABILITY", "FG's sole obligation"
    re.compile(rf"\b(?P<name>{_NAME})(?:'s|’s|'S|(?<=[sSE])['’])(?:{_W}or{_W}its{_W}[\w']+)?{_W}(?:(?:total|aggregate|entire|cumulative|maximum|sole{_W}and{_W}exclusive|sole){_W})*(?:liabilit\w*|(?<=sole )obligations?\b|(?:indemnification|indemnity){_W}obligations?\b(?=(?:[^.;]|\.\d){{0,150}}?\b(?:exceed|limited{_W}to|capped|in{_W}excess{_W}of|up{_W}to|expire)))", re.I),
    # "the responsibility of ECOPETROL ... shall not exceed"; "THE TOTAL LIABILITY PER YEAR OF HOVIONE SHALL BE LIMITED" (INTERSECT, CUAD train, on the final page)
    re.compile(rf"\b(?:liabilit\w*|responsibilit\w*|sole{_W}obligations?)(?:{_W}(?:per|in|for|during){_W}(?:any{_W}|each{_W}|a{_W}|one{_W})?(?:calendar{_W}|contract{_W})?(?:year|month|quarter|period|event|incident|occurrence|claim))?"
               rf"{_W}of{_W}(?:the{_W})?(?P<name>{_NAME})\b", re.I),
    # ... with an aside before the verb: "UNDER NO CIRCUMSTANCES, INCLUDING NEGLIGENCE, SHALL XACCT BE LIABLE" (XACCT, CUAD train, on the final page)
    # ... and its own people beside it: "In no event shall Miltenyi or its Affiliates be responsible or liable" (BELLICUM, on the final page)
    re.compile(rf"\b(?:in{_W}no{_W}event|under{_W}no{_W}circumstances?)(?:,[^,.;]{{1,40}},)?{_W}(?:shall|will){_W}(?:the{_W})?(?P<name>{_NAME})"
               rf"(?:,?{_W}(?:or|nor){_W}(?:any{_W}of{_W})?(?:its|their){_W}{_GROUP})?{_W}be{_W}(?:responsible{_W}or{_W})?liable", re.I),
    re.compile(rf"\b(?P<name>{_NAME}){_W}(?:is|shall{_W}be|will{_W}be){_W}liable{_W}for{_W}no{_W}more{_W}than", re.I),
    # "Airspan Parties, taken as a whole, shall be liable for physical damage ... up to a maximum aggregate amount of" (AIRSPAN)
    re.compile(rf"\b(?P<name>{_NAME})(?:,{_W}(?:taken{_W}as{_W}a{_W}whole|collectively|together|jointly|in{_W}the{_W}aggregate),)?{_W}(?:shall|will){_W}be{_W}liable\b"
               rf"(?=[^.;]{{0,200}}?\b(?:up{_W}to{_W}(?:a{_W})?(?:maximum|total|aggregate|limit)|not{_W}to{_W}exceed|limited{_W}to)\b)", re.I),
    # "Chase shall have no liability for any indirect ... damages" protects Chase alone (CREDITCARDS.COM), as does
    # "Lucid will not have any liability or responsibility to Distributor"
    re.compile(rf"\b(?P<name>{_NAME}){_W}(?:shall|will){_W}(?:not{_W}be{_W}(?:liable|responsible)|(?:have{_W}no|not{_W}have{_W}any){_W}(?:liability|responsibility)|(?:in|under){_W}no{_W}(?:event|circumstances?){_W}be{_W}liable)\b", re.I),
    # "MSCI agrees that neither MS nor its affiliates ... shall have any liability ... to MSCI" protects MS (MSCI)
    re.compile(rf"\bneither{_W}(?:the{_W})?(?P<name>{_NAME}),?{_W}nor{_W}(?:any{_W}of{_W})?(?:its|his|her|their){_W}\w+(?=[^.;]{{0,240}}?\b(?:shall|will){_W}(?:have{_W}any{_W}(?:liability|responsibility)|be{_W}(?:liable|responsible))\b)", re.I),
    # "NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE LIABLE TO PAPA JOHN'S": ABG's side (``liable_to_another``)
    re.compile(rf"\bneither{_W}(?:the{_W})?(?P<name>{_NAME}){_W}nor\b[^.;]{{0,120}}?\b(?:shall|will){_W}(?:be{_W}liable|have{_W}any{_W}liability|be{_W}responsible){_W}to{_W}(?:the{_W})?"
               r"(?-i:[A-Z][\w&.'’-]*(?:\s(?!(?:FOR|ANY|IN|OF|UNDER|WITH|AS|OR|AND|BY|ON|AT)\b)[A-Z][\w&.'’-]*){0,2})", re.I),
    # "This Agreement may be terminated by ArTara upon thirty (30) days prior written notice"
    re.compile(rf"\b(?:may|can){_W}be{_W}terminated{_W}(?:\w+{_W}){{0,3}}?by{_W}(?:the{_W})?(?P<name>{_NAME})", re.I),
    # "the aggregate liability incurred by Lucid"
    re.compile(rf"\bliabilit\w*{_W}incurred{_W}by{_W}(?:the{_W})?(?P<name>{_NAME})\b", re.I),
    _REMEDY,
]


# The words a clause's sides must be the subject of, by category: "either party" counts for a
# termination right only near "terminate", for a cap only near "liability". A cap that is only a time to sue binds both
# sides where they are who may bring an action ("Neither party will bring a legal action related to this Agreement more
# than two years after the cause of action accrued": BLUEFLY, CUAD train, on the final page); beside an exclusion that
# protects one side ("IN NO EVENT SHALL, XIMAGE BE LIABLE ... NO ACTION ... MAY BE BROUGHT BY EITHER PARTY") it does not.
_SUE = re.compile(r"\b(?:action|suit|proceeding)", re.I)
_ABOUT = {"Termination For Convenience": r"terminat|cancel|discontinu|cease", "Cap On Liability": r"liab|damages|remed|loss|responsib|claim|recover"}
# Both sides named as what a termination costs, not as who may terminate ("without any further
# responsibility by either Party").
_NOT_HOLDER = re.compile(rf"\b(?:responsibilit|liabilit|obligation|penalt|cost|expense|damage|prejudice)\w*{_W}(?:\w+{_W})?(?:to|by|of|for|on|against){_W}$", re.I)
# Both sides named as who made or suffered what a cap is about, not as who is liable ("Airspan shall not be liable ... on
# account of any expenditures ... or commitments made by either party": AIRSPAN); "the liability incurred by either party" binds both.
_AGENT = re.compile(rf"\b(?<!liability )(?<!liabilities )(?:made|suffered|sustained|paid|spent|undertaken|taken|given|incurred){_W}by{_W}$", re.I)


# Who asks, by the role a contract names its side with, or by its name: "We're the customer", "As the franchisee:", "I am the
# consultant", "What do we earn as agent", and as a lawyer says it, "We act for the licensee", "We represent Corio", "Our client
# is Commerce One". A clause that binds one side, the asker's, favours the asker (``side``: the side protected or given the right).
_ROLE = (r"customer|client|buyer|purchaser|seller|supplier|vendor|provider|licensee|licensor|franchisee|franchisor|distributor|reseller|consultant"
         r"|contractor|agent|sponsor|manufacturer|developer|publisher|lessee|lessor|tenant|landlord|athlete|endorser|company|member|investor|operator"
         r"|retailer|dealer|servicer|subscriber|user")
# a name is capitalised, and no word a question opens a phrase with ("As I read it", "As Soon as", "We are Not sure")
_NO_NAME = (r"(?:I|If|It|Is|In|Of|On|To|At|By|For|With|Far|Long|Soon|Much|Many|Well|Part|Such|Per|Both|Each|Either|Neither|Our|Your|Their|Its|My"
            r"|We|You|They|This|That|These|Those|There|Here|What|When|Where|Who|How|Why|Which|Any|All|No|Not|Yes|Above|Below|Agreed|Amended|Noted)\b")
_ASKER = re.compile(r"(?<!such )(?<!so )(?<!well )(?<!same )(?<!as much )(?<!as long )\b(?:we(?:'re|’re|\s+are)|i(?:'m|’m|\s+am)|as|(?:we|i)(?:'re|’re|\s+are|\s+am)?\s+(?:represent(?:ing)?|act(?:ing)?\s+for|advis(?:e|ing))"
                    r"|on\s+behalf\s+of|(?:our|my)\s+client\s+is)\s+"
                    rf"(?P<as>(?:(?:the|a|an)\s+)?(?:{_ROLE})\b|(?-i:(?!{_NO_NAME})[A-Z][\w&-]+(?:\s(?!{_NO_NAME})[A-Z][\w&-]*){{0,2}}|{BRAND}))(?![\w&-]*['’]s?\b)", re.I)  # not "the same as the supplier's"


def asker(question: str) -> str | None:
    """The role or the name the question is asked as, in its words ("We're the customer. Can they terminate?": "the customer";
    "We act for Corio": "Corio"), or None."""
    m = _ASKER.search(question)
    return m.group("as").rstrip(".") if m else None  # "We act for mPhase." (a brand in lower case: "drkoop.com", "iVillage")


def asked_as(ours: str) -> str:
    """``asker``'s words as ``side`` names a side: "the customer" is "customer", "Commerce One" is "commerce"."""
    return re.sub(r"^(?:the|an?)\s+", "", ours, flags=re.I).split()[0].lower()


def mutual(text: str, category: str = "") -> tuple[Status, str | None]:
    """``meets`` with the words that bind both sides (near what the clause is about:
    ``_ABOUT``; for a termination right, not as what it costs: "without any further
    responsibility by either Party"); ``deviates`` with the one side named as the only one;
    else ``unknown``."""
    status, words, _ = _read(text, category)
    return status, words


def side(text: str, category: str = "") -> tuple[str, str] | None:
    """(the side, the words naming it) where ``mutual`` reads the clause as binding one side, and
    names the side it protects or gives the right to; None otherwise. A side's sole remedy names
    the side it limits, which is the other way round, so it gives none. Two clauses that each give
    one side, different sides, the same right bind both together (``shared.clauses.playbook``)."""
    _, words, one = _read(text, category)
    if one is None or one.re is _REMEDY:
        return None
    # its first word: "THE SOLE AND EXCLUSIVE LIABILITY OF THE COMPANY FOR INFRINGEMENT" names the Company, as "The Company's liability" does
    name = re.sub(r"^the\s+", "", one.group("name"), flags=re.I).split()[0]
    return re.sub(r"(?:'s|’s)$", "", name, flags=re.I).lower(), words


def _read(text: str, category: str) -> tuple[Status, str | None, re.Match[str] | None]:
    """``mutual``'s reading, with the wording that names the one side on ``deviates``."""
    about = re.compile(rf"\b(?:{_ABOUT[category]})", re.I) if category in _ABOUT else None
    if category == "Cap On Liability" and not about.search(text):  # a time to sue alone: its sides are who may bring an action
        about = _SUE
    for m in [*_MUTUAL.finditer(text), *_TWO_NAMES.finditer(text)]:
        if category == "Termination For Convenience" and _NOT_HOLDER.search(text, max(0, m.start() - 40), m.start()):
            continue
        if category == "Cap On Liability" and (_AGENT.search(text, max(0, m.start() - 40), m.start()) or liable_to_another(text, m)):
            continue
        if about is None or about.search(text, max(0, m.start() - 200), m.end() + 150):
            return "meets", m.group(0), None
    sides = [m for pattern in _ONE_SIDE for m in pattern.finditer(text)
             if _a_name(m.group("name")) and not (pattern is _ONE_SIDE[0] and _NEGATED.search(m.group(0), m.end("name") - m.start()))]  # "A may not terminate" is no right
    if any(m.re is not _REMEDY for m in sides):  # "the Company's sole liability and MBE's sole remedy": one side, the Company
        sides = [m for m in sides if m.re is not _REMEDY]
    if len({m.group("name").lower() for m in sides}) > 1:  # "Company may terminate ..., and RGHI may terminate ..."
        return "meets", text[min(m.start() for m in sides) : max(m.end() for m in sides)], None
    return ("deviates", sides[0].group(0), sides[0]) if sides else ("unknown", None, None)


# Names that are one side where they are liable to another named: "NEITHER ABG NOR AUTHENTIC BRANDS GROUP LLC NOR CELEBRITY SHALL BE
# LIABLE TO PAPA JOHN'S" (PAPA JOHN'S endorsement, CUAD train, on the final page: "Applies to both parties"); not "to the other party".
_LIABLE_TO = re.compile(rf"\b(?:be{_W}liable|have{_W}any{_W}liability|be{_W}responsible){_W}to{_W}(?:the{_W})?(?!(?:the|other|another|each|either|any|such|a|an|third)\b)(?-i:(?![A-Z][a-z]+s\b)(?P<to>[A-Z][\w&.'’-]*))", re.I)  # not "Customers": no party


def liable_to_another(text: str, m: re.Match[str]) -> bool:
    """Whether the sides ``m`` names are all liable to a party none of them is (read within the sentence after ``m``)."""
    to = _LIABLE_TO.search(text, m.end(), m.end() + 160)
    name = to and re.sub(r"(?:'s|’s|'S)$", "", to.group("to")).lower()
    return bool(to) and not re.search(r"[.;]", text[m.end() : to.start()]) and name not in m.group(0).lower() and name not in ("party", "parties")


def _a_name(name: str) -> bool:
    """Whether the subject found names one side (not "Either party", "This Agreement")."""
    name = re.sub(r"^the\s+", "", name, flags=re.I)  # "THE AS PARTIES SHALL NOT BE LIABLE" (MUSCLEPHARM, CUAD train, on the final page)
    words = name.lower().split()
    return bool(words) and (name.lower() not in _NOT_A_NAME and words[0] not in ("either", "each", "neither", "any", "in", "no", "this", "that", "such", "said", "these", "those")
            and words[-1] not in ("agreement", "contract", "term", "section", "article", "party", "parties", "event")  # "the Party subject to the Force Majeure Event"
            or len(words) > 1 and words[-1] == "parties" and words[0] not in ("the", "both", "all", "such", "other"))  # "Airspan Parties" (AIRSPAN)


# An exception: "without (the other party's) consent", "shall not require consent", "assignable
# by X to", "assignable in whole or in part only (i) to", "shall not constitute / be considered an assignment". Counted in: "deemed an
# assignment", "requiring consent", "shall terminate", "including by merger", "whether by ...".
_EXCEPT = re.compile(rf"\b(?:without{_W}(?:the{_W})?(?:need{_W}for{_W}|requiring{_W})?(?:such{_W}|any{_W}|the{_W}other(?:{_W}party)?(?:'s|’s)?{_W}|[A-Z][\w-]*(?:'s|’s){_W}|prior{_W}|written{_W})*(?:consent|approval)"
                     rf"|(?:shall|will|does|need){_W}not{_W}require{_W}(?:the{_W})?(?:any{_W})?(?:prior{_W})?(?:written{_W})?consent|assignable{_W}(?:by|(?:in{_W}whole{_W}or{_W}in{_W}part{_W})?(?:only{_W})?(?:\(i\){_W})?to)"
                     rf"|no{_W}(?:such{_W})?(?:prior{_W})?(?:written{_W})?consent{_W}(?:will|shall){_W}be{_W}(?:required|necessary|needed)"  # "except that no such consent will be required in connection with ... a party's successor" (EDIETS)
                     rf"|except{_W}(?:\(\w{{1,3}}\){_W})?(?:by|for|to|in{_W}connection{_W}with|that(?={_W}[^.;]{{0,80}}?\b(?:may|shall{_W}have{_W}the{_W}right{_W}to){_W}assign))"  # "may not assign ..., except by operation of law or in connection with the sale of substantially all ..." (BEYONDCOM)
                     rf"|may{_W}(?:freely{_W}|also{_W})?(?:assign|novate|transfer))\b", re.I)
# a bar lifted only by consent: "Except with the prior written consent of BKC, Franchisee shall not ... (c) sell ... substantially all of
# the assets" counts the sale in (INTERNATIONAL FAST FOOD, CUAD train, on the final page)
_ONLY_WITH = re.compile(rf"\b(?:except|unless|only){_W}(?:with|upon|after){_W}(?:(?:obtaining|receiving|having){_W})?(?:the{_W})?(?:(?:express|prior|advance|written){_W})*(?:consent|approval)\b", re.I)
_NOT_COUNTED = re.compile(rf"\b(?:shall|will|does|do|is){_W}not{_W}(?:be{_W})?(?:deemed|considered|constitute|treated{_W}as|be{_W}an{_W}assignment)\b", re.I)
_COUNTED = re.compile(rf"\b(?:deemed|constitutes?|treated{_W}as|considered|requir\w*{_W}(?:the{_W})?(?:prior{_W})?(?:written{_W})?consent|subject{_W}to{_W}(?:the{_W})?(?:prior{_W})?(?:written{_W})?consent"
                      rf"|terminat\w*|cease|including|whether|operation{_W}of{_W}law|withhold{_W}consent)\b", re.I)
_DEEMED = re.compile(rf"[^.;]{{0,60}}?\b(?:shall|will|is|are){_W}(?:be{_W})?(?:deemed|considered|treated{_W}as|constitute)", re.I)
_NEGATED = re.compile(r"\b(?:not|no|neither|nor|never|cannot)\b", re.I)
# A sentence whose subject is negated: "No transfer of this Agreement by operation of law or change in Control of a party
# ... shall be considered an assignment" (VERTICALNET, CUAD train) lets the change of control happen.
_NO_SUBJECT = re.compile(r"\s*(?:\(\w{1,4}\)\s*)?(?:No|Neither)\b")
_VERB = re.compile(r"\b(?:shall|will|may|must|can|is|are)\b|,\s*(?:and|but)\b", re.I)  # the negated subject is the phrase's, not an earlier clause's
_DEEMED_AN_ASSIGNMENT = re.compile(rf"[^.;]{{0,250}}?\b(?:shall|will|is|are){_W}(?:be{_W})?(?:deemed|considered|treated{_W}as|constitute){_W}(?:an?{_W})?(?:assignment|transfer)", re.I)
_BREAK = re.compile(r"[.;:]|\b(?:provided|except|however|notwithstanding|but)\b", re.I)  # where a negation's reach ends
_SENTENCE = re.compile(r"\.(?:\s|$)")


def excepted(text: str, phrases: list[str]) -> tuple[Status, str | None]:
    """``meets`` when the clause lets one of ``phrases`` happen without consent (the words from
    the exception to the phrase); ``deviates`` when it counts one in (the phrase and the words
    that do); ``unknown`` when it names them neither way, or not at all."""
    hits = [m for p in phrases for m in phrase(p).finditer(text)]
    for m in sorted(hits, key=lambda m: m.start()):
        if (no := _NOT_COUNTED.search(text, m.end(), m.end() + 100)) and not _SENTENCE.search(text, m.end(), no.start()):
            return "meets", text[m.start() : no.end()]
        start = max(text.rfind(c, 0, m.start()) for c in ".;") + 1
        if (m.start() - start <= 200 and _NO_SUBJECT.match(text, start) and not _VERB.search(text, start, m.start())
                and (deemed := _DEEMED_AN_ASSIGNMENT.match(text, m.end()))):
            return "meets", text[m.start() : deemed.end()]
        cues = [c for c in _EXCEPT.finditer(text, max(0, m.start() - 400), m.start()) if _excepts(c) or not _negated(text, c.start())]
        deemed = _DEEMED.match(text, m.end())  # "..., and any merger or change of control shall be deemed an assignment": counted in, whatever came before
        if cues and not deemed and not _SENTENCE.search(text, cues[-1].end(), m.start()):
            return "meets", text[cues[-1].start() : m.end()]
    for m in sorted(hits, key=lambda m: m.start()):
        lo, hi = max(0, m.start() - 100), min(len(text), m.end() + 100)
        if c := _COUNTED.search(text, lo, hi):
            return "deviates", text[min(c.start(), m.start()) : max(c.end(), m.end())]
        # "will not, without the prior written consent of Licensee, merge ..., sell all or substantially all of its assets"
        barred = [c for c in _EXCEPT.finditer(text, max(0, m.start() - 400), m.start()) if not _excepts(c) and _negated(text, c.start())]
        barred = barred or [c for c in _ONLY_WITH.finditer(text, max(0, m.start() - 600), m.start()) if _NEGATED.search(text, c.end(), m.start())]
        if barred and not _SENTENCE.search(text, barred[-1].end(), m.start()):
            return "deviates", text[barred[-1].start() : m.end()]
    return "unknown", None


def _excepts(cue: re.Match[str]) -> bool:
    """An "except ..." cue excepts from the bar before it: the negation there is what it lifts."""
    return cue.group(0)[:6].lower() == "except"


def phrase(words: str) -> re.Pattern[str]:
    """``words`` as the clause may write them: any case, any run of spaces or line breaks."""
    return re.compile(r"\b" + _W.join(map(re.escape, words.split())) + r"\b", re.I)


def _negated(text: str, at: int) -> bool:
    """Whether a negation stands between the last break before ``at`` and ``at``."""
    lo = max(0, at - 140)
    breaks = list(_BREAK.finditer(text, lo, at))
    return bool(_NEGATED.search(text, breaks[-1].end() if breaks else lo, at))

"""The patterns that pull verbatim facts out of a clause, by kind (amounts, cap bases, notice
periods, durations, who is bound, carve-outs, governing law, events, territory, consent, ...):
:func:`shared.clauses.risk.facts` reads them and decides where each fact ends."""

from __future__ import annotations

import re

from shared.clauses.catalogue import DATE, FOR_CAUSE, MONEY, PERCENT
from shared.clauses.playbook_words import BRAND, EITHERS_LIABILITY, NAMED_SIDES, TO_THE_OTHER

# The party named exclusive ("Ford shall be the exclusive sponsor") is whom a clause favours, not whom it binds (IVILLAGE).
_FAVOURED = r"\s+be\s+(?:the|its)\s+(?:sole\s+(?:and\s+)?)?exclusive"
# A thing acted on, not a party bound: "the Location shall be used exclusively", "additional Restaurants shall be determined by
# BKC" (INTERNATIONAL FAST FOOD, CUAD train, on the final page); a party is "required", "entitled", "paid", "granted" ...
_ACTED_ON = (r"(?:\s+not)?\s+be\s+(?:\w+ly\s+)?(?!(?:required|obligated|obliged|guaranteed|entitled|permitted|allowed|prohibited|restricted|bound|authori[sz]ed|precluded|barred|forbidden"
             r"|deemed|considered|charged|paid|reimbursed|compensated|notified|indemnified|released|excused|relieved|discharged|named|appointed|treated"
             r"|granted|given|provided|invoiced|billed|licensed|engaged|retained|invited|expected|limited|subject|free|able|liable|responsible)\b)\w+ed\b")

# Contracts spell numbers out ("ninety (90) days", "three months", "one hundred eighty days"), bracket them
# ("[three (3)] months", "(30) days") and fill them into blanks ("____ (______30________) days").
_W = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion"
)
_NUM = rf"(?:\d[\d,]*(?:\.\d+)?|(?:{_W})(?:(?:[\s-]+|\s+and\s+)(?:{_W})){{0,6}})(?:\s*\(\s*[\"“]?(?:\d[\d,.]*|(?:{_W})(?:[\s-]+(?:{_W})){{0,6}})[\"”]?\s*\))?"
_DUR = rf"(?<![^\W_])(?:[\[(][_\s]*(?=\d|(?:{_W})\b))?{_NUM}(?:[_\s]*[\])])?[\s-]*(?:\(\d+\)\s*)?(?:(?:consecutive|calendar|business|working|full)\s+|(?-i:[A-Z][a-z]+\s+)(?=(?:years?|months?)\b))?(?:days?|weeks?|months?|years?|quarters?)\b"
_PARTY = r"(?:either|each|neither|both|any|no)(?:\s+of\s+the)?\s+part(?:y|ies)\b"  # "No Party shall assign" (QIWI)
_END = r"(?:the\s+)?(?:(?:desired|proposed|intended|scheduled|effective|natural|applicable)\s+)?(?:date\s+of\s+)?(?:end|expiration|expiry|termination|renewal|commencement|anniversary)\b"


# A period counted from the contract's end, or back from it, is no term of it ("for a period of
# twelve (12) months from the effective date of termination": DYNAMEX; "notification ... at least
# 60 days prior to end of such period": DATACALL)
FROM_END = re.compile(
    r"\W*(?:from|after|following|prior\s+to|before|in\s+advance\s+of)\s+(?:the\s+)?(?:(?:effective\s+)?date\s+of\s+(?:the\s+|such\s+|any\s+)?)?(?:termination|expiration|expiry|end)\b", re.I
)
# A figure or basis whose quote ends on "or"/"and" ("the lesser of (i) … RBC or", where the unit ends) is half of one: no fact, no term.
HALF = re.compile(r"\b(?:or|and)\W*$")
# A notice shorter than a period is no notice period: "The Company may terminate ... but with less than six (6) months'
# prior written notice to Contractor; provided, that ... the Company shall pay ... the Termination Fee" (CCA INDUSTRIES,
# CUAD train, on the final page; the one such notice among CUAD's labelled terminations). The notice fact is quoted from its
# bound ("less than six (6) months' prior written notice"), which is no value a rule can check; "not less than" is a period.
_SHORTER = r"(?:less|shorter|fewer)\s+than\s+"
LESS_THAN = re.compile(rf"(?<![a-z])(?<!not\s)(?<!not\s\s)(?<!no\s){_SHORTER}$", re.I)
SHORTER_THAN = re.compile(_SHORTER, re.I)  # a notice fact quoted from its bound starts so


def _i(*parts: str) -> re.Pattern:  # most patterns ignore case: contracts shout ("IN NO EVENT SHALL")
    return re.compile("".join(parts), re.I)


_REF = r"\d+(?:\.\d+)*(?:\([a-z0-9]{1,5}\))*"  # a section number: 12, 11.5(a)(ii)
_EVENT = _i(
    r"\b(?:(?:upon|in\s+the\s+event\s+of|following|on|after)\s+(?:a|an|any|the)\s+)?(?:change\s+(?:of|in)\s+(?:the\s+)?control|merger|consolidation|acquisition|"
    r"sale\s+of\s+(?:all\s+or\s+)?substantially\s+all\s+of\s+(?:its|the|their|such\s+party['’]s)\s+(?:assets|stock|shares|business)"
    # "the transfer of a fifty percent (50%) or greater ownership interest in a party" (MERCATA), "a sale of a controlling interest"
    r"|(?:sale|transfer)\s+of\s+(?:a|an|the)\s+(?:[\w()%-]+\s+){0,5}?(?:ownership|voting|equity|controlling)\s+interest"
    # said with a verb: "sells a controlling interest to a third party", "sells substantially all of its assets" (MARSHALL)
    r"|sells?\s+(?:(?:a|an)\s+(?:[\w()%-]+\s+){0,5}?(?:ownership|voting|equity|controlling)\s+interest|(?:all\s+or\s+)?substantially\s+all\s+of\s+(?:its|the|their)\s+(?:assets|stock|shares|business)))\b"
)
_STOP = (r"(?:of|the|in|on|to|at|and|or|for|per|each|a|an|every|with|by|from|during|which|that|shall|will|may|must|is|are|be|without|within|unless|if"
         r"|as|than|including|but|provided|except|when|where|whichever)\b")  # words a quantity's noun does not run on through
# The kinds of insurance a coverage names.
_KIND = (r"(?:(?:commercial\s+|comprehensive\s+)?general\s+(?:commercial\s+)?liability|general\s+commercial|products?\s+liability|professional\s+liability|errors\s+and\s+omissions|"
         r"workers['’]?\s+compensation|worker['’]s\s+compensation|employers?['’]?s?\s+liability|(?:commercial\s+)?automobile(?:\s+liability)?|"
         r"umbrella(?:\s+liability)?|excess\s+liability|property|clinical\s+trials?|cyber(?:\s+liability)?|directors\s+and\s+officers|fire)")
# A party a thing goes to, by its name ("On2", "the Company": "Company", "Bank of America"), not a section, a document, a thing
# defined ("the Separation Agreement", "the Effective Time", "Licensed Products") or a pronoun
_OWNER = (r"(?:the\s+)?(?P<f>(?-i:(?!(?:Section|Article|Exhibit|Schedule|Appendix|Annex|Agreement|This|The|THE|That|These|Such|Each|Either|Any|All|Third|Paragraph)\b)"
          r"(?!(?:[A-Z][\w&.-]*\s){0,2}(?:Agreement|Time|Date|Products?|Data|IP|Works?|Property|Technology|Rights|Patents?|Intellectual|Materials?|AND|OR)\b)"
          r"[A-Z][\w&-]*(?:\.[\w&-]+)*(?:\s[A-Z][\w&-]*(?:\.[\w&-]+)*){0,2}(?:\sof\s[A-Z][\w&-]*)?|us\b|you\b|" + BRAND + r"))")
RX: dict[str, list[re.Pattern]] = {
    "amount": [
        # "$100 million dollars" whole, not its words "million dollars" (SLINGERBAG)
        _i("(?:", MONEY.pattern, r")(?:\s+(?:U\.?S\.?\s+)?dollars\b)?(?:\s+(?:per|each|for\s+each|in\s+the|annual)\s+(?:occurrence|claim|aggregate|person|accident|year|incident|month|week|day|quarter)\b|\s+(?:general\s+)?aggregate\b)?"),
        _i(rf"\b(?:{_W})(?:[\s-]+(?:and\s+)?(?:{_W})){{0,6}}\s+(?:U\.?S\.?\s+)?(?:dollars|euros)(?:\s+and\s+(?:{_W})(?:[\s-]+(?:{_W}))*\s+cents)?"
           r"(?:\s*\(\s*(?:US|U\.S\.)?\s?[$€£]\s?[\d,.]+\s*\))?(?:\s+per\s+(?:kilogram|kg|pound|lb|unit|item|package|shipment|month|week|day|year|quarter)\b)?"),
        # consideration in stock: "Six Hundred Thousand (600,000) shares of VNUE common stock", "25,000 Restricted common shares" (VNUE, HALITRON)
        _i(rf"\b{_NUM}\s+(?:(?:restricted|common|preferred|ordinary|registered)\s+){{0,3}}(?:shares|stock\s+options|warrants)\b"),
    ],
    # The cap basis: what follows "shall not exceed" / "limited to", when it names fees or a multiple.
    "multiple": [
        _i(rf"\b{_NUM}\s+(?:times|multiples?\s+of)\b"),
        _i(
            r"\b(?:exceed|(?<!not )limited(?:,?\s+(?:in|under)\s+[^.;:]{1,60}?,)?\s+to|capped\s+at|excess\s+(?:in\s+the\s+aggregate\s+)?of|(?<!fee\s)(?<!sum\s)(?<!price\s)equal\s+to|up\s+to|greater\s+than|more\s+than)[\s,]+(?!(?:and|or)\b)"
            r"(?:\(\w{1,4}\)\s*(?:with\s+respect\s+to|in\s+the\s+case\s+of|as\s+to|for)\s+[^,;()]{1,80},\s*)?"  # "(I) WITH RESPECT TO ANY ENHANCEMENT ..., THE AMOUNTS PAID ...": the first basis, not its lead-in
            r"(?P<f>(?=(?:[^;:]|(?<=\bof):){0,80}?\b(?:fees?|paid|pays|payable|prices?|payments?|charges?|compensation|consideration|value|received|receives|revenues?|earned|recover(?:s|ed|able)|amounts?\s+(?:paid|due)|royalt|costs?\b|insurance|coverage|insured|proceeds|maximum\s+(?:aggregate\s+)?liabilit|liabilit(?:y|ies)\s+(?:cap|limit)|\bcap\b|(?:lesser|greater)\s+of\b|[\w.&-]+['’]s?\s+direct\s+damages\b))[\w(\[])"),  # "IS LIMITED TO, AND WILL NOT EXCEED, PRIMECALL'S DIRECT DAMAGES" (DELTATHREE); a kind alone is no sum  # "the insurance coverage set out in Section 9.0" (DYNAMEX)
        # a sole remedy that is money back: "THE RETURN OF THE PURCHASE PRICE PAID BY RESELLER" (WORLDWIDE STRATEGIES), "a refund of all fees paid"
        _i(r"\b(?:refund|return|repayment)\s+of\s+(?:the\s+|any\s+|all\s+)?(?:purchase\s+price|price|fees?|amounts?|consideration)\s+(?:paid|received)\b"),
    ],
    "percent": [_i(rf"(?:\b(?:{_W})(?:[\s-]+(?:{_W})){{0,6}}\s+percent\s*\(\s*\d+(?:\.\d+)?\s?%\s*\))|" + PERCENT.pattern),
                _i(r"\b50\s?/\s?50\b|\bfifty[\s-]fifty\b")],  # "distributed ... equally - 50/50 - to TKCI and SIC" (TURNKEY, on the final page)
    "duration": [_i(_DUR)],
    # The kinds of damages a clause excludes ("ANY SPECIAL, INCIDENTAL, CONSEQUENTIAL OR OTHER INDIRECT DAMAGES"):
    # two or more kinds of loss before "damages" or "losses", after a word that excludes them.
    # A kind may stand in quotes after "other forms of" ("consequential, punitive, incidental, special, or other forms of “exemplary” losses": BIOAMBER).
    "excluded": [_i(r"\b(?:no|not|neither|nor|never|event|exclud\w*|disclaim\w*|waive\w*)\b[^.;]{0,240}?\b(?P<f>(?:(?:forms?\s+of\s+)?[\"“]?(?:lost|loss\s+of|special|incidental|indirect|consequential|punitive|"
                    r"exemplary|multiple|treble|economic|reliance|business|other|direct|profits?|revenues?|data|use|goodwill|savings)\b[\"”]?[\s,/]*(?:(?:or|and|and/or)\s+)?(?:any\s+)?){2,}"
                    r"(?:damages|losses))"),
                 # ... one kind that is always excluded, or a loss or damage in the singular ("no Party shall be liable ... for any
                 # indirect or consequential loss or damage": STARTEC; "neither Party shall be responsible ... in respect of any indirect
                 # loss or damage": TUNIU), or lost profits alone ("NEITHER PARTY WILL BE LIABLE FOR ANY LOST PROFITS": STAMPS.COM)
                 _i(r"\b(?:no|none|not|neither|nor|never|exclud\w*|disclaim\w*|waive\w*|forego\w*)\b[^.;]{0,240}?\b(?P<f>(?:(?:special|incidental|indirect|"
                    r"consequential|punitive|exemplary|similar|commercial|direct|economic)\b[\s,/]*(?:(?:or|and|and/or)\s+)?(?:any\s+)?)*"
                    r"(?:special|incidental|indirect|consequential|punitive|exemplary|similar)\s+(?:damages?(?!\s+to\b)|loss(?:es)?)(?:\s+or\s+damages?(?!\s+to\b))?"
                    r"|(?:lost|loss\s+of)\s+(?:(?:anticipated|commercial|future)\s+)?(?:profits?|revenues?|savings)\b)")],
    # A minimum in units, not money ("a guaranteed minimum of 3,000,000 Impressions per month")
    "quantity": [_i(rf"\b(?:minimum|at\s+least|not\s+less\s+than|no\s+(?:fewer|less)\s+than)\s+(?:of\s+)?{_NUM}\s+(?!(?:of|the|such|its|their)\b)(?!(?:[a-z]+\s+)?\(\s*\d+\s*\)\s*(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?|hours?)\b)(?!(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?|quarters?|percent|per\s+cent|dollars)\b)(?!U\.?S\.?(?![A-Za-z])|USD\b|US\$|euros?\b|EUR\b|hundred\b|thousand\b|million\b|billion\b)"
                    r"(?:(?:[\w-]+\s+){0,2}[\w-]+\s+(?:per|each|a|every)\s+(?:calendar\s+|contract\s+)?\w+|(?-i:[A-Za-z])[\w-]*)"),
                 # "the minimum purchase volume of the Product (Solo) is 50,000 units within the period of three (3) years" (ELECTRAMECCANICA)
                 _i(rf"\bminimum\s+(?:annual\s+|yearly\s+)?(?:purchase|order)\s+(?:volume|quantit(?:y|ies))\b[^.;]{{0,60}}?\b(?:is|shall\s+be|will\s+be)\s+(?P<f>{_NUM}\s+units?"
                    r"(?:\s+(?:within|during|in|per|for)\s+(?:the\s+|each\s+|a\s+|any\s+)?(?:period\s+of\s+)?(?:\w+\s+){0,2}?(?:\(\d+\)\s+)?(?:years?|months?|quarters?))?)")],
    # a ceiling on a count or a length ("up to four photography sessions", "shall not exceed five (5) hours", "no more than
    # two major code releases"): the trigger, the number and the few words that say of what
    "limit": [_i(rf"\b(?:not\s+to\s+exceed|(?:shall|will|may)\s+not\s+exceed|no\s+more\s+than|not\s+more\s+than|up\s+to|(?:a\s+)?maximum\s+of|limited\s+to|in\s+excess\s+of)\s+"
                 rf"(?:a\s+total\s+of\s+)?(?>{_NUM})(?:-half)?(?![\w-])(?!\s*(?:%|percent|per\s+cent))(?:\s+(?!{_STOP})[\w-]+){{0,3}}"
                 rf"(?:\s+(?:per|each|a|every|in\s+any|for\s+the|for\s+each|during\s+(?:any|each|the))\s+(?:calendar\s+|contract\s+)?(?!{_STOP})\w+)?")],
    "notice_period": [
        # no time at all: "may terminate ... immediately upon written notice" (a notice period of nothing)
        _i(r"\b(?:effective\s+)?immediately\s+(?:upon|on)\s+(?:the\s+)?(?:(?:issuance|delivery|receipt|giving)\s+of\s+)?(?:(?:prior|written|e-?mail)\s+(?:or\s+e-?mail\s+)?){0,2}notice\b"),
        # a day: "shall become effective on the business day next following the date of receipt by NFLA of Company's written notice" (GRIDIRON)
        _i(r"\beffective\s+(?:on|as\s+of)\s+the\s+(?:next\s+)?(?:business\s+|working\s+)?day\s+(?:next\s+)?(?:following|after)\s+(?:the\s+date\s+of\s+)?(?:(?:the|its)\s+)?(?:receipt|delivery|giving|service)\b[^.;]{0,80}?\bnotice\b"),
        _i(
            rf"(?:\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of|upon|on|with|by\s+giving|by\s+providing|giving|providing)\s+){{0,2}}"
            rf"{_DUR}(?:'s?|’s?)?\s+(?:(?:prior|advance|advanced|written|express)\s+){{0,3}}(?:notice|notification)\b"),
        # a notice that lists its periods after a colon: "upon the following written notice to the other specifying a termination date:
        # sixty (60) days for interruptible transportation ... and 180 days for firm transportation ..." (ATMOS, CUAD train, on the final page)
        _i(rf"\bthe\s+following\s+(?:(?:prior|advance|written)\s+){{0,2}}notice\b[^.;:]{{0,100}}:\s*(?P<f>{_DUR}(?:\s+for\b[^.;]{{0,100}}?,?\s+and\s+{_DUR}\s+for\b[^.;]{{0,100}}|\s+for\b[^.;]{{0,100}})?)"),
        # "written notice ninety (90) days in advance", "notice of at least 30 days"
        _i(rf"\b(?:prior\s+)?(?:written\s+)?notice\s+(?:of\s+)?(?:at\s+least\s+|not\s+less\s+than\s+)?{_DUR}(?:\s+in\s+advance)?"),
        # "notice of non-renewal at least 180 days prior to", "notify ... within 5 days of the conclusion"
        _i(rf"\b(?:notice|notif(?:y|ies|ication))\b(?:[^.;()]|\([^().;]*\)){{0,120}}?\b(?:(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|within)\s+){_DUR}"
           rf"(?:\s+(?:prior\s+to|before|in\s+advance\s+of|of)\s+(?:(?:the|any|each|such|its)\s+)?(?:(?-i:[A-Z])\w*\s+(?=(?-i:[A-Z])))?"
           # "prior to the desired date of termination", not "prior to the desired" (MPHASE, CUAD train, on the final page)
           rf"(?:(?:effective|desired|intended|proposed|scheduled|anticipated|requested)\s+(?:date|time)(?:\s+of\s+(?:such\s+|the\s+)?(?:termination|expiration|cancellation|withdrawal|renewal|non-renewal))?|\w+))?"),
        _i(
            rf"\b(?:(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than)\s+)?{_DUR}\s+(?:prior\s+to|before|in\s+advance\s+of)\s+{_END}"
            r"(?:\s+of\s+(?:the\s+|this\s+|such\s+)?(?:then[\s-]+current\s+|initial\s+|applicable\s+|current\s+)?(?:\w+\s+)?(?:term|period|agreement)\b)?"),
    ],
    "bound": [
        _i(rf"(?<!agreed by )(?<!agreed in writing by )\b{_PARTY}(?:\s+(?:may|shall|will|agrees)(?:\s+not)?\b)?|\bthe\s+parties\s+(?:shall|may|will|agree|mutually)\b|\b(?:mutually\s+(?:agree|acknowledge|covenant|waive|release|indemnif)\w*(?!\s+(?:upon|on|by|in\s+writing)\b)|mutual\s+(?:covenants?|obligations?|releases?|waivers?|indemnit\w+|limitations?)|each\s+other|one\s+another|both\s+agree)\b"
           # (what is "agreed in writing by both parties" binds neither: COLUMBIA, on the final page, read "Applies to both parties")
           rf"|\b{TO_THE_OTHER}"  # "that neither will be liable to the other for damages" (EUROPEAN MICRO)
           rf"|\b{NAMED_SIDES}\b"  # "Either Affiliate or Chase may"
           r"|(?-i:\b[Aa]\s+Party\s+(?:shall|will|may|must|agrees?)\b|(?:(?<=shall )|(?<=will )|(?<=may ))a\s+Party\b)"  # "in no event shall a Party be liable to the other Party": any of them (BLOOM ENERGY)
           # "Any of the Participants will": every one of them; not "any of the Securities" (ALLIANCE BANCORP)
           r"|(?-i:\b(?:[Aa]ny|[Ee]ach|[Aa]ll|[Nn]one)\s+of\s+the\s+(?!(?:Securities|Shares|Products|Services|Rights|Terms|Provisions|Sections|Assets|Units|Goods|Materials|Patents|Marks|Trademarks|Fees|Payments|Amounts|Obligations|Agreements|Documents|Records|Losses|Claims|Damages|Liabilities|Licenses|Licences|Territories|Countries|Warrants|Options|Notes|Bonds|Certificates|Policies|Funds|Accounts|Orders|Sites|Systems|Programs|Works|Inventions|Improvements|Deliverables|Facilities|Properties|Loans|Costs|Expenses|Taxes|Proceeds|Revenues|Sales|Royalties|Milestones|Reports|Notices|Events)\b)[A-Z][a-z]+s\b)"
           # "Nortel's liability to Entrust, and Entrust's liability to Nortel", "each of Nortel's and Entrust's liability": both
           r"|(?-i:\b[A-Z][\w&.-]*['’]s\s+liabilit(?:y|ies)\b[^.;]{0,60}?,?\s+and\s+[A-Z][\w&.-]*['’]s\s+liabilit(?:y|ies)|\b[Ee]ach\s+of\s+[A-Z][\w&.-]*['’]s\s+and\s+[A-Z][\w&.-]*['’]s"
           rf"|\b{EITHERS_LIABILITY})"  # "THE EXTENT OF PCQ OR ABW'S LIABILITY" (PC QUOTE)
           # "The Investor, the Agent and the Lenders hereby acknowledge": all of them
           r"|(?-i:\b(?!(?:Agreement|Term|Section|Article|Exhibit|Schedule)\b)[A-Z][\w&.-]*(?:,\s+(?:the\s+)?[A-Z][\w&.-]*)*,?\s+and\s+(?:the\s+)?[A-Z][\w&.-]*\s+(?:hereby\s+)?(?:agree|acknowledge|covenant|undertake)\b)"),
        # One named party: its liability ("Chase's aggregate liability"), a capitalised name (not a
        # heading word, not a section number) before a modal verb, or after "may be terminated by".
        re.compile(
            # "neither MS nor its affiliates ... shall have any liability": MS alone (MSCI)
            r"\b[Nn]either\s+(?:the\s+)?[A-Z][\w&.-]*,?\s+nor\s+(?:any\s+of\s+)?(?:its|his|her|their)\s+(?:respective\s+)?\w+(?=[^.;]{0,240}?\b(?:shall|will)\s+(?:have\s+any\s+(?:liability|responsibility)|be\s+(?:liable|responsible)))|"
            r"\b(?!(?:The|This|Such|Each|Either|Any|Other|Party|Parties|Neither|If|When|Where|Unless|Should|Upon|In|For)\b)[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2}(?:'s|’s|'S)\s+(?:(?:total|aggregate|entire|cumulative|maximum)\s+)*liabilit(?:y|ies)\b(?!\s+(?:insurance|polic|coverage|insurer))|"
            r"(?<!(?<!,)\sand )(?:\b[Tt]he\s+)?\b(?!(?:This|The|That|These|Such|Any|All|No|In|If|Nothing|Notice|Section|Article|Agreement|Contract|Term|It|Each|Either|Neither|Both|"
            r"Event|Licen[cs]e|(?:Sub)?[Ll]ease|Certificates?|Polic(?:y|ies)|Upon|During|Except|For|Subject|Unless|Provided|Parties|Notwithstanding|Exhibit|Schedule|Appendix|APPENDIX|Insurance|Damages|Limitations?|Indemnit\w+|Termination|Remedies|Warrant(?:y|ies)|"
            r"Affiliates|And|But|Or|[IVX]{1,4})\b)(?![A-Z]\.\s)"  # nor an item's letter ("G. MKOS will not")
            r"(?<!other )(?<!another )(?<!no )(?<!No )(?<!its )(?<!their )(?<!of )(?<!to )(?<!Party )(?<!(?<!,)\sand )(?<!(?<!,)\sand the )(?<!Article )(?<!Section )(?<!for )(?<!Exhibit )(?<!Schedule )(?<!Appendix )(?<!Annex )(?<!in the )(?<!an )(?<!a )(?:Party\s+[A-Z]\b|(?!Party\b)[A-Z][\w@&.'’-]*(?:\s+(?!The\b)[A-Z][\w@&.'’-]*){0,3}|[Yy]ou|[Ww]e|" + BRAND + ")"  # "no other Distributor will be appointed", "entities of Party A will"
            # a thing is no party: "the Unreleased SpinCo IP Liabilities shall otherwise become assignable" (INGEVITY, CUAD train, on the final page)
            r"(?<!Liability)(?<!Liabilities)(?<!Asset)(?<!Assets)(?<!\bIP)(?<!Patents)(?<!Trademarks)(?<!Marks)(?<!Information)(?<!Data)(?<!Fees)(?<!Payments)(?<!Materials)"
            r"(?:,\s+(?:taken\s+as\s+a\s+whole|collectively|together|jointly|in\s+the\s+aggregate),)?"  # "Airspan Parties, taken as a whole, shall be liable" (AIRSPAN)
            r"\s+(?:(?:further|also|expressly|hereby)\s+)?(?:shall|may|will|must|grants|assigns|guarantees?|undertakes?|agrees?(?!\s+that\s+(?:the\s+)?[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?\s+(?:shall|will|may|must)(?!\s+be\s+entitled|\s+have\s+the\s+right|" + _FAVOURED + r")|\s+that\s+neither\s+(?:the\s+)?[A-Z][\w&.-]*,?\s+nor\s+(?:any\s+of\s+)?(?:its|his|her|their)\b)|covenants?|(?:(?:does|do)\s+)?hereby\s+(?:\w+ly\s+)?\w+|(?:desires|elects|wishes)\s+to)(?:\s+not)?\b(?!\s+(?:mean|have\s+the\s+meaning|arise|occur|exist|happen|apply)\b|" + _FAVOURED + r"\b|" + _ACTED_ON + r")|"  # "Circumstances may arise where" binds no one (BLUEFLY); "Ford shall be the exclusive sponsor" is whom it favours (IVILLAGE)
            r"(?<!\bthat\s)(?<!\bwhich\s)\b(?:may|shall|can)(?:\s+not)?\s+be\s+(?:\w+ed,\s+){0,6}(?:(?:\w+ed,?\s+)?(?:or|and)\s+)?(?:terminated|cancell?ed|assigned|transferred|extended|renewed|suspended|performed|exercised|paid|borne|provided|maintained|submitted|delivered|made)\s+by\s+(?:the\s+)?(?!(?:[Ee]ither|[Ee]ach|[Nn]either|[Bb]oth)\b)[A-Z][\w@&.'’-]*(?:\s+[A-Z][\w@&.'’-]*){0,2}(?![\w@&.'’-]|\s+(?:and|or|&)\s+(?:the\s+)?[A-Z])"  # "by Smith and TDA": both
        ),
    ],
    "carve_out": [_i(
        r"\b(?:except(?!\s+with\s+(?:the\s+)?(?:[\w'’]+\s+){0,3}(?:consent|approval))(?:\s+(?:for|as|that|to\s+the\s+extent|with\s+respect\s+to|in))?|(?<!anyone )(?<!person )(?<!persons )(?<!entity )(?<!entities )(?<!anybody )other\s+than(?!\s+(?:the\s+)?(?:parties|signatories)\b|\s+(?-i:[A-Z])\w+\s+(?:and|or)\s+(?-i:[A-Z])\w+\b|[^()]{1,60}\)\s*\(\s*(?:collectively|together|each|individually|hereinafter)\b)|(?:shall|does|will)\s+not(?:,\s*however,)?\s+(?:apply|limit)\b|(?:shall\s+be\s+|are\s+|is\s+)inapplicable\s+to|"
        r"nothing\s+in\s+this\b(?=[^;]{0,80}?\b(?:limit|exclude|restrict))|without\s+limit(?!ation)|waives\s+any\s+and\s+all\s+limitations|"
        r"provided,?\s+(?:however|further|that)|notwithstanding(?!\s+any(?:thing|\s+(?:other\s+)?provision)|\s+(?:any|the)\s+failure)|excluding|save\s+(?:for|as|(?:in\s+)?the\s+(?:event|case)\s+of))\b"),
        # "Subject to Section 17(c), in no event ...": the exceptions stand elsewhere; the pointer is quoted.
        _i(r"\bsubject\s+to\s+(?P<ref>(?:Sections?|Clauses?|Articles?|paragraphs?)\s+" + _REF + r"(?:\s*(?:,|and|or)\s*" + _REF + r")*)")],
    "law": [
        re.compile(
            r"(?i:\b(?:the\s+)?(?:(?:internal|substantive|domestic)\s+)?(?:laws?|legislation|(?<=applicable\s)regulations)(?:\s+and\s+(?:judicial\s+decisions|regulations))?\s+(?:in\s+force\s+in\s+|of(?:\s+|(?=the\s|(?-i:[A-Z]))))(?:the\s+)?"
            r"(?:(?:State|Commonwealth|Province|Republic|Kingdom|Canton|Federal\s+Republic|People['’]?s\s+Republic|Hong\s+Kong\s+Special\s+Administrative\s+Region)\s+of(?:\s+|(?=(?-i:[A-Z])))(?:the\s+)?)?)"  # OCR's "the laws ofthe State ofTexas" (PRIME ENERGY)
            r"(?!(?:THE|WITHOUT|ANY|SUCH|STATE)\b)[A-Z][\w.'’-]*(?:(?:\s+|\s+and\s+|\s+of\s+)(?!(?:WITHOUT|APPLICABLE|EXCLUDING|EXCEPT|AS|IN|TO|FOR|THAT|WITH|REGARD|REGARDLESS|OTHER|SHALL|WHICH|AND|OF|THE|WILL|APPLY|GOVERNING|IS)\b)[A-Z][\w.'’-]*){0,3}"
            r"(?:,?\s+and\s+(?:the\s+)?(?:federal\s+laws?\s+of\s+)?(?:the\s+)?(?i:United\s+States)(?:\s+of\s+(?i:America))?)?"  # "the State of Nevada, and the United States of America" (MARSHALL)
        ),
        re.compile(r"\b(?:by|under|with)\s+(?:the\s+)?(?P<f>(?!(?:THE|APPLICABLE|SUCH)\b)[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)?\s+(?i:laws?))\b"),
    ],
    # What ends a contract or sets off a right: a change of control (the "event" of Change Of
    # Control: "for any reason" is no such event), or a right without cause (Termination For Convenience).
    "event": [_EVENT],
    "trigger": [_EVENT, _i(
        r"\b(?:(?:with\s+or\s+)?without\s+cause|for\s+(?:any|no)\s+reason(?:\s+or\s+(?:for\s+)?no\s+reason|\s+whatsoever)?|for\s+(?:its\s+|their\s+)?convenience|"
        r"at\s+(?:its|their)\s+(?:sole\s+)?(?:discretion|convenience|option)|at\s+any\s+time(?![^.;]{0,40}\b(?:" + FOR_CAUSE + r")))\b")],
    "territory": [re.compile(
        r"\b(?i:in|within|throughout|outside(?:\s+of)?)\s+(?:the\s+)?(?:[A-Z][\w/&-]*\s+(?:and\s+|&\s+)?){0,4}(?i:territory|territories|area|region)\b|"
        r"\b(?i:world-?wide|throughout\s+the\s+world|anywhere\s+in\s+the\s+world)\b|"
        rf"\b(?i:within\s+(?:a\s+)?(?:radius\s+of\s+)?{_NUM}[\s-]*(?:miles?|kilomet(?:er|re)s?|km)(?:\s+radius)?)\b|"
        r"\b(?i:in|within|throughout)\s+(?:the\s+)?(?:United\s+States|U\.S\.A?\.|USA|Canada|North\s+America|Europe|European\s+Union|China|Japan|"
        r"UNITED\s+STATES|Asia|Latin\s+America|Mexico|India|Australia)\b")],
    "consent": [_i(
        r"\b(?:without|with|upon|subject\s+to|requires?|obtain(?:s|ing|ed)?|receiv(?:e|es|ed|ing))(?:,\s+[^,;.]{1,60},)?\s+(?:the\s+)?(?:(?:express|advance|prior|previous|written|mutual|specific)\s+){0,3}(?:consent|approval)(?!\s+(?-i:[A-Z][a-z]))"  # not "the Approval Payments"
        r"(?:\s+(?:of|from|by)\s+(?:(?:the|each|any|all(?:\s+of)?(?:\s+the)?)\s+other\s+part(?:y|ies)|(?:the\s+)?(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*)?))?\b|"
        # "without the NFLA prior written consent": a name before the consent, possessive or not
        r"\b(?:without|with)\s+(?:the\s+)?(?:other\s+part(?:y|ies)['’]s?|(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*)?(?:['’]s?)?)\s+(?:(?:express|prior|written|advance)\s+){0,3}(?:consent|approval)\b|"
        r"\b(?:(?:shall|will)\s+not|not\s+to)\s+be\s+unreasonably\s+(?:withheld|delayed|conditioned)(?:(?:,\s*|\s+)(?:or\s+|and\s+)?(?:withheld|delayed|conditioned))*")],
    "survival": [_i(
        r"\b(?:shall|will|to)\s+survive\b(?:\s+(?:the\s+|any\s+)?(?:expiration|termination|expiry)(?:\s+(?:or|and/or|and)\s+(?:earlier\s+)?(?:expiration|termination|expiry))?"
        r"(?:\s+of\s+this\s+Agreement)?)?|"
        rf"\b(?:for\s+(?:a\s+period\s+of\s+)?)?{_DUR}\s+(?:after|following|from|beyond)\s+(?:the\s+)?(?:date\s+of\s+|effective\s+date\s+of\s+)?(?:any\s+)?(?:expiration|termination|expiry)\b|"
        r"\b(?:upon|after|following|at\s+the\s+time\s+of|in\s+the\s+event\s+of)\s+(?:the\s+|any\s+|such\s+)?(?:effective\s+date\s+of\s+)?(?:expiration|termination|expiry)"
        r"(?:\s+(?:or|and/or|and)\s+(?:earlier\s+)?(?:expiration|termination|expiry))?(?:\s+of\s+this\s+Agreement)?\b|"
        r"\b(?:transition(?:al)?\s+(?:services|assistance|period)|termination\s+assistance|wind[\s-]down\s+period|sell[\s-]off\s+period)\b")],
    "date": [DATE],
    # A restriction that lasts as long as the contract, and perhaps a tail after it.
    "term_period": [_i(
        rf"(?:\b(?:during|for|throughout)\s+the\s+(?:active\s+|initial\s+|entire\s+)?(?:term\b|period(?=\s+of\s+(?:this|the)\s+(?:\w+\s+)?Agreement))(?:\s+of\s+(?:this|the)\s+(?:\w+\s+)?Agreement)?"
        rf"|\bas\s+long\s+as\s+this\s+Agreement\s+(?:is|remains)\s+in\s+(?:effect|force)"
        rf"|\buntil\s+(?:the\s+)?(?:expiration|termination)(?:\s+or\s+(?:earlier\s+)?termination)?\s+of\s+(?:this|the)\s+Agreement)"
        rf"(?:,?\s+and\s+(?:for\s+)?(?:a\s+period\s+of\s+)?{_DUR}\s+(?:thereafter|after\w*|following\w*)"
        rf"|,?\s+and\s+thereafter(?=\s*,|\s+not\b))?")],  # "during the term of this Agreement and thereafter, not to": with no end
    # kinds named together before one "insurance" are one coverage ("commercial general liability and product liability insurance")
    "coverage": [_i(rf"\b{_KIND}(?:(?:,\s+|,?\s+(?:and|or)\s+){_KIND})*\s+(?:insurance|coverage|policy|policies)\b")],
    # whom the IP goes to ("Wildform hereby irrevocably assigns to On2", "shall vest solely in On2", "the sole property of On2": ON2,
    # CUAD train, on the final page, where a lawyer acting for On2 read "IP created under the contract may belong to the counterparty");
    # a thing "owned by" a party that is described, not given, goes to no one ("any patents ... owned by Anixa that claim": ANIXA)
    "owner": [_i(r"\b(?:assigns?|assigned(?!\s+by)|transfers?|transferred|conveys?|conveyed)\b[^.;(]{0,200}?(?<!\band)(?<!\bin,)\s+to\s+", _OWNER),  # not "in and to the Assigned Marks", "in, to", nor into a bracket
              _i(r"\b(?:vest(?:s|ed)?\s+(?:\w+\s+){0,2}?in|(?:the\s+)?property\s+of|\b(?:is|are|be|been|remains?|hire,?)\s+(?:\w+\s+){0,2}?owned\s+(?:\w+\s+){0,2}?by|belong(?:s|ing)?\s+(?:\w+\s+){0,2}?to)\s+", _OWNER),
              _i(_OWNER, r"\s+(?:owns|(?:shall|will)\s+(?:solely\s+|exclusively\s+)?(?:own|retain|be\s+the\s+(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?owner)|retains)\b")],
    "insured": [_i(r"\b(?:(?:name[sd]?|list(?:ed)?|include[sd]?)\s+(?:\w+\s+){0,4}as\s+)?(?:an?\s+)?additional\s+insureds?\b")],
}

"""Whether a clause could state a term the reader did not read: the guard on "not stated".

``shared.clauses.terms`` says a term is "not stated" only where the whole clause holds nothing
that might state it: no figure (its own section number and the sections it refers to are none),
no redaction, no schedule, section or defined term that sets it elsewhere, no end set by an event.
``could_state`` and ``elsewhere`` answer that; where either says yes the term is left unread
(``stated: null``) and the finding says nothing rather than something false. Pure functions.
"""

from __future__ import annotations

import re

from shared.clauses import figures
from shared.clauses.checklist import FORMULA, OPEN_ENDED
from shared.clauses.fact_patterns import RX
from shared.clauses.redactions import REDACTED

NOTICE = RX["notice_period"]
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b", re.I)
# ... each number with its title, if any ("BREACHES OF SECTION 2 (TRADEMARKS), 8 (CONFIDENTIALITY), OR 9 (NO AGENCY RELATIONSHIP)": ALLIED ESPORTS)
_TITLED = r"\d+[\w.()]*(?:\s*\([a-z][^()\d]{2,40}\))?"
_SECTION_REF = re.compile(rf"\b(?:Sections?|Clauses?|Articles?|Paragraphs?|Subsections?)\s+{_TITLED}(?:\s*(?:,\s*(?:and|or)?|and|or|through|to)\s*(?:{_TITLED}|\([a-z0-9]{{1,4}}\)))*", re.I)
_SECTION_NUMBER = re.compile(r"^\W{0,3}(?:(?:Section|Article|Clause)\s+)?\d{1,3}(?:\.\d{1,3})*\.?(?:\s*\([a-z0-9]{1,4}\))*\s", re.I)
# ... and the subsection's after its heading: "29.0 LIMITATION OF LIABILITY 29.1 Neither Party shall be liable ... for any special,
# indirect ... damages" read "cap: no value read (check it)" on "29.1" (CARDLYTICS, CUAD train, on the final page).
_HEADED_NUMBER = re.compile(r"^\W{0,3}(?-i:(?:[A-Z][A-Z&,'’-]*\s+){1,6})\d{1,3}(?:\.\d{1,3})+\.?(?:\s*\([a-z0-9]{1,4}\))*\s")


_END_BY_EVENT = re.compile(r"\b(?:until|through|end\w*\s+(?:on|upon|at|with)|expir\w*\s+(?:on|upon|at|with)|terminat\w*\s+(?:on|upon|at|with)|coterminous\s+with)\s+"
                           r"(?:the\s+)?(?:date\s+of\s+(?:the\s+)?)?(?:expiration|expiry|termination|end|completion|closing|later|latest|earlier|earliest|last|first)\b"
                           r"|\b(?:during|for|throughout)\s+the\s+(?:term|duration|life)\s+of\s+the\s+(?!Agreement\b)(?-i:[A-Z])", re.I)  # "valid during the term of the LSA" (BIOFRONTERA)

# A term set by a schedule ("insurance policies of the kind and limits as set forth in APPENDIX D": NICE): stated there, not absent.
_BY_REFERENCE = re.compile(r"\b(?:set\s+(?:forth|out)|specified|stated|described|listed|provided\s+for|identified|payable|shown|determined)\s+(?:in|on|under|in\s+accordance\s+with)\s+(?:the\s+)?(?:attached\s+)?"
                           r"(?:[\w\s]{0,30}?\s(?:or|and)\s+(?:in\s+)?(?:the\s+)?)?(?-i:Appendix|APPENDIX|Schedule|SCHEDULE|Exhibit|EXHIBIT|Annex|ANNEX|Attachment|ATTACHMENT|Addendum|ADDENDUM)"
                           # ... or in another document the contract names ("as otherwise specified in the Manuals": PF HOSPITALITY)
                           r"|\b(?:set\s+(?:forth|out)|specified|stated|described|provided)\s+in\s+the\s+(?-i:[A-Z][a-z]+)", re.I)
# A sum set beside the clause ("the yearly minimum amount of Product amounts ... listed above": WEST; "insurance for not less than
# the following limits": CURAEGIS), by law or by a value ("in the statutory amounts", "not less than the replacement cost").
_SUM_BESIDE = re.compile(r"\b(?:listed|set\s+(?:forth|out)|described|specified|stated|required\s+of\s+\w+)\s+(?:above|below)\b|\b(?:substantially\s+)?(?:equivalent|identical)\s+to\b|\bthe\s+following\s+(?:\w+\s+){0,4}?(?:limits|amounts|coverages?|types)\b"
                         r"|\bstatutory\s+(?:amounts?|limits?|minimums?)\b|\bamounts?\s+required\s+by\s+(?:applicable\s+)?law\b|\breplacement\s+(?:cost|value)\b", re.I)

# A sum or a remedy set in another section ("The amounts contemplated under Section 16.4 [Liquidated Damages]", "the sole remedy ...
# shall be the provisions in Section 7.2", "THIS SECTION 7 SETS FORTH SUBCONTRACTOR'S SOLE AND EXCLUSIVE LIABILITY": CUAD train).
_SECTION_SAYS = re.compile(r"\b(?:contemplated|provided(?:\s+for)?|called\s+for|set\s+(?:forth|out)|specified|described|stated|required|referred\s+to|the\s+provisions|requirements)\s+(?:in|under|by|to|of)\s+(?:this\s+|the\s+)?"
                           r"(?:Sections?|Articles?|Clauses?|Paragraphs?|Subsections?)\s+\d|\b(?:this|the)\s+(?:Section|Article|Clause|Paragraph)\s+[\d.()a-z]+\s+(?:sets?\s+forth|states?)\b"
                           r"|\b(?:sub-?)?sections?\s+\d[^;]{0,80}?\b(?:will|shall)\s+apply\b", re.I)  # "the applicable sub-section 5.3.1, 5.3.2 OR 5.3.3 will apply" (NICE)
# An end upon an event ("shall terminate when all obligations required of both parties hereunder are performed", "shall terminate ...
# in the event that the VNBJ SPA and the VNBZ SPA are terminated", "until all of the Intellectual Property ... is in the public domain").
_ENDS_UPON = re.compile(r"\b(?:terminat|expir|end)\w*\s+(?:\w+\s+){0,5}?(?:when|in\s+the\s+event\s+(?:that|of))\b"
                        r"|\bupon\s+the\s+(?:earliest|earlier|latest|later)\s+(?:to\s+occur\s+)?of\b"
                        r"|\b(?:terminat|expir)\w*\s+(?:(?:immediately|automatically|and)\s+){0,3}upon\s+(?:the\s+)?(?!(?:expiration|expiry|end|termination)\b)\w+(?:['’]s)?\s"  # "shall terminate upon the Trust's payment" (MOVADO)
                        r"|\buntil\s+(?:all|such\s+time|the\s+(?:[A-Z][\w-]+\s+){1,4}(?:Term|Period)\b)"
                        r"|\b(?:expiration|expiry|end)\s+of\s+the\s+(?:[A-Z][\w-]+\s+){1,4}(?:Term|Period)\b")


def could_state(how: str, clause: str) -> bool:
    """Whether the clause holds something that might state the term, unread: a number for a
    figure (its own section number is none: "10.2 NCC shall in no circumstances be liable ..."),
    a redaction, a law named in words the reader did not place."""
    if ("amount" in how or "multiple" in how) and _SECTION_SAYS.search(clause):  # a sum or a remedy another section sets
        return True
    clause = _SECTION_REF.sub(" ", _HEADED_NUMBER.sub("", _SECTION_NUMBER.sub("", clause, count=1), count=1))  # nor a section it refers to ("EXCEPT FOR BREACHES OF SECTION 14")
    if REDACTED.search(clause) or _BY_REFERENCE.search(clause):
        return True
    # "shall ... end on the expiration date of the operation term of Party B", "until the
    # termination of the Development and License Agreement": an end set by another's (TUNIU); an end
    # upon an event ("shall terminate when all obligations ... are performed"), unless it runs until terminated
    if how in ("date:end", "period:term") and (_END_BY_EVENT.search(clause) or _ENDS_UPON.search(clause)) and not OPEN_ENDED.search(clause):
        return True
    # a period until an event or between two ("until ALFA AESAR's inventory depletion", "during the period between when it receives a
    # Product and when it resells": CUAD train)
    if how in ("period:post", "period:warrant") and re.search(r"\buntil\b|\bbetween\s+when\b", clause, re.I):
        return True
    if how == "fact:law":  # "the Commercial Arbitration Act of the State of Nevada" names a law the reader does not place
        return bool(re.search(r"\b(?:laws?|legislation)\b|\b(?-i:Act)\b", clause, re.I))
    if "amount" in how and (re.search(FORMULA, clause, re.I) or _SUM_BESIDE.search(clause)):
        return True
    # A cap in words the reader does not place ("shall not exceed the other Party's contractual
    # liability to its customers"): a limit is there, so "not stated" would be false. "including but not limited to
    # lost profits" lists kinds of damages, no limit.
    if "multiple" in how and re.search(r"\b(?:exceed\w*|(?<!not\s)limited\s+(?:[\w,]+\s+){0,8}?to|capped|in\s+excess\b|up\s+to|(?:greater|more)\s+than\s+(?:the|any|an?|\$|\d)|maximum|(?:total|aggregate|entire|cumulative)\s+liability|limited\s+recourse|payable\s+solely\s+from)\b", clause, re.I):
        return True
    # A time to sue is no figure of a cap ("Neither party will bring a legal action ... more than two years after"); a sum or a
    # share is no period ("purchase ... Distributor's inventory at the price set forth in Subsection 18.4, less a ten percent
    # restocking charge" read "period: no value read (check it)": ETELOS, CUAD train, on the final page).
    time = how.startswith("period:") or how in ("fact:duration", "fact:notice_period")
    if how in ("period:renew", "period:term"):  # a notice is no length of a term ("by serving written notice ... at least ninety (90) days prior to the end")
        for rx in NOTICE:
            clause = rx.sub(" ", clause)
    if "multiple" in how or time:
        drop = ("amount", "percent") if time else ("duration",)
        for a, b, _ in reversed([f for f in figures.scan(clause, every=True) if f[2]["kind"] in drop]):
            clause = clause[:a] + " " + clause[b:]
    return bool(_NUMBER.search(clause))


_RUNS_FOR = r"\b(?:for|through|during)\s+the\s+(?:[A-Z][\w-]+\s+){0,3}(?:Term|Period)\b|(?i:\b(?:for\s+so|as)\s+long\s+as\b)"
# A term the clause names as defined elsewhere ("free from defects for the Warranty Period"): stated, though not in the clause's words.
_DEFINED = {"period": re.compile(r"\b(?:[A-Z][\w-]+\s+){1,3}Period\b|(?i:\b(?:for|during|throughout)\s+the\s+(?:\w+\s+){0,3}?life\b|\bfor\s+so\s+long\s+as\b)"),  # "for the reasonable shelf life of the Product"
            # ... or a term set by a defined period or an event ("continue in effect for the Service Period", "for so long as Photronics and DNP ... remains a Shareholder")
            "term_length": re.compile(r"\bInitial\s+Term\b|" + _RUNS_FOR),
            "end_date": re.compile(_RUNS_FOR),
            "renewal_length": re.compile(r"\b(?:Renewal|Extension|Additional)\s+(?:Term|Period)\b"),
            "cap": re.compile(r"\b(?:Liability\s+)?Cap\b|\bMaximum\s+(?:Liability|Amount)\b"),
            # a sum the contract defines ("the Guaranteed Minimum", "the Construction Cost Reimbursement shall be deemed liquidated damages")
            "amount": re.compile(r"\b(?:(?!(?:The|Each|Any|Such|This|That|No|All|In|If|For|Upon|Neither|Either)\b)[A-Z][a-z]+\s+){1,3}(?:Fees?|Payments?|Reimbursement|Amounts?|Royalt(?:y|ies)|Price|Minimum|Shortfall|Quotas?|Commitment|Targets?|Requirements?)\b"
                                 r"|\b(?:Minimum|Quotas?)\b(?!\s+(?:of|not)\b)"),
            # a warranty for as long as the contract runs ("warrants ... that, during the term of this Agreement": PHREESIA)
            "warranty_period": re.compile(r"\b(?:during|for|throughout)\s+the\s+(?:(?:initial|entire|full)\s+)?(?:Term\b|(?i:term\s+of\s+(?:this|the)\s+agreement))"
                                          # ... or until a date the goods carry ("from the date of manufacture to the expiry date set out on each Unit": FUSION)
                                          r"|(?i:\b(?:until|to|through)\s+the\s+(?:\w+\s+){0,2}?(?:expiry|expiration|use[\s-]by|best[\s-]before)\s+date)")}


# An item after a list's first ("(ii) Employ or seek to employ ..."): the list's lead-in, which may state the term ("during the term ..., Member will not:"), is not part of it.
_LATER_ITEM = re.compile(r"^\W{0,2}(?:\((?:[b-h]|ii|iii|iv|vi{0,3})\)|[b-h]\.|(?:ii|iii|iv|vi{0,3})\.)\s", re.I)


def elsewhere(name: str, clause: str) -> bool:
    """Whether the term may be stated outside the clause's own words: it names the term as a
    defined one, or it is a later item of a list (the text around it is read by ``terms``)."""
    defined = [d for d in (_DEFINED.get(name), _DEFINED.get("period") if name.endswith("period") else None) if d is not None]
    return any(d.search(clause) for d in defined) or bool(_LATER_ITEM.match(clause))

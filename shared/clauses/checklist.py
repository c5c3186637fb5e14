"""What a risk note checks per clause category: the facts it looks for, in the order it states
them, their labels, and what it says when a key fact is absent (:func:`shared.clauses.risk.risk_note`
fills it with the clause's own words)."""

from __future__ import annotations

import re

# category -> (kinds in note order; "a+b" renders in one sentence, "*" marks the kinds whose
# absence the note states; label overrides; what the note says when the key kinds are absent).
CHECKLIST: dict[str, tuple[str, dict[str, str], str]] = {
    "Cap On Liability": ("multiple+amount+percent* excluded carve_out bound", {"multiple": "Liability is capped at"}, "No amount or basis for the cap is stated in this clause."),
    "Uncapped Liability": ("carve_out* amount bound", {"carve_out": "Exceptions to the limits"}, "No exception to the liability limits is stated in this clause."),
    "Liquidated Damages": ("amount+percent* multiple carve_out bound", {"amount": "Sum owed"}, "No sum or formula is stated in this clause."),
    "Termination For Convenience": ("notice_period* trigger amount bound carve_out", {"notice_period": "Termination notice", "trigger": "Grounds"}, "No notice period for termination is stated in this clause."),
    "Renewal Term": ("duration* notice_period bound", {}, "No renewal length is stated in this clause."),
    "Notice Period To Terminate Renewal": ("notice_period* duration bound", {"notice_period": "Notice to end renewal"}, "No notice period is stated in this clause."),
    "Expiration Date": ("duration+date* bound", {"duration": "Term and dates stated"}, "No end date or term length is stated in this clause."),
    "Governing Law": ("law* carve_out", {}, "No governing law is named in this clause."),
    "Anti-Assignment": ("consent* carve_out bound", {}, "No consent requirement is stated in this clause."),
    "Change Of Control": ("event* consent notice_period carve_out bound", {"event": "Triggered by"}, "No change-of-control event is named in this clause."),
    "Non-Compete": ("term_period+duration* territory* carve_out bound", {"term_period": "Restriction period"}, ""),
    "Exclusivity": ("territory term_period+duration carve_out bound", {}, ""),
    "No-Solicit Of Customers": ("term_period+duration* carve_out bound", {"term_period": "Restriction period"}, ""),
    "No-Solicit Of Employees": ("term_period+duration* carve_out bound", {"term_period": "Restriction period"}, ""),
    "Non-Disparagement": ("term_period+duration carve_out bound", {}, ""),
    "Competitive Restriction Exception": ("carve_out territory bound", {}, ""),  # the clause is the exception: its absence is never said (37 of CUAD train's 62 labels hold no carve-out the facts read)
    "Most Favored Nation": ("percent carve_out bound", {}, ""),
    "Rofr/Rofo/Rofn": ("duration notice_period carve_out bound", {}, ""),
    "Revenue/Profit Sharing": ("percent+amount* duration bound", {"percent": "Rate or sum"}, "No rate or sum is stated in this clause."),
    "Price Restrictions": ("percent+amount* duration carve_out bound", {"percent": "Limit"}, "No price limit is stated in this clause."),
    "Minimum Commitment": ("amount+percent+quantity* duration bound", {"amount": "Minimum"}, "No minimum amount is stated in this clause."),
    "Volume Restriction": ("limit amount+percent duration bound", {}, ""),
    "License Grant": ("territory duration carve_out bound", {}, ""),
    "Non-Transferable License": ("consent carve_out bound", {}, ""),
    "Irrevocable Or Perpetual License": ("duration carve_out bound", {}, ""),
    "Post-Termination Services": ("survival* duration bound", {}, "No period after the end of the contract is stated in this clause."),
    "Audit Rights": ("notice_period duration percent bound", {"percent": "Cost threshold"}, ""),
    "Warranty Duration": ("duration* carve_out bound", {}, "No warranty period is stated in this clause."),
    "Insurance": ("amount* coverage insured notice_period duration bound", {"amount": "Coverage amounts"}, "No coverage amount is stated in this clause."),
}
# Licences, IP and the like: who is bound, and what is excepted.
CHECKLIST["Ip Ownership Assignment"] = ("owner carve_out bound", {}, "")  # and whom the IP goes to
CHECKLIST.update(dict.fromkeys(("Joint Ip Ownership", "Affiliate License-Licensor", "Affiliate License-Licensee", "Source Code Escrow",
                            "Unlimited/All-You-Can-Eat-License", "Covenant Not To Sue", "Third Party Beneficiary"), ("carve_out bound", {}, "")))
CHECKLIST.update(dict.fromkeys(("Agreement Date", "Effective Date"), ("date*", {}, "")))
# What a note says instead of the category's "missing" line when the clause only excludes kinds of
# damages: it is an exclusion, not a cap that forgot its amount (TALCOTT: "neither party shall be
# liable for any special, consequential or incidental damages").
EXCLUSION_ONLY = {"Cap On Liability": "An exclusion of kinds of damages, not a limit on an amount: no amount or basis is stated in this clause."}
# ... and when it only bars claims after a time (CUAD's cap includes "time limitation for the
# counterparty to bring claims": "neither Party may bring a claim ... more than two years after the
# cause of action accrues").
TIME_LIMIT_ONLY = {"Cap On Liability": "A time limit on claims, not a limit on an amount: no amount or basis is stated in this clause."}
# ... and when the contract runs with no fixed end ("shall continue indefinitely until terminated by either Party": DYNAMEX;
# "in perpetuity"): no term length is stated, and the note says what is.
OPEN_ENDED = re.compile(r"\b(?:continue|remain|be|stay)\s+(?:in\s+(?:full\s+)?(?:force|effect)\s+(?:and\s+effect\s+)?)?(?:\w+\s+){0,2}?(?:indefinitely|in\s+perpetuity|perpetually)"
                        r"(?:\s+(?:\w+\s+){0,2}?until\s+(?:\w+\s+){0,2}?terminated)?|\bin\s+perpetuity\b|\b(?:continue|remain)\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+until\s+(?:it\s+is\s+)?terminated\b"
                        r"|\b(?:will|shall)\s+end\s+when\s+terminated\b"
                        # "shall remain effective until terminated", "shall continue until terminated as provided herein", "valid for an indefinite
                        # period", "entered into for an unlimited period of time", "remain in effect ... perpetually thereafter"
                        r"|\b(?:continue|remain)\s+(?:effective\s+|valid\s+)?until\s+(?:it\s+is\s+)?terminated\b|\b(?:for\s+an?\s+)?(?:indefinite|unlimited)\s+(?:period|term|duration)(?:\s+of\s+time)?\b"
                        r"|\bperpetually\s+thereafter\b", re.I)
OPEN_ENDED_NOTE = {"Expiration Date": "No end date or term length is stated: it runs with no fixed end"}


def open_ended(category: str, text: str) -> str | None:
    """The words by which ``text``, a clause of ``category``, says the contract runs with no fixed end; None if it does not."""
    m = OPEN_ENDED.search(text) if category in OPEN_ENDED_NOTE else None
    return m.group() if m else None


# ... and when an assignment clause bars assignment with no consent route ("No party to this Agreement may assign its rights
# ... and any assignment in contravention hereof shall be null and void": ALLISON; "Neither ADAMS GOLF nor CONSULTANT shall have the right to
# grant sublicenses hereunder or to assign": ADAMS GOLF): "no consent requirement" read as a freedom.
BARRED_ONLY = {"Anti-Assignment": "No consent route is stated in this clause: assignment is barred unless an exception it names applies."}
BARS = re.compile(r"\b(?:may|shall|will|can)\s*not\s+(?:\w+,?\s+){0,5}?(?:assign|transfer)|\bnot\s+(?:be\s+)?(?:assignable|assigned|transferable)\b"
                  r"|\b(?:neither|no)\s+(?:\w+\s+){0,6}?(?:may|shall|will|can)\s+(?:have\s+(?:the|any)\s+right\s+to\s+(?:\w+,?\s+){0,5}?)?(?:\w+,?\s+){0,5}?(?:assign|transfer)", re.I)
# A sum set by a formula, not a figure: a note or a terms record never says such a clause states no sum
# (BEYONDCOM: "the difference between (i) the aggregate amount of the Co-Hosting Fee ... and (ii) ... multiplied by").
FORMULA = r"\bdifference\s+between\b|\bmultiplied\s+by\b|\bthe\s+product\s+of\b|\bformula\b|\bcalculated\s+(?:as|by|in\s+accordance\s+with)\b|\b(?:lesser|greater)\s+of\b|\bequal\s+to\b"
LABELS = {
    "amount": "Amounts stated", "multiple": "Basis stated", "percent": "Percentages stated", "duration": "Periods stated",
    "notice_period": "Notice", "carve_out": "Exceptions", "law": "Governing law", "trigger": "Events named", "event": "Events named",
    "territory": "Area", "consent": "Consent", "survival": "After the contract ends", "date": "Dates stated",
    "term_period": "Periods stated", "coverage": "Coverage named", "insured": "Additional insured", "quantity": "Quantities stated", "excluded": "Excludes",
    "limit": "Limits stated", "owner": "Goes to",
}
WHAT = {"duration": "period", "term_period": "period", "territory": "territory", "date": "date", "carve_out": "exception", "amount": "amount", "percent": "percentage"}
# category -> [(term name, how it is read)]; "fact:k1,k2" takes risk's facts of those kinds in
# order, "period:<cue>" a duration the cue ties to the term (a renewal, the initial term, a
# warranty, the end of the contract), "date:end" the date an end cue precedes.
SPEC: dict[str, list[tuple[str, str]]] = {
    "Cap On Liability": [("cap", "fact:amount,multiple,percent"), ("claim_period", "period:claim")],
    "Termination For Convenience": [("notice_period", "fact:notice_period")],
    "Notice Period To Terminate Renewal": [("notice_period", "fact:notice_period")],
    "Renewal Term": [("renewal_length", "period:renew")],
    "Expiration Date": [("term_length", "period:term"), ("end_date", "date:end")],
    "Governing Law": [("law", "fact:law")],
    "Warranty Duration": [("warranty_period", "period:warrant")],
    "Insurance": [("coverage_amount", "fact:amount")],
    "Post-Termination Services": [("period", "period:post")],
    "Liquidated Damages": [("amount", "fact:amount,percent,multiple")],
    "Minimum Commitment": [("amount", "fact:amount,percent,quantity")],
    **{c: [("restriction_period", "fact:duration")] for c in ("Non-Compete", "No-Solicit Of Customers", "No-Solicit Of Employees")},
}
# A term of the record said under its own label, apart from the other figures of its kind: only
# the period the record ties to a warranty is the warranty period ("within two (2) Business Days
# after receipt" in an acceptance clause is a period stated, no warranty's).
TERM_LABEL = {"warranty_period": "Warranty period", "claim_period": "Time to bring a claim"}
# Terms the record carries only where the clause states them: most caps set no time to sue, and
# "not stated" would be said of nearly every one.
OPTIONAL = {"claim_period"}
# Terms that answer the same question: where one is read, an unread other is not listed ("shall expire December 31,
# 2023" read "term length: no value read (check it)" beside its end date: FLOTEK, CUAD train, on the final page).
ALTERNATIVES = {"Expiration Date": ("term_length", "end_date")}
# A term of the record -> the checklist kind it states (a period's, a date's, or the first of the
# facts it is read from): a term the record reads that the note's own patterns missed ("for an
# additional month", "[***]") is quoted in the note too, so the note and the record never disagree.
TERM_KIND = {name: "date" if how.startswith("date") else "duration" if how.startswith("period") else how.split(":")[1].split(",")[0]
             for specs in SPEC.values() for name, how in specs}

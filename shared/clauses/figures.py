"""Figures in contract text, normalised and tied to the clause they came from.

The draft shows a lawyer the figures of a contract within a second. "thirty (30) days",
"ninety days" and "三十日" are the same notice period, and "$2.5 million" and "US$2,500,000" the
same sum, so each figure carries a comparable ``value`` and ``unit`` next to its verbatim
``text``; a figure found inside a categorised clause also says which clause and what it is there
("notice period", "cap amount"), from the facts shared.clauses.risk pulls for that category.

``text`` is always the source's own words (whitespace collapsed), so the draft's validator can
find it on the page; nothing here rewrites it. Pure functions: no I/O, no model.

Number words are parsed by libraries rather than by hand: ``text2num`` (English, "one hundred
and eighty") and ``cn2an`` (Chinese, including the capital numerals of amounts, "伍拾万").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation

import cn2an
from text_to_num import text2num

from shared.clauses import risk
from shared.clauses.catalogue import BY_NAME

Value = int | float | str

# --- English numbers --------------------------------------------------------------------------
_WORD = (
    r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion"
)
# "and" only after a scale word ("one hundred and eighty"), so "between thirty and ninety days"
# is not read as one number; nor does a number open with a scale word ("$2.5 million and five
# percent" is a sum and a percentage, not "million and five" percent).
_WNUM = rf"\b(?!(?:hundred|thousand|million|billion)\b)(?:{_WORD})(?:(?:[\s-]+|(?:(?<=hundred)|(?<=thousand)|(?<=million)|(?<=billion))\s+and\s+)(?:{_WORD}))*\b"
# Digits end where the number ends: "4.047.000.000" (European grouping) is not read as 4.047.
_DIG = r"(?<![\d.,])(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?![.,]?\d)"  # ".25" too ("priced at $.25")
_NUM = rf"(?:{_DIG}|{_WNUM})"
_PAREN = rf"(?:\s*\(\s*[\"“]?{_NUM}[\"”]?\s*\))?"  # "thirty (30)", "ninety (“90”)": the figure includes its echo
_SCALE = r"(?:\s?(?:million|billion|thousand)\b)?"
_PCT = r"(?:\s?[%％]|\s?percent\b|\s?per\s+cent\b)"

_DIGITS_RX = re.compile(rf"(?P<n>{_DIG})(?:\s?(?P<s>million|billion|thousand)\b)?", re.IGNORECASE)
_WORDS_RX = re.compile(_WNUM, re.IGNORECASE)
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9}

# --- Chinese numbers --------------------------------------------------------------------------
_CN = "零〇一二两兩三四五六七八九十百千万萬亿億壹贰貳叁參肆伍陆陸柒捌玖拾佰仟"
_CNUM = rf"(?:(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?[万萬亿億]?|[{_CN}]+(?:点[零〇一二三四五六七八九]+)?)"
_CNUM_RX = re.compile(_CNUM)
_CN_UNIT = {"工作日": "business days", "天": "days", "日": "days", "周": "weeks", "星期": "weeks", "年": "years"}

_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_MON = r"(?P<mon>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_ORD = r"(?:st|nd|rd|th)?"


def _out(v: Decimal | float) -> int | float:
    """JSON-friendly: an int when integral ("30", not "30.0")."""
    d = Decimal(str(v))
    return int(d) if d == d.to_integral_value() else float(d)


def _en_value(s: str) -> int | float | None:
    """The number in an English figure. Digits win over words when both are given ("thirty
    (30)"): they parse without doubt, and the two almost never disagree."""
    s = " ".join(s.split())
    if m := _DIGITS_RX.search(s):
        return _out(Decimal(m["n"].replace(",", "")) * _SCALES.get((m["s"] or "").lower(), 1))
    words = _WORDS_RX.findall(s)
    try:
        v = Decimal(text2num(words[0].lower(), "en"))
        if len(words) > 1 and re.search(r"\bcents\b", s, re.IGNORECASE):  # "Four Dollars and Forty One Cents"
            v += Decimal(text2num(words[1].lower(), "en")) / 100
    except (ValueError, IndexError):
        return None
    return _out(v)


def _cn_value(s: str) -> int | float | None:
    m = _CNUM_RX.search(s)
    try:
        return _out(cn2an.cn2an(m.group().replace(",", ""), "smart")) if m else None
    except (ValueError, KeyError, IndexError, InvalidOperation):  # cn2an raises ValueError on what it cannot read
        return None


_CURRENCIES = (  # first hit wins: "美元" before "元", "US$" is plain "$"
    (r"美元|\bUSD", "USD"), (r"欧元|歐元|€|\beuros?\b|\bEUR", "EUR"), (r"英镑|英鎊|£|\bpounds\b|\bGBP", "GBP"),
    (r"人民币|人民幣|\bRMB|\bCNY|\byuan\b|元|圆|￥", "CNY"), (r"\$|\bdollars?\b", "USD"),
)


def _currency(s: str) -> str:
    return next(code for rx, code in _CURRENCIES if re.search(rx, s, re.IGNORECASE))


def _en_duration(m: re.Match) -> tuple[Value, str] | None:
    v = _en_value(m.group())
    unit = "business days" if m["bus"] and m["u"].lower() == "day" else m["u"].lower() + "s"
    return None if v is None else (v, unit)


def _iso(y: int, m: int, d: int) -> str | None:
    y += 2000 if y < 50 else 1900 if y < 100 else 0  # "1/31/20"
    try:
        return date(y, m, d).isoformat()
    except ValueError:  # "2/30/2020" is not a date, so not a figure
        return None


def _us_numeric(m: re.Match) -> str | None:
    a, b, y = int(m["a"]), int(m["b"]), int(m["y"])
    return _iso(y, b, a) if a > 12 else _iso(y, a, b)  # US order unless the first cannot be a month


def _cn_digits(s: str) -> int:
    return int(s) if s.isdigit() else int(cn2an.cn2an(s, "smart"))


def _cn_date(m: re.Match) -> str | None:
    year = m["y"].translate(str.maketrans("〇零一二三四五六七八九", "00123456789"))  # digit by digit: "二〇二〇"
    try:
        return _iso(int(year), _cn_digits(m["m"]), _cn_digits(m["d"]))
    except ValueError:  # "十十月" is no month
        return None


def _date(iso: Callable[[re.Match], str | None]) -> Callable[[re.Match], tuple[Value, str] | None]:
    """A date reader: the ISO date, no unit."""
    return lambda m: (v, "") if (v := iso(m)) else None


def _named_month(m: re.Match) -> str | None:
    return _iso(int(m["y"]), _MONTHS[m["mon"][:3].lower()], int(m["d"]))


def _cn_duration(m: re.Match) -> tuple[Value, str] | None:
    v = _cn_value(m["n"])
    unit = "months" if m["mo"] else _CN_UNIT[m["u"]]
    # "2020年" alone is a calendar year, not a 2020-year term.
    return None if v is None or (unit == "years" and v >= 1000) else (v, unit)


def _num_unit(conv: Callable[[str], int | float | None], unit: Callable[[str], str]) -> Callable[[re.Match], tuple[Value, str] | None]:
    def read(m: re.Match) -> tuple[Value, str] | None:
        v = conv(m.group())
        return None if v is None else (v, unit(m.group()))
    return read


def _i(p: str) -> re.Pattern:
    return re.compile(p, re.IGNORECASE)


_CD = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
# kind, pattern, reader -> (value, unit) or None. Order does not matter: the longest match wins.
_RULES: tuple[tuple[str, re.Pattern, Callable[[re.Match], tuple[Value, str] | None]], ...] = (
    ("date", _i(rf"\b{_MON}\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b"), _date(_named_month)),
    ("date", _i(rf"\b(?P<d>\d{{1,2}}){_ORD}\s+(?:day\s+of\s+)?{_MON},?\s+(?P<y>\d{{4}})\b"), _date(_named_month)),
    ("date", _i(r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>\d{4}|\d{2})(?![\d/])"), _date(_us_numeric)),
    ("date", _i(r"(?<![\d-])(?P<a>\d{2})-(?P<b>\d{2})-(?P<y>\d{4}|\d{2})(?![\d-])"), _date(_us_numeric)),  # "Contract end: 04-01-08"
    ("date", _i(r"(?<!\d)(?P<y>\d{4})-(?P<a>\d{2})-(?P<b>\d{2})(?!\d)"),
     _date(lambda m: _iso(int(m["y"]), int(m["a"]), int(m["b"])))),
    ("date", re.compile(rf"(?P<y>\d{{4}}|[〇零一二三四五六七八九]{{4}})\s*年\s*(?P<m>{_CD})\s*月\s*(?P<d>{_CD})\s*[日号號]"),
     _date(_cn_date)),
    # a year or month a contract defines: "four (4) Processing Years", "two (2) Contract Years"
    ("duration", _i(rf"{_NUM}{_PAREN}(?:\s*[\])])?[\s-]*(?:(?:calendar|(?P<bus>business|working)|consecutive|full)\s+|(?-i:[A-Z][a-z]+\s+)(?=(?:year|month)s?\b))?(?P<u>day|week|month|year|quarter)s?\b"),
     _en_duration),
    ("duration", re.compile(rf"(?P<n>{_CNUM})\s*(?:(?P<mo>[个個]\s*月)|[个個]?\s*(?P<u>工作日|天|日|周|星期|年))"), _cn_duration),
    ("amount", _i(rf"(?<![A-Za-z])(?:(?:US|U\.S\.)\s?\$|\$|€|£|\((?:pounds|euros?)\)|(?:USD|EUR|GBP|RMB|CNY)\s?)\s?{_DIG}{_SCALE}"
                  rf"(?:\s*\(\s*{_WNUM}(?:\s+(?:U\.S\.\s+)?(?:dollars|euros|pounds))?\s*\))?"),
     _num_unit(_en_value, _currency)),
    ("amount", _i(rf"{_NUM}{_SCALE}\s+(?:U\.?S\.?\s+)?(?:dollars?|euros?|pounds\s+sterling|USD|EUR|GBP|RMB|CNY|yuan)\b"
                  rf"(?:\s+and\s+{_WNUM}\s+cents\b)?(?:\s*\(\s*(?:(?:US|U\.S\.)\s?)?[$€£]?\s?{_DIG}{_SCALE}\s*\))?"),
     _num_unit(_en_value, _currency)),
    ("amount", re.compile(rf"(?:(?:人民币|人民幣|￥|美元|欧元|英镑)\s*{_CNUM}(?:\s*(?:元|圆|美元|欧元|英镑))?|{_CNUM}\s*(?:元|圆|美元|欧元|歐元|英镑|英鎊))"),
     _num_unit(_cn_value, _currency)),
    ("percent", _i(rf"{_NUM}{_PCT}(?:\s*\(\s*{_NUM}{_PCT}\s*\))?"), _num_unit(_en_value, lambda _: "%")),
    ("percent", re.compile(rf"百分之\s*{_CNUM}"), _num_unit(lambda s: _cn_value(s.replace("百分之", "")), lambda _: "%")),
)


def _scan(text: str, every: bool = False) -> list[tuple[int, int, dict]]:
    """(start, end, figure without page) for each figure of ``text``, in order, deduplicated
    (``every``: each place it is said)."""
    found = []
    filled = text.replace("_", " ")  # a blank filled in: "____ (______30________) days" (the same offsets)
    for kind, rx, read in _RULES:
        for m in rx.finditer(filled):
            if (vu := read(m)) is not None:
                found.append((m.start(), m.end(), kind, *vu))
    # The longest reading wins an overlap: "thirty (30) days" over "30 days", "$5,000 (5%)"'s
    # parts stay apart, a date's "31日" is not also a duration.
    kept: list[tuple] = []
    for f in sorted(found, key=lambda f: (f[0] - f[1], f[0])):
        if not any(f[0] < k[1] and k[0] < f[1] for k in kept):
            kept.append(f)
    out, seen = [], set()
    for a, b, kind, value, unit in sorted(kept):
        if every or (kind, value, unit) not in seen:
            seen.add((kind, value, unit))
            out.append((a, b, {"kind": kind, "text": " ".join(text[a:b].split()), "value": value, "unit": unit}))
    return out


def scan(text: str, every: bool = False) -> list[tuple[int, int, dict]]:
    """(start, end, figure) for each figure of ``text``, in order: ``extract`` with offsets;
    ``every``: a figure said twice is given twice ("for a one (1) year period ... renew for
    successive one (1) year periods": the second is the renewal)."""
    return _scan(text, every)


def extract(text: str, page: int) -> list[dict]:
    """Every figure of ``text`` in order: ``{"kind", "text", "value", "unit", "page"}``.

    ``kind`` is amount, percent, date or duration; ``value`` a number (an ISO date string for
    dates, whose ``unit`` is ""); ``unit`` a currency code, "%", or days/business days/weeks/
    months/quarters/years. One figure per (kind, value, unit) in the text.
    """
    return [{**fig, "page": page} for _, _, fig in _scan(text)]


# --- what a figure is in its clause -----------------------------------------------------------
_ROLE = {"notice_period": "notice period", "survival": "period after termination", "multiple": "cap basis",
         "duration": "period", "amount": "amount", "percent": "percentage", "date": "date"}
_CAT_ROLE = {
    ("Cap On Liability", "amount"): "cap amount", ("Cap On Liability", "percent"): "cap percentage",
    ("Liquidated Damages", "amount"): "liquidated damages", ("Minimum Commitment", "amount"): "minimum commitment",
    ("Insurance", "amount"): "coverage amount", ("Revenue/Profit Sharing", "percent"): "revenue share",
    ("Price Restrictions", "percent"): "price limit", ("Audit Rights", "percent"): "audit cost threshold",
    ("Renewal Term", "duration"): "renewal term", ("Expiration Date", "duration"): "contract term",
    ("Warranty Duration", "duration"): "warranty period", ("Rofr/Rofo/Rofn", "duration"): "response period",
    ("Notice Period To Terminate Renewal", "notice_period"): "notice to end renewal",
    ("Effective Date", "date"): "effective date", ("Agreement Date", "date"): "agreement date", ("Expiration Date", "date"): "expiration date",
    **{(c, "duration"): "restriction period" for c in ("Non-Compete", "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement")},
}
_CLIP = 200


def _roles(category: str, span: str) -> list[tuple[int, int, str]]:
    """(start, end, role) of the clause's figure-bearing risk facts, in risk's order. A figure
    takes the role of the first fact it overlaps: risk's patterns may cut a figure shorter
    ("$10,000,000" of "U.S.$10,000,000") or hold it in a longer fact (a notice period)."""
    name = BY_NAME[category.lower()].name if category.lower() in BY_NAME else category
    out = []
    for fact in risk.facts(name, span):
        start = span.find(fact["text"])  # facts are exact slices of the span
        if fact["kind"] in _ROLE and start >= 0:
            out.append((start, start + len(fact["text"]), _CAT_ROLE.get((name, fact["kind"]), _ROLE[fact["kind"]])))
    return out


def _clip(span: str) -> str:
    s = " ".join(span.split())
    return s if len(s) <= _CLIP else s[:_CLIP].rsplit(" ", 1)[0] + "…"


def attach(figs_source: list[tuple[int, str, str | None]], limit: int = 20) -> list[dict]:
    """Figures of clause quotes and pages, each tied to its clause.

    ``figs_source`` holds (page, span, category): a clause quote with the category the clause
    model gave it, or a whole page with None. A figure of a categorised span also gets
    ``category``, ``clause`` (the quote, clipped) and ``role`` (what it is in that clause, or
    None); one of a page gets None for all three. A figure already given for that page is not
    repeated. Categorised figures come first, in input order; at most ``limit`` in all.
    """
    out: list[dict] = []
    seen: set[tuple] = set()
    # Clauses before pages: the same figure on a page should be reported with its clause.
    for page, span, category in sorted(figs_source, key=lambda s: s[2] is None):
        roles = _roles(category, span) if category is not None else []
        for a, b, fig in _scan(span):
            key = (page, fig["kind"], fig["value"], fig["unit"])
            if key in seen:
                continue
            seen.add(key)
            tied = category is not None
            out.append({**fig, "page": page, "category": category, "clause": _clip(span) if tied else None,
                        "role": next((r for ra, rb, r in roles if ra < b and a < rb), None)})
            if len(out) >= limit:
                return out
    return out

"""The pieces a client event's payload is made of (evidence, findings, citations, usage, cost,
timings, the error body), and :class:`Payload`, the base of every model of the client events.

Every model allows extra fields: fields may be added, never renamed. The events themselves are
in :mod:`shared.api.client_models`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


CONFIDENCE = ("how likely the card is a clause of `category`: on contracts the model did not learn from, cards this sure were "
              "the labelled clause this share of the time (bench/bench_confidence.py)")
TIER = "`confidence` in words: `likely` (0.6 and over), `possible` (0.3 to 0.6), `weak` (under 0.3: check it before relying on it)"
Tier = Literal["likely", "possible", "weak"]


class CategoryConfidence(BaseModel):
    """How likely a clause is one of its categories (a card of several has one each)."""

    model_config = ConfigDict(extra="allow")
    category: str
    confidence: float = Field(ge=0, le=1)
    tier: Tier


class Payload(BaseModel):
    """Base of every model: extra fields are allowed (added later, never renamed)."""

    model_config = ConfigDict(extra="allow")


# --- pieces ------------------------------------------------------------------------------------


class ErrorBody(Payload):
    """The one error body (shared.core.errors.error_body): HTTP errors, `error` events, refusals."""

    code: str = Field(description="machine-readable, stable")
    message: str = Field(description="for people; may change")


class LocatedPage(Payload):
    page: int = Field(ge=1, description="1-based")
    score: float
    summary: str = Field(description="one line; empty when it would state a conclusion")


class Continues(Payload):
    """The rest of a clause that runs over a page break, quoted on the next page."""

    page: int = Field(ge=1)
    quote: str = Field(description="verbatim from that page's start")


class Evidence(Payload):
    page: int = Field(ge=1)
    quote: str = Field(description="verbatim from the page")
    category: str = Field(description="a CUAD clause category, or `Question` for a question that names none")
    score: float
    categories: list[str] = Field(default_factory=list, description="every category of this clause, best first (`category` is the first)")
    continues: Continues | None = Field(None, description="the clause goes on over the page break")
    confidence: float | None = Field(None, ge=0, le=1, description=CONFIDENCE)
    tier: Tier | None = Field(None, description=TIER)
    confidences: list[CategoryConfidence] = Field(default_factory=list, description="`confidence` and `tier` for each of `categories`, in their order")


class Figure(Payload):
    kind: Literal["amount", "percent", "date", "duration"]
    text: str = Field(description="verbatim, whitespace collapsed")
    value: float | str = Field(description="a number; an ISO date for dates")
    unit: str = Field(description="currency code, `%`, days, months, ...; empty for dates")
    page: int = Field(ge=1)
    category: str | None = Field(description="the clause it belongs to, or null for a loose figure of a page")
    clause: str | None = Field(description="the clause's quote, clipped; null for a loose figure")
    role: str | None = Field(description="what it is in that clause (notice period, cap, ...), when known")


class Fact(Payload):
    kind: str
    text: str = Field(description="an exact slice of the finding's quote")
    scope: Literal["mutual", "one_party"] | None = Field(None, description="only on `bound` facts")


class Term(Payload):
    """One term of a clause's typed record (a cap's basis, a notice period, a governing law)."""

    category: str = Field(description="the clause category the term belongs to")
    name: str = Field(description="cap, notice_period, term_length, end_date, renewal_length, law, warranty_period, restriction_period, ...")
    stated: bool | None = Field(description="true: quoted in `text`; false: the whole clause was read and holds nothing that could state it; null: it holds figures none of which reads as this term (nothing is claimed)")
    text: str | None = Field(description="verbatim from the clause; null when not stated")
    value: float | str | None = Field(description="normalised: a number (days for periods, the sum for amounts), an ISO date or a name; a restriction "
                                      "for the contract's term is `term`, and one for the term and after it with no end `term and thereafter`; null when none reads")
    unit: str | None = Field(description="days, a currency code, ...; null for names and dates")
    beside: bool = Field(False, description="with `stated: null`: the clause's own words do not state it, the sentences beside the clause do")
    redacted: bool = Field(False, description="with `stated: true`: the contract as filed hides the value (\"[***]\"); `text` quotes what stands in its place")
    open_ended: str | None = Field(None, description="with `stated: false` (a term length, an end date): the words by which the clause says the contract runs with no fixed end (\"for an indefinite term\"), verbatim")


class OtherSide(Payload):
    """Another clause of the category that gives the other side the same right or cap."""

    page: int = Field(ge=1)
    quote: str = Field(description="its words naming the side, verbatim (\"The Contractor may terminate\")")


class Position(Payload):
    """A clause against the playbook's rule for one of its categories."""

    category: str
    status: Literal["meets", "deviates", "unknown"] = Field(description="`unknown`: a term the rule needs was not read from the clause, or not as a value it can check (\"during the term\" against a number of days)")
    rule: str = Field(description="the rule, in words")
    quotes: list[str] = Field(description="the words of the clause it was decided on, verbatim; never empty on `meets`")
    why: str | None = Field(None, description="on `unknown`: why, in words (\"the clause states no notice period\", \"the clause does not say which parties it binds\")")
    jointly: OtherSide | None = Field(None, description="a rule that the clause binds both parties, met with another clause of the category: the clause gives one side "
                                      "the right or the cap, that one gives the other side the same")
    ours: str | None = Field(None, description="a rule that the clause binds both parties, met because the one side it gives the right or the cap is the "
                             "asker's: the role or the name the question is asked as, in its words (\"We're the customer\": `the customer`; \"We act for Corio\": `Corio`), "
                             "naming the side the clause names (\"Customer may terminate\", \"Corio may terminate\")")


class Explanation(Payload):
    """The model's one sentence on a deviation (only where analyze is set to ask for it): beside
    the position, never instead of it."""

    text: str
    grounded: bool = Field(description="quotes words found on the page it names; otherwise unverified")
    citation: Citation | None = Field(description="the citation that held")
    model: str
    usage: Usage


class Deviation(Position):
    page: int | None = Field(description="the clause's page; null for a required clause the contract lacks")
    missing: str | None = Field(None, description="for a required clause the contract lacks: what was searched")
    explanation: Explanation | None = Field(None, description="the model's sentence on it (CLAUSEFLOW_EXPLAIN_DEVIATIONS); absent when not asked for or not answered")
    confidence: float | None = Field(None, ge=0, le=1, description="how likely the deviating clause is of `category` (see the finding's `confidences`)")
    tier: Tier | None = Field(None, description=TIER)


class PlaybookResult(Payload):
    """What the findings were checked against, and where they deviate."""

    name: str
    version: int = Field(ge=1)
    checked: int = Field(ge=0, description="findings with a rule of the playbook")
    deviations: list[Deviation]


class SummaryRow(Payload):
    """One asked category at a glance."""

    category: str
    found: int = Field(ge=0, description="clauses found; 0: absent")
    weak: int = Field(0, ge=0, description="how many of them are only a weak match for the category (`tier: weak`): to check before relying on")
    pages: list[int] = Field(description="the pages they are on")
    terms: list[str] = Field(description="their key terms as the clauses state them: `notice period: ninety (90) days`")
    status: Literal["meets", "deviates", "unknown", "missing"] | None = Field(description="against the playbook: the worst of the clauses' positions; `missing`: required and absent; null: no rule")
    rule: str | None = Field(description="the playbook's rule, in words")
    why: str | None = Field(None, description="on `unknown`: why, in words, from the clause the row was decided on")
    weak_deviates: list[int] = Field([], description="pages of clauses that are only a weak match and deviate from the rule where `status`, read from the surer clauses, does not say so")


class Finding(Payload):
    """One clause: its quote once, with every category it belongs to."""

    category: str = Field(description="its best category")
    categories: list[str] = Field(default_factory=list, description="every category of this clause, best first")
    page: int = Field(ge=1)
    quote: str = Field(description="verbatim, occurs on the page: the whole clause")
    score: float = Field(description="the clause model's score for `category`; thresholds differ by category, so `confidence` is the one to read")
    confidence: float | None = Field(None, ge=0, le=1, description=CONFIDENCE)
    tier: Tier | None = Field(None, description=TIER)
    confidences: list[CategoryConfidence] = Field(default_factory=list, description="`confidence` and `tier` for each of `categories`, in their order")
    terms: list[Term] = Field(default_factory=list, description="the clause's terms for its categories, each quoted or said not to be stated")
    continues: Continues | None = Field(None, description="the clause goes on over the page break")
    risk: str = Field(description="a neutral note from the clause's own words")
    facts: list[Fact]
    risk_source: str = Field(description="`template`: made from the clause, not by the LLM")
    position: Position | None = Field(None, description="the worst of `positions`; null when no category of the clause has a rule")
    positions: list[Position] = Field(default_factory=list, description="one per category of the clause with a rule in the playbook")


class Citation(Payload):
    page: int = Field(ge=1)
    quote: str = Field(description="checked: occurs on the page (whitespace- and case-insensitive)")


class Absent(Payload):
    category: str = Field(description="an asked category with no clause in the document")
    searched_pages: int = Field(ge=1)
    likely: bool = Field(False, description="contracts like this one usually have such a clause (the presence model): the absence is a reason to look, not one to rely on")
    disclaimed: Citation | None = Field(None, description="the contract says it has none (\"No third party is intended to be ... a third party beneficiary\"): the sentence that says so, quoted from its page")
    instead: list[Citation] = Field(default_factory=list, description="what the contract gives in the category's place, in the order it stands (up to three): for an absent Termination For Convenience, its rights to terminate for cause (a breach, a default, an insolvency, a change of control, a death); for an absent Exclusivity, its non-exclusive grants; each quoted from its page")
    instead_what: str = Field("", description="what `instead` quotes, in words: \"rights to terminate for cause\", \"non-exclusive rights\" (empty when it is empty)")
    instead_tag: str = Field("", description="the same, short enough for a cell: \"for cause only\", \"non-exclusive only\"")


class Unasked(Payload):
    part: str = Field(description="a part of a several-part question, in the question's own words, that none of the asked categories answers: no clause was looked for on its account")
    suggest: list[str] = Field(default_factory=list, description="the clause categories the part read on its own may ask about, best first (empty: it names none this review checks); ask it on its own to have it checked")


class Sentence(Payload):
    text: str
    grounded: bool = Field(description="carries a citation that held")
    citation: Citation | None = Field(description="the first citation that held")
    citations: list[Citation]
    rejected: int = Field(ge=0, description="citations of the sentence that did not hold")


class Commentary(Payload):
    """The LLM's text beside the answer, never the answer: each sentence grounded only if it
    carries a citation that held on its page, the rest unverified."""

    text: str = Field(description="the model's text (the deltas joined)")
    model: str
    sentences: list[Sentence] = Field(description="the text, sentence by sentence, each labelled")
    grounded: int = Field(ge=0, description="sentences with a citation that held")
    unverified: int = Field(ge=0, description="sentences without one")


class Usage(Payload):
    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    counted: Literal["tokenizer", "estimated"] | None = Field(None, description="present when the server reported no usage")


class PriceTable(Payload):
    per_hour: dict[str, float] = Field(description="USD per hour of each kind of machine; cpu is one vCPU")
    llm_hardware: str = Field(description="what the LLM server runs on: a key of per_hour")
    per_1k_prompt_tokens: float
    per_1k_completion_tokens: float


class WholeDocument(Payload):
    """One pass of the whole document through the same model: the counterfactual."""

    prompt_tokens: int = Field(ge=0, description="the whole document with the same instructions and question, by the model's tokenizer")
    completion_tokens: int | None = Field(None, ge=0, description="this answer's length, else the median measured one")
    passes: int = Field(ge=1, description="passes the model's context window would need")
    seconds: float | None = Field(None, ge=0, description="from the model's measured throughput; null before any was measured")
    usd: float | None = Field(None, ge=0)
    basis: str = Field(description="the throughput used, or 'unmeasured'")
    model: str


class Fingerprint(Payload):
    """What shaped this request's cost."""

    prompt_chars: int = Field(ge=0)
    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    model: str
    hardware: str = Field(description="where the LLM ran (cpu when no LLM was used)")
    seconds: float | None = Field(None, description="end to end: upload to final")
    pages: int = Field(ge=0)
    pages_analysed: int = Field(ge=0, description="pages the LLM read")


class Cost(Payload):
    stages_usd: dict[str, float]
    tokens_usd: float
    total_usd: float
    prices: PriceTable = Field(description="the price table used")
    whole_document: WholeDocument | None = None
    whole_document_usd: float | None = Field(None, description="reading the pages plus the whole-document pass")
    saving_usd: float | None = Field(None, description="whole_document_usd - total_usd; negative when staging cost more")
    saving_pct: float | None = None
    fingerprint: Fingerprint | None = None


class StageTiming(Payload):
    queue_wait_ms: float
    preprocess_ms: float
    inference_ms: float
    postprocess_ms: float
    total_ms: float
    cpu_ms: float
    # What a stage computed rather than found in the shared caches (in GET .../cost):
    pages_extracted: int | None = Field(None, ge=0, description="summarize: pages whose text was extracted (0: all cached)")
    pages_ocr: int | None = Field(None, ge=0, description="summarize: of those, pages read by OCR")
    chunks_embedded: int | None = Field(None, ge=0, description="locate: chunks whose vectors were computed (0: cached or not needed)")
    pages_gisted: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: pages whose summary holds a model's gist")
    llm_prompt_tokens: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: prompt tokens the gists took")
    llm_completion_tokens: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: tokens the gists generated")


class Original(Payload):
    """A replayed final's original usage, cost and timings."""

    usage: Usage | None
    cost: Cost | None
    timings: dict[str, StageTiming] | None


from services.analyze import logic
from shared import clauses
from shared.testing.contracts import page_texts

TEXTS = page_texts()
PRICES = {"cpu_hour": 0.36, "gpu_hour": 3.6, "per_1k_prompt_tokens": 0.001, "per_1k_completion_tokens": 0.002}


def test_citations_are_read_in_the_prompted_form():
    answer = 'The cap is "shall not exceed the fees paid" (p. 3). Also "either Party may terminate" [page 4], and "nothing" here.'
    assert logic.citations_in(answer) == [
        {"page": 3, "quote": "shall not exceed the fees paid"},
        {"page": 4, "quote": "either Party may terminate"},
    ]


def test_only_citations_on_their_page_are_kept():
    cites = [
        {"page": 3, "quote": "In no event shall  either Party be LIABLE"},  # case and spaces differ: kept
        {"page": 2, "quote": "In no event shall either Party be liable"},  # wrong page
        {"page": 3, "quote": "the Supplier is liable without limit"},  # invented
        {"page": 99, "quote": "anything at all"},  # no such page
        {"page": 3, "quote": "in no event shall either party be liable"},  # duplicate of the first
    ]
    kept, rejected = logic.check_citations(cites, TEXTS)
    assert kept == [{"page": 3, "quote": "In no event shall  either Party be LIABLE"}]
    assert rejected == 3


def test_context_puts_evidence_first_and_keeps_the_budget():
    long_texts = TEXTS[:2] + [("filler sentence here. " * 200) + TEXTS[2]] + TEXTS[3:]
    ev = clauses.evidence({3: long_texts[2]}, "liability", clauses.categories_for("liability"))
    ctx = logic.context_for([3, 4], long_texts, ev, budget_tokens=200)
    assert "[Page 3]" in ctx and "[Page 4]" in ctx
    assert "consequential damages" in ctx
    assert len(ctx) <= 200 * logic.CHARS_PER_TOKEN + 100


def test_prompt_has_document_first_question_last():
    msgs = logic.messages("[Page 3]\ntext", "What is the cap?")
    assert msgs[-1]["content"].startswith("Contract pages:") and msgs[-1]["content"].endswith("Question: What is the cap?")


def test_findings_carry_the_category_risk_note():
    ev = clauses.evidence({3: TEXTS[2]}, "liability", clauses.categories_for("liability"))
    found = logic.findings(ev)
    assert found and all(f["risk"] and f["page"] == 3 for f in found)


def test_cost_bills_cpu_time_llm_time_and_tokens():
    timings = {"locate": {"cpu_ms": 1000.0}, "analyze": {"cpu_ms": 0.0, "inference_ms": 10_000.0}}
    usage = {"prompt_tokens": 1000, "completion_tokens": 500}
    cpu = logic.cost(timings, usage, PRICES, llm_stage="analyze", llm_on_gpu=False)
    assert cpu["stages_usd"] == {"locate": 0.0001, "analyze": 0.001}
    assert cpu["tokens_usd"] == 0.002
    gpu = logic.cost(timings, usage, PRICES, llm_stage="analyze", llm_on_gpu=True)
    assert gpu["stages_usd"]["analyze"] == 0.01
    assert gpu["total_usd"] == round(0.0001 + 0.01 + 0.002, 8)


def test_context_of_a_whole_document_stays_within_the_budget():
    many = [f"Page {i} text. " * 50 for i in range(1, 101)]
    ctx = logic.context_for(list(range(1, 101)), many, [], budget_tokens=500)
    assert ctx.startswith("[Page 1]")
    assert len(ctx) <= 500 * logic.CHARS_PER_TOKEN + 200
    assert ctx.count("[Page ") >= 5

"""Token budgets with the model's own tokenizer: the exported tokenizer.json tokenizes as
llama.cpp does (the GGUF's own tokenizer, loaded vocabulary-only), and packed contexts stay
within their budget by that count."""

from __future__ import annotations

import pytest

from local.stack import LLM_MODEL, llm_model_file
from services.analyze import logic
from services.analyze.tokens import MODELS, TokenCounter, fit
from shared.testing.contracts import page_texts

SAMPLES = [
    *page_texts(),
    "The Supplier's aggregate liability shall not exceed US$1,000,000 (one million dollars) in 2024.",
    "合同条款：人民币伍拾万元（¥500,000），三十日内支付。",
    "  leading spaces\n\n\tand tabs, «quotes» and — dashes…  ",
    "<|im_start|>system\nYou review contracts.<|im_end|>\n",
]


@pytest.fixture(scope="module")
def llama_vocab():
    llama_cpp = pytest.importorskip("llama_cpp")
    return llama_cpp.Llama(model_path=str(llm_model_file()), vocab_only=True, verbose=False)


def test_the_exported_tokenizer_is_the_models_own(llama_vocab):
    tok = TokenCounter.for_model(LLM_MODEL)
    assert tok.exact and (MODELS / f"{LLM_MODEL}.json").exists()
    for text in SAMPLES:
        assert tok._tok.encode(text, add_special_tokens=False).ids == llama_vocab.tokenize(text.encode(), add_bos=False, special=True), text[:40]


def test_a_packed_context_is_within_its_budget_by_the_models_count():
    tok = TokenCounter.for_model(LLM_MODEL)
    texts = [t * 6 for t in page_texts()]
    for budget in (100, 300, 900):
        ctx = fit(lambda chars: logic.context_for([1, 2, 3, 4], texts, [], chars // logic.CHARS_PER_TOKEN), budget, tok.count)
        assert budget * 0.6 <= tok.count(ctx) <= budget, (budget, tok.count(ctx))


def test_without_a_tokenizer_counts_are_estimates_and_say_so(tmp_path):
    tok = TokenCounter.for_model("some/served-model", tmp_path / "missing.json")
    assert not tok.exact and tok.count("x" * 400) == 100


def test_a_chat_prompt_counts_its_template(llama_vocab):
    tok = TokenCounter.for_model(LLM_MODEL)
    msgs = logic.messages("[Page 1]\n" + page_texts()[2], "What is the cap?")
    rendered = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in msgs) + "<|im_start|>assistant\n"
    assert tok.chat(msgs) == len(llama_vocab.tokenize(rendered.encode(), add_bos=False, special=True))

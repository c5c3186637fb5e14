"""The learned question classifier (models/question/, shared/clauses/routing_learned.py) and
route() with it: the committed model loads, matches routing's categories, ranks clear questions
sensibly, and does not turn empty or non-contract questions into categories."""

from __future__ import annotations

import numpy as np
import pytest

from services.locate.embedder import Embedder
from shared.clauses import routing, routing_learned


@pytest.fixture(scope="module")
def embed():
    return Embedder().embed


@pytest.fixture(scope="module")
def model():
    m = routing_learned.load()
    assert m is not None, "models/question/ is missing or unreadable (scripts/train_question_classifier.py writes it)"
    return m


def test_the_committed_model_loads_and_matches_routing(model):
    assert model.categories == list(routing.NAMES)
    assert 0.0 < model.top <= 1.0 and 0.0 < model.extra <= 1.0 and model.limit == routing.MAX_CATEGORIES
    assert model.card["seed"] == 13
    assert routing_learned.MODEL_DIR.parts[-2:] == ("models", "question")


def test_ngrams_are_words_bigrams_and_padded_char_grams():
    words, chars = routing_learned.ngrams("Cap on cap")
    assert words == {"cap": 2, "on": 1, "cap on": 1, "on cap": 1}
    assert chars[" ca"] == 2 and chars["cap "] == 2 and " on " in chars


@pytest.mark.parametrize(
    ("question", "category"),
    [
        ("Which state's law governs this agreement?", "Governing Law"),
        ("Is there a ceiling on how much they can be made to pay us in damages?", "Cap On Liability"),
        ("Can we walk away whenever we like, without a reason?", "Termination For Convenience"),
        ("Are they allowed to poach our staff?", "No-Solicit Of Employees"),
        ("What insurance coverage must the vendor carry?", "Insurance"),
        ("Will the source code be deposited with a third party in case they go bust?", "Source Code Escrow"),
    ],
)
def test_clear_questions_rank_their_category_first(question, category, model, embed):
    text = routing.clean(question)
    vector = routing._PROTOTYPES.embed_texts([text], embed)[0]
    p = model.probs(text, vector)
    assert p.shape == (len(model.categories),) and np.all((p >= 0) & (p <= 1))
    assert model.categories[int(np.argmax(p))] == category
    assert category in routing.route(question, embed).categories


@pytest.mark.parametrize("question", ["", "   ", "what colour is the sky?", "What's the weather like in Paris tomorrow?",
                                      "Can you recommend a good pizza place near the office?"])
def test_empty_and_non_contract_questions_route_to_nothing(question, embed):
    got = routing.route(question, embed)
    assert got.categories == [] and got.scores == {} and got.method == "none"


# Questions about the whole document (none of them in the training data). The model trained on
# 864 questions sent the first two to Document Name; the whole-document path (no category) is
# the one that answers them. A question about the title still goes to Document Name.
@pytest.mark.parametrize("question", ["What are the main points of this document?", "What is this agreement about?",
                                      "Tell me about this agreement", "what does this document say"])
def test_questions_about_the_whole_document_route_to_no_category(question, embed):
    assert routing.route(question, embed).categories == []


@pytest.mark.parametrize("question", ["What is the title of the contract?", "What is the name of this agreement?"])
def test_questions_about_the_title_still_route_to_document_name(question, embed):
    assert routing.route(question, embed).categories == ["Document Name"]


def test_decide_keeps_the_best_and_confident_extras(model):
    scores = np.zeros(len(model.categories))
    assert model.decide(scores) == {}
    scores[3], scores[5], scores[7] = 0.99, max(model.extra, 0.01), model.extra / 2
    assert list(model.decide(scores)) == [model.categories[3], model.categories[5]]


def test_routing_without_the_model_falls_back_to_prototypes(embed, monkeypatch):
    monkeypatch.setattr(routing_learned, "load", lambda: None)
    assert routing.route("Which state's law governs this agreement?", embed).categories == ["Governing Law"]
    assert routing.route("what colour is the sky?", embed).categories == []

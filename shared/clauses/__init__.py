"""Understanding clauses: the category catalogue (``catalogue``), the clause model and its
features (``clause_model``, ``ngrams``, ``clause_encoder``), findings one per clause
(``findings``), figures and terms (``figures``, ``terms``), risk notes (``risk``), question
routing (``routing`` over ``routing_data.json``, with ``routing_text`` and ``routing_embed``),
direct answers (``direct``) and the words a draft may not conclude with (``verdicts``).

May import ``shared.core`` and ``shared.documents``. Knows nothing of Kafka or Redis: what is
kept is ``shared.store``'s business.
"""

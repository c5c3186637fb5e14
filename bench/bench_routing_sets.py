"""Routing on the questions written by someone other than the router's author
(tests/data/routing_questions_independent.jsonl; set 1 and set 2 mostly ask one topic each, set 3
names two to four per question): exact-set accuracy per set and split, with the
trigger phrases alone, with the MiniLM prototypes, and with the prototypes and the learned
question classifier (models/question/; what locate runs). The holdout split is for an
occasional honest measurement: print its number, never its questions.

    .venv/bin/python bench/bench_routing_sets.py
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import routing, routing_learned  # noqa: E402


@contextmanager
def without_learned():
    """route() as it was before the classifier: phrases and prototypes only."""
    load = routing_learned.load
    routing_learned.load = lambda: None
    try:
        yield
    finally:
        routing_learned.load = load


def accuracy(rows: list[dict], embed, learned: bool) -> int:
    if learned:
        return sum(set(routing.route(r["question"], embed).categories) == set(r["expected"]) for r in rows)
    with without_learned():
        return sum(set(routing.route(r["question"], embed).categories) == set(r["expected"]) for r in rows)


def main() -> None:
    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "routing_questions_independent.jsonl").read_text().splitlines() if line.strip()]
    groups = defaultdict(list)
    for r in rows:
        groups[(r.get("set", 1), r["split"])].append(r)
    embed = Embedder().embed
    if routing_learned.load() is None:
        print("(no models/question/: the last line of each group is the same as the one before)")
    for (n, split), rs in sorted(groups.items()):
        for name, e, learned in (("phrases only", None, False), ("phrases + prototypes", embed, False),
                                 ("phrases + prototypes + learned", embed, True)):
            ok = accuracy(rs, e, learned)
            print(f"set {n} {split:8s} {name:32s} {ok}/{len(rs)} = {ok / len(rs):.3f}")


if __name__ == "__main__":
    main()

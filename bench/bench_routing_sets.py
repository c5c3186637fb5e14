"""Routing on the questions written by someone other than the router's author
(tests/data/routing_questions_independent.jsonl): exact-set accuracy per set and split, with the
trigger phrases alone and with the MiniLM prototypes (what locate runs). The holdout split is
for an occasional honest measurement: print its number, never its questions.

    .venv/bin/python bench/bench_routing_sets.py
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import routing  # noqa: E402


def main() -> None:
    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "routing_questions_independent.jsonl").read_text().splitlines() if line.strip()]
    groups = defaultdict(list)
    for r in rows:
        groups[(r.get("set", 1), r["split"])].append(r)
    embed = Embedder().embed
    for (n, split), rs in sorted(groups.items()):
        for name, e in (("phrases only", None), ("phrases + prototypes", embed)):
            ok = sum(set(routing.route(r["question"], e).categories) == set(r["expected"]) for r in rs)
            print(f"set {n} {split:8s} {name:22s} {ok}/{len(rs)} = {ok / len(rs):.3f}")


if __name__ == "__main__":
    main()

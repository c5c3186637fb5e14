"""Routing on the questions written by someone other than the router's author
(tests/data/routing_questions_independent.jsonl; set 1 and set 2 mostly ask one topic each, set 3
names two to four per question, set 4 mixes one topic, several and none): exact-set accuracy per set and split, with the
trigger phrases alone, with the MiniLM prototypes, and with the prototypes and the learned
question classifier (models/question/; what locate runs). Then, per split, how often the review
names a part of the question as not checked (shared/clauses/routing_parts.py): among questions
routed right (one naming a category is a false alarm; one naming none is a topic no category
covers, "payment terms"), among those that drop a category (and whether it names the dropped
one), among those about no category. "no list items" is the learned route before the items of a
plain list of topics were also asked on their own (routing_lists.listed), "no parts apart" before a
part no routed category answers was (routing_parts.ask_apart). The holdout split is for an
occasional honest measurement: print its number, never its questions.

    .venv/bin/python bench/bench_routing_sets.py
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import routing, routing_learned, routing_lists, routing_parts  # noqa: E402


@contextmanager
def patched(owner, name: str, value):
    """``owner.name`` is ``value`` inside the block."""
    old = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, old)


def without_lists():
    """route() as it was before a plain list's items were asked on their own."""
    return patched(routing_lists, "listed", lambda question, whole, route, embed=None: whole)


def without_parts():
    """route() as it was before a part no routed category answers was asked on its own (routing_parts.ask_apart)."""
    return patched(routing_parts, "ask_apart", lambda question, route, by, embed=None, seen=None: route)


def without_learned():
    """route() as it was before the classifier: phrases and prototypes only."""
    return patched(routing_learned, "load", lambda: None)


def accuracy(rows: list[dict], embed, learned: bool, times: list[float], lists: bool = True, parts: bool = True) -> int:
    """Questions routed exactly right; each one's time (seconds) appended to ``times``."""
    if not lists:
        with without_lists(), without_parts():
            return accuracy(rows, embed, learned, times)
    if not parts:
        with without_parts():
            return accuracy(rows, embed, learned, times)
    def one(r: dict) -> bool:
        t0 = time.perf_counter()
        got = routing.route(r["question"], embed).categories
        times.append(time.perf_counter() - t0)
        return set(got) == set(r["expected"])

    if learned:
        return sum(one(r) for r in rows)
    with without_learned():
        return sum(one(r) for r in rows)


def unasked_counts(rows: list[dict], embed, times: list[float], apart: list[float]) -> str:
    """Parts named as not checked, by how the whole question routed; each question's time (seconds) to route it and read its
    parts as locate does (``routing.routed``) appended to ``times``, and as two calls (route, then unasked) to ``apart``."""
    n = defaultdict(lambda: [0, 0, 0, 0])  # kind -> questions, with a part named, with the dropped category suggested, with any category suggested
    for r in rows:
        t0 = time.perf_counter()
        route = routing.route(r["question"], embed)
        parts = routing.unasked(r["question"], route, embed)
        t1 = time.perf_counter()
        if routing.routed(r["question"], embed) != (route, parts):
            raise SystemExit(f"routing.routed differs from route and unasked on {r['question']!r}")
        times.append(time.perf_counter() - t1)
        apart.append(t1 - t0)
        want, got = set(r["expected"]), set(route.categories)
        kind = "no category" if not want else "drops one" if not want <= got else "right" if want == got else "adds one"
        n[kind][0] += 1
        n[kind][1] += bool(parts)
        n[kind][2] += any(set(u["suggest"]) & (want - got) for u in parts)
        n[kind][3] += any(u["suggest"] for u in parts)
    return "; ".join(f"{k}: {c[1]} of {c[0]} name a part, {c[3]} with a category" + (f" ({c[2]} suggest the dropped category)" if k == "drops one" else "")
                     for k, c in sorted(n.items()))


def main() -> None:
    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "routing_questions_independent.jsonl").read_text().splitlines() if line.strip()]
    groups = defaultdict(list)
    for r in rows:
        groups[(r.get("set", 1), r["split"])].append(r)
    embed = Embedder().embed
    routing.route("warm up", embed)  # the prototypes are embedded once, on the first call
    if routing_learned.load() is None:
        print("(no models/question/: the last line of each group is the same as the one before)")
    for (n, split), rs in sorted(groups.items()):
        for name, e, learned, lists, parts in (("phrases only", None, False, True, True), ("phrases + prototypes", embed, False, True, True),
                                               ("... + learned, no list items", embed, True, False, False), ("... + learned, no parts apart", embed, True, True, False),
                                               ("phrases + prototypes + learned", embed, True, True, True)):
            times: list[float] = []
            ok = accuracy(rs, e, learned, times, lists, parts)
            ms = np.array(times) * 1000
            print(f"set {n} {split:8s} {name:32s} {ok}/{len(rs)} = {ok / len(rs):.3f}   "
                  f"ms per question: median {np.median(ms):.1f}, p95 {np.percentile(ms, 95):.1f}")
    times, apart = [], []
    for split in ("tune", "holdout"):
        print(f"parts not checked, {split}, every set: {unasked_counts([r for r in rows if r['split'] == split], embed, times, apart)}")
    for name, t in (("routing.routed (locate)", times), ("route, then unasked", apart)):
        ms = np.array(t) * 1000
        print(f"routing and reading the parts, {name}, ms per question ({len(ms)}): median {np.median(ms):.1f}, p95 {np.percentile(ms, 95):.1f}, max {ms.max():.1f}")


if __name__ == "__main__":
    main()

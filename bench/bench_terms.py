"""Clause terms against a hand-labelled set: is each term of a clause stated right, and is
"not stated" said only where the clause states none? (a benchmark, not a test)

The set, ``tests/data/clause_terms.jsonl``: 212 (clause, term) pairs from CUAD train and dev
labelled by reading each clause (cap amount or basis, notice periods, term and renewal
lengths, end dates, governing law, warranty, insurance, restriction periods, ...), 44 of them
with the term absent. Each clause is CUAD's labelled text, read whole by ``shared.clauses.terms``.

A stated term is right when its normalised value equals the label's (days within 2%, sums
equal, dates equal, the same jurisdiction) or, where the label has no normal form (a cap's
basis, a redacted figure), when its words match the label's (Jaccard ≥ 0.5, or one inside the
other). A "not stated" is right only on a pair labelled absent. "Said nothing" (``stated:
null``: the clause has figures, none read as the term) counts as not right, and is no false
"not stated".

    .venv/bin/python bench/bench_terms.py [--show-wrong] [--on-findings]
    .venv/bin/python bench/bench_terms.py --sweep [--split train] [--sample SEED N]

``--sweep`` reads every labelled clause of a split (CUAD train: 2,701 clause-term pairs) and counts,
per category and term, how many are stated, said to be "not stated" and left unread; no labels of
the terms themselves, so it finds what to read by hand: ``--sample SEED N`` prints N of the stated
terms, drawn at random with SEED, each beside its clause, and ``--not-stated`` every "not stated" (with
``--sample``, N of them drawn with SEED).

``--on-findings`` reads each pair's terms from what the product quotes instead: the finding
of the pair's category (``shared.clauses.findings``, the shipped clause and presence models)
that matches the labelled clause by CUAD's rule (with the text beside it, as the product reads it), on the dev contract's PDF text (train pairs:
CUAD's text of the contract, which the model was fitted on, so which clauses are found there is
optimistic; the quotes are what the product cuts). Pairs with no such finding are counted
apart. The same pairs read from the labels' text are shown beside it.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.clause_eval import _jaccard, _sets  # noqa: E402  (CUAD's rule, as bench_clauses scores it)
from shared.clauses import terms

DATA = ROOT / "tests" / "data" / "clause_terms.jsonl"


def rows() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def _words_match(a: str, b: str) -> bool:
    wa, wb = set(cuad.words(a)), set(cuad.words(b))
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= 0.5 or wa <= wb or wb <= wa


def right(label: dict, got: dict | None) -> bool:
    """Whether the extracted term ``got`` agrees with the labelled one."""
    stated = got is not None and got["stated"]
    if label["value"] is None:
        return not stated
    if not stated:
        return False
    if got.get("redacted"):  # the contract as filed hides the term: right where the label says so
        return "*" in label["value"] or "redact" in label["value"].lower()
    norm = label.get("normalized") or {}
    if "days" in norm and got["unit"] == "days" and got["value"] is not None:
        return abs(float(got["value"]) - norm["days"]) <= 0.02 * norm["days"] + 0.5
    if "date" in norm and got["value"] is not None:
        return got["value"] == norm["date"]
    if "jurisdiction" in norm:
        want, have = norm["jurisdiction"].lower(), (got["value"] or got["text"]).lower()
        return want == have or want in have or have in want
    amount = norm.get("usd", norm.get("amount"))
    if isinstance(amount, (int, float)) and got["value"] is not None and not isinstance(got["value"], str):
        return abs(float(got["value"]) - float(amount)) <= 0.005 * float(amount)
    return _words_match(label["value"], got["text"])


def evaluate(data: list[dict]) -> dict:
    per = defaultdict(Counter)
    wrong = []
    for r in data:
        got = next((t for t in terms.terms(r["category"], r["clause"], around=r.get("around", "")) if t["name"] == r["term"]), None)
        ok = right(r, got)
        key = f"{r['category']} · {r['term']}"
        per[key]["n"] += 1
        per[key]["right"] += ok
        per[key]["absent"] += r["value"] is None
        per[key]["false_not_stated"] += r["value"] is not None and got is not None and got["stated"] is False
        per[key]["unread"] += got is not None and got["stated"] is None
        per[key]["invented"] += r["value"] is None and bool(got and got["stated"])
        if not ok:
            wrong.append((r, got))
    total = sum(per.values(), Counter())
    return {"total": dict(total), "accuracy": total["right"] / total["n"], "per": {k: dict(v) for k, v in sorted(per.items())}, "wrong": wrong}


def _contract_texts(row: dict) -> list[str]:
    """The page texts the product reads for the pair's contract: the dev PDF's, or CUAD's text
    of a train contract (one page); none where CUAD has no text of it."""
    from shared.documents import layout, pdf

    meta = _contracts(row["split"])[row["file"]]
    if meta.get("pdf"):
        return layout.strip(pdf.page_texts(Path(meta["pdf"])))
    return [Path(meta["txt"]).read_text(encoding="utf-8", errors="replace")] if meta.get("txt") else []


@functools.cache
def _contracts(split: str) -> dict[str, dict]:
    return {r["file"]: r for r in cuad.labels(split)}


def on_findings(data: list[dict]) -> tuple[list[dict], list[dict]]:
    """(the pairs with the product's quote of their clause as ``clause``, the pairs whose clause
    no finding matches by CUAD's rule)."""
    from shared.clauses import findings
    from shared.clauses.clause_model import ClauseModel

    model = ClauseModel.load()
    scored: dict[str, findings.Scored] = {}
    quoted, missed = [], []
    for r in data:
        if r["file"] not in scored:
            scored[r["file"]] = findings.score_pages(_contract_texts(r), model)
        want = _sets(r["clause"])[1]
        best, quote, around = 0.0, "", ""
        for f in findings.findings(scored[r["file"]], [r["category"]]):
            text = f"{f.quote} {f.continued}".strip()
            if (j := _jaccard(_sets(text)[1], want)) > best:
                best, quote, around = j, text, f.around
        if best >= 0.5:
            quoted.append({**r, "clause": quote, "around": around})
        else:
            missed.append(r)
    return quoted, missed


def sweep(split: str, sample: list[int] | None, show_not_stated: bool) -> None:
    """Counts of stated / "not stated" / unread terms over every labelled clause of ``split``."""
    import random

    pairs = [(r["file"], c["category"], c["text"], t) for r in cuad.labels(split) for c in r["clauses"] for t in terms.terms(c["category"], c["text"])]
    per = defaultdict(Counter)
    for _, cat, _, t in pairs:
        per[f"{cat} · {t['name']}"][{True: "stated", False: "not stated", None: "unread"}[t["stated"]]] += 1
    print(f"{len(pairs)} clause-term pairs over CUAD {split}'s labelled clauses\n\n| category · term | pairs | stated | not stated | unread |\n|---|---|---|---|---|")
    for key, c in sorted(per.items()):
        print(f"| {key} | {sum(c.values())} | {c['stated']} | {c['not stated']} | {c['unread']} |")
    if show_not_stated:  # all of them, or with --sample a draw of N
        said = [p for p in pairs if p[3]["stated"] is False]
        if sample:
            random.Random(sample[0]).shuffle(said)
        for i, (f, cat, text, t) in enumerate(said[: sample[1]] if sample else said):
            print(f"\n[not stated {i}] {cat} · {t['name']} ({f[:40]})\n  {' '.join(text.split())[:400]}")
        return
    if sample:
        stated = [p for p in pairs if p[3]["stated"] and p[3]["name"] != "claim_period"]
        random.Random(sample[0]).shuffle(stated)
        for i, (f, cat, text, t) in enumerate(stated[: sample[1]]):
            text = " ".join(text.split())
            at = text.find(" ".join((t["text"] or "").split())) if t["text"] else -1
            print(f"\n[{i}] {cat} · {t['name']} = {t['text']!r} -> {t['value']} {t.get('unit') or ''}{' (redacted)' if t.get('redacted') else ''}\n  "
                  f"{text[max(0, at - 220): at + len(t['text'] or '') + 120] if at >= 0 else text[:340]}")


def _print(res: dict) -> None:
    print("| category · term | pairs | labelled absent | right | false 'not stated' | invented | said nothing |")
    print("|---|---|---|---|---|---|---|")
    for k, v in [*res["per"].items(), ("**all**", res["total"])]:
        print(f"| {k} | {v['n']} | {v.get('absent', 0)} | {v.get('right', 0)} | {v.get('false_not_stated', 0)} | {v.get('invented', 0)} | {v.get('unread', 0)} |")
    t = res["total"]
    print(f"accuracy {res['accuracy']:.3f}; false 'not stated' {t.get('false_not_stated', 0)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show-wrong", action="store_true")
    ap.add_argument("--on-findings", action="store_true", help="read the terms from the product's quotes of the labelled clauses")
    ap.add_argument("--sweep", action="store_true", help="read the terms of every labelled clause of --split (no term labels)")
    ap.add_argument("--split", default="train")
    ap.add_argument("--sample", nargs=2, type=int, metavar=("SEED", "N"), help="with --sweep: print N stated terms drawn with SEED, for reading by hand")
    ap.add_argument("--not-stated", action="store_true", help="with --sweep: print every clause said not to state its term")
    args = ap.parse_args()
    if args.sweep:
        sweep(args.split, args.sample, args.not_stated)
        return
    data = rows()
    if args.on_findings:
        quoted, missed = on_findings(data)
        print(f"{len(quoted)} of {len(data)} pairs have a finding matching their clause (CUAD's rule); {len(missed)} not found")
        by_id = {r["id"] for r in quoted}
        print("\nThe same pairs, terms read from the labelled text:")
        _print(evaluate([r for r in data if r["id"] in by_id]))
        print("\nTerms read from the product's quote:")
        res = evaluate(quoted)
    else:
        res = evaluate(data)
    _print(res)
    if args.show_wrong:
        for r, got in res["wrong"]:
            print(f"\n[{r['id']}] {r['category']} · {r['term']}: want {r['value']!r} {r.get('normalized')}\n  got {got}\n  clause: {' '.join(r['clause'].split())[:400]}")


if __name__ == "__main__":
    main()

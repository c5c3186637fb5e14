"""Clause quality on CUAD dev, one finding per clause as the product shows it, this tree and the
previous main side by side in one run (a benchmark, not a test).

Over every dev contract × each of the 37 clause categories (Document Name, Parties, Agreement
Date and Effective Date aside), one category asked at a time, including the pairs with no
labelled clause: precision and clause recall by CUAD's rule (word-set Jaccard ≥ 0.5) and by the
old rule beside it (a fragment inside a labelled clause counted too), fragments, findings
repeating a clause (one-to-one; the set rule used before beside it), no-clause accuracy and "not found" for a labelled category, per category
and micro-averaged (bench/clause_eval.py defines each).

``--stages`` measures the TF-IDF model alone, the clause encoder alone and both (the
ablation), and the time each takes to score a whole contract; where the model has a presence
model (models/clause/presence/), the TF-IDF model is also measured without it
(``tfidf_units_alone``: each unit's threshold alone), and the presence model's time is given;
where it has a neighbours stage (models/clause/neighbours/), also without that
(``tfidf_no_neighbours``: its scoring time is the stage's cost). ``--previous REV`` checks REV out beside (git worktree) and measures its findings on the same
contracts in a subprocess (bench/clause_findings_dump.py). ``run`` and ``Tally`` below are the
unit-level measures the other benchmarks reuse (bench_furniture, bench_ocr).

    .venv/bin/python bench/bench_clauses.py [--contracts 100] [--previous REV] [--json out.json]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import (  # noqa: E402
    clause_eval,
    clause_findings_dump,
    cuad,
    legacy_regex,
)
from shared.clauses.clause_encoder import ENCODER_DIR, StagedModel  # noqa: E402
from shared.clauses.clause_model import ClauseModel  # noqa: E402
from shared.clauses.findings import page_units  # noqa: E402
from shared.documents import layout, pdf


def load_dev(n: int) -> list[dict]:
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[:n]
    for r in rows:
        r["pages_text"] = layout.strip(pdf.page_texts(Path(r["pdf"])))  # as summarize stores them
    return rows


class Tally:
    """Findings and clauses of one method, per category."""

    def __init__(self) -> None:
        self.found = defaultdict(int)
        self.correct = defaultdict(int)
        self.clauses = defaultdict(int)
        self.recalled = defaultdict(int)
        self.absent_pairs = defaultdict(int)
        self.absent_ok = defaultdict(int)

    def add(self, cat: str, quotes: list[str], labelled: list[str]) -> None:
        qw = [cuad.words(q) for q in quotes]
        cw = [cuad.words(c) for c in labelled]
        self.found[cat] += len(quotes)
        self.correct[cat] += sum(any(cuad.matches_words(q, c) for c in cw) for q in qw)
        self.clauses[cat] += len(labelled)
        self.recalled[cat] += sum(any(cuad.matches_words(q, c) for q in qw) for c in cw)
        if not labelled:
            self.absent_pairs[cat] += 1
            self.absent_ok[cat] += not quotes

    def row(self, cats: list[str]) -> dict:
        f, c = sum(self.found[k] for k in cats), sum(self.correct[k] for k in cats)
        n, r = sum(self.clauses[k] for k in cats), sum(self.recalled[k] for k in cats)
        a, ok = sum(self.absent_pairs[k] for k in cats), sum(self.absent_ok[k] for k in cats)
        return {"precision": c / f if f else float("nan"), "recall": r / n if n else float("nan"), "no_clause_acc": ok / a if a else float("nan"), "findings": f, "clauses": n}


def curve(pool: list[tuple[float, bool, set]], n_clauses: int) -> tuple[float, float]:
    """(precision at 80% clause recall, AUPR) from (score, correct, clause ids it matches)."""
    if not n_clauses or not pool:
        return float("nan"), float("nan")
    pool.sort(key=lambda t: -t[0])
    seen: set = set()
    tp = 0
    p80, aupr, last_r = float("nan"), 0.0, 0.0
    for i, (_, ok, ids) in enumerate(pool, 1):
        tp += ok
        seen |= ids
        r, p = len(seen) / n_clauses, tp / i
        aupr += (r - last_r) * p
        last_r = r
        if r >= 0.8 and p80 != p80:
            p80 = p
    return p80, aupr


def run(rows: list[dict], model: ClauseModel, cats: list[str]) -> dict:
    ours, regex = Tally(), Tally()
    pools: dict[str, list] = defaultdict(list)
    n_clauses: dict[str, int] = defaultdict(int)
    t_full, t_draft = [], []
    for row in rows:
        texts = row["pages_text"]
        units = page_units(texts)
        t0 = time.perf_counter()
        scores = model.score([u.whole for u in units], [u.context for u in units])  # as findings.score_units does
        t_full.append(time.perf_counter() - t0)
        first5 = [u for u in units if u.page <= 5]
        t0 = time.perf_counter()
        model.score([u.whole for u in first5], [u.context for u in first5])
        t_draft.append(time.perf_counter() - t0)
        words = [cuad.words(u.whole) for u in units]
        by_cat = defaultdict(list)
        for c in row["clauses"]:
            by_cat[c["category"]].append(c["text"])
        old_sents = [s.text for t in texts for s in legacy_regex.sentences(t)]
        for cat in cats:
            k = model.index[cat]
            labelled = by_cat.get(cat, [])
            lw = [cuad.words(c) for c in labelled]
            thr = model.threshold(cat)
            ours.add(cat, [u.whole for u, s in zip(units, scores[:, k]) if s >= thr], labelled)  # a finding quotes its rest over a page break
            rc = legacy_regex.BY_NAME[cat.lower()]
            regex.add(cat, [s for s in old_sents if rc.hits(s)], labelled)
            for i in np.flatnonzero(scores[:, k] >= 0.01):
                ids = {(row["file"], j) for j, c in enumerate(lw) if cuad.matches_words(words[i], c)}
                pools[cat].append((float(scores[i, k]), bool(ids), ids))
            n_clauses[cat] += len(labelled)
    per_cat = {}
    all_pool = []
    for cat in cats:
        p80, aupr = curve(list(pools[cat]), n_clauses[cat])
        all_pool += [(s, ok, {(cat, *i) for i in ids}) for s, ok, ids in pools[cat]]
        per_cat[cat] = {"model": ours.row([cat]) | {"p_at_80": p80, "aupr": aupr}, "regex": regex.row([cat])}
    p80, aupr = curve(all_pool, sum(n_clauses.values()))
    micro = {"model": ours.row(cats) | {"p_at_80": p80, "aupr": aupr}, "regex": regex.row(cats)}
    timing = {"full_median_s": float(np.median(t_full)), "full_p95_s": float(np.percentile(t_full, 95)), "full_max_s": float(max(t_full)), "draft5_median_s": float(np.median(t_draft))}
    return {"micro": micro, "per_category": per_cat, "timing": timing}


def fmt(x: float) -> str:
    return "–" if x != x else f"{x:.2f}"


def table(res: dict) -> str:
    lines = [
        "| category | clauses | model P | model R | model P@80R | model AUPR | model no-clause | regex P | regex R | regex no-clause |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    rows = [("**micro**", res["micro"])] + [(k, v) for k, v in res["per_category"].items()]
    for name, v in rows:
        m, r = v["model"], v["regex"]
        lines.append(
            f"| {name} | {m['clauses']} | {fmt(m['precision'])} | {fmt(m['recall'])} | {fmt(m['p_at_80'])} | {fmt(m['aupr'])} | {fmt(m['no_clause_acc'])} | {fmt(r['precision'])} | {fmt(r['recall'])} | {fmt(r['no_clause_acc'])} |"
        )
    return "\n".join(lines)


def load_model(model_dir: Path, stage: str, encoder_dir: Path = ENCODER_DIR):
    """The TF-IDF model alone, or staged with the clause encoder (shared.clauses.clause_encoder)."""
    tfidf = ClauseModel.load(model_dir)
    return tfidf if stage == "tfidf" else StagedModel(tfidf, encoder_dir, stage)


def clause_level(rows: list[dict], cats: list[str], models: dict, previous: str | None, contracts: int) -> dict:
    """CUAD's rule per method: this tree's findings with each model and, with ``previous``,
    those of that git revision (checked out beside, run in a subprocess on the same contracts)."""
    out = {}
    if previous:
        with tempfile.TemporaryDirectory() as tmp:
            tree, dumped = Path(tmp) / "tree", Path(tmp) / "findings.json"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), previous], check=True, capture_output=True)
            try:
                env = {**os.environ, "PYTHONPATH": str(tree), "CLAUSEFLOW_CUAD_DIR": str(cuad.cuad_dir())}
                cmd = [sys.executable, str(ROOT / "bench" / "clause_findings_dump.py"), "--model", str(tree / "models" / "clause"), "--contracts", str(contracts), "--out", str(dumped)]
                subprocess.run(cmd, check=True, env=env, cwd=tmp)
                out["previous"] = clause_eval.score(rows, cats, _keyed(json.loads(dumped.read_text())))
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False, capture_output=True)
    for name, model in models.items():
        out[name] = clause_eval.score(rows, cats, _keyed(clause_findings_dump.dump(rows, model, cats)))
    return out


def scoring_time(rows: list[dict], models: dict) -> dict:
    """Seconds to score every unit of a contract, per model: median and p95 over the contracts."""
    out = {}
    pages = [r.get("pages_text") or layout.strip(pdf.page_texts(Path(r["pdf"]))) for r in rows]
    units = [page_units(texts) for texts in pages]
    for name, model in models.items():
        took = []
        judged = []
        for texts, us in zip(pages, units):
            t0 = time.perf_counter()
            scores = model.score([u.whole for u in us], [u.context for u in us])
            took.append(time.perf_counter() - t0)
            if getattr(model, "presence", None) is not None and len(us):
                thresholds = np.array([model.threshold(c) for c in model.categories], np.float32)
                t0 = time.perf_counter()
                model.presence.score(texts, scores.max(axis=0), thresholds)
                judged.append(time.perf_counter() - t0)
        out[name] = {"median_s": float(np.median(took)), "p95_s": float(np.percentile(took, 95)), "max_s": float(max(took))}
        if judged:
            out[name]["presence"] = {"median_s": float(np.median(judged)), "p95_s": float(np.percentile(judged, 95)), "max_s": float(max(judged))}
    return out


def _keyed(d: dict[str, list[str]]) -> dict[tuple[str, str], list[str]]:
    return {tuple(k.split("\x1f")): v for k, v in d.items()}


METRICS = ("precision", "recall", "precision_old", "recall_old", "fragments", "repeats", "repeats_set", "no_clause_acc", "not_found")


def clause_table(res: dict) -> str:
    names = [n for n in res if n not in ("meta", "timing")]
    head = "| category | clauses | " + " | ".join(f"{n} {m}" for n in names for m in ("P", "R", "P old rule", "R old rule", "fragments", "repeats", "repeats (set rule)", "no-clause", "not found")) + " |"
    lines = [head, "|" + "---|" * (2 + len(METRICS) * len(names))]
    for cat in ["**micro**", *res[names[-1]]["per_category"]]:
        rows = [res[n]["micro"] if cat == "**micro**" else res[n]["per_category"][cat] for n in names]
        lines.append(f"| {cat} | {rows[-1]['clauses']} | " + " | ".join(fmt(r[k]) for r in rows for k in METRICS) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--model", type=Path, default=ROOT / "models" / "clause")
    ap.add_argument("--encoder", type=Path, default=ENCODER_DIR, help="the clause encoder's folder (scripts/train_clause_encoder.py --out)")
    ap.add_argument("--stages", help="the models measured side by side: tfidf (the TF-IDF model alone), encoder (alone), both; "
                    "default all three where --encoder holds a model, else tfidf")
    ap.add_argument("--previous", help="a git revision (the previous main) measured side by side in the same run")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    stages = args.stages or ("tfidf,encoder,both" if (args.encoder / "model.onnx").exists() else "tfidf")
    models = {stage: load_model(args.model, stage, args.encoder) for stage in stages.split(",")}
    if getattr(models.get("tfidf"), "neighbours", None) is not None:  # the ablation: the clause model without its neighbours stage
        models["tfidf_no_neighbours"] = copy.copy(models["tfidf"])
        models["tfidf_no_neighbours"].neighbours = None
    if getattr(models.get("tfidf"), "presence", None) is not None:  # the ablation: each unit's threshold alone
        models["tfidf_units_alone"] = copy.copy(models["tfidf"])
        models["tfidf_units_alone"].presence = None
    cats = [c for c in next(iter(models.values())).categories if c not in cuad.NON_CLAUSE]
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[: args.contracts]
    res = clause_level(rows, cats, models, args.previous, args.contracts)
    res["timing"] = scoring_time(rows, models)
    res["meta"] = {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": f"{platform.machine()}, {platform.processor() or ''} {os.cpu_count()} cores", "contracts": len(rows), "previous": args.previous}
    print(clause_table(res))
    print(json.dumps({k: v["micro"] for k, v in res.items() if k not in ("meta", "timing")} | {"timing": res["timing"]}, indent=1))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()

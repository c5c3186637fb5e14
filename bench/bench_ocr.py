"""OCR of scanned contracts: real CUAD dev contracts rebuilt as image-only PDFs (every page
rendered to a grayscale JPEG and wrapped again, as a scanner makes them), read back through
summarize's path (PDFium render -> the DALI pipeline -> Tesseract), and compared with the text
layer of the original (a benchmark, not a test).

Reported, side by side in one run:

- per page: render, DALI preparation and OCR time; OCR pages/s on one worker;
- character error rate against the original text layer (whitespace runs as one space; and with
  no whitespace at all, which does not penalise an engine for its spacing);
- the OCR engines compared on the first ``--compare-pages`` pages: Tesseract `eng+chi_sim` (the
  default), Tesseract `eng`, and RapidOCR (ONNX models shipped in its PyPI package) when it is
  installed;
- what the review gets from the scans against the originals: page recall@1/3/5 of locate's
  default ranking (clause model + BM25) for CUAD's question of each labelled category, and the
  clause model's finding precision and recall against the CUAD labels.

    .venv/bin/python bench/bench_ocr.py [--contracts 8] [--max-pages 12] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path

import jiwer
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import Tally  # noqa: E402
from services.locate.embedder import Embedder  # noqa: E402
from services.locate.logic import rank_pages  # noqa: E402
from shared.clauses import clause_model, findings, routing
from shared.documents import layout, ocr, pdf
from shared.testing.scans import image_only  # noqa: E402

KS = (1, 3, 5)
RENDER_DPI = 200  # summarize's default (CLAUSEFLOW_OCR_DPI)


def engines() -> dict:
    out = {
        "tesseract eng+chi_sim (default)": lambda im: ocr.read(im, "eng+chi_sim"),
        "tesseract eng": lambda im: ocr.read(im, "eng"),
    }
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        print("(RapidOCR is not installed: `pip install rapidocr-onnxruntime` adds it to the comparison)")
        return out
    rapid = RapidOCR()
    out["rapidocr (onnxruntime)"] = lambda im: "\n".join(box[1] for box in (rapid(im)[0] or []))
    return out


def cer(truth: list[str], read: list[str], spaces: bool = True) -> float:
    join = " ".join if spaces else "".join
    return jiwer.cer([join(t.split()) or "-" for t in truth], [join(r.split()) for r in read])


def locate_recall(texts: list[str], row: dict, model, embed) -> dict[str, list[float]]:
    scored = findings.score_pages(texts, model)
    out: dict[str, list[float]] = defaultdict(list)
    by_cat: dict[str, set[int]] = defaultdict(set)
    for c in row["clauses"]:
        if c["pages"] and c["category"] not in cuad.NON_CLAUSE:
            by_cat[c["category"]].update(c["pages"])
    for cat, labelled in sorted(by_cat.items()):
        q = cuad.question(cat)
        cats = routing.route(q, embed).categories
        clause = findings.page_scores(scored, cats, len(texts)) if cats else None
        top = [r.page for r in rank_pages(texts, q, cats, None, clause=clause, top_k=5)]
        for k in KS:
            out[f"recall@{k}"].append(len(set(top[:k]) & labelled) / len(labelled))
    return out


def tally(texts: list[str], row: dict, model, tally_: Tally) -> None:
    units = findings.page_units(texts)
    scores = model.score([u.text for u in units], [u.context for u in units])
    by_cat = defaultdict(list)
    for c in row["clauses"]:
        by_cat[c["category"]].append(c["text"])
    for cat in model.categories:
        k, thr = model.index[cat], model.threshold(cat)
        tally_.add(cat, [u.text for u, s in zip(units, scores[:, k]) if s >= thr], by_cat.get(cat, []))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=8)
    ap.add_argument("--max-pages", type=int, default=12, help="contracts of at most this many pages")
    ap.add_argument("--compare-pages", type=int, default=12, help="pages on which the OCR engines are compared")
    ap.add_argument("--scan-dpi", type=int, default=150)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    rows = [r for r in sorted(cuad.labels("dev"), key=lambda r: r["file"]) if r["page_count"] <= args.max_pages][: args.contracts]
    preparer = ocr.Preparer(device="cpu")
    model, embed = clause_model.default(), Embedder().embed
    times: dict[str, list[float]] = defaultdict(list)
    truth_all, read_all = [], []
    compare: list[tuple[str, np.ndarray]] = []
    recall = {"original": defaultdict(list), "scan": defaultdict(list)}
    tallies = {"original": Tally(), "scan": Tally()}
    for row in rows:
        original = Path(row["pdf"]).read_bytes()
        truth = pdf.page_texts(original)
        scan = image_only(original, dpi=args.scan_dpi, skew_deg=0.3)
        assert all(ocr.needs_ocr(t) for t in pdf.page_texts(scan)), "the scan has no text layer"
        pages = list(range(len(truth)))
        t0 = time.perf_counter()
        images = ocr.render_pages(scan, pages, RENDER_DPI)
        times["render"].append((time.perf_counter() - t0) / len(pages))
        t0 = time.perf_counter()
        prepared = preparer(images)
        times["dali"].append((time.perf_counter() - t0) / len(pages))
        read = []
        for image in prepared:
            t0 = time.perf_counter()
            read.append(ocr.read(image))
            times["ocr"].append(time.perf_counter() - t0)
        truth_all += truth
        read_all += read
        compare += [(t, im) for t, im in zip(truth, prepared) if t.strip()][: max(0, args.compare_pages - len(compare))]
        for name, texts in (("original", layout.strip(truth)), ("scan", layout.strip(read))):  # as summarize stores them
            for k, v in locate_recall(texts, row, model, embed).items():
                recall[name][k] += v
            tally(texts, row, model, tallies[name])
        print(f"  {row['file'][:70]}: {len(pages)} pages, CER {cer(truth, read):.3f}", flush=True)

    n_pages = len(truth_all)
    print(f"\nOCR: {len(rows)} CUAD dev contracts of at most {args.max_pages} pages, {n_pages} pages, scanned at {args.scan_dpi} dpi "
          f"(grayscale JPEG, 0.3 degrees skew), rendered at {RENDER_DPI} dpi; DALI on {preparer.device}; {platform.processor() or platform.machine()}")
    per_page = {k: float(np.mean(v)) * 1000 for k, v in times.items()}
    print(f"per page: render {per_page['render']:.0f} ms, DALI {per_page['dali']:.0f} ms, Tesseract {per_page['ocr']:.0f} ms "
          f"(p95 {np.percentile(times['ocr'], 95) * 1000:.0f} ms) -> {1000 / per_page['ocr']:.2f} pages/s on one worker")
    out: dict = {"pages": n_pages, "contracts": len(rows), "per_page_ms": per_page,
                 "cer": cer(truth_all, read_all), "cer_no_spaces": cer(truth_all, read_all, spaces=False)}
    print(f"CER (default engine, every page): {out['cer']:.4f}; without whitespace {out['cer_no_spaces']:.4f}\n")

    print(f"| OCR engine (first {len(compare)} pages) | CER | CER, no whitespace | pages/s (one worker) |")
    print("|---|---|---|---|")
    out["engines"] = {}
    for name, fn in engines().items():
        t0 = time.perf_counter()
        got = [fn(im) for _, im in compare]
        rate = len(compare) / (time.perf_counter() - t0)
        truth = [t for t, _ in compare]
        res = {"cer": cer(truth, got), "cer_no_spaces": cer(truth, got, spaces=False), "pages_per_s": rate}
        out["engines"][name] = res
        print(f"| {name} | {res['cer']:.4f} | {res['cer_no_spaces']:.4f} | {rate:.2f} |")

    print("\n| text | locate recall@1 | recall@3 | recall@5 | finding precision | finding recall | no-clause accuracy |")
    print("|---|---|---|---|---|---|---|")
    for name in ("original", "scan"):
        r = {k: float(np.mean(v)) for k, v in recall[name].items()}
        q = tallies[name].row(model.categories)
        out[name] = {**r, **q}
        label = "original text layer" if name == "original" else "OCR of the scan"
        print(f"| {label} | {r['recall@1']:.3f} | {r['recall@3']:.3f} | {r['recall@5']:.3f} | {q['precision']:.3f} | {q['recall']:.3f} | {q['no_clause_acc']:.3f} |")
    print(f"({len(recall['original']['recall@5'])} (contract, category) queries; {q['clauses']} labelled clauses)")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

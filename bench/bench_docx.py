"""Word uploads against PDFs: the same CUAD dev contracts reviewed from their PDF and from a
.docx of them, side by side in one run (a benchmark, not a test).

Each contract's PDF page texts are typed into a .docx (shared/testing/word.py: a page of the
PDF a page of the .docx, paragraphs, headings, automatic numbering), which goes the way an
upload goes: ``docx.inspect``, ``docx.clean``, LibreOffice (``convert.Converter``), then
``pdf.page_texts`` + ``layout.strip`` as summarize reads any PDF. Both are scored by the same
code as bench_clauses (``clause_level``: clause precision and recall by CUAD's rule, via
bench/clause_eval.py) and bench_ocr (``locate_recall``: page recall@1/3/5 of locate's default
ranking for CUAD's question of each labelled category). Also reported: contracts whose page
count survived the conversion, pages whose words did, and what the conversion cost (wall
seconds a page and a document, LibreOffice's CPU seconds).

    .venv/bin/python bench/bench_docx.py [--contracts 30] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import clause_level  # noqa: E402
from bench.bench_ocr import KS, locate_recall  # noqa: E402
from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import clause_model  # noqa: E402
from shared.core.settings import CommonSettings  # noqa: E402
from shared.documents import convert, docx, layout, pdf  # noqa: E402
from shared.testing.word import contract_docx  # noqa: E402

_FIELDS = CommonSettings.model_fields
LIMITS = {"max_bytes": _FIELDS["max_upload_bytes"].default, "max_pages": _FIELDS["max_pages"].default}  # the services' defaults


async def convert_all(rows: list[dict], folder: Path) -> tuple[list[dict], list[dict]]:
    """Each contract through the upload path; (rows pointing at the converted PDFs, costs)."""
    converter = convert.Converter()
    out, costs = [], []
    for row in rows:
        original = pdf.page_texts(Path(row["pdf"]))
        data = contract_docx(original, title=row["file"])
        info = docx.inspect(data, **LIMITS)
        done = await converter.convert(docx.clean(data, info.main))
        path = folder / f"{len(out):03d}.pdf"
        path.write_bytes(done.pdf)
        converted = pdf.page_texts(done.pdf)
        same = sum(cuad.words(a) == cuad.words(b) for a, b in zip(original, converted))
        costs.append({"file": row["file"], "pages": len(original), "converted_pages": len(converted), "same_words": same,
                      "docx_bytes": len(data), "seconds": done.seconds, "cpu_s": done.cpu_s})
        out.append({**row, "pdf": str(path)})
        print(f"  {row['file'][:60]}: {len(original)} -> {len(converted)} pages, {done.seconds:.2f} s", flush=True)
    return out, costs


def page_recall(rows: list[dict], model, embed) -> dict[str, float]:
    """bench_ocr's locate recall@k, over every (contract, labelled category) of ``rows``."""
    got: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for k, v in locate_recall(layout.strip(pdf.page_texts(Path(row["pdf"]))), row, model, embed).items():
            got[k] += v
    return {k: float(np.mean(v)) for k, v in got.items()} | {"queries": len(got["recall@1"])}


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def table(res: dict) -> str:
    pdf_, docx_ = res["pdf"], res["docx"]
    lines = ["| measure | PDF | DOCX (converted) | Δ |", "|---|---|---|---|"]
    for name, key in (("clause precision (CUAD rule)", "precision"), ("clause recall (CUAD rule)", "recall"),
                      ("precision, old rule", "precision_old"), ("recall, old rule", "recall_old"), ("no-clause accuracy", "no_clause_acc"),
                      *((f"page recall@{k} (locate)", f"recall@{k}") for k in KS)):
        lines.append(f"| {name} | {pdf_[key]:.4f} | {docx_[key]:.4f} | {docx_[key] - pdf_[key]:+.4f} |")
    lines.append(f"| findings | {pdf_['findings']} | {docx_['findings']} | {docx_['findings'] - pdf_['findings']:+d} |")
    c = res["conversion"]
    lines += [
        f"| contracts with the same page count | – | {c['same_page_count']}/{c['contracts']} | – |",
        f"| pages with the same words | – | {c['same_words_pages']}/{c['pages']} | – |",
        f"| conversion s/page p50 / p95 | – | {c['s_per_page_p50']:.3f} / {c['s_per_page_p95']:.3f} | – |",
        f"| conversion s/document p50 / p95 | – | {c['s_per_doc_p50']:.2f} / {c['s_per_doc_p95']:.2f} | – |",
        f"| LibreOffice CPU s/document p50 / p95 (sum) | – | {c['cpu_s_p50']:.2f} / {c['cpu_s_p95']:.2f} ({c['cpu_s_total']:.1f}) | – |",
    ]
    return "\n".join(lines)


def summary(costs: list[dict]) -> dict:
    per_page = [c["seconds"] / c["pages"] for c in costs]
    secs, cpu = [c["seconds"] for c in costs], [c["cpu_s"] for c in costs]
    return {
        "contracts": len(costs), "pages": sum(c["pages"] for c in costs),
        "same_page_count": sum(c["pages"] == c["converted_pages"] for c in costs), "same_words_pages": sum(c["same_words"] for c in costs),
        "s_per_page_p50": pct(per_page, 50), "s_per_page_p95": pct(per_page, 95),
        "s_per_doc_p50": pct(secs, 50), "s_per_doc_p95": pct(secs, 95),
        "cpu_s_p50": pct(cpu, 50), "cpu_s_p95": pct(cpu, 95), "cpu_s_total": float(sum(cpu)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=30)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    if convert.version() is None:
        sys.exit("LibreOffice (soffice) is not installed: nothing converts a .docx here")
    model, embed = clause_model.default(), Embedder().embed
    cats = [c for c in model.categories if c not in cuad.NON_CLAUSE]
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[: args.contracts]
    with tempfile.TemporaryDirectory(prefix="bench-docx-") as tmp:
        converted, costs = asyncio.run(convert_all(rows, Path(tmp)))
        res = {}
        for name, these in (("pdf", rows), ("docx", converted)):
            res[name] = clause_level(these, cats, {name: model}, None, len(these))[name]["micro"] | page_recall(these, model, embed)
    res["conversion"] = summary(costs) | {"per_contract": costs}
    res["meta"] = {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                   "machine": f"{platform.machine()}, {platform.processor() or ''} {os.cpu_count()} cores",
                   "contracts": len(rows), "converter": convert.version(), "model": model.meta.get("version", "?")}
    print(f"\n.docx vs PDF: {len(rows)} CUAD dev contracts ({res['conversion']['pages']} pages), {res['docx']['clauses']} clauses, "
          f"{res['pdf']['queries']} locate queries; {res['meta']['converter']}; {res['meta']['date']}; {res['meta']['machine']}")
    print(table(res))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()

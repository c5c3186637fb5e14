"""CUAD data for training and measuring (not used by the services): contracts, labels, the
matching rule, and CUAD's question per category. One home for the tests, the benchmarks and
the training script.

The data folder is the team's copy of CUAD (CC BY 4.0, The Atticus Project):
``$CLAUSEFLOW_CUAD_DIR`` or ``../shared/data/cuad`` beside the repository.
"""

from __future__ import annotations

import csv
import json
import os
import re
from functools import lru_cache
from pathlib import Path

from shared.clauses.catalogue import CATEGORIES

ROOT = Path(__file__).resolve().parent.parent
CANONICAL = {c.name.lower(): c.name for c in CATEGORIES}

# The four categories that are names and dates, not clauses: left out of the clause model and
# of the clause benchmark (CUAD's own evaluation treats them apart, too).
NON_CLAUSE = ("Document Name", "Parties", "Agreement Date", "Effective Date")

QUESTION = 'Highlight the parts (if any) of this contract related to "{category}" that should be reviewed by a lawyer. Details: {description}'


def cuad_dir() -> Path:
    env = os.environ.get("CLAUSEFLOW_CUAD_DIR")
    return Path(env) if env else (ROOT / ".." / "shared" / "data" / "cuad").resolve()


def available() -> bool:
    return (cuad_dir() / "dev" / "labels.jsonl").exists()


@lru_cache(maxsize=1)
def _csv() -> list[tuple[str, str]]:
    with open(cuad_dir() / "category_descriptions.csv", encoding="utf-8-sig", newline="") as f:
        return [
            (row["Category (incl. context and answer)"].removeprefix("Category: ").strip(), row["Description"].removeprefix("Description: ").strip())
            for row in csv.DictReader(f)
        ]


def descriptions() -> dict[str, str]:
    """Category name -> CUAD's description, in CUAD's order. Names are spelled as in the
    labels and shared.clauses.catalogue ("Cap On Liability"); the CSV spells some in lower case."""
    return {canonical(name): desc for name, desc in _csv()}


def canonical(name: str) -> str:
    return CANONICAL.get(name.lower(), name)


def question(category: str) -> str:
    """CUAD's own question for a category, with CUAD's spelling of the name."""
    for name, desc in _csv():
        if name.lower() == category.lower():
            return QUESTION.format(category=name, description=desc)
    raise KeyError(category)


def labels(split: str) -> list[dict]:
    """One record per contract of ``split`` ("dev" or "train"); paths made absolute."""
    base = cuad_dir() / split
    rows = []
    with open(base / "labels.jsonl", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            row = json.loads(line)
            for key in ("pdf", "txt"):
                if key in row:
                    row[key] = str(base / row[key])
            rows.append(row)
    return rows


def dev_pdf(file: str) -> Path:
    return cuad_dir() / "dev" / "pdf" / file


# --- the matching rule ------------------------------------------------------------------------

_TOKEN = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def matches(quote: str, clause: str) -> bool:
    """A quote is correct for a labelled clause when their word sets have Jaccard ≥ 0.5, or
    the quote's words lie inside the clause as one run."""
    return matches_words(words(quote), words(clause))


def matches_words(q: list[str], c: list[str]) -> bool:
    if not q or not c:
        return False
    qs, cs = set(q), set(c)
    if len(qs & cs) / len(qs | cs) >= 0.5:
        return True
    return len(q) <= len(c) and qs <= cs and f" {' '.join(q)} " in f" {' '.join(c)} "

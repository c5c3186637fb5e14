"""How likely a card is the clause it is shown as: a probability a reader can act on.

A unit's score is not one: thresholds differ by category (a Non-Compete card may pass at 0.02,
an Unlimited License one needs 0.99), so "score 0.04" tells a lawyer nothing. What does tell is
how far over its category's threshold the card is: on CUAD train, out of fold, cards under 1.5
times their threshold were the labelled clause 14% of the time, cards over ten times 85%, and
dev reads the same. The confidence is a logistic regression on the log of that ratio with a
per-category offset, fitted on the product's own cards from the clause model's out-of-fold
scores on train (``scripts/train_confidence.py``); plain data in ``models/clause/confidence.json``.

Three tiers name it in words: ``likely`` (at or over ``tiers["likely"]``), ``possible``, and
``weak`` (under ``tiers["possible"]``), a card to check before relying on it.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path


def for_category(card: dict, category: str) -> dict:
    """``{"confidence", "tier"}`` of a card (as events carry it, ``confidences``) for ``category``;
    ``{}`` for a card from before confidences or of other categories."""
    got = next((c for c in card.get("confidences") or [] if c.get("category") == category), None)
    return {"confidence": got["confidence"], "tier": got["tier"]} if got else {}


class Confidence:
    """``of(category, score, threshold)`` -> the probability that a card is the clause."""

    def __init__(self, intercept: float, slope: float, offsets: dict[str, float], tiers: dict[str, float], meta: dict | None = None) -> None:
        self.intercept = float(intercept)
        self.slope = float(slope)
        self.offsets = {k: float(v) for k, v in offsets.items()}
        self.tiers = {"likely": float(tiers["likely"]), "possible": float(tiers["possible"])}
        self.meta = meta or {}
        digest = hashlib.sha256(json.dumps([self.intercept, self.slope, sorted(self.offsets.items()), sorted(self.tiers.items())]).encode())
        self.version = f"k-{digest.hexdigest()[:10]}"

    def of(self, category: str, score: float, threshold: float) -> float:
        """The card's probability of being a clause of ``category``, from its score and the
        category's threshold (a score under the threshold counts as at it: no card is)."""
        ratio = max(float(score), 1e-6) / max(float(threshold), 1e-6)
        z = self.intercept + self.slope * math.log(max(ratio, 1.0)) + self.offsets.get(category, 0.0)
        return 1.0 / (1.0 + math.exp(-z))

    def tier(self, p: float) -> str:
        return "likely" if p >= self.tiers["likely"] else "possible" if p >= self.tiers["possible"] else "weak"

    def save(self, path: Path) -> None:
        path.write_text(json.dumps({"intercept": self.intercept, "slope": self.slope, "offsets": self.offsets, "tiers": self.tiers, "meta": self.meta}, indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> Confidence | None:
        """The calibration at ``path``, or None where there is none (cards then carry no confidence)."""
        if not path.exists():
            return None
        cfg = json.loads(path.read_text())
        return cls(cfg["intercept"], cfg["slope"], cfg["offsets"], cfg["tiers"], cfg.get("meta"))

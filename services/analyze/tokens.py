"""Prompt budgets counted with the model's own tokenizer (Rust `tokenizers`).

The local model's tokenizer is exported from its GGUF to models/tokenizer/ by
scripts/export_tokenizer.py (a test checks it tokenizes as llama.cpp does). For a served model
without one there, set CLAUSEFLOW_TOKENIZER_FILE to its tokenizer.json; with none, counts fall
back to characters / 4 and say so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from . import logic

log = logging.getLogger(__name__)
MODELS = Path(__file__).resolve().parents[2] / "models" / "tokenizer"


class TokenCounter:
    """``count(text)``; ``exact`` says whether it is the model's tokenizer or an estimate."""

    def __init__(self, path: Path | None) -> None:
        self._tok = None
        if path is not None and path.exists():
            from tokenizers import Tokenizer

            self._tok = Tokenizer.from_file(str(path))
        self.exact = self._tok is not None

    @classmethod
    def for_model(cls, model: str, path: Path | None = None) -> TokenCounter:
        counter = cls(path or MODELS / f"{model.replace('/', '--')}.json")
        if not counter.exact:
            log.warning("no tokenizer for %s: token budgets are estimated (characters / %d)", model, logic.CHARS_PER_TOKEN)
        return counter

    def count(self, text: str) -> int:
        if self._tok is None:
            return len(text) // logic.CHARS_PER_TOKEN
        return len(self._tok.encode(text, add_special_tokens=False).ids)

    def chat(self, messages: list[dict[str, str]]) -> int:
        """Tokens of a chat prompt as a ChatML server renders it (llama.cpp's `chatml`)."""
        rendered = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"
        return self.count(rendered)


def fit(build: Callable[[int], str], budget_tokens: int, count: Callable[[str], int]) -> str:
    """``build(chars)`` shrunk until its text is within ``budget_tokens`` by ``count``."""
    chars = budget_tokens * logic.CHARS_PER_TOKEN
    text = build(chars)
    for _ in range(6):
        n = count(text)
        if n <= budget_tokens:
            return text
        chars = max(1, int(chars * budget_tokens / n * 0.97))
        text = build(chars)
    return text

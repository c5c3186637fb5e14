"""The clause encoder's out-of-fold ablation (``bench/bench_encoder_stack.py``) fine-tuned on a GPU host
that has torch, transformers and scikit-learn but not this project: what travels is packed small.

    .venv/bin/python bench/encoder_gpu.py pack                 # here: writes .gpu/ (about 32 MB)
    python3 bench/encoder_gpu.py train 4,10 --out OUT         # there: out-of-fold probabilities, a final fit
    .venv/bin/python bench/encoder_gpu.py unpack OUT           # here: var/encoder_oof_e{E}.npz for the stack bench
    .venv/bin/python bench/encoder_gpu.py assemble OUT DIR     # here: the final fit as DIR/model.onnx (int8)

``pack``: the candidates exactly as ``bench_encoder_stack.py`` picks them (units at 0.3 × a category's
threshold by the clause model's out-of-fold scores, ``var/clause_oof.npz`` from ``make model``),
tokenised as pairs (context, unit) to 128 tokens in a vocabulary pruned to the ids they use, and
all-MiniLM-L6-v2's weights in fp16 with only those embedding rows. ``train``: per epoch count, 3 folds
by contract (the stack bench's split), then once on the candidates outside the calibration fifth
(``scripts/train_clause_encoder.py``'s split) with the epoch count of the best out-of-fold mean AP;
bf16 autocast, batch 32, AdamW 6e-5, one-cycle, positive weight 3 — ``train_clause_encoder.train``'s
recipe. ``assemble``: the fine-tuned rows put back into the full vocabulary (the others are the
base's: no candidate uses them), exported by ``train_clause_encoder.export``; thresholds then by
``scripts/train_clause_encoder.py --out DIR --calibrate-only --oof-cache var/clause_oof_stacked.npz``
(the served base score is the neighbours stage's).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / ".gpu"
SEED = 13


def pack(_args) -> None:
    import torch
    from safetensors.torch import load_file
    from tokenizers import Tokenizer

    sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]
    from shared.clauses.clause_encoder import BASE_DIR, MAX_TOKENS, pair_texts
    from shared.clauses.clause_model import ClauseModel
    from train_clause_model import as_findings_read, train_units

    model = ClauseModel.load(ROOT / "models" / "clause")
    texts, contexts, y, groups, _ = train_units(model.categories, ignore_bare=True)
    oof = as_findings_read(np.load(ROOT / "var" / "clause_oof.npz")["oof"], texts)
    thr = np.array([model.threshold(c) for c in model.categories], np.float32)
    cand = np.flatnonzero((oof >= 0.3 * thr[None, :]).any(axis=1))
    n = groups.max() + 1
    fold = np.random.default_rng(SEED).permutation(n) % 3
    calib = np.random.default_rng(SEED).permutation(n)[: n // 5]
    tok = Tokenizer.from_file(str(BASE_DIR / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.enable_padding(length=MAX_TOKENS)
    enc = tok.encode_batch(pair_texts([contexts[i] for i in cand], [texts[i] for i in cand]))
    ids = np.array([e.ids for e in enc], np.int64)
    used = np.unique(np.concatenate([ids.ravel(), [0, 100, 101, 102, 103]]))  # pad, unk, cls, sep, mask
    remap = np.zeros(ids.max() + 1, np.int64)
    remap[used] = np.arange(len(used))
    PACK.mkdir(exist_ok=True)
    np.savez_compressed(PACK / "data.npz", ids=remap[ids].astype(np.uint16), types=np.array([e.type_ids for e in enc], np.uint8),
                        mask=np.array([e.attention_mask for e in enc], np.uint8), y=y[cand].astype(np.int8), group=groups[cand].astype(np.int32),
                        fold=fold.astype(np.int8), calib=np.isin(groups[cand], calib), used=used, cand=cand, units=len(texts))
    sd = load_file(str(BASE_DIR / "model.safetensors"))
    key = next(k for k in sd if k.endswith("word_embeddings.weight"))
    sd[key] = sd[key][torch.from_numpy(used)]
    torch.save({k: v.half() for k, v in sd.items()}, PACK / "base.pt")
    cfg = json.loads((BASE_DIR / "config.json").read_text()) | {"vocab_size": int(len(used))}
    (PACK / "config.json").write_text(json.dumps(cfg))
    print(f"{len(cand)} candidates, {len(used)} token ids, {int((y[cand] == 1).any(1).sum())} positive")


def train(args) -> None:
    import torch
    from sklearn.metrics import average_precision_score
    from transformers import BertConfig, BertModel

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    d = np.load(PACK / "data.npz")
    ids, types, mask, y = (torch.from_numpy(d[k].astype(np.int64)).to(dev) for k in ("ids", "types", "mask", "y"))
    y = y.float()
    fold_of, calib = d["fold"][d["group"]], d["calib"]
    if args.limit:  # a smoke run on the first candidates
        ids, types, mask, y, fold_of, calib = ids[: args.limit], types[: args.limit], mask[: args.limit], y[: args.limit], fold_of[: args.limit], calib[: args.limit]
    base = torch.load(PACK / "base.pt")
    cfg = BertConfig(**{k: v for k, v in json.loads((PACK / "config.json").read_text()).items() if k not in ("architectures", "_name_or_path", "transformers_version")})
    t0 = time.time()

    class Encoder(torch.nn.Module):  # train_clause_encoder.build's network, on the pruned vocabulary
        def __init__(self):
            super().__init__()
            self.bert = BertModel(cfg, add_pooling_layer=False)
            missing, _ = self.bert.load_state_dict({k: v.float() for k, v in base.items()}, strict=False)
            assert not [m for m in missing if "position_ids" not in m], missing
            self.head = torch.nn.Linear(cfg.hidden_size, y.shape[1])

        def forward(self, i, m, t):
            h = self.bert(input_ids=i, attention_mask=m, token_type_ids=t).last_hidden_state
            mm = m.unsqueeze(-1).to(h.dtype)
            return self.head((h * mm).sum(1) / mm.sum(1).clamp(min=1.0))

    def batch(idx):
        b = torch.from_numpy(idx).to(dev)
        width = int(mask[b].sum(1).max())
        return b, (ids[b, :width], mask[b, :width], types[b, :width])

    def fit(idx, epochs):
        torch.manual_seed(SEED)
        model = Encoder().to(dev)
        opt = torch.optim.AdamW(model.parameters(), lr=6e-5, weight_decay=0.01)
        per = max(1, len(idx) // 32)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=6e-5, total_steps=epochs * per, pct_start=0.1)
        rng, pos_w = np.random.default_rng(SEED), torch.full((y.shape[1],), 3.0, device=dev)
        for _ in range(epochs):
            model.train()
            for chunk in np.array_split(rng.permutation(idx), per):
                b, x = batch(chunk)
                with torch.autocast(dev, dtype=torch.bfloat16, enabled=dev == "cuda"):
                    logits = model(*x)
                loss = torch.nn.functional.binary_cross_entropy_with_logits(logits.float(), y[b].clamp(min=0), weight=(y[b] >= 0).float(), pos_weight=pos_w)
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
        return model

    @torch.no_grad()
    def predict(model, idx):
        model.eval()
        got = []
        for i in range(0, len(idx), 256):
            _, x = batch(idx[i : i + 256])
            with torch.autocast(dev, dtype=torch.bfloat16, enabled=dev == "cuda"):
                got.append(torch.sigmoid(model(*x).float()).cpu().numpy())
        return np.concatenate(got)

    yn, folds, mean_ap = y.cpu().numpy(), [int(f) for f in args.folds.split(",")], {}
    for epochs in [int(e) for e in args.epochs.split(",")]:
        probs = np.zeros(yn.shape, np.float32)
        for f in folds:
            held = np.flatnonzero(fold_of == f)
            probs[held] = predict(fit(np.flatnonzero(fold_of != f), epochs), held)
            print(f"epochs {epochs} fold {f} scored; {time.time() - t0:.0f}s", flush=True)
        np.savez_compressed(out / f"oof_e{epochs}.npz", probs=probs, folds=np.array(folds))
        sel = np.isin(fold_of, folds)
        aps = [average_precision_score(yn[sel, k][yn[sel, k] >= 0] == 1, probs[sel, k][yn[sel, k] >= 0]) for k in range(yn.shape[1]) if (yn[sel, k] == 1).sum() >= 6]
        mean_ap[epochs] = float(np.mean(aps))
        print(f"epochs {epochs}: the encoder alone, mean AP over {len(aps)} categories {mean_ap[epochs]:.4f}", flush=True)
    if args.no_final:
        return
    best = max(mean_ap, key=mean_ap.get)
    sd = {k: v.half() for k, v in fit(np.flatnonzero(~calib), best).cpu().state_dict().items()}
    part, size, n = {}, 0, 0
    for k in sorted(sd):  # files of at most ~12 MB each
        part[k], size = sd[k], size + sd[k].numel() * 2
        if size > 12_000_000:
            torch.save(part, out / f"final_{n}.pt")
            part, size, n = {}, 0, n + 1
    if part:
        torch.save(part, out / f"final_{n}.pt")
    (out / "summary.json").write_text(json.dumps({"oof_mean_ap": mean_ap, "final_epochs": best, "fit": int((~calib).sum()), "seconds": round(time.time() - t0)}))
    print(f"final: {best} epochs; {time.time() - t0:.0f}s", flush=True)


def unpack(args) -> None:
    d = np.load(PACK / "data.npz")
    for f in sorted(Path(args.src).glob("oof_e*.npz")):
        z = np.load(f)
        probs = np.zeros((int(d["units"]), z["probs"].shape[1]), np.float32)
        probs[d["cand"]] = z["probs"]
        folds = z["folds"] if "folds" in z.files else np.unique(d["fold"][d["group"]][(z["probs"] > 0).any(1)])
        done = np.isin(np.arange(3), folds)
        epochs = int(f.stem.removeprefix("oof_e"))
        np.savez_compressed(ROOT / "var" / f"encoder_oof_e{epochs}.npz", probs=probs, done=done, epochs=epochs)
        print(f"var/encoder_oof_e{epochs}.npz: folds {np.flatnonzero(done).tolist()}")


def assemble(args) -> None:
    import shutil

    import torch
    from tokenizers import Tokenizer

    sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]
    import train_clause_encoder as tce
    from shared.clauses.clause_encoder import BASE_DIR, MAX_TOKENS
    from shared.clauses.clause_model import ClauseModel
    from train_clause_model import train_units

    sd = {}
    for f in sorted(Path(args.src).glob("final_*.pt")):
        sd.update(torch.load(f))
    d = np.load(PACK / "data.npz")
    categories = ClauseModel.load(ROOT / "models" / "clause").categories
    model = tce.build(len(categories))
    key = "bert.embeddings.word_embeddings.weight"
    full = model.state_dict()[key].clone()
    full[torch.from_numpy(d["used"])] = sd.pop(key).float()
    missing, _ = model.load_state_dict({k: v.float() for k, v in sd.items()} | {key: full}, strict=False)
    assert not [m for m in missing if "position_ids" not in m and ".pooler." not in m], missing  # the pooler is never read
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(BASE_DIR / "tokenizer.json", out / "tokenizer.json")
    tok = Tokenizer.from_file(str(BASE_DIR / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.enable_padding()
    texts, contexts, *_ = train_units(categories, ignore_bare=True)
    sample = d["cand"][d["calib"]][:64]
    print(tce.export(model, tok, out, [texts[i] for i in sample], [contexts[i] for i in sample]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("pack").set_defaults(run=pack)
    t = sub.add_parser("train")
    t.add_argument("epochs", help="epoch counts to try, comma-separated")
    t.add_argument("--out", required=True)
    t.add_argument("--folds", default="0,1,2")
    t.add_argument("--no-final", action="store_true")
    t.add_argument("--limit", type=int, default=0, help="a smoke run on this many candidates")
    t.set_defaults(run=train)
    u = sub.add_parser("unpack")
    u.add_argument("src")
    u.set_defaults(run=unpack)
    a = sub.add_parser("assemble")
    a.add_argument("src")
    a.add_argument("dir")
    a.set_defaults(run=assemble)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()

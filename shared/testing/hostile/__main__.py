"""``python -m shared.testing.hostile``: write hostile PDFs from a seed out to a folder."""

from __future__ import annotations

import argparse
from pathlib import Path

from shared.testing import hostile


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m shared.testing.hostile", description=hostile.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--scans", action="store_true", help="the image-only files that reach OCR (SCAN_KINDS) instead")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (kind, data) in enumerate(hostile.generate(args.seed, args.n, hostile.SCAN_KINDS if args.scans else hostile.KINDS)):
        (args.out / f"{i:04d}-{kind}.pdf").write_bytes(data)
        total += len(data)
    print(f"wrote {args.n} files ({total / 1e6:.1f} MB) to {args.out}")


if __name__ == "__main__":
    main()

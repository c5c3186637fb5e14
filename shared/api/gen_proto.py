"""Regenerate the Python messages from proto/ (`make proto` runs this).

    python -m shared.api.gen_proto [OUT_DIR]

OUT_DIR defaults to shared/messages; a test generates into a temporary folder and
compares, so generated code that drifts from proto/ fails the suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTO_DIR = ROOT / "proto"
DEFAULT_OUT = ROOT / "shared" / "messages"


def proto_files() -> list[Path]:
    return sorted(PROTO_DIR.rglob("*.proto"))


def generate(out_dir: Path = DEFAULT_OUT) -> list[Path]:
    """Run protoc over every file in proto/; return the generated files."""
    from grpc_tools import protoc  # a development tool: the services import this module for PROTO_DIR only

    out_dir.mkdir(parents=True, exist_ok=True)
    files = [str(p.relative_to(PROTO_DIR)) for p in proto_files()]
    rc = protoc.main(["protoc", f"-I{PROTO_DIR}", f"--python_out={out_dir}", f"--pyi_out={out_dir}", *files])
    if rc != 0:
        raise SystemExit(f"protoc failed with exit code {rc}")
    return sorted(p for p in out_dir.rglob("*_pb2.py*"))


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    for path in generate(out):
        print(path)

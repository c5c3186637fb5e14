"""Every service starts with only what its image installs (requirements.txt and
requirements-models.txt): none of its modules imports a development package at import time.
The compose smoke found the edge importing grpc_tools (protoc) through shared/api/gen_proto.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The import names of requirements-dev.txt's packages (what the images do not have).
DEV_ONLY = ("pytest", "pytest_asyncio", "pytest_timeout", "hypothesis", "websockets", "fpdf", "pypdf", "compose_spec", "gguf", "moto",
            "grpc_tools", "rank_bm25", "playwright", "schemathesis", "jiwer", "promql_parser", "kubernetes_validate")


def test_every_module_of_the_services_imports_without_any_development_package():
    """Each module of services/ and shared/ (shared/testing aside: the tests' own) imported with
    the development packages made unimportable."""
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in DEV_ONLY)  # importing any of them raises ImportError
    code = f"""import importlib, pkgutil, sys; {blocked}
import services, shared
bad = []
for pkg in (services, shared):
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        if m.name.startswith("shared.testing") or m.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(m.name)
        except ImportError as exc:
            bad.append(f"{{m.name}}: {{exc}}")
print("\\n".join(bad)); sys.exit(bool(bad))"""
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]

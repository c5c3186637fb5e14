"""The layers of shared/ only point down, and no module imports itself round a cycle.

Read from the source (the AST), so an import inside a function counts as much as one at the
top; an import under ``if TYPE_CHECKING:`` names a type only and does not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Lowest first: a module may import its own package and the ones before it (shared/__init__.py).
LAYERS = ["messages", "core", "documents", "clauses", "store", "api", "platform", "testing"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (``from a import b`` counts ``a.b`` when that is a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1] + ([base] if base else []))
                out.add(base)
                out.update(f"{base}.{a.name}" for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


def graph(roots: tuple[str, ...] = ("shared", "services", "local")) -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    files = [p for r in roots for p in (ROOT / r).rglob("*.py") if "messages" not in p.parts or p.name == "__init__.py"]
    mods = {module_name(p): p for p in files}
    return {m: {i for i in imports(p) if i in mods and i != m} for m, p in mods.items()}


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if parts[0] == "shared" and len(parts) > 1 and parts[1] in LAYERS else None


def upward_imports(g: dict[str, set[str]]) -> list[str]:
    """Imports from a lower layer of shared into a higher one, or out of shared into the services."""
    bad = []
    for m, deps in g.items():
        if not m.startswith("shared"):
            continue
        for d in deps:
            if d.startswith("local") and layer(m) == LAYERS.index("testing"):
                continue  # the test helpers start the local stack
            if d.startswith(("services", "local")):
                bad.append(f"{m} -> {d}")
            elif m != "shared" and d != "shared" and (layer(m) is None or layer(d) is None or layer(d) > layer(m)):
                bad.append(f"{m} -> {d}")
    return sorted(bad)


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            strong(v)
    return out


def test_every_module_of_shared_is_in_a_layer():
    assert [m for m in graph(("shared",)) if m != "shared" and layer(m) is None] == []


def test_lower_layers_never_import_higher_ones():
    assert upward_imports(graph()) == []


def test_no_modules_import_each_other_round_a_cycle():
    assert cycles(graph()) == []


@pytest.mark.parametrize("edge", [("shared.store.state", "shared.platform.runtime"), ("shared.clauses.findings", "shared.store.state"), ("shared.core.settings", "services.edge.app")])
def test_the_check_sees_an_import_that_points_up(edge):
    g = graph()
    g[edge[0]].add(edge[1])
    assert f"{edge[0]} -> {edge[1]}" in upward_imports(g)


def test_the_check_sees_a_cycle():
    g = graph()
    g["shared.store.keys"].add("shared.store.state")
    assert any({"shared.store.keys", "shared.store.state"} <= set(c) for c in cycles(g))


def test_no_module_of_the_services_or_shared_is_over_330_lines():
    """Each split where its reader would split it; generated protobuf code aside."""
    long = {str(p.relative_to(ROOT)): n for r in ("shared", "services", "local") for p in (ROOT / r).rglob("*.py")
            if "messages" not in p.parts and (n := len(p.read_text(encoding="utf-8").splitlines())) > 330}
    assert long == {}

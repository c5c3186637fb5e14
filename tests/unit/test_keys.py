"""The Redis keyspace (shared.store.keys): every key is built there, names its family alone, and
no tenant name or request id makes another family's key."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.edge.auth import Keys
from shared.store import keys

ROOT = Path(__file__).resolve().parents[2]

tenants = st.from_regex(keys.TENANT, fullmatch=True)
request_ids = st.from_regex(r"[A-Za-z0-9_-]{1,128}", fullmatch=True)
shas = st.from_regex(r"[0-9a-f]{64}", fullmatch=True)
prefixes = st.from_regex(keys.PREFIX, fullmatch=True)
models = st.text(st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=40)
stages = st.from_regex(r"[a-z0-9_-]{1,20}(:[A-Za-z0-9_-]{1,20})?", fullmatch=True)


def alone(family: str, key: str) -> None:
    assert keys.family_of(key) == [family], (key, keys.family_of(key))


@given(tenant=tenants, rid=request_ids, sha=shas, prefix=prefixes, model=models, stage=stages, digest=st.from_regex(r"[0-9a-f]{32}", fullmatch=True))
def test_no_tenant_name_or_request_id_makes_another_familys_key(tenant, rid, sha, prefix, model, stage, digest):
    if tenant in keys.RESERVED_TENANTS:
        with pytest.raises(ValueError, match="reserved"):
            keys.history(tenant)
        return
    doc = keys.document_key(tenant, sha)
    for family, key in [
        ("review", keys.review(rid)), ("history", keys.history(tenant)), ("playbook", keys.playbook(tenant)), ("open", keys.open_reviews(prefix)),
        ("events", keys.events(rid)), ("ended", keys.ended(rid)), ("dedupe", keys.dedupe(rid)), ("audit", keys.audit(rid)),
        ("draft", keys.draft(rid)), ("pending", keys.pending_drafts(prefix)), ("locate due", keys.locate_deadlines(prefix)), ("cancel", keys.cancel(rid)),
        ("done", keys.done(rid, stage)), ("generation", keys.generation(rid)), ("generation", keys.generation(rid, rid)), ("cost", keys.cost(rid)),
        ("fallback", keys.fallback(rid)), ("clients", keys.clients(rid)), ("throughput", keys.throughput(model)),
        ("pages", keys.pages(doc)), ("summaries", keys.summaries(doc)), ("summaries", keys.summaries(doc, f"llm-{model}")),
        ("scores", keys.scores(doc, model)), ("vectors", keys.vectors(doc, model)), ("result", keys.result(doc, digest)),
        ("cache index", keys.cache_index(doc)), ("rate limits", f"{keys.rate_limits(prefix)}:LIMITER/{tenant}/upload/10/1/minute"),
    ]:
        alone(family, key)


def test_the_tenant_open_is_refused_wherever_a_key_or_an_api_key_is_made(tmp_path):
    assert "open" in keys.RESERVED_TENANTS
    assert keys.history("opened") == "reviews:opened"
    for make in (keys.history, keys.check_tenant, lambda t: keys.document_key(t, "a" * 64)):
        with pytest.raises(ValueError, match="reserved"):
            make("open")
    with pytest.raises(ValueError, match="reserved"):
        Keys([("open", "0" * 64)])
    for bad in ("", "Open", "a:b", "a b", "x" * 65, "dev\n"):
        with pytest.raises(ValueError, match="not a tenant name"):
            keys.check_tenant(bad)


@pytest.mark.parametrize("family, build, arg", [("review", keys.review, "a:b"), ("events", keys.events, "x y"), ("done", keys.done, "")])
def test_an_argument_that_would_break_a_keys_shape_is_refused(family, build, arg):
    with pytest.raises(ValueError, match="cannot be part of a Redis key"):
        build(arg) if family != "done" else build("r1", arg)


def test_the_table_in_the_docstring_lists_every_family():
    doc = keys.__doc__
    for f in keys.FAMILIES:
        assert f"| {f.name}" in doc and f"``{f.template}``" in doc, f.name


def _key_literals(path: Path) -> list[tuple[int, str]]:
    """Strings and f-strings in code (docstrings aside) that start with a key family's prefix."""
    heads = tuple({f.template.removeprefix("{prefix}").split("{")[0].rstrip("…") for f in keys.FAMILIES} - {""})
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and n.body and isinstance(n.body[0], ast.Expr)}
    docstrings |= {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}  # read with their f-string
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # any literal part: f"{prefix}drafts:pending" too
            parts = [str(v.value) for v in node.values if isinstance(v, ast.Constant)]
            out += [(node.lineno, p[:40]) for p in parts if p.startswith(heads)]
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        else:
            continue
        if text.startswith(heads):
            out.append((node.lineno, text[:40]))
    return out


def test_no_module_but_the_keyspace_spells_a_redis_key():
    """A key family's prefix is written in shared.store.keys alone (the services and the rest of
    shared call its builders), so a new key cannot skip the table."""
    found = {}
    for path in sorted([*(ROOT / "shared").rglob("*.py"), *(ROOT / "services").rglob("*.py")]):
        if path.name == "keys.py" or "testing" in path.parts or "messages" in path.parts:
            continue
        if hits := _key_literals(path):
            found[str(path.relative_to(ROOT))] = hits
    assert not found, found

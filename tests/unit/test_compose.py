"""docker-compose.yml is valid Compose and wires the system the way DESIGN.md "Running it" says.

No Docker needed: the file is parsed and validated against the Compose specification by the
compose_spec package (a Rust implementation of the spec that rejects unknown keys), then read
as plain data for the structural checks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import compose_spec
import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = "infra/Dockerfile"

APP_SERVICES = ("edge", "summarize", "locate", "phase2", "analyze")
WORKERS = ("summarize", "locate", "phase2", "analyze")
REQUIRED = (*APP_SERVICES, "kafka", "redis", "prometheus", "grafana")


def parse(text: str) -> compose_spec.PyCompose:
    # apply_merge: the file shares settings between services with YAML merge keys (`<<: *app`),
    # which Docker Compose supports; without it the parser reads `<<` as an unknown key.
    return compose_spec.PyOptions(apply_merge=True).from_yaml(text)


@pytest.fixture(scope="module")
def compose() -> compose_spec.PyCompose:
    return parse(COMPOSE.read_text())


@pytest.fixture(scope="module")
def doc(compose) -> dict:
    return compose.to_dict()


@pytest.fixture(scope="module")
def services(doc) -> dict[str, dict]:
    return doc["services"]


def default_services(services: dict[str, dict]) -> set[str]:
    """What a plain `docker compose up` starts: services outside every profile."""
    return {name for name, svc in services.items() if not svc.get("profiles")}


def volume_mounts(svc: dict) -> list[tuple[str, str]]:
    """(source, target) of a service's volumes, short syntax or long."""
    out = []
    for v in svc.get("volumes", []):
        if isinstance(v, str):
            source, target = v.split(":")[:2]
        else:
            source, target = v.get("source", ""), v["target"]
        out.append((source, target))
    return out


# --- the specification ----------------------------------------------------------------------


def test_compose_file_validates_against_the_spec():
    compose = parse(COMPOSE.read_text())  # not the fixture: a broken file fails here, not as an error
    compose.validate()
    compose.validate_networks()
    compose.validate_volumes()
    compose.to_spec()  # and it converts to the typed model of the whole specification


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("services:\n  web:\n    image: nginx\nservise: {}\n", "servise"),
        ("services:\n  web:\n    image: nginx\n    comand: [nginx]\n", "comand"),
        ("services:\n  web:\n    image: nginx\n    healthcheck:\n      intervall: 5s\n", "intervall"),
    ],
    ids=["top-level", "service", "nested"],
)
def test_validator_rejects_unknown_keys(text, complaint):
    with pytest.raises(ValueError, match=complaint):
        parse(text)


def test_validator_rejects_a_typo_in_this_file(doc):
    """The same document with one misspelled key fails, so the check above has teeth."""
    broken = json.loads(json.dumps(doc))
    broken["services"]["analyze"]["enviroment"] = {"X": "1"}
    compose_spec.PyCompose.from_json(json.dumps(doc)).validate()
    with pytest.raises(ValueError, match="enviroment"):
        compose_spec.PyCompose.from_json(json.dumps(broken))


# --- structure ------------------------------------------------------------------------------


def test_all_services_are_defined_and_start_by_default(services):
    assert set(REQUIRED) <= default_services(services)


def test_vllm_is_only_in_the_gpu_profile(services):
    assert services["vllm"]["profiles"] == ["gpu"]
    profiled = {name for name, svc in services.items() if svc.get("profiles")}
    assert profiled == {"vllm"}
    vllm = services["vllm"]
    assert vllm["image"].startswith("vllm/vllm-openai")
    assert "--enable-prefix-caching" in vllm["command"]
    devices = vllm["deploy"]["resources"]["reservations"]["devices"]
    assert any("gpu" in d.get("capabilities", []) for d in devices)


def test_built_services_use_an_existing_dockerfile(services):
    built = {name: svc["build"] for name, svc in services.items() if "build" in svc}
    assert set(APP_SERVICES) | {"llm"} <= set(built)
    for name, build in built.items():
        context = ROOT / build.get("context", ".")
        dockerfile = context / build.get("dockerfile", "Dockerfile")
        assert dockerfile.is_file(), f"{name}: {dockerfile} is missing"
        assert dockerfile.resolve() == (ROOT / DOCKERFILE).resolve(), name


def test_dockerfile_copies_only_what_exists():
    sources = []
    for line in (ROOT / DOCKERFILE).read_text().splitlines():
        if m := re.match(r"\s*COPY\s+(?!--)(.+)\s+\S+\s*$", line):
            sources += m.group(1).split()
    assert sources
    for src in sources:
        assert list(ROOT.glob(src)), f"COPY {src}: nothing in the repository matches"


def test_each_service_runs_its_module(services):
    for name in APP_SERVICES:
        assert services[name]["command"] == ["python", "-m", f"services.{name}"]
        assert (ROOT / "services" / name / "__main__.py").is_file()


def test_depends_on_points_at_services_that_start_with_it(services):
    started = default_services(services)
    for name, svc in services.items():
        deps = svc.get("depends_on", {})
        targets = deps if isinstance(deps, list) else list(deps)
        for dep in targets:
            assert dep in services, f"{name} depends on undefined {dep}"
            if name in started:
                assert dep in started, f"{name} depends on {dep}, which only starts with a profile"
    for name in APP_SERVICES:
        deps = services[name]["depends_on"]
        assert deps["kafka"]["condition"] == "service_healthy", name
        assert deps["redis"]["condition"] == "service_healthy", name
    assert "healthcheck" in services["kafka"] and "healthcheck" in services["redis"]


def test_kafka_is_a_single_kraft_node(services):
    env = services["kafka"]["environment"]
    assert services["kafka"]["image"].startswith("apache/kafka")
    assert set(env["KAFKA_PROCESS_ROLES"].split(",")) == {"broker", "controller"}
    assert env["KAFKA_CONTROLLER_QUORUM_VOTERS"] == f"{env['KAFKA_NODE_ID']}@kafka:9093"
    assert "kafka:9092" in env["KAFKA_ADVERTISED_LISTENERS"]
    for name in APP_SERVICES:
        assert services[name]["environment"]["CLAUSEFLOW_KAFKA_BOOTSTRAP"] == "kafka:9092"
        assert services[name]["environment"]["CLAUSEFLOW_REDIS_URL"].startswith("redis://redis:")


def test_named_volumes_are_declared_and_the_pdfs_go_to_object_storage(doc, services):
    declared = set(doc.get("volumes") or {})
    for name, svc in services.items():
        for source, _ in volume_mounts(svc):
            if source.startswith((".", "/")):
                assert (ROOT / source).exists(), f"{name} mounts missing {source}"
            else:
                assert source in declared, f"{name} uses undeclared volume {source}"
    # No service reads another's disk: the edge writes PDFs to MinIO, summarize reads them by key.
    for name in ("edge", "summarize"):
        env = services[name]["environment"]
        assert env["CLAUSEFLOW_BLOB_URL"].startswith("s3://")
        assert env["CLAUSEFLOW_S3_ENDPOINT_URL"] == "http://minio:9000"
        assert not volume_mounts(services[name]), f"{name} mounts no shared volume"
        assert "minio" in services[name]["depends_on"]
    assert "9000" in [str(p) for p in services["minio"]["expose"]] and not services["minio"].get("ports")


def test_no_default_passwords_or_keys_ship(services):
    """Secrets come from .env, and compose refuses to start without them (${VAR:?...})."""
    required = re.compile(r"^\$\{[A-Z_]+:\?[^}]+\}$")
    secrets = {
        "grafana": ["GF_SECURITY_ADMIN_PASSWORD"],
        "minio": ["MINIO_ROOT_USER", "MINIO_ROOT_PASSWORD"],
        "edge": ["CLAUSEFLOW_API_KEYS", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
        "summarize": ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
    }
    for name, variables in secrets.items():
        for var in variables:
            assert required.match(services[name]["environment"][var]), f"{name}.{var} has a default"
    assert services["grafana"]["environment"]["GF_AUTH_ANONYMOUS_ENABLED"] == "false"
    example = (ROOT / ".env.example").read_text()
    for var in ("CLAUSEFLOW_API_KEYS", "MINIO_ROOT_PASSWORD", "GRAFANA_ADMIN_PASSWORD"):
        assert re.search(rf"^{var}=$", example, re.M), f".env.example leaves {var} empty"


def test_edge_is_published_and_workers_expose_metrics(services):
    edge = services["edge"]
    assert edge["environment"]["CLAUSEFLOW_HOST"] == "0.0.0.0"
    published = {str(p).split("/")[0] if isinstance(p, str | int) else f"{p.get('published')}:{p['target']}" for p in edge["ports"]}
    assert "8000:8000" in published
    assert not any("9100" in p for p in published), "metrics are not published"
    for name in [*WORKERS, "edge"]:
        assert services[name]["environment"]["CLAUSEFLOW_METRICS_PORT"] == "9100"
        assert 9100 in [int(p) for p in services[name]["expose"]], name


def test_analyze_defaults_to_the_cpu_llm_and_can_be_switched_by_env(services):
    env = services["analyze"]["environment"]
    m = re.fullmatch(r"\$\{CLAUSEFLOW_LLM_BASE_URL:-http://([\w-]+):(\d+)/v1\}", env["CLAUSEFLOW_LLM_BASE_URL"])
    assert m, env["CLAUSEFLOW_LLM_BASE_URL"]
    assert m.group(1) == "llm" and m.group(1) in services
    assert f"--port {m.group(2)}" in " ".join(services["llm"]["command"])
    assert env["CLAUSEFLOW_LLM_MODEL"].startswith("${CLAUSEFLOW_LLM_MODEL:-")
    assert env["CLAUSEFLOW_LLM_ON_GPU"] == "${CLAUSEFLOW_LLM_ON_GPU:-false}"
    # the CPU server serves the model name analyze asks for by default
    default_model = env["CLAUSEFLOW_LLM_MODEL"].removeprefix("${CLAUSEFLOW_LLM_MODEL:-").removesuffix("}")
    assert f"--model_alias {default_model}" in " ".join(services["llm"]["command"])


# --- Prometheus and Grafana -----------------------------------------------------------------


def test_prometheus_scrapes_the_edge_and_every_worker(services):
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / "infra/prometheus.yml").read_text())
    targets = {t for job in config["scrape_configs"] for sc in job.get("static_configs", []) for t in sc["targets"]}
    assert "edge:9100" in targets and "edge:8000" not in targets
    assert {f"{w}:9100" for w in WORKERS} <= targets
    assert any(t.endswith(":/etc/prometheus/prometheus.yml:ro") for t in services["prometheus"]["volumes"])


def test_grafana_provisions_the_prometheus_datasource(services):
    yaml = pytest.importorskip("yaml")
    path = ROOT / "infra/grafana/provisioning/datasources/prometheus.yml"
    sources = yaml.safe_load(path.read_text())["datasources"]
    assert [(s["type"], s["url"]) for s in sources] == [("prometheus", "http://prometheus:9090")]
    assert ("./infra/grafana/provisioning", "/etc/grafana/provisioning") in volume_mounts(services["grafana"])

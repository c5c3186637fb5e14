"""infra/k8s: every manifest is valid against its schema (Kubernetes' own for the built-in
kinds, strictly, through kubernetes-validate; a schema of KEDA's documented ScaledObject for the
scalers), the files are what scripts/make_k8s.py writes, and each consumer scales on its own
consumer group's lag, no further than its topic's partitions. No cluster is needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import kubernetes_validate
import pytest
import yaml

from shared.core import topics

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "infra" / "k8s"
WORKERS = ("summarize", "locate", "phase2", "analyze")
SCHEMA = json.loads((ROOT / "tests" / "data" / "keda-scaledobject.schema.json").read_text())


def docs() -> list[tuple[str, dict]]:
    return [(p.name, d) for p in sorted(K8S.glob("*.yaml")) if p.name != "kustomization.yaml" for d in yaml.safe_load_all(p.read_text()) if d]


def by_kind(kind: str) -> dict[str, dict]:
    return {d["metadata"]["name"]: d for _, d in docs() if d["kind"] == kind}


def test_manifests_are_current(tmp_path):
    made = subprocess.run([sys.executable, "scripts/make_k8s.py", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    assert {p.name: p.read_text() for p in tmp_path.glob("*.yaml")} == {p.name: p.read_text() for p in K8S.glob("*.yaml")}, "run `python scripts/make_k8s.py`"


@pytest.mark.parametrize("name, doc", [(f"{f}:{d['kind']}/{d['metadata']['name']}", d) for f, d in docs() if d["kind"] != "ScaledObject"], ids=lambda x: x if isinstance(x, str) else "")
def test_builtin_kinds_validate_strictly(name, doc):
    kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def test_a_wrong_field_is_caught():
    deployment = json.loads(json.dumps(by_kind("Deployment")["edge"]))
    deployment["spec"]["replica"] = 2
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, kubernetes_validate.latest_version(), strict=True)
    scaled = json.loads(json.dumps(by_kind("ScaledObject")["analyze"]))
    del scaled["spec"]["triggers"][0]["metadata"]["consumerGroup"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(scaled, SCHEMA)


def test_each_consumer_scales_on_its_groups_lag_up_to_its_partitions():
    config = by_kind("ConfigMap")["clauseflow-config"]["data"]
    partitions = int(config["CLAUSEFLOW_TOPIC_PARTITIONS"])
    consumes = dict((c, t) for t, c in topics.CONSUMERS)
    deployments, scaled = by_kind("Deployment"), by_kind("ScaledObject")
    assert set(scaled) == set(WORKERS)
    for name, so in scaled.items():
        jsonschema.validate(so, SCHEMA)
        assert so["spec"]["scaleTargetRef"]["name"] == name and name in deployments
        kafka = next(t["metadata"] for t in so["spec"]["triggers"] if t["type"] == "kafka")
        assert kafka["consumerGroup"] == f"{config['CLAUSEFLOW_CONSUMER_GROUP_PREFIX']}.{name}"
        assert kafka["topic"] == consumes[name]
        assert kafka["bootstrapServers"] == config["CLAUSEFLOW_KAFKA_BOOTSTRAP"]
        assert 1 <= so["spec"]["minReplicaCount"] <= so["spec"]["maxReplicaCount"] <= partitions
    for name, so in scaled.items():  # a consumer of the batch lane scales on its batch group's lag too
        lanes = {(t["metadata"]["consumerGroup"], t["metadata"]["topic"]) for t in so["spec"]["triggers"] if t["type"] == "kafka"}
        batch = {(f"{config['CLAUSEFLOW_CONSUMER_GROUP_PREFIX']}.{c}", t) for t, c in topics.CONSUMERS if c == f"{name}-batch"}
        assert batch <= lanes, (name, batch - lanes)
    assert any(c.endswith("-batch") for _, c in topics.CONSUMERS)
    vllm = [t["metadata"] for t in scaled["analyze"]["spec"]["triggers"] if t["type"] == "prometheus"]
    assert vllm and "vllm:num_requests_waiting" in vllm[0]["query"]


def test_workers_are_probed_on_their_event_loop_and_nothing_runs_as_root():
    for name, d in by_kind("Deployment").items():
        pod = d["spec"]["template"]["spec"]
        c = pod["containers"][0]
        if name in WORKERS:
            assert c["livenessProbe"]["exec"]["command"][:3] == ["python", "-m", "shared.platform.health"], name
            assert c["command"] == ["python", "-m", f"services.{name}"]
        if name != "vllm":
            assert pod["securityContext"]["runAsNonRoot"] and c["securityContext"]["allowPrivilegeEscalation"] is False, name
            assert {"configMapRef": {"name": "clauseflow-config"}} in c["envFrom"], name
    assert by_kind("Service")["edge"]["spec"]["selector"] == {"app.kubernetes.io/name": "edge"}
    assert by_kind("Job")["topics-init"]["spec"]["template"]["spec"]["containers"][0]["command"] == ["python", "-m", "shared.platform.topics_init"]
    assert not by_kind("Secret"), "no secret ships: the operator creates clauseflow-secrets"


def test_kustomization_lists_every_manifest():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")

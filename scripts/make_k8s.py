"""Writes infra/k8s/*.yaml: a Deployment per service, the edge behind a Service, the topic Job,
and a KEDA ScaledObject per consumer (scaled on its consumer group's lag; analyze also on vLLM's
queue). Kafka, Redis and the object store are external: their addresses come from the
`clauseflow-config` ConfigMap, their credentials from the `clauseflow-secrets` Secret, which the
operator creates (no secret ships here).

    python scripts/make_k8s.py            (tests/unit/test_k8s.py checks the files are current)
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

OUT = Path(__file__).resolve().parent.parent / "infra" / "k8s"
NS = "clauseflow"
IMAGE = "ghcr.io/clauseflow/service:0.1.0"  # docker build -f infra/Dockerfile --target service
PARTITIONS = 12  # CLAUSEFLOW_TOPIC_PARTITIONS: the most replicas of one consumer that get work
GROUP_PREFIX = "clauseflow"  # CLAUSEFLOW_CONSUMER_GROUP_PREFIX
# consumer -> (topic it is scaled on, the most replicas, lag per replica, resources)
WORKERS = {
    "summarize": ("review.requested", PARTITIONS, 5, {"cpu": "1", "memory": "1Gi"}),
    "locate": ("review.summarized", PARTITIONS, 10, {"cpu": "1", "memory": "1Gi"}),
    "phase2": ("review.located", PARTITIONS, 20, {"cpu": "500m", "memory": "512Mi"}),
    "analyze": ("review.located", PARTITIONS, 10, {"cpu": "500m", "memory": "512Mi"}),
}
# consumer -> (the batch lane's topic its batch group reads, lag per replica): a batch's backlog
# scales these too, in contracts waiting per replica (each takes CLAUSEFLOW_BATCH_IN_FLIGHT at once)
BATCH_LANE = {"summarize": ("batch.requested", 20), "analyze": ("batch.summarized", 100)}
LABELS = {"app.kubernetes.io/part-of": "clauseflow"}
SECURITY = {
    "runAsNonRoot": True, "runAsUser": 10001, "allowPrivilegeEscalation": False,
    "readOnlyRootFilesystem": False, "capabilities": {"drop": ["ALL"]},
}


def meta(name: str, **extra) -> dict:
    return {"name": name, "namespace": NS, "labels": {**LABELS, "app.kubernetes.io/name": name}, **extra}


def container(name: str, module: str, resources: dict, *, port: int | None = None, image: str = IMAGE, env: dict | None = None) -> dict:
    c = {
        "name": name, "image": image, "command": ["python", "-m", module],
        "envFrom": [{"configMapRef": {"name": "clauseflow-config"}}, {"secretRef": {"name": "clauseflow-secrets"}}],
        "env": [{"name": k, "value": v} for k, v in {"CLAUSEFLOW_METRICS_PORT": "9100", "CLAUSEFLOW_METRICS_HOST": "0.0.0.0", **(env or {})}.items()],
        "ports": [{"name": "metrics", "containerPort": 9100}],
        "resources": {"requests": resources, "limits": {"memory": resources["memory"]}},
        "securityContext": SECURITY,
    }
    if port:
        c["ports"].insert(0, {"name": "http", "containerPort": port})
        c["readinessProbe"] = {"httpGet": {"path": "/healthz", "port": "http"}, "periodSeconds": 10}
        c["livenessProbe"] = {"httpGet": {"path": "/healthz", "port": "http"}, "periodSeconds": 15, "failureThreshold": 4}
    else:  # alive while the event loop turns (shared/platform/health.py), not merely the metrics thread
        probe = {"exec": {"command": ["python", "-m", "shared.platform.health", "http://127.0.0.1:9100/metrics", "30"]}, "periodSeconds": 15, "timeoutSeconds": 5}
        c["livenessProbe"] = {**probe, "initialDelaySeconds": 60, "failureThreshold": 3}
        c["readinessProbe"] = {**probe, "initialDelaySeconds": 10}
    return c


def deployment(name: str, c: dict, replicas: int = 1, gpu: bool = False) -> dict:
    spec = {
        "terminationGracePeriodSeconds": 30,  # SIGTERM: the consumers drain and commit
        "securityContext": {"runAsNonRoot": True, "fsGroup": 10001},
        "containers": [c],
    }
    if gpu:
        c["resources"]["limits"]["nvidia.com/gpu"] = 1
    return {
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": meta(name),
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app.kubernetes.io/name": name}},
            "template": {
                "metadata": {"labels": {**LABELS, "app.kubernetes.io/name": name}, "annotations": {"prometheus.io/scrape": "true", "prometheus.io/port": "9100"}},
                "spec": spec,
            },
        },
    }


def kafka_trigger(group: str, topic: str, lag: int) -> dict:
    return {
        "type": "kafka",
        "metadata": {
            "bootstrapServers": "kafka.kafka.svc:9092", "consumerGroup": f"{GROUP_PREFIX}.{group}", "topic": topic,
            "lagThreshold": str(lag), "activationLagThreshold": "0", "offsetResetPolicy": "earliest",
            # never more replicas than partitions: the extra ones would get no work
            "allowIdleConsumers": "false",
        },
    }


def scaled_object(name: str, topic: str, most: int, lag: int, extra: list | None = None) -> dict:
    triggers = [kafka_trigger(name, topic, lag)]
    if name in BATCH_LANE:  # the batch lane's own group (services/*/app.py: f"{STAGE}-batch")
        triggers.append(kafka_trigger(f"{name}-batch", *BATCH_LANE[name]))
    return {
        "apiVersion": "keda.sh/v1alpha1", "kind": "ScaledObject", "metadata": meta(name),
        "spec": {
            "scaleTargetRef": {"name": name}, "minReplicaCount": 1, "maxReplicaCount": most,
            "pollingInterval": 15, "cooldownPeriod": 300, "triggers": triggers + (extra or []),
        },
    }


def manifests() -> dict[str, list[dict]]:
    config = {
        "apiVersion": "v1", "kind": "ConfigMap", "metadata": meta("clauseflow-config"),
        "data": {
            "CLAUSEFLOW_KAFKA_BOOTSTRAP": "kafka.kafka.svc:9092", "CLAUSEFLOW_REDIS_URL": "redis://redis.redis.svc:6379/0",
            "CLAUSEFLOW_BLOB_URL": "s3://clauseflow-pdfs", "CLAUSEFLOW_S3_ENDPOINT_URL": "", "CLAUSEFLOW_DATA_DIR": "/tmp/clauseflow",
            "CLAUSEFLOW_TOPIC_PARTITIONS": str(PARTITIONS), "CLAUSEFLOW_TOPIC_REPLICATION": "3", "CLAUSEFLOW_CONSUMER_GROUP_PREFIX": GROUP_PREFIX,
            "CLAUSEFLOW_LOG_FORMAT": "json", "CLAUSEFLOW_TRACE_ENDPOINT": "http://otel-collector.observability.svc:4318/v1/traces",
            "CLAUSEFLOW_TRACE_SAMPLE_RATIO": "0.1",
            "CLAUSEFLOW_LLM_BASE_URL": "http://vllm:8000/v1", "CLAUSEFLOW_LLM_MODEL": "Qwen/Qwen2.5-7B-Instruct", "CLAUSEFLOW_LLM_HARDWARE": "l4",
            "CLAUSEFLOW_LLM_WINDOW_TOKENS": "8192",
        },
    }
    edge = deployment("edge", container("edge", "services.edge", {"cpu": "500m", "memory": "512Mi"}, port=8000, env={"CLAUSEFLOW_HOST": "0.0.0.0", "CLAUSEFLOW_PORT": "8000"}), replicas=2)
    edge_svc = {
        "apiVersion": "v1", "kind": "Service", "metadata": meta("edge"),
        "spec": {"selector": {"app.kubernetes.io/name": "edge"}, "ports": [{"name": "http", "port": 80, "targetPort": "http"}]},
    }
    init = {
        "apiVersion": "batch/v1", "kind": "Job", "metadata": meta("topics-init"),
        "spec": {"backoffLimit": 10, "template": {"metadata": {"labels": LABELS}, "spec": {
            "restartPolicy": "OnFailure", "securityContext": {"runAsNonRoot": True},
            "containers": [{
                "name": "topics-init", "image": IMAGE, "command": ["python", "-m", "shared.platform.topics_init"],
                "envFrom": [{"configMapRef": {"name": "clauseflow-config"}}], "securityContext": SECURITY,
                "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
            }],
        }}},
    }
    files: dict[str, list[dict]] = {
        "00-config.yaml": [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NS, "labels": LABELS}}, config],
        "10-topics-init.yaml": [init],
        "20-edge.yaml": [edge, edge_svc],
    }
    for name, (topic, most, lag, resources) in WORKERS.items():
        env = {"CLAUSEFLOW_LLM_SLOTS": "32", "CLAUSEFLOW_MAX_IN_FLIGHT": "64", "CLAUSEFLOW_CONTEXT_TOKENS": "6000", "CLAUSEFLOW_MAX_TOKENS": "1024"} if name == "analyze" else {}
        extra = None
        if name == "analyze":  # also when vLLM's queue grows: more analyze replicas keep its batch full
            extra = [{"type": "prometheus", "metadata": {
                "serverAddress": "http://prometheus.monitoring.svc:9090", "query": "sum(vllm:num_requests_waiting)", "threshold": "8",
            }}]
        files[f"30-{name}.yaml"] = [deployment(name, container(name, f"services.{name}", resources, env=env)), scaled_object(name, topic, most, lag, extra)]
    vllm = deployment("vllm", {
        "name": "vllm", "image": "vllm/vllm-openai:v0.11.0",
        "args": ["Qwen/Qwen2.5-7B-Instruct", "--host", "0.0.0.0", "--port", "8000", "--enable-prefix-caching", "--max-model-len", "8192"],
        "ports": [{"name": "http", "containerPort": 8000}],
        "readinessProbe": {"httpGet": {"path": "/health", "port": "http"}, "periodSeconds": 15, "initialDelaySeconds": 60},
        "resources": {"requests": {"cpu": "4", "memory": "24Gi"}, "limits": {"memory": "24Gi"}},
    }, gpu=True)
    vllm["spec"]["template"]["spec"].pop("securityContext")  # the vLLM image runs as root
    vllm_svc = {"apiVersion": "v1", "kind": "Service", "metadata": meta("vllm"),
                "spec": {"selector": {"app.kubernetes.io/name": "vllm"}, "ports": [{"name": "http", "port": 8000, "targetPort": "http"}]}}
    files["40-vllm.yaml"] = [vllm, vllm_svc]
    files["kustomization.yaml"] = [{
        "apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization", "namespace": NS,
        "resources": sorted(f for f in files if f != "kustomization.yaml"),
    }]
    return files


def write(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, docs in manifests().items():
        header = "# Generated by scripts/make_k8s.py; edit that, not this.\n"
        (out / name).write_text(header + yaml.safe_dump_all(docs, sort_keys=False))


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"wrote {OUT}")

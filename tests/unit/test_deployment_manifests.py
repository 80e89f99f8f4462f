"""The Kubernetes manifests in deploy/k8s/: valid against the bundled Kubernetes schemas (offline,
strict: no unknown fields) and coherent with each other and with the settings the code reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]  # ships no type hints
import pytest
import yaml

from settings.worker import WorkerSettings

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.30.0"  # schemas ship inside kubernetes-validate: no network
Manifest = dict[str, Any]


def manifests() -> list[Manifest]:
    found: list[Manifest] = []
    for path in sorted(K8S.glob("*.yaml")):
        found.extend(doc for doc in yaml.safe_load_all(path.read_text()) if doc)
    return found


def named(kind: str, name: str) -> Manifest:
    matches = [m for m in manifests() if m["kind"] == kind and m["metadata"]["name"] == name]
    assert len(matches) == 1, f"{kind}/{name}"
    return matches[0]


def pod_spec(deployment: str) -> Manifest:
    spec: Manifest = named("Deployment", deployment)["spec"]["template"]["spec"]
    return spec


def container(deployment: str) -> Manifest:
    containers: list[Manifest] = pod_spec(deployment)["containers"]
    assert len(containers) == 1
    return containers[0]


def names_the_worker_reads() -> set[str | None]:
    """Every variable the worker's settings class reads."""
    return {field.alias for field in WorkerSettings.model_fields.values()}


@pytest.mark.parametrize(
    "manifest", manifests(), ids=lambda m: f"{m['kind']}/{m['metadata']['name']}"
)
def test_each_manifest_is_valid_against_the_kubernetes_schema(manifest: Manifest) -> None:
    kubernetes_validate.validate(manifest, KUBERNETES_VERSION, strict=True)


def test_a_misspelled_field_would_be_caught() -> None:
    broken = named("Deployment", "truthexpiry-worker")
    broken["spec"]["template"]["spec"]["containers"][0]["livenessProb"] = {}

    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_everything_is_in_one_namespace_that_is_created_first() -> None:
    first_file = sorted(K8S.glob("*.yaml"))[0]
    assert yaml.safe_load(first_file.read_text())["kind"] == "Namespace"
    assert {m["metadata"].get("namespace") for m in manifests() if m["kind"] != "Namespace"} == {
        "truthexpiry"
    }


def test_the_worker_runs_replicas_with_probes_on_health_and_readiness() -> None:
    worker = named("Deployment", "truthexpiry-worker")
    spec = container("truthexpiry-worker")
    ports = {port["name"]: port["containerPort"] for port in spec["ports"]}

    assert worker["spec"]["replicas"] >= 2
    assert ports == {"health": 8080, "metrics": 9090}
    assert spec["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "health"}
    assert spec["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "health"}
    config = named("ConfigMap", "truthexpiry-worker-config")["data"]
    assert config["TRUTH_EXPIRY_HEALTH_PORT"] == "8080"
    assert config["TRUTH_EXPIRY_METRICS_PORT"] == "9090"
    assert config["TRUTH_EXPIRY_METRICS_ENABLED"] == "1"


def test_the_worker_outlives_its_drain_deadline_before_being_killed() -> None:
    drain = float(
        named("ConfigMap", "truthexpiry-worker-config")["data"]["TRUTH_EXPIRY_DRAIN_SECONDS"]
    )

    assert pod_spec("truthexpiry-worker")["terminationGracePeriodSeconds"] > drain


@pytest.mark.parametrize(
    "deployment", ["truthexpiry-worker", "truthexpiry-lifecycle-mcp", "truthexpiry-redis"]
)
def test_every_container_is_non_root_read_only_and_bounded(deployment: str) -> None:
    pod = pod_spec(deployment)
    spec = container(deployment)

    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    assert pod["automountServiceAccountToken"] is False
    assert spec["securityContext"]["readOnlyRootFilesystem"] is True
    assert spec["securityContext"]["allowPrivilegeEscalation"] is False
    assert spec["securityContext"]["capabilities"]["drop"] == ["ALL"]
    assert set(spec["resources"]["requests"]) == {"cpu", "memory"}
    assert set(spec["resources"]["limits"]) == {"cpu", "memory"}


def test_secrets_come_only_from_secrets_never_from_the_manifests() -> None:
    for name in ("truthexpiry-worker", "truthexpiry-lifecycle-mcp"):
        sources = container(name)["envFrom"]
        assert {"secretRef": {"name": f"{name}-secrets"}} in sources
        assert "env" not in container(name)
    assert not [m for m in manifests() if m["kind"] == "Secret"]
    secret_names = {"SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN"}
    secret_names |= {"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS", "TRUTH_EXPIRY_DEDUP_REDIS_URL"}
    for config in (m for m in manifests() if m["kind"] == "ConfigMap"):
        assert not secret_names & set(config["data"])


def test_worker_settings_are_variables_the_worker_reads() -> None:
    config = named("ConfigMap", "truthexpiry-worker-config")["data"]

    sources = names_the_worker_reads()

    assert [name for name in config if name not in sources] == []


def test_the_mcp_service_reaches_the_server_and_the_server_accepts_its_name() -> None:
    service = named("Service", "truthexpiry-lifecycle-mcp")
    server = named("Deployment", "truthexpiry-lifecycle-mcp")
    config = named("ConfigMap", "truthexpiry-lifecycle-mcp-config")["data"]
    worker_config = named("ConfigMap", "truthexpiry-worker-config")["data"]
    container_ports = {
        p["name"]: p["containerPort"] for p in container(server["metadata"]["name"])["ports"]
    }

    assert service["spec"]["selector"] == server["spec"]["selector"]["matchLabels"]
    assert {(p["name"], p["port"]) for p in service["spec"]["ports"]} == {
        ("mcp", 8000),
        ("health", 8001),
    }
    assert container_ports["mcp"] == 8000
    assert container_ports["health"] == 8001
    assert config["TRUTH_EXPIRY_LIFECYCLE_MCP_HOST"] == "0.0.0.0"
    assert "truthexpiry-lifecycle-mcp:8000" in config[
        "TRUTH_EXPIRY_LIFECYCLE_MCP_ALLOWED_HOSTS"
    ].split(",")
    assert (
        worker_config["TRUTH_EXPIRY_LIFECYCLE_MCP_URL"]
        == "http://truthexpiry-lifecycle-mcp:8000/mcp"
    )
    assert (
        worker_config["TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL"]
        == "http://truthexpiry-lifecycle-mcp:8001"
    )
    probe = container("truthexpiry-lifecycle-mcp")["readinessProbe"]["httpGet"]
    assert probe == {"path": "/readyz", "port": "health"}


def test_redis_keeps_nothing_on_disk_and_requires_a_password() -> None:
    redis = named("Deployment", "truthexpiry-redis")
    service = named("Service", "truthexpiry-redis")
    args = container("truthexpiry-redis")["args"]

    assert service["spec"]["selector"] == redis["spec"]["selector"]["matchLabels"]
    assert args[args.index("--save") + 1] == ""
    assert args[args.index("--appendonly") + 1] == "no"
    assert args[args.index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    assert [p["port"] for p in service["spec"]["ports"]] == [6379]


def test_prometheus_scrapes_the_pods_metrics_ports() -> None:
    scrape = yaml.safe_load(
        named("ConfigMap", "truthexpiry-prometheus-scrape")["data"]["scrape-config.yml"]
    )
    (job,) = scrape["scrape_configs"]
    keep = {
        tuple(rule["source_labels"]): rule["regex"]
        for rule in job["relabel_configs"]
        if rule.get("action") == "keep"
    }

    assert job["kubernetes_sd_configs"] == [
        {"role": "pod", "namespaces": {"names": ["truthexpiry"]}}
    ]
    assert keep[("__meta_kubernetes_pod_annotation_prometheus_io_scrape",)] == "true"
    assert keep[("__meta_kubernetes_pod_container_port_name",)] == "metrics"
    for name in ("truthexpiry-worker", "truthexpiry-lifecycle-mcp"):
        annotations = named("Deployment", name)["spec"]["template"]["metadata"]["annotations"]
        assert annotations["prometheus.io/scrape"] == "true"
        assert "metrics" in {p["name"] for p in container(name)["ports"]}


def test_server_settings_are_variables_the_server_reads() -> None:
    from lifecycle_mcp import settings

    known = {value for value in vars(settings).values() if isinstance(value, str)}
    config = named("ConfigMap", "truthexpiry-lifecycle-mcp-config")["data"]
    server_own = [name for name in config if name.startswith(settings.PREFIX)]

    assert [name for name in server_own if name not in known] == []

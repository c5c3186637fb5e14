"""Real servers for the tests: Redis (valkey-server or redis-server) and the Kafka-protocol
broker (tansu), each started once per session on a free port of 127.0.0.1."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from redis.asyncio import Redis

from local.stack import free_port, redis_binary, tansu_binary, wait_port
from shared.core.settings import CommonSettings

ROOT = Path(__file__).resolve().parent.parent

# A shared 2-core machine can stall any one example; time is measured by bench/, not here.
# CI runs a fixed set of examples (a red CI must mean a change broke something); locally each
# run explores new ones, and CLAUSEFLOW_HYPOTHESIS_EXAMPLES asks for more.
hypothesis_settings.register_profile(
    "clauseflow",
    deadline=None,
    max_examples=int(os.environ.get("CLAUSEFLOW_HYPOTHESIS_EXAMPLES", "100")),
    derandomize=bool(os.environ.get("CI")),
)
hypothesis_settings.load_profile("clauseflow")


def _serve(cmd: list[str], port: int, name: str, log: Path):
    proc = subprocess.Popen(cmd, stdout=open(log, "wb"), stderr=subprocess.STDOUT, start_new_session=True)  # noqa: SIM115
    wait_port(port, proc, 20, name)
    return proc


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> str:
    port = free_port()
    d = tmp_path_factory.mktemp("redis")
    proc = _serve([str(redis_binary()), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(d)], port, "redis", d / "log")
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="session")
def kafka_bootstrap(tmp_path_factory) -> str:
    port = free_port()
    d = tmp_path_factory.mktemp("kafka")
    url = f"tcp://127.0.0.1:{port}"
    proc = _serve([str(tansu_binary()), "broker", "--listener-url", url, "--advertised-listener-url", url, "--storage-engine", "memory://tansu/"], port, "tansu", d / "log")
    yield f"127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)


@pytest.fixture
async def redis(redis_url):
    client = Redis.from_url(redis_url)
    yield client
    await client.aclose()


@pytest.fixture
def settings(redis_url, kafka_bootstrap, tmp_path) -> CommonSettings:
    """Settings for one test: a fresh topic prefix and consumer groups, short group timeouts."""
    return _settings(redis_url, kafka_bootstrap, tmp_path)


@pytest.fixture(scope="module")
def settings_module(redis_url, kafka_bootstrap, tmp_path_factory) -> CommonSettings:
    """The same for a module's tests that share one service process."""
    return _settings(redis_url, kafka_bootstrap, tmp_path_factory.mktemp("module"))


def _settings(redis_url: str, kafka_bootstrap: str, tmp_path) -> CommonSettings:
    tag = uuid.uuid4().hex[:8]
    return CommonSettings(
        kafka_bootstrap=kafka_bootstrap,
        redis_url=redis_url,
        topic_prefix=f"t{tag}.",
        consumer_group_prefix=f"g{tag}",
        data_dir=tmp_path / "data",
        session_timeout_ms=1000,
        heartbeat_interval_ms=200,
    )

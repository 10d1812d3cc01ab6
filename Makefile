# Every target works from a clean clone: it installs the project into .venv first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test test-fast check generate servers corpus bench fuzz clean

install: $(STAMP)

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@# tests/test_install.py installs the built wheel and sdist into fresh venvs offline:
	@# their dependencies (and setuptools, to build the sdist) come from this wheelhouse,
	@# and so does the `openai` the README's app needs (the version of .venv's, for a newcomer's path).
	rm -rf $(VENV)/wheelhouse
	$(PY) -m pip wheel --quiet --disable-pip-version-check --no-build-isolation \
		--wheel-dir $(VENV)/wheelhouse . 'setuptools>=77' \
		"$$($(PY) -m pip freeze --disable-pip-version-check | grep -i '^openai==')"
	rm -f $(VENV)/wheelhouse/mcp2openai-*.whl
	touch $(STAMP)

## The main job: build the adapters in generated/ from the committed snapshots.
generate: install
	$(PY) scripts/generate.py

## The suite needs the real MCP servers of the end-to-end tests: `servers` installs them (once).
test: install servers
	$(PY) -m pytest

## The quick tier (CONTRIBUTING.md, "Tiers"): every test but those that start MCP servers (e2e),
## build wheels or venvs (install) or take 10 s or more (slow); no servers needed. Under 3 minutes.
test-fast: install
	$(PY) -m pytest -m "not e2e and not install and not slow"

## Lint, types, formatting, and the golden files (generated/ must match `make generate`).
check: install
	$(PY) -m ruff check generator tests scripts templates bench examples
	$(PY) -m mypy --strict generator templates/runtime
	$(PY) -m black --check --quiet generator tests scripts templates bench examples
	@# The runtime is written into apps' folders as it is: black's default mode leaves it alone.
	$(PY) -m black --check --quiet --line-length 88 templates/runtime/*.py templates/runtime/*.pyi
	$(PY) scripts/generate.py --check

## Benchmarks: import cost, call parsing and build time against peers, in one run.
## The peers live in their own venv, never in the project's dependencies. Writes
## bench/results/latest.json and docs/performance.md. About 5-10 minutes.
BENCH_VENV := .bench/venv
BENCH_STAMP := $(BENCH_VENV)/.installed

$(BENCH_STAMP): pyproject.toml bench/requirements.txt
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e . -r bench/requirements.txt
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BENCH_VENV)/bin/python -m bench.run

## Every hypothesis property at 1,000 examples (the suite runs 100): about 10 minutes.
fuzz: install
	HYPOTHESIS_PROFILE=fuzz $(PY) -m pytest tests/test_runtime_properties.py \
		tests/test_strict_properties.py tests/test_rewrites_properties.py \
		tests/test_literals.py tests/test_runtime.py tests/test_drift_properties.py

## The real MCP servers used by the end-to-end tests (PyPI into .servers/venv, npm into tests/servers).
servers:
	bash tests/servers/install.sh

## The corpus of real servers (tests/corpus/manifest.json: the strict share, tool search): install them (npm into
## tests/corpus, a venv per PyPI server in .corpus/venvs; CI never does) and re-record
## tests/fixtures/corpus/. Byte-for-byte reproducible. `scripts/corpus_report.py` reports on it.
corpus: install
	bash tests/servers/install.sh --corpus
	$(PY) scripts/record_corpus.py

clean:
	rm -rf $(VENV) .servers tests/servers/node_modules .corpus tests/corpus/node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis

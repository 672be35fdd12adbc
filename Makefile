# Two commands matter on a fresh clone: `make run` and `make test`.
# Both bootstrap .venv themselves; nothing needs to be installed by hand
# beyond Python 3.11+. On Debian/Ubuntu `make run` also installs (as root) or
# names (otherwise) the X11 libraries Qt needs to open a window.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench screenshot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	./packaging/linux/install-system-deps.sh
	$(BIN)/hhe-trainer

test: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

screenshot: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshot.py docs/table.png

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis

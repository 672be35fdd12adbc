# Two commands matter on a fresh clone: `make run` and `make test`.
# Both bootstrap .venv themselves; nothing needs to be installed by hand
# beyond Python 3.11+. On Debian/Ubuntu `make run` also installs (as root) or
# names (otherwise) the X11 libraries Qt needs to open a window.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: `make run` installs only what the app imports (pip install -e .);
# `make test` adds the test toolchain (.[test]: pytest, ruff, mypy, hypothesis,
# mutmut) to the same .venv. Either order works from a fresh clone.
APP_STAMP := $(VENV)/.installed-app
STAMP := $(VENV)/.installed-test

.PHONY: run test lint bench screenshot docs-screens clean package package-windows test-package bench-bundle catalogues catalogue-init

$(APP_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(APP_STAMP)

$(STAMP): $(APP_STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(APP_STAMP)
	./packaging/linux/install-system-deps.sh
	$(BIN)/hhe-trainer

# Offscreen Qt for the widget tests, plus real-window tests on Xvfb + openbox
# (tests/ui/realx), whose X tools the first line installs or names.
test: $(STAMP)
	./packaging/linux/install-test-deps.sh
	$(BIN)/ruff check trainer tests benchmarks
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# The message catalogues (issue 24; README, "Languages"): extract every marked message
# of trainer/ into trainer/locale/trainer.pot, merge it into each language's .po
# (new messages empty, changed ones fuzzy), then compile each .po to its .mo. The .pot
# and .mo files are build output (git ignores them): without a .mo, or with one older
# than its .po, the trainer compiles the .po in memory at start (trainer/i18n.py), so
# `make run` works from a fresh clone. A new language: make catalogue-init NEW_LANGUAGE=fr.
LOCALES := trainer/locale
catalogues: $(APP_STAMP)
	$(BIN)/pybabel extract -F babel.cfg --add-location=file --sort-by-file --no-wrap \
		--project hhe-trainer --copyright-holder "hhe-trainer" -o $(LOCALES)/trainer.pot .
	$(BIN)/pybabel update -i $(LOCALES)/trainer.pot -d $(LOCALES) -D trainer --no-wrap
	$(BIN)/pybabel compile -d $(LOCALES) -D trainer --statistics
	$(BIN)/python scripts/untranslated.py

catalogue-init: $(APP_STAMP)
	$(BIN)/pybabel extract -F babel.cfg --add-location=file --sort-by-file --no-wrap \
		--project hhe-trainer --copyright-holder "hhe-trainer" -o $(LOCALES)/trainer.pot .
	$(BIN)/pybabel init -i $(LOCALES)/trainer.pot -d $(LOCALES) -D trainer -l $(NEW_LANGUAGE) --no-wrap

lint: $(STAMP)
	$(BIN)/ruff check trainer tests benchmarks
	$(BIN)/mypy

bench: $(APP_STAMP)
	$(BIN)/python benchmarks/engine.py

screenshot: $(APP_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshot.py docs/table.png

# The README's real-window pictures: the trainer on Xvfb at 1366x768 and 4K, and
# the F1 sheet and the instructor's skill grid, as the real-window tests save them; the
# practice window in Spanish at 1366x768 in 256 colours (a third of the size, same look).
docs-screens: $(STAMP)
	./packaging/linux/install-test-deps.sh
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/ui/realx/test_realx_screens.py \
		tests/ui/realx/test_realx_keys.py tests/ui/realx/test_realx_skill_grid.py \
		tests/ui/realx/test_realx_chip_payout_keys.py tests/ui/realx/test_realx_spanish_screens.py
	cp screenshots/1366x768-practice.png docs/screen-1366x768.png
	$(BIN)/python -c "from PIL import Image; Image.open('screenshots/1366x768-es-practice.png').convert('RGB').quantize(256, dither=Image.Dither.NONE).save('docs/screen-es-1366x768.png', optimize=True)"
	cp screenshots/1366x768-skill-grid.png docs/skill-grid.png
	cp screenshots/3840x2160-practice.png docs/screen-3840x2160.png
	cp screenshots/help-keys-and-rules.png docs/help-keys-and-rules.png
	cp screenshots/chip-payout-1366x768.png docs/chip-mode-1366x768.png

# The Linux package, from a fresh clone: dist/hhe-trainer/ (PyInstaller bundle,
# built in its own clean venv) and dist/hhe-trainer_<version>_<arch>.deb.
# See docs/installing.md. PYTHON must have a shared libpython (Debian's does).
package:
	./packaging/linux/install-build-deps.sh
	PYTHON=$(PYTHON) ./packaging/build_bundle.sh
	./packaging/linux/build_deb.sh

# The Windows installer, built on Linux from a fresh clone:
# dist/hhe-trainer-<version>-setup.exe (the Windows embeddable Python and
# wheels from PyPI, PyInstaller under Wine, NSIS). Signed when SIGN_PKCS12 or
# SIGN_CERT/SIGN_KEY name the room's certificate. See packaging/windows/BUILD.md.
package-windows:
	./packaging/windows/install-build-deps.sh
	PYTHON=$(PYTHON) ./packaging/windows/build_windows.sh

# Builds the wheel, the bundle and the .deb and checks each (bundle self-check,
# .deb installed with dpkg -i in a clean debootstrap root; needs root), then
# the Windows installer from a fresh clone, installed, run, upgraded and
# uninstalled under Wine (tests/packaging/test_windows_installer.py). Minutes;
# `make test` skips these tests.
test-package: $(STAMP)
	HHE_PACKAGE_TESTS=1 PYTHON=$(PYTHON) QT_QPA_PLATFORM=offscreen \
		$(BIN)/python -m pytest -m package -v -p no:cacheprovider tests/packaging

# Size and cold start of the bundle in dist/ (make package first), and of the
# Windows installer's installed trainer under Wine (make package-windows first).
bench-bundle: $(STAMP)
	$(BIN)/python benchmarks/bundle.py

# Mutation testing of the rules (issue 11); not part of `make test`. mutmut
# copies trainer/ to mutants/, changes the rule modules of trainer/engine/ one
# small edit at a time and runs the engine tests that reach the changed function:
# a change no test notices "survived". Starts afresh each time, under nice, on
# both cores. MUTANTS picks other modules of trainer/engine, e.g.
# MUTANTS='trainer.engine.round.*'. See README.md, Development, "Mutation testing".
MUTANTS ?= trainer.engine.settlement.* trainer.engine.order.* trainer.engine.money.* \
	trainer.engine.rulesets.* trainer.engine.evaluator.*

.PHONY: mutation
mutation: $(STAMP)
	rm -rf mutants && mkdir mutants
	@echo "mutmut run $(MUTANTS) (progress in mutants/run.log)"
	@start=$$(date +%s); \
	if ! nice -n 10 $(BIN)/mutmut run --max-children 2 $(foreach m,$(MUTANTS),'$(m)') \
		> mutants/run.log 2>&1; then tr '\r' '\n' < mutants/run.log \
		| grep -av '^[^ ]* Running \|^[^ ]* Generating' | tail -n 40; exit 1; fi; \
	echo "mutmut took $$(( ($$(date +%s) - start + 30) / 60 )) min"
	@$(BIN)/mutmut results --all true | awk -F': ' ' \
		$$2 != "not checked" { split($$1, name, "."); n[name[3]]++; n[name[3], $$2]++ } \
		END { for (key in n) if (index(key, SUBSEP) == 0) print key, n[key], \
			n[key, "killed"] + 0, n[key, "survived"] + 0, n[key, "timeout"] + 0, \
			n[key, "no tests"] + 0 }' | sort | awk ' \
		function row(m, a, k, s, t, z) { printf "%-12s %8d %7d %9d %8d %9d %6d %7.1f%%\n", \
			m, a, k, s, t, z, a - k - s - t - z, a ? 100 * (k + t) / a : 0 } \
		BEGIN { printf "%-12s %8s %7s %9s %8s %9s %6s %8s\n", "module", "mutants", \
			"killed", "survived", "timeout", "no tests", "other", "killed%" } \
		{ row($$1, $$2, $$3, $$4, $$5, $$6); for (i = 2; i <= 6; i++) sum[i] += $$i } \
		END { row("all", sum[2], sum[3], sum[4], sum[5], sum[6]) }'
	@echo "Survivors: $(BIN)/mutmut results; one of them: $(BIN)/mutmut show NAME"

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis mutants screenshots

# Two entry points, used by the README quick start and by CI.
#   make run       install the tool into .venv (once) and open the TUI on the bundled demo campaign
#   make test      install the tool and the test tools into .venv (once) and run the whole suite
#   make pictures  regenerate the README's pictures (docs/images/)
#
# `make run` installs what running needs: the tool with the everyday extras (RUN_EXTRAS: the
# compiled solvers, signed turn files, fair play by e-mail, PNG pictures), not the test tools. `make test` (and
# `make install`, the developers' set-up) installs the test extra, which holds everything.
PYTHON     ?= python3
VENV       ?= .venv
BIN        := $(VENV)/bin
RUN_EXTRAS ?= solver,pbem,fair,png
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# pip's and the build backend's chatter goes to this file; it is shown only when pip fails
PIP_LOG    := $(VENV)/pip-install.log
PIP        = $(BIN)/pip install --quiet
QUIETLY    = >>$(PIP_LOG) 2>&1 || { tail -n 40 $(PIP_LOG); exit 1; }
# The editable install leaves the tool's own modules as source. Where PYTHONDONTWRITEBYTECODE is
# set (some machines and CI images set it) Python then compiles every module again on every run:
# 0.12 s of each `campaign status` (issue 47 item 2). Compiled once here, the bytecode is read
# even where it may not be written (a module edited since is compiled again in memory).
COMPILE    = $(BIN)/python -m compileall -q campaign scenarios

.PHONY: run test test-fast install lint typecheck bench pictures release

$(RUN_STAMP): pyproject.toml setup.py
	@echo "make run: installing the tool into $(VENV) (the first run takes about a minute)"
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip $(QUIETLY)
	@$(PIP) -e '.[$(RUN_EXTRAS)]' $(QUIETLY)
	@$(COMPILE) $(QUIETLY)
	@touch $@

# The test extra holds every run-time extra too, so it also brings the run install up to date.
$(TEST_STAMP): pyproject.toml setup.py
	@echo "make: installing the tool and the test tools into $(VENV) (the first time takes a minute or two)"
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip $(QUIETLY)
	@$(PIP) -e '.[test]' $(QUIETLY)
	@$(COMPILE) $(QUIETLY)
	@touch $@ $(RUN_STAMP)

install: $(TEST_STAMP)

run: $(RUN_STAMP)
	$(BIN)/campaign demo

# pytest keeps each test module's rewritten asserts in __pycache__, and the test processes the
# compiled modules, even where PYTHONDONTWRITEBYTECODE is set (some machines and CI images set
# it): without that, every run and each of its workers rewrote and compiled ~300 modules,
# 11 s before the first test. __pycache__ is ignored by git.
#
# `make test` runs four workers on two cores: the Textual tests spend about a third of their
# time waiting (the Pilot sleeps at least 20 ms after every key and pause until the app is
# idle), and a third and fourth worker run other tests in those gaps. `make test-fast` leaves
# those tests out and keeps two (more workers only add start-up work there). docs/testing.md
# has the figures.
PYTEST     = PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --dist worksteal -q

test: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools
	$(BIN)/ruff format --check campaign scenarios tests benchmarks tools
	$(MAKE) --no-print-directory typecheck
	$(PYTEST) -n 4

# mypy (issue 30): default checks on campaign/ and scenarios/, the per-module strict flags of
# pyproject.toml on campaign.rules, scenarios.protocol and scenarios.solvers, and --strict on
# the latter two for the rest of it (docs/engine.md, "Types").
# Each run keeps its own cache: the three use different flags, and one shared cache made every
# run re-check what the one before had cached under its own flags (18 s instead of about 1.5 s
# when nothing changed).
typecheck: install
	$(BIN)/mypy campaign scenarios
	$(BIN)/mypy --strict --cache-dir .mypy_cache/strict-rules -p campaign.rules
	$(BIN)/mypy --strict --cache-dir .mypy_cache/strict-scenarios scenarios/protocol.py scenarios/solvers

# The edit-test loop: everything but the tests marked `slow` (the Textual screens, the random
# campaigns, the property and search tests), in well under a minute on a quiet 2-core machine.
test-fast: install
	$(PYTEST) -n 2 -m "not slow"

lint: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools
	$(BIN)/ruff format --check campaign scenarios tests benchmarks tools

bench: install
	$(BIN)/python -m benchmarks.run_all

pictures: install
	$(BIN)/campaign data map --data data --layout standard -o docs/images/standard-layout.svg
	$(BIN)/python -m tools.tui_screenshot docs/images/tui-demo.svg

# A release (docs/compatibility.md): the whole suite, the wheel built from the sdist, checked
# and run from a fresh venv (tools/check_wheel.sh, licence and migrations included), then this
# version's compatibility fixtures recorded in tests/compat/ (refused if they exist: a release's
# fixtures never change). Tag the commit vX.Y.Z after committing the fixtures.
release: test
	tools/check_wheel.sh
	$(BIN)/python -m tools.record_compat

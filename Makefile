# Two entry points, used by the README quick start and by CI.
#   make run       install the tool into .venv (once) and open the TUI on the bundled demo campaign
#   make test      install the tool and the test tools into .venv (once) and run the whole suite
#   make pictures  regenerate the README's pictures (docs/images/)
#
# `make run` installs what running needs: the tool with the everyday extras (RUN_EXTRAS: the
# compiled solvers, signed turn files, PNG pictures), not the test tools. `make test` (and
# `make install`, the developers' set-up) installs the test extra, which holds everything.
PYTHON     ?= python3
VENV       ?= .venv
BIN        := $(VENV)/bin
RUN_EXTRAS ?= solver,pbem,png
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# pip's and the build backend's chatter goes to this file; it is shown only when pip fails
PIP_LOG    := $(VENV)/pip-install.log
PIP        = $(BIN)/pip install --quiet
QUIETLY    = >>$(PIP_LOG) 2>&1 || { tail -n 40 $(PIP_LOG); exit 1; }

.PHONY: run test install lint typecheck bench pictures

$(RUN_STAMP): pyproject.toml setup.py
	@echo "make run: installing the tool into $(VENV) (the first run takes about a minute)"
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip $(QUIETLY)
	@$(PIP) -e '.[$(RUN_EXTRAS)]' $(QUIETLY)
	@touch $@

# The test extra holds every run-time extra too, so it also brings the run install up to date.
$(TEST_STAMP): pyproject.toml setup.py
	@echo "make: installing the tool and the test tools into $(VENV) (the first time takes a minute or two)"
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip $(QUIETLY)
	@$(PIP) -e '.[test]' $(QUIETLY)
	@touch $@ $(RUN_STAMP)

install: $(TEST_STAMP)

run: $(RUN_STAMP)
	$(BIN)/campaign demo

test: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools
	$(MAKE) --no-print-directory typecheck
	$(BIN)/python -m pytest -n 2 -q

# mypy (issue 30): default checks on campaign/ and scenarios/, the per-module strict flags of
# pyproject.toml on campaign.rules, scenarios.protocol and scenarios.solvers, and --strict on
# the latter two for the rest of it (docs/engine.md, "Types").
typecheck: install
	$(BIN)/mypy campaign scenarios
	$(BIN)/mypy --strict -p campaign.rules
	$(BIN)/mypy --strict scenarios/protocol.py scenarios/solvers

lint: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools

bench: install
	$(BIN)/python -m benchmarks.run_all

pictures: install
	$(BIN)/campaign data map --data data --layout standard -o docs/images/standard-layout.svg
	$(BIN)/python -m tools.tui_screenshot docs/images/tui-demo.svg

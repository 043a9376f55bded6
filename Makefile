# Two entry points, used by the README quick start and by CI.
#   make run   install into .venv and open the TUI on the bundled demo campaign
#   make test  install into .venv and run the whole test suite
#   make pictures  regenerate the README's map picture (docs/images/standard-layout.svg)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test install lint bench pictures

$(BIN)/campaign: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(BIN)/campaign

install: $(BIN)/campaign

run: install
	$(BIN)/campaign demo

test: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools
	$(BIN)/python -m pytest -n 2 -q

lint: install
	$(BIN)/ruff check campaign scenarios tests benchmarks tools

bench: install
	$(BIN)/python -m benchmarks.run_all

pictures: install
	$(BIN)/campaign data map --data data --layout standard -o docs/images/standard-layout.svg

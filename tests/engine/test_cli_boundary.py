"""The command line's one lazy boundary (issue 30, ADR 0030).

Each command module only registers its commands (argparse plus ``campaign.cli.errors`` and
``helptext``); its parsers name their handlers with ``errors.lazy``, imported when the command
runs. The modules are read (not imported) for their imports, function-local ones included, and
for the modules their ``Lazy``/``lazy`` references name. No rule id of the catalogue is at stake
(this is the program's layering); the one rule touched, DN-ERR-1 (a refusal is one line), is
checked where a store failure goes through the guard.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import campaign.app
from campaign.cli import COMMAND_MODULES, build_parser
from campaign.cli.errors import (
    GIVER_CHOICES,
    SIDE_CHOICES,
    STORE_FAILURES,
    Handler,
    Lazy,
    guard,
)
from campaign.rules.ids import ORDER_GIVERS, PLAYER_SIDES
from campaign.store.database import DatabaseUnavailable
from tests.conftest import REPO_ROOT

CLI = REPO_ROOT / "campaign" / "cli"
#: What a registration module may import: argparse-level standard modules and the light part of
#: the command line (the package itself runs before any of its modules anyway).
LIGHT = frozenset(
    {
        "__future__",
        "argparse",
        "importlib",
        "sys",
        "re",
        "textwrap",
        "pathlib",
        "typing",
        "dataclasses",
        "collections.abc",
        "campaign.cli",
        "campaign.cli.errors",
        "campaign.cli.helptext",
        "campaign.bundled",
    }
)
#: What errors.py and helptext.py may import besides LIGHT (both are on every command's path).
LIGHT_SHARED = LIGHT | {"campaign.rules.errors", "campaign.rules.suggest"}
#: The layers the command line may use: use cases, read side, pictures, the TUI, the scenario
#: games, leaf utilities, and of the rules core only ids, errors, the phase enums,
#: suggestions and the seat a front end says it is (as the house's rules for front ends,
#: ADR 0029; seats: docs/seats.md).
ALLOWED_LAYERS = (
    "campaign.app",
    "campaign.views",
    "campaign.render",
    "campaign.tui",
    "campaign.cli",
    "scenarios",
    "campaign.bundled",
    "campaign.userfiles",
    "campaign.extras",
    "campaign.rules.ids",
    "campaign.rules.errors",
    "campaign.rules.phases",
    "campaign.rules.suggest",
    "campaign.rules.seats",
    # `campaign serve` (issue 43): the seat links and the web server
    "campaign.serve",
)
#: Never loaded by building the parser (``campaign --help``, every command before dispatch).
HEAVY = (
    "campaign.app",
    "campaign.rules.engine",
    "campaign.store",
    "campaign.views",
    "campaign.cli.handlers",
    "sqlite3",
    "textual",
    "pydantic",
    "sqlalchemy",
)
#: A function-local import is allowed only for an optional extra, said so just above it.
OPTIONAL_EXTRA_MARK = "optional extra"


def _path(module: str) -> Path:
    return REPO_ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _imports(tree: ast.AST) -> Iterator[tuple[ast.stmt, str]]:
    """Every import statement of ``tree`` with the module it names (``from campaign import
    __version__`` names ``campaign``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.module and not node.level, "the project uses absolute imports"
            yield node, node.module


def _lazy_targets(tree: ast.AST) -> Iterator[str]:
    """The modules named by ``Lazy(...)`` / ``lazy(...)`` calls, directly or through a
    module-level string constant (``HANDLERS = "campaign.cli.handlers.play"``)."""
    constants = {
        target.id: node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("Lazy", "lazy")
            and node.args
        ):
            first = node.args[0]
            if isinstance(first, ast.Constant):
                yield first.value
            else:
                assert isinstance(first, ast.Name), ast.dump(first)
                yield constants[first.id]


def _cli_files() -> list[Path]:
    return sorted(CLI.rglob("*.py"))


def _in_layer(module: str, layer: str) -> bool:
    return module == layer or module.startswith(layer + ".")


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_registration_modules_import_nothing_heavy(module):
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    heavy = sorted({name for _, name in _imports(tree) if name not in LIGHT})
    assert heavy == [], f"{module} imports {heavy}: registration must stay argparse-only"
    handlers = set(_lazy_targets(tree))
    assert all(
        _in_layer(target, "campaign.cli.handlers") or module.endswith("completion")
        for target in handlers
    ), handlers


@pytest.mark.parametrize("module", ["campaign.cli.errors", "campaign.cli.helptext"])
def test_shared_modules_stay_light(module):
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    assert sorted({name for _, name in _imports(tree)} - LIGHT_SHARED) == []


def test_cli_layer_imports_only_the_allowed_layers():
    """Imports and lazy references alike: the command line never reaches the store or the
    rules core's internals (ADR 0027, ADR 0030)."""
    wrong = []
    for path in _cli_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = [name for _, name in _imports(tree)]
        if path != CLI / "errors.py":  # where Lazy is defined, from its arguments
            named += _lazy_targets(tree)
        for name in named:
            ours = name.split(".")[0] in ("campaign", "scenarios")
            if (
                ours
                and name != "campaign"
                and not any(_in_layer(name, layer) for layer in ALLOWED_LAYERS)
            ):
                wrong.append(f"{path.relative_to(REPO_ROOT)}: {name}")
    assert wrong == []


def test_no_function_local_imports_in_the_cli():
    """Laziness lives at one boundary (``errors.lazy``); a function imports something itself
    only for an optional extra, said so in a comment just above the import."""
    local = []
    for path in _cli_files():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Import | ast.ImportFrom)
                    and OPTIONAL_EXTRA_MARK not in lines[node.lineno - 2]
                ):
                    local.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}")
    assert local == []


def _fresh(script: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO_ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_building_the_parser_and_help_load_nothing_heavy():
    """``campaign --help`` and ``campaign status --help`` in a new interpreter."""
    found = _fresh(
        "\n".join(
            [
                "import contextlib, io, json, sys",
                "from campaign.cli import build_parser, main",
                "build_parser()",
                "for argv in (['--help'], ['status', '--help'], ['scenario', 'solve', '--help']):",
                "    with contextlib.redirect_stdout(io.StringIO()),"
                " contextlib.suppress(SystemExit):",
                "        main(argv)",
                f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))",
            ]
        )
    )
    assert found == []


def test_a_command_loads_its_handler_module_only():
    """``campaign seeds`` imports ``handlers.seeds`` and no other handler module."""
    found = _fresh(
        "\n".join(
            [
                "import contextlib, io, json, sys",
                "from campaign.cli import main",
                "with contextlib.redirect_stdout(io.StringIO()):",
                "    assert main(['seeds']) == 0",
                "print(json.dumps(sorted(m for m in sys.modules",
                "                        if m.startswith('campaign.cli.handlers.'))))",
            ]
        )
    )
    assert found == ["campaign.cli.handlers.common", "campaign.cli.handlers.seeds"]


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _parsers(child)


def test_every_lazy_reference_names_a_callable():
    """A misspelt handler would otherwise show only when its command runs."""
    handlers = [parser.get_default("func") for parser in _parsers(build_parser())]
    handlers = [handler for handler in handlers if handler is not None]
    assert len(handlers) >= 30
    for handler in handlers:
        assert isinstance(handler, Handler) or handler.__module__ == "campaign.cli.completion"
        if isinstance(handler, Handler):
            assert callable(handler.function.resolve()), handler
    for path in _cli_files():
        module = importlib.import_module(
            ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts)
        )
        for value in vars(module).values():
            if isinstance(value, Lazy):
                assert value.resolve() is not None, value


def test_side_choices_are_the_player_sides():
    assert tuple(side.value for side in PLAYER_SIDES) == SIDE_CHOICES
    assert ORDER_GIVERS == GIVER_CHOICES  # log --by (December 7)


def test_a_store_failure_is_one_line_through_the_app_layer(capsys):
    """DN-ERR-1: a database failure reaches the user as one line, told by the app layer's
    ``campaign.app.failures``, which ``campaign.app`` always loads."""
    assert sys.modules[STORE_FAILURES].database_problem is campaign.app.database_problem

    def full_disk(args: argparse.Namespace) -> int:
        raise DatabaseUnavailable("database or disk is full")

    assert guard(full_disk)(argparse.Namespace()) == 1
    assert capsys.readouterr().err == (
        "campaign: the database refused the change: database or disk is full; nothing was changed\n"
    )

    def bug(args: argparse.Namespace) -> int:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):
        guard(bug)(argparse.Namespace())

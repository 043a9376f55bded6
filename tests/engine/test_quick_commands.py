"""Quick commands (issue 47 item 2: `status` and `order` at most 0.15 s CPU; ADR 0051).

They end their process once their output is flushed: the interpreter's teardown of every loaded
module cost a tenth of `campaign status`; the output and the exit code stay what they were.
They import no pydantic at all: the rules' models are msgspec Structs (ADR 0055).
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys

import pytest

from campaign.cli import COMMAND_MODULES, QUICK_HOMES, build_parser, main
from tests.conftest import REPO_ROOT
from tests.databases import existing_sqlite
from tests.fresh_process import modules_imported_by

#: pydantic, and what looking for pydantic plugins imported (the entry points of every
#: installed package) when the rules' models were pydantic models.
PYDANTIC_AND_PLUGIN_SEARCH = ("pydantic", "pydantic_core", "importlib.metadata", "email", "socket")


def _fresh_python(*lines: str) -> subprocess.CompletedProcess[str]:
    """``lines`` run as a script in a new interpreter, from the repository's root."""
    return subprocess.run(
        [sys.executable, "-c", "\n".join(lines)],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )


def _last_line_of(*lines: str) -> str:
    """The last line ``lines`` print, run as a script in a new interpreter that must succeed."""
    done = _fresh_python(*lines)
    assert done.returncode == 0, done.stderr
    return done.stdout.rstrip().splitlines()[-1]


def _as_console_script(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``argv`` run as the ``campaign`` console script runs it (``main()`` reading sys.argv),
    in a new interpreter with an exit handler that says when the interpreter ended as usual."""
    return _fresh_python(
        "import atexit, sys",
        "atexit.register(lambda: print('TEARDOWN', file=sys.stderr))",
        "from campaign.cli import main",
        f"sys.argv = ['campaign', *{argv!r}]",
        "sys.exit(main())",
    )


def test_status_ends_at_once_with_the_same_output_and_exit_code(tmp_path, capsys):
    """issue 47 item 2: `status` prints what it printed in-process and skips the teardown."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    capsys.readouterr()
    assert main(["status", "c", "--db", url]) == 0
    expected = capsys.readouterr().out
    done = _as_console_script(["status", "c", "--db", url])
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")
    missing = _as_console_script(["status", "nothing-here", "--db", url])
    assert missing.returncode == 1
    assert "no campaign named 'nothing-here'" in missing.stderr
    assert "TEARDOWN" not in missing.stderr


def _status_telling_at_exit(tmp_path, *telling: str) -> subprocess.CompletedProcess[str]:
    """`status` on a new campaign run as the console script runs it, in a new interpreter
    whose quick exit first runs ``telling`` (lines of the body of ``exit_telling(code)``, with
    ``sys`` and ``gc`` imported): what the process holds at the moment it ends."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    return _fresh_python(
        "import gc, sys",
        "import campaign.cli as cli",
        "real_exit = cli.quick_exit",
        "def exit_telling(code):",
        *(f"    {line}" for line in telling),
        "    real_exit(code)",
        "cli.quick_exit = exit_telling",
        f"sys.argv = ['campaign', 'status', 'c', '--db', {url!r}]",
        "sys.exit(cli.main())",
    )


def test_the_collector_stays_off_until_a_quick_command_ends(tmp_path):
    """issue 47 item 2: a quick command's process never gives the collector back: its first
    pass would walk every object the command made (0.01-0.02 s of `status`) just before the
    process ends. The exit code and output still come through the quick exit."""
    done = _status_telling_at_exit(tmp_path, "print('COLLECTOR', gc.isenabled(), file=sys.stderr)")
    assert done.returncode == 0, done.stderr
    assert "game turn" in done.stdout
    assert done.stderr == "COLLECTOR False\n"


def test_a_command_not_listed_as_quick_ends_as_usual(tmp_path):
    """issue 47 item 2: only the listed commands skip the teardown (``campaign list`` does not)."""
    done = _as_console_script(["list", "--db", existing_sqlite(tmp_path / "c.db")])
    assert done.returncode == 0, done.stderr
    assert "TEARDOWN" in done.stderr


def _status_and_order(tmp_path, names: tuple[str, ...]) -> tuple[str, list[str], str]:
    """A new campaign, then `status` and `order` on it in one new interpreter: their output,
    the modules of ``names`` they imported, and the database's URL."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    output, loaded = modules_imported_by(
        names,
        ["status", "c", "--db", url],
        ["order", "c", "referee stepping auto", "--db", url],
    )
    return output, loaded, url


def test_status_and_order_do_not_import_pydantic(tmp_path):
    """issue 47 item 2 (ADR 0055): the rules' models are msgspec Structs, validated where data
    comes in: neither pydantic nor its search for plugins is imported."""
    output, loaded, _ = _status_and_order(tmp_path, PYDANTIC_AND_PLUGIN_SEARCH)
    assert "game turn" in output
    assert loaded == []


#: Code only other commands use: starting a campaign, the log's sentences, the CSV parser.
OTHER_COMMANDS_CODE = ("campaign.app.starting", "campaign.views.log", "campaign.content.csv_lines")


def test_status_and_order_leave_out_what_only_other_commands_use(tmp_path):
    """issue 47 item 2: `status` and `order` import neither `new`'s start-up code, nor the
    sentences of `log`, nor the CSV parser (the data files are hashed, the ruleset comes from
    the cache), and `log` still tells the story."""
    output, loaded, url = _status_and_order(tmp_path, OTHER_COMMANDS_CODE)
    assert "game turn" in output
    assert loaded == []
    story, loaded = modules_imported_by(OTHER_COMMANDS_CODE, ["log", "c", "--db", url])
    assert "campaign.views.log" in loaded
    assert "stepping" in story


def test_status_and_order_compile_no_tokenizer_patterns(tmp_path):
    """issue 47 item 2: reading a builtin's signature compiles the tokenizer's patterns first,
    1.4 ms (pydantic read a default factory's, until ADR 0055); nothing `status` and `order`
    run reads one."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    done = _fresh_python(
        "import sys, tokenize",
        "from campaign.cli import main",
        f"assert main(['status', 'c', '--db', {url!r}]) == 0",
        f"assert main(['order', 'c', 'referee stepping auto', '--db', {url!r}]) == 0",
        "compile_ = getattr(tokenize, '_compile', None)  # CPython 3.11's pattern cache",
        "print('COMPILED', compile_.cache_info().currsize if compile_ else 'unknown')",
    )
    assert done.returncode == 0, done.stderr
    assert "game turn" in done.stdout
    if done.stdout.rstrip().endswith("COMPILED unknown"):
        pytest.skip("this Python's tokenize keeps no pattern cache to look at")
    assert done.stdout.rstrip().endswith("COMPILED 0")


#: The use cases besides reading, and the narration of what an order did.
NOT_READING = (
    "campaign.app.service",
    "campaign.app.orders",
    "campaign.app.audit",
    "campaign.app.housekeeping",
    "campaign.rules.narration",
)


def test_status_opens_the_read_use_cases_alone_and_order_the_order_use_cases(tmp_path):
    """issue 47 item 2 (ADR 0051): `status` loads no use case but reading, `order` no use case
    but giving orders (its narration included), and both print what they printed."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    output, loaded = modules_imported_by(NOT_READING, ["status", "c", "--db", url])
    assert "game turn" in output and "legal orders now" in output
    assert loaded == []
    output, loaded = modules_imported_by(
        NOT_READING, ["order", "c", "referee stepping auto", "--db", url]
    )
    assert "stepping" in output
    assert loaded == ["campaign.app.orders", "campaign.rules.narration"]


@pytest.mark.parametrize("command", sorted(QUICK_HOMES))
def test_a_quick_command_is_parsed_from_its_own_module_alone(command, capsys):
    """issue 47 item 2: the module ``QUICK_HOMES`` names registers the command, the parser built
    for it holds that command alone, and it reads its line and prints its help as the whole
    parser does."""
    assert QUICK_HOMES[command] in COMMAND_MODULES
    assert command in _registered_by(QUICK_HOMES[command])
    alone, whole = build_parser(command), build_parser()
    assert _subcommands(alone) == {command}
    line = {
        "status": ["status", "war", "--db", "sqlite:///x.db", "--side", "aslan"],
        "order": ["order", "war", "aslan pass", "--db", "sqlite:///x.db"],
        "completion": ["completion", "bash"],
    }[command]
    read = [vars(parser.parse_args(line)) for parser in (alone, whole)]
    assert [{**args, "func": repr(args["func"])} for args in read] == [
        {**read[1], "func": repr(read[1]["func"])}
    ] * 2
    helps = []
    for parser in (alone, whole):
        with pytest.raises(SystemExit):
            parser.parse_args([command, "--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1] and command in helps[0]


def _subcommands(parser: argparse.ArgumentParser) -> set[str]:
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(action.choices)


def _registered_by(module: str) -> set[str]:
    parser = argparse.ArgumentParser()
    importlib.import_module(module).register(parser.add_subparsers())
    return _subcommands(parser)


#: What a `status` outside combat, with the ruleset kept, has no use for (issue 47 item 2).
NOT_NEEDED = (
    "campaign.content.maps",  # the data files' readers: the kept ruleset is read instead
    "campaign.content.layouts",
    "tomllib",
    "campaign.pbem",  # the turn-file models: no strict dice here
    "campaign.app.strict_dice",
    "logging",  # only to quiet a PostgreSQL driver
)


def test_status_loads_neither_the_file_readers_nor_the_mail_code(tmp_path):
    """issue 47 item 2: a later `status` reads the kept ruleset, and imports no turn-file code
    outside play by e-mail."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0  # keeps the built ruleset
    output, loaded = modules_imported_by(NOT_NEEDED, ["status", "c", "--db", url])
    assert "game turn" in output
    assert loaded == []


def test_the_rules_views_and_use_cases_import_no_pydantic():
    """issue 47 item 2 (ADR 0055): every rules area, the views and the use cases imported, and
    pydantic is not; the tool's models are msgspec Structs (``campaign.rules.model.Model``),
    and more than a hundred of them were defined."""
    last = _last_line_of(
        "import sys",
        "from campaign.rules import catalog",
        "catalog.load()",
        "import campaign.app, campaign.views, campaign.pbem.model",
        "from campaign.rules.model import Model",
        "def subclasses(cls):",
        "    for sub in cls.__subclasses__():",
        "        yield sub",
        "        yield from subclasses(sub)",
        "ours = {c for c in subclasses(Model) if c.__module__.startswith('campaign.')}",
        "assert len(ours) > 100, len(ours)",
        "print('PYDANTIC', sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))",
    )
    assert last == "PYDANTIC []"


def test_the_tools_records_are_not_built_by_the_dataclass_decorator():
    """issue 47 item 2 (ADR 0052): a dataclass is defined by compiling the source of each of its
    methods, about 0.3 ms a class, 89 classes and a sixth of every `status`; the tool's records
    are ``msgspec.Struct``s, whose methods are shared code. Every module of the tool imported,
    none of its classes came out of ``dataclasses.dataclass``."""
    last = _last_line_of(
        "import dataclasses, importlib, pkgutil",
        "import campaign, msgspec",
        "made, decorate = [], dataclasses._process_class",
        "dataclasses._process_class = lambda cls, *rest: made.append(cls) or decorate(cls, *rest)",
        "found = pkgutil.walk_packages(campaign.__path__, 'campaign.')",
        "scripts = ('__main__', 'migrations.env')  # run by `python -m` and by alembic",
        "names = [m.name for m in found if not m.name.endswith(scripts)]",
        "for name in names:",
        "    importlib.import_module(name)",
        "def ours(classes):",
        "    return sorted(c.__qualname__ for c in classes if c.__module__[:9] == 'campaign.')",
        "structs = ours(msgspec.Struct.__subclasses__())",
        "assert len(names) > 200 and len(structs) > 80, (len(names), len(structs))",
        "print('DATACLASSES', ours(made))",
    )
    assert last == "DATACLASSES []"


def test_a_quick_command_imports_msgspec_without_typing_extensions(tmp_path):
    """issue 47 item 2: run as the console script, `status` imports msgspec with
    ``typing_extensions`` marked absent (msgspec falls back to ``typing``; the import brought
    ``inspect``, ``ast``, ``dis`` and ``socket``: about a twentieth of the command), and the
    mark is gone afterwards: the module still imports in the same process."""
    done = _status_telling_at_exit(
        tmp_path,
        "names = ('msgspec', 'typing_extensions', 'inspect')",
        "loaded = sorted(m for m in names if m in sys.modules)",
        "import typing_extensions",
        "print('LOADED', loaded, typing_extensions.__name__, file=sys.stderr)",
    )
    assert done.returncode == 0, done.stderr
    assert "game turn" in done.stdout
    assert done.stderr == "LOADED ['msgspec'] typing_extensions\n"


def test_msgspec_imported_lean_reads_what_it_read_and_leaves_the_finder_off():
    """issue 47 item 2 (``campaign.cli.lean_msgspec``): the lean import decodes and refuses as
    the usual one (the rules' Structs, tagged unions, a missing field), the finder answers
    once and leaves ``sys.meta_path`` as it was; with ``typing_extensions`` already imported
    it does nothing."""
    probe = (
        "import sys",
        "from campaign.cli import lean_msgspec",
        "before = list(sys.meta_path)",
        "lean_msgspec.install()",
        "import msgspec",
        "assert sys.meta_path == before, sys.meta_path",
        "from typing import Literal",
        "from campaign.rules.phases import Phase",
        "class Where(msgspec.Struct, frozen=True):",
        "    kind: Literal['hex', 'box']",
        "    name: str",
        "class Probe(msgspec.Struct, frozen=True):",
        "    where: Where",
        "    phase: Phase",
        "    sides: frozenset[str] | None = None",
        "    count: int = 1",
        'got = msgspec.json.decode(b\'{"where":{"kind":"hex","name":"kuzu"},'
        '"phase":"production","sides":["aslan"]}\', type=Probe)',
        "try:",
        '    msgspec.json.decode(b\'{"phase":"production"}\', type=Probe)',
        "except msgspec.ValidationError as error:",
        "    refusal = str(error)",
        "print(sorted(m for m in ('typing_extensions', 'inspect') if m in sys.modules),"
        " repr(got.where), got.phase.value, sorted(got.sides), got.count, refusal)",
    )
    lean = _last_line_of(*probe)
    usual = _last_line_of(*(line for line in probe if "lean_msgspec" not in line))
    assert lean.startswith("[] ")
    assert usual.startswith("['inspect', 'typing_extensions'] ")
    assert lean.partition("] ")[2] == usual.partition("] ")[2]
    assert "Object missing required field `where`" in lean
    already = _last_line_of(
        "import sys, typing_extensions",
        "from campaign.cli import lean_msgspec",
        "lean_msgspec.install()",
        "print(lean_msgspec.LeanMsgspecFinder in sys.meta_path)",
    )
    assert already == "False"

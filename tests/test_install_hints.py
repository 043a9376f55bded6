"""Every hint about a missing optional package is the command that works for a checkout install
(the project is not on a package index): ``pip install '.[EXTRA]'`` or ``pipx inject
dark-nebula-campaign PACKAGE`` (issue 32 item 2). Each test hides the package as if the extra
were not installed and runs the real command."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from campaign import extras
from campaign.cli import main
from tests.conftest import REPO_ROOT


def _hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``import MODULE`` fail as it does when the package is not installed."""
    for module in modules:
        for loaded in [name for name in sys.modules if name.split(".")[0] == module]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.setitem(sys.modules, module, None)


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_the_extras_table_agrees_with_pyproject():
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["name"] == extras.PROJECT
    declared = config["project"]["optional-dependencies"]
    for extra, (_what, packages) in extras.EXTRAS.items():
        names = [requirement.split(">")[0].split("=")[0] for requirement in declared[extra]]
        assert list(packages) == names, extra
    assert set(declared) - {"test"} == set(extras.EXTRAS)


def test_make_run_and_the_readme_install_the_everyday_extras():
    """Issue 42 item 6: `make run` and the README's everyday line install the same extras
    (``extras.EVERYDAY_EXTRAS``, the fair extra among them), and the README's table lists
    every extra."""
    everyday = ",".join(extras.EVERYDAY_EXTRAS)
    assert "fair" in extras.EVERYDAY_EXTRAS
    assert f"RUN_EXTRAS ?= {everyday}\n" in (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert f"pipx install '.[{everyday}]'" in readme
    for extra, (_what, packages) in extras.EXTRAS.items():
        assert f"| `{extra}` | {packages[0].split('[')[0]}" in readme, extra


def test_keygen_without_cryptography_names_the_pbem_extra(tmp_path: Path, monkeypatch, capsys):
    _hide(monkeypatch, "cryptography")
    assert main(["keygen", "aslan", "--dir", str(tmp_path / "keys")]) == 1
    line = _one_error_line(capsys)
    assert "pip install '.[pbem]'" in line
    assert "pipx inject dark-nebula-campaign cryptography" in line
    assert "campaign[pbem]" not in line
    assert not (tmp_path / "keys" / "aslan.key").exists()


def test_png_without_cairosvg_names_the_png_extra(tmp_path: Path, monkeypatch, capsys):
    _hide(monkeypatch, "cairosvg")
    target = tmp_path / "map.png"
    assert main(["data", "map", "--layout", "standard", "-o", str(target)]) == 1
    line = _one_error_line(capsys)
    assert "pip install '.[png]'" in line
    assert "pipx inject dark-nebula-campaign cairosvg" in line
    assert "No module named" not in line
    assert not target.exists()


@pytest.mark.parametrize("scheme", ["postgresql+psycopg", "postgresql"])
def test_postgresql_url_without_the_driver_names_the_postgres_extra(scheme, monkeypatch, capsys):
    _hide(monkeypatch, "psycopg", "psycopg2")
    assert main(["status", "t", "--db", f"{scheme}://referee:secret@127.0.0.1:1/campaigns"]) == 1
    line = _one_error_line(capsys)
    assert "pip install '.[postgres]'" in line
    assert "pipx inject dark-nebula-campaign 'psycopg[binary]'" in line
    assert "secret" not in line  # the password is never printed
    assert "No module named" not in line


def test_another_database_without_its_driver_says_which_module(monkeypatch, capsys):
    _hide(monkeypatch, "MySQLdb")
    assert main(["status", "t", "--db", "mysql://referee@127.0.0.1/campaigns"]) == 1
    line = _one_error_line(capsys)
    assert "driver (MySQLdb) is not installed" in line


@pytest.mark.parametrize("extra", sorted(extras.EXTRAS))
def test_the_hint_names_the_editable_install_of_make_run(extra):
    """Found by use, December 7 (docs/table.md, step 1): after the README's `make run`, the
    hint's `pip install '.[serve]'` (with the venv's pip) replaced make's editable install of
    the checkout by a copy, so later changes to the checkout were no longer run. The hint now
    names the line for make's `.venv` too, which keeps the install editable."""
    hint = extras.install_hint(extra)
    assert f"pip install '.[{extra}]' in the checkout" in hint
    assert f"after make run: .venv/bin/pip install -e '.[{extra}]'" in hint
    assert f"a pipx install: pipx inject {extras.PROJECT} " in hint

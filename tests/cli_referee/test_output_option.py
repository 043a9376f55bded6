"""``-o FILE`` names a file (DN-ERR-1: bad input is refused in one line and changes nothing;
found by use, December 7, late night: ``export -o x.json/`` wrote the file ``x.json`` and
``-o ''`` was refused as "it is a directory")."""

from __future__ import annotations

import pytest

from campaign.cli import main
from tests.databases import existing_sqlite


@pytest.mark.parametrize(
    "command",
    [
        ["export", "c", "--side", "aslan"],
        ["opening", "c"],
        ["dispute", "c", "--reason", "no answer"],
        ["map", "c"],
    ],
)
@pytest.mark.parametrize(
    ("typed", "said"),
    [("x.json/", "'x.json/' names a folder"), ("", "an empty file name")],
)
def test_an_output_that_names_no_file_is_refused(
    tmp_path, monkeypatch, capsys, command, typed, said
):
    """DN-ERR-1: refused by the command line itself (exit 2), before the campaign is read;
    nothing appears in the folder."""
    url = existing_sqlite(tmp_path / "c.db")
    monkeypatch.chdir(tmp_path)
    before = sorted(path.name for path in tmp_path.iterdir())
    with pytest.raises(SystemExit) as stop:
        main([*command, "-o", typed, "--db", url])
    assert stop.value.code == 2
    assert f"argument -o/--output: {said}" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == before

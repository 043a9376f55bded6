"""A database that plays no side by e-mail is not made to play one by a plain `export`
(DN-SEQ-2; found by use, December 8: `campaign export demo --side solomani` on the shared
table's database refused every later aslan order at the table until `withdraw`)."""

from __future__ import annotations

from pathlib import Path

from campaign.cli import main


def _table(tmp_path: Path) -> list[str]:
    """A table database (no `--as`) after solomani's first set-up order."""
    db = ["--db", f"sqlite:///{tmp_path / 'table.db'}"]
    assert main(["new", "nebula", "--seed", "3", *db]) == 0
    assert main(["order", "nebula", "solomani place-neutral lantern", *db]) == 0
    return db


def test_export_without_as_records_nothing_and_says_why(tmp_path, capsys):  # DN-SEQ-2
    db = _table(tmp_path)
    out = tmp_path / "turn1.json"
    capsys.readouterr()
    assert main(["export", "nebula", "--side", "solomani", "-o", str(out), *db]) == 1
    err = capsys.readouterr().err
    assert "plays no side by e-mail" in err and "for good" in err
    assert "`--as solomani`" in err and "nothing was written or recorded" in err
    assert not out.exists()
    # the table goes on: the other side's orders are still given here
    assert main(["order", "nebula", "aslan place-neutral span", *db]) == 0
    assert main(["exchanges", "nebula", *db]) == 0
    assert "1 out" not in capsys.readouterr().out


def test_export_with_as_records_the_side(tmp_path, capsys):  # DN-SEQ-2
    db = _table(tmp_path)
    out = tmp_path / "turn1.json"
    assert main(["export", "nebula", "--as", "solomani", "-o", str(out), *db]) == 0
    assert out.exists()
    capsys.readouterr()
    assert main(["order", "nebula", "aslan place-neutral span", *db]) == 1
    assert "this database plays solomani by e-mail" in capsys.readouterr().err


def test_export_without_any_side_names_as(tmp_path, capsys):  # DN-ERR-1
    db = _table(tmp_path)
    capsys.readouterr()
    assert main(["export", "nebula", "-o", str(tmp_path / "t.json"), *db]) == 1
    assert "export needs --as aslan|solomani with the first file" in capsys.readouterr().err


def test_a_table_game_with_the_other_sides_orders_is_not_sent(tmp_path, capsys):  # DN-SEQ-2
    """Found by use, December 8: a table database where both sides had given orders wrote
    and recorded solomani's file 1 carrying aslan's order, which aslan's import refuses ("each
    player sends only his own orders"); the export now refuses it first, naming the order,
    and writes and records nothing."""
    db = _table(tmp_path)
    assert main(["order", "nebula", "aslan place-neutral span", *db]) == 0
    out = tmp_path / "turn1.json"
    capsys.readouterr()
    assert main(["export", "nebula", "--as", "solomani", "-o", str(out), *db]) == 1
    err = capsys.readouterr().err
    assert "nothing written: file 1 would carry aslan's order 'aslan place-neutral span'" in err
    assert "each player sends only his own orders" in err
    assert not out.exists()
    assert main(["exchanges", "nebula", *db]) == 0
    assert "1 out" not in capsys.readouterr().out

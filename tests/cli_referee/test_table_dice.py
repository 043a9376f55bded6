"""Physical dice asked for when they are due (issue 45 item 2): in a `--dice physical`
campaign, `campaign order` on a terminal without `--dice` asks for each die as the rules reach
it, naming what it is for; a die not typed gives up the order and changes nothing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from tests.cli_referee.conftest import NEUTRALS, SETUP, TO_MARROW
from tests.conftest import REPO_ROOT


class _Terminal(io.StringIO):
    """Standard input that is a terminal, holding the lines the referee types."""

    def isatty(self) -> bool:
        return True


def physical_battle(service: CampaignService) -> None:
    """Campaign ``p`` with physical dice, its first battle (Marrow, ``b1``) just opened."""
    service.create("p", seed=5, dice_mode="physical")
    for system in NEUTRALS:
        service.order("p", f"{service.load('p').state.acting.value} place-neutral {system}")
    for text in [*SETUP, f"aslan jump strike {TO_MARROW}", "aslan end-phase"]:
        service.order("p", text)


@pytest.fixture
def table_db(tmp_path: Path) -> list[str]:
    """``--db`` of a physical-dice campaign ``p`` whose first battle (Marrow) has just opened."""
    url = f"sqlite:///{tmp_path / 'table.db'}"
    service = CampaignService(db_url=url)
    physical_battle(service)
    service.store.dispose()
    return ["--db", url]


def test_each_die_is_asked_when_due_naming_its_purpose(table_db, capsys, monkeypatch):
    """Issue 45 item 2 (DN-CBT-1): the two range dice are asked one after the other, a value
    that is no face of the die is asked again, and the log records the dice typed."""
    monkeypatch.setattr("sys.stdin", _Terminal("2\n7\n5\n"))
    assert main(["order", "p", "aslan range b1", *table_db]) == 0
    out = capsys.readouterr().out
    first = out.index("die for range marrow round 1 solomani try 1 (1-6)")
    second = out.index("die for range marrow round 1 aslan try 1 (1-6)")
    assert first < second
    assert "'7' is not a face of the die" in out
    assert "range roll solomani 2 +1 for fewer ships = 3, aslan 5" in out
    assert main(["log", "p", "--type", "range-rolled", *table_db]) == 0
    assert (
        "dice (typed at the table): range marrow round 1 solomani try 1=2, range marrow "
        "round 1 aslan try 1=5" in capsys.readouterr().out
    )


def test_no_die_typed_changes_nothing(table_db, capsys, monkeypatch):
    """Issue 45 item 2 (DN-ERR-1): an empty answer gives up the order; nothing is stored."""
    monkeypatch.setattr("sys.stdin", _Terminal("3\n\n"))
    assert main(["order", "p", "aslan range b1", *table_db]) == 1
    err = capsys.readouterr().err
    assert "no die typed for range marrow round 1 aslan try 1" in err
    assert main(["battles", "p", *table_db]) == 0
    assert "stage range" in capsys.readouterr().out


def test_end_of_input_at_a_prompt_ends_its_line(table_db, capsys, monkeypatch):
    """DN-ERR-1 (found by use): Ctrl+D at a die's prompt gave up the order, but the refusal
    was written on the prompt's own line (`... try 1 (1-6): campaign: no die typed ...`), and
    Ctrl+C's `interrupted` too. The prompt's line is ended first; nothing is stored."""
    monkeypatch.setattr("sys.stdin", _Terminal("3\n"))
    assert main(["order", "p", "aslan range b1", *table_db]) == 1
    captured = capsys.readouterr()
    assert captured.out.endswith("die for range marrow round 1 aslan try 1 (1-6): \n")
    assert "no die typed for range marrow round 1 aslan try 1" in captured.err
    assert main(["battles", "p", *table_db]) == 0
    assert "stage range" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", _Interrupted("3\n"))  # Ctrl+C at the second prompt
    assert main(["order", "p", "aslan range b1", *table_db]) == 130
    captured = capsys.readouterr()
    assert captured.out.endswith("(1-6): \n")
    assert captured.err == (
        "interrupted at the die for range marrow round 1 aslan try 1: the order is not "
        "given, nothing changed\n"
    )
    assert main(["battles", "p", *table_db]) == 0
    assert "stage range" in capsys.readouterr().out


def test_ctrl_c_at_a_die_says_the_order_is_not_given(table_db, capsys, monkeypatch):
    """DN-ERR-1 (found by use, December 7, evening): Ctrl+C at a die's prompt gave up the
    order, but said only `interrupted`, which left the referee to wonder whether the dice
    typed so far had been stored. It now says which die it stopped at and that nothing
    changed; the exit code stays 130 (a Ctrl+C)."""
    monkeypatch.setattr("sys.stdin", _Interrupted(""))  # Ctrl+C at the first prompt
    assert main(["order", "p", "aslan range b1", *table_db]) == 130
    err = capsys.readouterr().err
    assert "range marrow round 1 solomani try 1" in err
    assert "the order is not given, nothing changed" in err
    assert main(["battles", "p", *table_db]) == 0
    assert "stage range" in capsys.readouterr().out


class _Interrupted(_Terminal):
    """A terminal whose user presses Ctrl+C once the lines typed are read."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_without_a_terminal_the_dice_are_given_with_the_order(table_db, capsys, monkeypatch):
    """Issue 45 item 2: a script (no terminal) is not asked; the refusal lists the dice due."""
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n4\n"))
    assert main(["order", "p", "aslan range b1", *table_db]) == 1
    assert "Give exactly 2, in this order" in capsys.readouterr().err
    assert main(["order", "p", "aslan range b1", "--dice", "2,5", *table_db]) == 0


def test_an_order_file_cannot_carry_physical_dice(table_db, tmp_path, capsys):
    """DN-ERR-1: `campaign orders` gives no dice, so an order that rolls stops the run at its
    line, listing the dice, as docs/referee-cli.md says where it describes `orders`."""
    orders = tmp_path / "orders.txt"
    orders.write_text("aslan range b1\n")
    assert main(["orders", "p", str(orders), *table_db]) == 1
    err = capsys.readouterr().err
    assert f"{orders}:1: DN-ERR-1: this order rolls 2 dice and only 0 were entered" in err
    assert "(0 orders before it applied, nothing after it)" in err
    page = " ".join((REPO_ROOT / "docs" / "referee-cli.md").read_text().split())
    assert "In a `--dice physical` campaign an order file cannot carry dice" in page


def test_the_log_shows_the_dice_typed_once(table_db, capsys):
    """DN-CBT-1 DN-ERR-1 (found by use, December 8): `campaign log` showed the dice typed for
    one order twice, as the sentence "Dice typed at the table: 3, 4" and in the dice line with
    their purposes. The dice line alone shows them, for the referee and for a player."""
    assert main(["order", "p", "aslan range b1", "--dice", "2,5", *table_db]) == 0
    assert "Dice typed at the table: 2, 5" in capsys.readouterr().out  # the order's answer
    for seat in ([], ["--side", "aslan"]):
        assert main(["log", "p", "--type", "range-rolled", *seat, *table_db]) == 0
        out = capsys.readouterr().out
        assert "Dice typed at the table" not in out
        assert out.count("dice (typed at the table): range marrow round 1 solomani try 1=2") == 1

"""A save says who plays (``# players:``) and who resigned (``# resigned:``) once: a file that
says either twice is refused naming the file and the second line, as every other bad line is,
and nothing is loaded (found by use, December 7: Imperial loaded a save with two
``# resigned:`` lines, taking the first). The reader is shared by Imperial, Invector and
Imperium Shogi (``scenarios.saves``), so each game's loader is checked."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scenarios.dialogs import cannot_load
from scenarios.imperial import make_game as make_imperial
from scenarios.imperial.record import game_record
from scenarios.imperial.screen import read_game
from scenarios.imperium_shogi.game import make_game as make_shogi
from scenarios.imperium_shogi.record import record_text
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector import make_game as make_invector
from scenarios.invector.record import record_lines
from scenarios.invector.screen import load_game as load_invector
from scenarios.saves import read_players, read_resigned

KNOWN = ("human", "easy", "hard")


def test_two_resigned_lines_are_refused_naming_the_second():
    with pytest.raises(
        ValueError, match=r"^line 3: SHO-10: a second '# resigned:' line \(the first is line 2\)"
    ):
        read_resigned("position\n# resigned: P1\n# resigned: P2\n", ["P1", "P2"], rule="SHO-10")


def test_two_players_lines_are_refused_naming_the_second():
    with pytest.raises(
        ValueError, match=r"^line 2: INV-8: a second '# players:' line \(the first is line 1\)"
    ):
        read_players("# players: person hard\n# players: hard person\n", KNOWN, rule="INV-8")


def test_one_line_of_each_still_loads():
    assert read_resigned("x\n# resigned: P2\n", ["P1", "P2"], rule="SHO-10") == "P2"
    assert read_players("# players: person hard\n", KNOWN, rule="SHO-10") == ["human", "hard"]


def _saves(tmp_path: Path, body: str, resigned: str) -> Path:
    """``body`` saved with two ``# resigned:`` lines naming ``resigned``."""
    path = tmp_path / "game.txt"
    path.write_text(f"{body.rstrip()}\n# resigned: {resigned}\n# resigned: {resigned}\n")
    return path


def _refused(path: Path, read: object) -> str:
    """The one line the load dialog shows for ``path`` (``cannot_load``)."""
    with pytest.raises(ValueError) as refused:
        read(path)  # type: ignore[operator]
    return cannot_load(path, refused.value)


def test_imperial_refuses_a_save_with_two_resigned_lines(tmp_path):
    """IMP-21 (as bad input): the Imperial save is refused naming the file and the line."""
    game = make_imperial(2, seed=0)
    body = game_record(game, game.new_initial_state())
    path = _saves(tmp_path, body, "P0")
    line = len(body.rstrip().splitlines()) + 2
    assert _refused(path, read_game).startswith(f"{path}:{line}: IMP-22: a second '# resigned:'")


def test_invector_refuses_a_save_with_two_resigned_lines(tmp_path):
    """INV-5 (as bad input): Invector's save is refused naming the file and the line."""
    body = "\n".join(record_lines([make_invector(5, 4).new_initial_state()]))
    path = _saves(tmp_path, body, "Black")
    assert "a second '# resigned:' line" in _refused(path, load_invector)


def test_imperium_shogi_refuses_a_save_with_two_resigned_lines(tmp_path):
    """SHO-10 (as bad input): Imperium Shogi's save is refused naming the file and the line."""
    path = _saves(tmp_path, record_text(make_shogi().new_initial_state()), "Red")
    screen = SimpleNamespace(players=["human", "human"])
    read = lambda path: ShogiScreen._read_game(screen, path)  # noqa: E731  (the screen's reader)
    assert "a second '# resigned:' line" in _refused(path, read)


def test_every_refused_line_is_named_path_colon_line(tmp_path):
    """SHO-10, INV-8 (as bad input; found by use, December 7, late night): the load dialog
    named a refused move's line "PATH:3: …" and a refused players or resigned line, or any line
    of Invector's record, "PATH: line 3: …". Every one reads "PATH:3: …" now."""
    screen = SimpleNamespace(players=["human", "human"])
    read_shogi = lambda path: ShogiScreen._read_game(screen, path)  # noqa: E731
    start = make_shogi().new_initial_state().to_text()
    shogi_move = tmp_path / "move.txt"
    shogi_move.write_text(f"# a game\n{start}\nb2b3 x9\n")
    shogi_players = tmp_path / "players.txt"
    shogi_players.write_text(f"# a game\n{start}\n# players: person nobody\n")
    invector = make_invector(3, 2).new_initial_state().to_text()
    invector_move = tmp_path / "invector.txt"
    invector_move.write_text(f"{invector}\n# start: {invector}\n# moves: c2xc1\n")
    for path, read in (
        (shogi_move, read_shogi),
        (shogi_players, read_shogi),
        (invector_move, load_invector),
    ):
        assert _refused(path, read).startswith(f"{path}:3: "), _refused(path, read)


def _shogi_reader(path: Path) -> object:
    """Imperium Shogi's load, as its screen reads a file."""
    return ShogiScreen._read_game(SimpleNamespace(players=["human", "human"]), path)


def _bodies() -> list[tuple[str, object, str, int, str]]:
    """(game, reader, file text, the line refused, the rule named) of damaged saves, one of
    each kind a player meets after editing a save by hand."""
    shogi = make_shogi().new_initial_state().to_text()
    board = make_invector(5, 4).new_initial_state().to_text()
    invector = f"{board}\n# start: {board}\n"
    game = make_imperial(4, seed=0)
    imperial = game_record(game, game.new_initial_state())
    after = len(imperial.splitlines()) + 1
    return [
        ("shogi", _shogi_reader, f"{shogi}\nzz\n", 2, "SHO-10"),
        ("shogi", _shogi_reader, f"{shogi}\nb2b3 b3b9\n", 2, "SHO-10"),
        ("shogi", _shogi_reader, f"{shogi}\n# players: person robot\n", 2, "SHO-10"),
        ("shogi", _shogi_reader, f"{shogi}\n# resigned: Green\n", 2, "SHO-10"),
        ("invector", load_invector, f"{invector}# moves: zz\n", 3, "INV-8"),
        ("invector", load_invector, f"{invector}# moves: swap\n", 3, "INV-6"),
        ("invector", load_invector, f"{invector}# moves: a1xb1\n", 3, "INV-8"),
        ("invector", load_invector, f"{invector}# players: person robot\n", 3, "INV-8"),
        ("invector", load_invector, f"{board}\n# start: garbage\n# moves: a1xb1\n", 2, "INV-8"),
        ("imperial", read_game, f"{imperial}rondel 9\n", after, "IMP-22"),
        ("imperial", read_game, f"{imperial}# players: person robot x y\n", after, "IMP-22"),
        ("imperial", read_game, f"{imperial}# resigned: P9\n", after, "IMP-22"),
        ("imperial", read_game, "junk\n", 1, "IMP-22"),
    ]


@pytest.mark.parametrize(
    ("game", "read", "text", "line", "rule"),
    _bodies(),
    ids=[f"{body[0]}-{number}" for number, body in enumerate(_bodies())],
)
def test_every_refusal_of_a_save_names_its_line_then_its_rule(
    tmp_path, game, read, text, line, rule
):
    """SHO-10, INV-8, IMP-22 (found by use, December 8): a damaged save is refused as the
    campaign refuses an order, the rule first: "PATH:LINE: RULE: …". Imperial had no rule to
    name, the players and resigned lines and Invector's "the moves … end at" named none, and a
    bad move read "move 'zz': SHO-10: 'zz' is not a move", the rule in the middle."""
    path = tmp_path / f"{game}.txt"
    path.write_text(text)
    refusal = _refused(path, read)
    assert refusal.startswith(f"{path}:{line}: {rule}: "), refusal


@pytest.mark.parametrize(
    ("read", "rule"),
    [(_shogi_reader, "SHO-10"), (load_invector, "INV-8")],
    ids=["shogi", "invector"],
)
def test_another_game_s_save_is_refused_for_its_position_in_one_short_line(tmp_path, read, rule):
    """SHO-10, INV-8 (found by use, December 8): an Imperial save opened in Invector was refused
    for its players line ("must name 2 players", near the end of the file), and in Imperium
    Shogi with its whole start line of 1,383 characters quoted: the dialog filled with JSON,
    the reason off the screen. The first line that is no position of the game is named, its
    text quoted short."""
    game = make_imperial(4, seed=0)
    path = tmp_path / "imperial.txt"
    path.write_text(game_record(game, game.new_initial_state()) + "# players: person easy\n")
    refusal = _refused(path, read)
    assert refusal.startswith(f"{path}:2: {rule}: "), refusal
    assert len(refusal) < len(str(path)) + 200, refusal

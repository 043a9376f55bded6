"""`campaign income` on a stored campaign (DN-ECO-4 report), and its errors."""

from __future__ import annotations

import json

from campaign.cli import main
from tests.databases import existing_sqlite


def test_income_command_json_and_text(tmp_path, capsys):  # DN-ECO-4
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "alpha", "--db", db, "--seed", "3"]) == 0
    capsys.readouterr()
    assert main(["income", "alpha", "--db", db, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    aslan, solomani = data["sides"]
    assert aslan["income"] == 53 and solomani["income"] == 61
    assert solomani["treasury"] == 99
    assert main(["income", "alpha", "--db", db, "--side", "solomani"]) == 0
    text = capsys.readouterr().out
    assert "Concord (type 1, star)" in text and "61 RU" in text and "aslan" not in text


def test_income_command_unknown_campaign(tmp_path, capsys):  # DN-ECO-4, DN-ERR-1
    db = existing_sqlite(tmp_path / "c.db")
    assert main(["income", "nope", "--db", db]) == 1
    assert "nope" in capsys.readouterr().err


def test_face_down_neutrals_are_not_named_in_reports():  # DN-ECO-3, DN-NEU-2
    from campaign.rules.economy.adapter import pieces_from_state
    from tests.economy.game import Game

    game = Game(
        counters="""
        N-M-1 neutral:M-8-0-7 hex:marrow face-down home=marrow
    """
    )
    (piece,) = pieces_from_state(game.state, game.ruleset)
    assert "N-M-1" not in piece.describe()
    # found by use (December 7): it read "neutral face-down neutral counter"
    assert piece.describe() == "neutral face-down counter (stellar hex)"

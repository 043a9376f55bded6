"""A campaign for the hidden-information tests (DN-NEU-1): all eight neutral counters placed
face down in Lantern, an Aslan scout at Wahtoi and a Solomani scout at Concord, at Aslan's First
Movement of game turn 1."""

from __future__ import annotations

from pathlib import Path

from campaign.rules.phases import Phase
from tests.integration.table import Table


def lantern_game(db: Path, name: str) -> Table:
    """The campaign ``name`` in a new SQLite file ``db``, played to First Movement."""
    game = Table(db, name=name)
    while game.state.phase is Phase.SETUP_NEUTRALS:
        game.play(f"{game.state.acting.value} place-neutral lantern")
    for text in [
        "aslan buy SC",
        "aslan end-phase",
        "solomani buy SC",
        "solomani end-phase",
        "aslan deploy A-SC-1 hex:wahtoi",
        "aslan end-phase",
        "solomani deploy S-SC-1 hex:concord",
        "solomani end-phase",
    ]:
        game.play(text)
    game.end_until(lambda: game.state.phase is Phase.FIRST_MOVEMENT)
    return game

"""Names of the phases and sub-phases of the sequence of play (DN-SEQ-1) and of who acts in them.

Only names live here; the order of the steps is the table in ``campaign.rules.flow``.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A phase of set-up or of a player turn (DN-SEQ-1, DN-SET-*, DN-NEU-1)."""

    SETUP_NEUTRALS = "setup-neutrals"  # DN-NEU-1: alternate draws, Solomani first
    SETUP_PURCHASE = "setup-purchase"  # DN-SET-1: 99 RU per side
    SETUP_DEPLOY = "setup-deploy"  # DN-SET-2: Aslan first, then Solomani
    PRODUCTION = "production"  # Maintenance & Production
    FIRST_MOVEMENT = "first-movement"
    FIRST_COMBAT = "first-combat"
    REACTION_MOVEMENT = "reaction-movement"
    REACTION_COMBAT = "reaction-combat"
    SECOND_MOVEMENT = "second-movement"
    SECOND_COMBAT = "second-combat"
    GAME_OVER = "game-over"

    @property
    def is_setup(self) -> bool:
        """True for the set-up steps before game turn 1."""
        return self in (Phase.SETUP_NEUTRALS, Phase.SETUP_PURCHASE, Phase.SETUP_DEPLOY)

    @property
    def is_movement(self) -> bool:
        """True for the three movement phases."""
        return self in (Phase.FIRST_MOVEMENT, Phase.REACTION_MOVEMENT, Phase.SECOND_MOVEMENT)

    @property
    def is_combat(self) -> bool:
        """True for the three combat phases (each has the three sub-phases)."""
        return self in (Phase.FIRST_COMBAT, Phase.REACTION_COMBAT, Phase.SECOND_COMBAT)


class SubPhase(StrEnum):
    """The three sub-phases of every combat phase, in order (DN-SEQ-1 item 3)."""

    SPACE = "space"
    INTERACTION = "interaction"
    SURFACE = "surface"


class Actor(StrEnum):
    """Who may give an order of some type in a step.

    ``ACTING``: only the side whose turn it is in the step (``state.acting``); ``EITHER``: any
    player side (e.g. the defender naming targets in combat; the handler checks further);
    ``REFEREE``: only the referee (orders with ``side`` = None).
    """

    ACTING = "acting"
    EITHER = "either"
    REFEREE = "referee"

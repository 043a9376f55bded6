"""The sequence of play as data (DN-SEQ-1): the table ``FLOW`` of every step and who acts in it.

A leaf module (it imports only the names of sides and phases), so the state can name its
current phase (``CampaignState.phase``) without importing the flow's orders and events. The
events and orders that move along this table (``phase-advanced``, ``end-phase``, ``pass``) are in
``campaign.rules.flow``.

``FLOW`` lists every step: set-up steps (each with a fixed side), then the thirteen steps of a
player turn (combat phases have three sub-phases each), then GAME_OVER. After the last step of a
player turn the table wraps to Maintenance & Production of the other player; after the Solomani
player turn the game turn advances.
"""

from typing import Literal

from msgspec import Struct

from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase

#: Who acts in a step: a fixed side (set-up), the phasing player or the other (reacting) player.
PHASING: Literal["phasing"] = "phasing"
REACTING: Literal["reacting"] = "reacting"


class Step(Struct, frozen=True):
    """One row of the sequence table."""

    phase: Phase
    sub_phase: SubPhase | None
    actor: Side | Literal["phasing", "reacting"]
    rule: str

    @property
    def label(self) -> str:
        """``first-combat/space`` style name."""
        return f"{self.phase.value}/{self.sub_phase.value}" if self.sub_phase else self.phase.value


def _combat(phase: Phase, actor: Literal["phasing", "reacting"]) -> tuple[Step, ...]:
    return tuple(Step(phase, sub, actor, "DN-SEQ-1") for sub in SubPhase)


SETUP_STEPS: tuple[Step, ...] = (
    Step(Phase.SETUP_NEUTRALS, None, Side.SOLOMANI, "DN-NEU-1"),
    Step(Phase.SETUP_PURCHASE, None, Side.ASLAN, "DN-SET-1"),
    Step(Phase.SETUP_PURCHASE, None, Side.SOLOMANI, "DN-SET-1"),
    Step(Phase.SETUP_DEPLOY, None, Side.ASLAN, "DN-SET-2"),
    Step(Phase.SETUP_DEPLOY, None, Side.SOLOMANI, "DN-SET-2"),
)

PLAYER_TURN_STEPS: tuple[Step, ...] = (
    Step(Phase.PRODUCTION, None, PHASING, "DN-SEQ-1"),
    Step(Phase.FIRST_MOVEMENT, None, PHASING, "DN-SEQ-1"),
    *_combat(Phase.FIRST_COMBAT, PHASING),
    Step(Phase.REACTION_MOVEMENT, None, REACTING, "DN-SEQ-1"),
    *_combat(Phase.REACTION_COMBAT, REACTING),
    Step(Phase.SECOND_MOVEMENT, None, PHASING, "DN-SEQ-1"),
    *_combat(Phase.SECOND_COMBAT, PHASING),
)

FLOW: tuple[Step, ...] = (
    *SETUP_STEPS,
    *PLAYER_TURN_STEPS,
    Step(Phase.GAME_OVER, None, Side.ASLAN, "DN-VIC-1"),
)
FIRST_PLAYER_STEP = len(SETUP_STEPS)
LAST_PLAYER_STEP = FIRST_PLAYER_STEP + len(PLAYER_TURN_STEPS) - 1
GAME_OVER_STEP = len(FLOW) - 1
FIRST_PLAYER: Side = Side.ASLAN  # DN-SEQ-1: Aslan moves first
#: The phases of a player turn, in order, each once.
PLAYER_TURN_PHASES: tuple[Phase, ...] = tuple(
    dict.fromkeys(step.phase for step in PLAYER_TURN_STEPS)
)


def actor_of(step: Step, phasing: Side) -> Side:
    """The side entitled to act in ``step`` when ``phasing`` is the phasing player."""
    if step.actor == PHASING:
        return phasing
    if step.actor == REACTING:
        return phasing.enemy
    return step.actor


def step_index(phase: Phase, sub_phase: SubPhase | None = None, side: Side | None = None) -> int:
    """Index in ``FLOW`` of the step (phase, sub_phase); ``side`` picks among set-up steps."""
    for index, step in enumerate(FLOW):
        same = step.phase is phase and step.sub_phase == sub_phase
        if same and (side is None or not isinstance(step.actor, Side) or step.actor is side):
            return index
    raise KeyError((phase, sub_phase, side))


def step_name(step: Step) -> str:
    """ "Reaction Movement", "Second Combat": a phase as the rules name it."""
    return step.phase.value.replace("-", " ").title()

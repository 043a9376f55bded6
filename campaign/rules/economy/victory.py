"""Victory: holding the enemy capital for two consecutive player turns (DN-VIC-1, DN-SEQ-3).

A player holds the enemy capital system when he controls both its stellar hex (own ships there and
no ships of any other side: the [HOUSE] definition) and its surface box (DN-ECO-1/2). Holding
counts for a player turn only if it held at the start *and* at the end of that player turn. A
player who has it counted for two consecutive player turns (his own and his opponent's, in either
order) wins: the enemy surrenders.

- start of each player turn (entering Maintenance & Production, before anything is produced):
  ``capital-control-noted`` records who holds the enemy capital;
- end of each player turn (the engine's turn-end hook): ``victory-checked`` compares with the
  start, updates each player's run of counted player turns (``state.game_slots["victory"]``) and
  names the winner when a run reaches two. Should both players reach two at the same check (each
  holding the other's capital), the longer run wins, then the phasing player -- a case the rules
  do not foresee.
"""

from typing import Literal

from campaign.rules.base import Event
from campaign.rules.dice import Dice
from campaign.rules.economy.adapter import occupancy_of
from campaign.rules.economy.control import box_controller, hex_controller
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Phase
from campaign.rules.registry import applies, event_type, on_enter, on_player_turn_end
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

START_SLOT = "victory_start"  # state.turn_slots: holders at the start of this player turn
GAME_SLOT = "victory"  # state.game_slots: {"runs": {side: counted player turns in a row}}
TURNS_TO_WIN = 2


def holds_enemy_capital(ruleset: Ruleset, occupancy: Occupancy, side: Side) -> bool:
    """True when ``side`` controls the enemy capital's stellar hex and surface box (DN-VIC-1)."""
    capital = ruleset.star_map.capital_of(side.enemy)
    presence = occupancy.presence(capital.id)
    hex_sides = presence.hex_ship_sides if presence is not None else set()
    return (
        hex_controller(hex_sides) == side
        and box_controller(capital, occupancy.ground_sides(capital.id)) == side
    )


def capital_holders(state: CampaignState, ruleset: Ruleset) -> list[Side]:
    """Players holding the enemy capital now, in side order."""
    occupancy = occupancy_of(state, ruleset)
    return [side for side in PLAYER_SIDES if holds_enemy_capital(ruleset, occupancy, side)]


@event_type
class CapitalControlNoted(Event, frozen=True, kw_only=True):
    """Who held the enemy capital at the start of this player turn (DN-VIC-1)."""

    type: Literal["capital-control-noted"] = "capital-control-noted"
    turn: int
    phasing: Side
    holders: list[Side]


@event_type
class VictoryChecked(Event, frozen=True, kw_only=True):
    """The end-of-player-turn victory check (DN-SEQ-3, DN-VIC-1)."""

    type: Literal["victory-checked"] = "victory-checked"
    turn: int
    phasing: Side
    held_at_start: list[Side]
    held_at_end: list[Side]
    runs: dict[Side, int]  # counted player turns in a row, per player
    winner: Side | None = None
    note: str


@on_enter(Phase.PRODUCTION)
def _note_start(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    return [
        CapitalControlNoted(
            turn=state.turn, phasing=state.phasing, holders=capital_holders(state, ruleset)
        )
    ]


@applies(CapitalControlNoted)
def _apply_noted(state: CampaignState, event: CapitalControlNoted) -> None:
    state.turn_slots[START_SLOT] = [side.value for side in event.holders]


def check_victory(state: CampaignState, ruleset: Ruleset) -> VictoryChecked:
    """The victory check for the player turn that is ending."""
    at_start = [Side(s) for s in state.turn_slots.get(START_SLOT, [])]
    at_end = capital_holders(state, ruleset)
    previous = state.game_slots.get(GAME_SLOT, {}).get("runs", {})
    runs: dict[Side, int] = {}
    for side in PLAYER_SIDES:
        counted = side in at_start and side in at_end
        runs[side] = previous.get(side.value, 0) + 1 if counted else 0
    winners = [side for side in PLAYER_SIDES if runs[side] >= TURNS_TO_WIN]
    winner: Side | None = None
    if winners:
        winner = max(winners, key=lambda side: (runs[side], side is state.phasing))
    notes = []
    for side in PLAYER_SIDES:
        enemy_capital = ruleset.star_map.capital_of(side.enemy).name
        if runs[side]:
            notes.append(
                f"{side.value} held {enemy_capital} through this player turn "
                f"({runs[side]} of {TURNS_TO_WIN})"
            )
        elif side in at_end:
            notes.append(
                f"{side.value} holds {enemy_capital} now but did not at the start of this "
                "player turn (does not count yet)"
            )
    if winner is not None:
        notes.append(f"{winner.value} wins: {winner.enemy.value} surrenders")
    return VictoryChecked(
        turn=state.turn,
        phasing=state.phasing,
        held_at_start=at_start,
        held_at_end=at_end,
        runs=runs,
        winner=winner,
        note="; ".join(notes) or "no one holds an enemy capital",
    )


@on_player_turn_end
def _victory_hook(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    return [check_victory(state, ruleset)]


@applies(VictoryChecked)
def _apply_victory(state: CampaignState, event: VictoryChecked) -> None:
    state.game_slots[GAME_SLOT] = {"runs": {side.value: n for side, n in event.runs.items()}}
    if event.winner is not None:
        state.winner = event.winner


def victory_reason(state: CampaignState, ruleset: Ruleset) -> str | None:
    """Why the winner won, without the rule id ("holding solomani's capital Concord ... ;
    solomani surrendered"); None while the game goes on."""
    return None if state.winner is None else why_won(state.winner, ruleset)


def why_won(winner: Side, ruleset: Ruleset) -> str:
    """Why ``winner`` won, without the rule id: the words of ``status``, the screens' status
    line and the log's line of the winning check alike (found by use, December 7, night: the
    log said it twice, "aslan held Concord …; aslan wins: solomani surrenders")."""
    loser = winner.enemy
    return (
        f"holding {_capital(loser, ruleset)} (its stellar hex and surface box) for "
        f"{TURNS_TO_WIN} player turns in a row; {loser.value} surrendered"
    )


def _capital(side: Side, ruleset: Ruleset) -> str:
    """``solomani's capital Concord``."""
    return f"{side.value}'s capital {ruleset.star_map.capital_of(side).name}"


def game_over_line(state: CampaignState, ruleset: Ruleset) -> str | None:
    """Who won and why in one status-bar line that fits 80 columns ("aslan won: held
    solomani's capital Concord 2 player turns running (DN-VIC-1)"); None while the game goes
    on. Found by use (December 7, night): the screens' status line said only "the game is
    over: aslan won", and ``game_over_sentence`` is cut there at 80 columns before the why."""
    winner = state.winner
    if winner is None:
        return None
    held = f"held {_capital(winner.enemy, ruleset)} {TURNS_TO_WIN} player turns running"
    return f"{winner.value} won: {held} (DN-VIC-1)"


def _outcome(state: CampaignState, ruleset: Ruleset) -> str | None:
    """Who won and why, without the rule id; None while the game goes on."""
    reason = victory_reason(state, ruleset)
    if state.winner is None or reason is None:
        return None
    return f"the game is over: {state.winner.value} won, {reason}"


def game_over_sentence(state: CampaignState, ruleset: Ruleset) -> str | None:
    """How the game ended, for ``status`` and the screens: who won and why (DN-VIC-1); None
    while the game goes on. Found by use (December 7, evening): after the end ``status`` said
    only "winner: solomani"."""
    outcome = _outcome(state, ruleset)
    return None if outcome is None else f"{outcome} (DN-VIC-1)"


def game_over_refusal(state: CampaignState, ruleset: Ruleset) -> IllegalOrderError:
    """The refusal of a player's order once the game is over (DN-VIC-1); found by use
    (December 7, evening): it was "DN-SEQ-2: 'pass' is not allowed in the game-over phase
    (game turn 2, solomani to act)", as if someone were still to act."""
    outcome = _outcome(state, ruleset) or "the game is over"
    return IllegalOrderError(
        "DN-VIC-1",
        f"{outcome}: no more orders but the referee's (`campaign log` and `campaign verify` "
        "still read the game)",
    )

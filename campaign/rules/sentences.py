"""Outcome sentences of the sequence of play, set-up and referee events (``narration``)."""

from __future__ import annotations

from campaign.rules import table_draw
from campaign.rules.errors import IllegalOrderError
from campaign.rules.flow import (
    CampaignStarted,
    MapAssembled,
    PhaseAdvanced,
    PhaseEnded,
    SteppingSet,
    TurnPassed,
    check_step_end,
    has_passed,
    pass_lapsed,
    pass_reach,
)
from campaign.rules.ids import kind_code
from campaign.rules.narration import NarrationView, describes
from campaign.rules.referee import (
    DiceEntered,
    RefereeAdjusted,
    RefereeRestored,
    RulesetRepinned,
)
from campaign.rules.sequence import FIRST_PLAYER_STEP, FLOW
from campaign.rules.setup_rules import (
    NeutralPlaced,
    NeutralsShuffled,
    UnitDeployed,
    UnitsBought,
)
from campaign.rules.table_draw import NeutralDrawSet


@describes(CampaignStarted)
def _started(event: CampaignStarted, view: NarrationView) -> str:
    return f"Campaign {event.campaign_id} starts: each side has {event.starting_ru} RU (DN-SET-1)"


@describes(MapAssembled)
def _map(event: MapAssembled, view: NarrationView) -> str:
    sections = event.layout.get("sections") or []
    seed = event.layout.get("seed")
    seeded = f" (seed {seed})" if seed is not None else ""
    return (
        f"The map is assembled: layout {event.layout.get('layout', '?')}{seeded}, "
        f"{view.plural(len(sections), 'section')} (DN-MAP-5)"
    )


@describes(PhaseEnded)
def _ended(event: PhaseEnded, view: NarrationView) -> None:
    return None  # the phase-advanced event that follows says where the sequence went


@describes(PhaseAdvanced, phase=True)
def _advanced(event: PhaseAdvanced, view: NarrationView) -> str:
    step = FLOW[event.step]
    how = ""
    if event.auto:
        passed = has_passed(view.state, view.state.acting) and not view.state.phase.is_setup
        why = f"{view.state.acting.value} passed" if passed else "nothing to decide"
        how = f" (automatic: {why}, DN-SEQ-1)"
    if step.phase.is_setup:
        return f"Set-up: {step.label}, {event.acting.value} to act{how}"
    if step.phase.value == "game-over":
        return "The game is over"
    lapsed = ""
    same_player_turn = event.step != FIRST_PLAYER_STEP or view.state.step == FIRST_PLAYER_STEP
    if (
        same_player_turn
        and event.acting is not view.state.acting
        and pass_lapsed(view.state, event.acting)
    ):
        lapsed = (
            f"; {view.side(event.acting)} pass ends: {view.side(view.state.acting)} "
            "changed the situation meanwhile (DN-SEQ-2)"
        )
    return (
        f"Game turn {event.turn}, {event.phasing.value} player turn: {step.label}, "
        f"{event.acting.value} to act{how}{lapsed}"
    )


@describes(NeutralsShuffled)
def _shuffled(event: NeutralsShuffled, view: NarrationView) -> str:
    return (
        f"The {view.plural(len(event.pile), 'neutral counter')} are shuffled face down (DN-NEU-1)"
    )


@describes(NeutralPlaced)
def _placed(event: NeutralPlaced, view: NarrationView) -> str:
    who = view.side(event.drawn_by)
    if view.viewer is None:  # a player learns nothing of a counter set aside (DN-NEU-1)
        aside = (
            (
                f"; first drawn: {', '.join(map(kind_code, event.set_aside))}, set aside face "
                "down, the box already holds a PD (DN-MOV-10)"
            )
            if event.set_aside
            else ""
        )
        table = " at the table" if table_draw.at_table(view.state) else ""
        return (
            f"{who} draw {kind_code(event.kind)} ({event.unit_id}){table} and place it face down "
            f"{view.place(event.location)}{aside} (DN-NEU-1)"
        )
    return f"{who} place a face-down neutral in {view.system(event.location.system)} (DN-NEU-1)"


@describes(UnitsBought)
def _bought(event: UnitsBought, view: NarrationView) -> str:
    return (
        f"{view.side(event.side)} buy {len(event.unit_ids)} × {kind_code(event.kind)} for "
        f"{event.cost} RU: {', '.join(event.unit_ids)} (DN-SET-1)"
    )


@describes(UnitDeployed)
def _deployed(event: UnitDeployed, view: NarrationView) -> str:
    return f"{view.unit(event.unit_id)} deployed {view.place(event.location)} (DN-SET-2)"


@describes(RefereeRestored, changes_control=True)
def _restored(event: RefereeRestored, view: NarrationView) -> str:
    return f"Referee: state restored to event {event.to_seq} ({event.reason}) (DN-ERR-1)"


@describes(RefereeAdjusted, changes_control=True)
def _adjusted(event: RefereeAdjusted, view: NarrationView) -> str:
    """What the override changed, from what (the state before the event), with its reason: the
    log is the referee's record of what the table agreed to change (DN-ERR-1)."""
    changes = []
    if event.side is not None and event.ru is not None:
        had = view.state.ru.get(event.side)
        before = "" if had is None else f"had {had} RU, "
        changes.append(f"{view.side(event.side)} {before}now have {event.ru} RU")
    if event.unit_id is not None:
        if event.location is not None:
            unit = view.state.units.get(event.unit_id)
            was = "" if unit is None else f" (was {view.place(unit.location)})"
            changes.append(f"{view.unit(event.unit_id)} put {view.place(event.location)}{was}")
        if event.disrupted is not None:
            state = "disrupted" if event.disrupted else "no longer disrupted"
            changes.append(f"{view.unit(event.unit_id)} {state}")
    return f"Referee: {'; '.join(changes) or 'no change'} ({event.reason}) (DN-ERR-1)"


@describes(DiceEntered)
def _dice_entered(event: DiceEntered, view: NarrationView) -> str:
    values = ", ".join(str(v) for v in event.values)
    if event.origin == "physical" and view.viewer is not None:
        # a player is not told how many dice were typed: the referee's typed dice may include
        # some by or at a face-down counter; the dice line shows those he may see (DN-NEU-1)
        return "Dice typed at the table" + (f" ({event.reason})" if event.reason else "")
    if event.origin == "physical":
        return f"Dice typed at the table: {values}" + (f" ({event.reason})" if event.reason else "")
    return f"Referee override: dice typed in ({event.reason}): {values} (DN-ERR-1)"


@describes(RulesetRepinned)
def _repinned(event: RulesetRepinned, view: NarrationView) -> str:
    return (
        f"Referee: data files re-pinned, profile {event.profile_hash[:12]} ({event.reason}, "
        "DN-DATA-4)"
    )


@describes(NeutralDrawSet)
def _neutral_draw(event: NeutralDrawSet, view: NarrationView) -> str:
    if event.mode == "table":
        return (
            "Referee: the neutral counters are drawn at the table; each placement names "
            "the counter drawn, checked against the pile (DN-NEU-1)"
        )
    return "Referee: the tool draws the neutral counters from its shuffle (DN-NEU-1)"


@describes(SteppingSet)
def _stepping(event: SteppingSet, view: NarrationView) -> str:
    if event.mode == "manual":
        return "Referee: manual stepping, every step waits for end-phase (DN-SEQ-2)"
    return "Referee: automatic stepping, a step with no order to give ends by itself (DN-SEQ-2)"


@describes(TurnPassed)
def _passed(event: TurnPassed, view: NarrationView) -> str:
    first = ""
    if view.ruleset is not None:
        try:
            check_step_end(view.state, view.ruleset)
        except IllegalOrderError as error:  # a real choice the pass does not take
            first = f"; first this step waits: {error.reason} ({error.rule_id})"
    return f"{view.side(event.side)} pass: {pass_reach(view.state, event.side)}{first} (DN-SEQ-2)"

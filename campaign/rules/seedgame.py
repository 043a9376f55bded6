"""Seed games: a set-up, a list of orders and a dice seed, with the expected state digest after
every step (golden replays, ``seeds/*.json``).

A step either applies (its ``digest`` is checked) or is expected to be rejected with a rule id
(``reject``), in which case the state must stay as it was. Physical dice may be given per step.
"""

from msgspec import Struct, field

from campaign.rules import engine, narration
from campaign.rules.base import Event
from campaign.rules.dice import PhysicalSource, SeededSource
from campaign.rules.errors import CampaignError, IllegalOrderError
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.model import MutableModel
from campaign.rules.notation import parse_order
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

FORMAT = "dark-nebula-seed-game/1"


class SeedStep(MutableModel, kw_only=True):
    """One order with its expected outcome."""

    order: str
    dice: list[int] | None = None  # physical dice for this order (else the seeded source)
    digest: str | None = None  # expected state digest after the order
    reject: str | None = None  # expected rule id (or "invalid") when the order must fail


class SeedGame(MutableModel, kw_only=True):
    """A whole seed game file."""

    format: str = FORMAT
    name: str
    description: str = ""
    layout: str = "standard"
    seed: int | None = None
    dice_seed: str
    profile_hash: str = ""
    start_digest: str
    steps: list[SeedStep] = field(default_factory=list)


class StepResult(Struct):
    """Outcome of one step of a replay."""

    index: int
    order: str
    ok: bool
    message: str
    lines: list[str] = field(default_factory=list)  # what happened (``replay(narrate=True)``)


def _layout_event(ruleset: Ruleset) -> MapAssembled:
    return MapAssembled(layout=layout_record(ruleset.star_map))


def opening_state(game: SeedGame, ruleset: Ruleset) -> CampaignState:
    """The state after the opening events of ``game``."""
    events = engine.start(game.name, ruleset, _layout_event(ruleset), SeededSource(game.dice_seed))
    return engine.fold(events)


def _run_step(
    state: CampaignState, step: SeedStep, ruleset: Ruleset, game: SeedGame
) -> tuple[CampaignState, str | None, list[Event]]:
    """Apply ``step``; returns the state, the rule id of a rejection (None if applied) and the
    events."""
    source = (
        PhysicalSource.from_values(step.dice)
        if step.dice is not None
        else SeededSource(game.dice_seed)
    )
    try:
        events = engine.decide(state, parse_order(step.order), ruleset, source)
    except IllegalOrderError as error:
        return state, error.rule_id, []
    except CampaignError:
        return state, "invalid", []
    return engine.fold(events, state), None, events


def replay(game: SeedGame, ruleset: Ruleset, *, narrate: bool = False) -> list[StepResult]:
    """Replay every step, comparing digests and expected rejections; stops at the first miss.

    ``narrate``: each result also carries the sentences of what its step did (the CLI)."""
    state = opening_state(game, ruleset)
    results = [StepResult(0, "(start)", engine.state_digest(state) == game.start_digest, "")]
    if not results[0].ok:
        results[0].message = "opening digest differs"
        return results
    for index, step in enumerate(game.steps, start=1):
        before = engine.state_digest(state)
        previous = state.clone() if narrate else state
        state, rejected, events = _run_step(state, step, ruleset, game)
        after = engine.state_digest(state)
        if step.reject is not None:
            ok = rejected == step.reject and after == before
            message = "" if ok else f"expected rejection {step.reject}, got {rejected or 'applied'}"
        elif rejected is not None:
            ok, message = False, f"rejected ({rejected})"
        else:
            ok = step.digest is None or after == step.digest
            message = "" if ok else f"digest {after[:12]} != expected {(step.digest or '')[:12]}"
        lines = (
            narration.condense(narration.narrate(events, previous, ruleset=ruleset))
            if narrate
            else []
        )
        results.append(StepResult(index, step.order, ok, message, lines))
        if not ok:
            break
    return results


def record(game: SeedGame, ruleset: Ruleset) -> SeedGame:
    """``game`` with every digest filled in from an actual run (for writing seed files)."""
    state = opening_state(game, ruleset)
    steps: list[SeedStep] = []
    for step in game.steps:
        state, rejected, _ = _run_step(state, step, ruleset, game)
        if rejected is not None and step.reject is None:
            raise ValueError(f"{step.order!r} was rejected ({rejected}) while recording")
        digest = None if step.reject is not None else engine.state_digest(state)
        steps.append(step.model_copy(update={"digest": digest, "reject": rejected}))
    return game.model_copy(
        update={
            "steps": steps,
            "start_digest": engine.state_digest(opening_state(game, ruleset)),
            "profile_hash": ruleset.profile_hash,
        }
    )

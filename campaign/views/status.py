"""``campaign status``: turn, step, RU, unit counts, who must act now and the digest of what the
viewer sees (``view_digest``: the whole state's digest would let a player test guesses about
face-down counters).
"""

from msgspec import Struct, field

from campaign.rules import engine, fairplay
from campaign.rules.acting import Duty, side_to_act, who_must_act
from campaign.rules.economy.victory import victory_reason
from campaign.rules.flow import FLOW
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import Seen, view_digest
from campaign.views.report import (
    SCHEMA_VERSION,
    DutyRow,
    Report,
    duty_row,
    seen_duty,
    viewer_name,
)


class StatusReport(Report, frozen=True, kw_only=True):
    """``campaign status --json``."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    phasing: str
    #: the side whose step it is (the phase's side, or the other in Reaction Movement)
    acting: str
    #: the side the game waits for now (``acting.side_to_act``): the other side while it
    #: names a unit or decides on withdrawal first in a battle of ``acting``'s step
    #: (DN-CBT-3/7); null once the game is over
    to_act: str | None
    winner: str | None
    won_by: str | None  # why the winner won (DN-VIC-1), once the game is over
    ru: dict[str, int]
    units: dict[str, int]
    unplaced: dict[str, int]
    seq: int
    digest: str
    must_act: list[DutyRow]


def to_act_words(acting: str, to_act: str | None) -> str:
    """Whom the game waits for, as `campaign status` and `campaign list` say it: ``aslan to
    act``; ``solomani to act (in aslan's step)`` while the other side acts first in a battle of
    the step (DN-CBT-3/7); ``game over`` (``to_act`` None, DN-VIC-1)."""
    if to_act is None:
        return "game over"
    if to_act != acting:
        return f"{to_act} to act (in {acting}'s step)"
    return f"{acting} to act"


def status_report(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    *,
    seq: int,
    held: Duty | None = None,
    gives: bool = True,
) -> StatusReport:
    """Turn, step, sides, RU, unit counts and who must act now (``held``: the one duty while
    an order waits for strict dice), with the order forms offered to the seat only
    (``seen_duty``; ``gives`` as in ``status``); the digest is of what the seat sees
    (``views.view_digest``)."""
    state, viewer = seen.truth, seen.viewer

    def count(side: Side, where: Where | None = None) -> int:
        return sum(1 for u in state.units_of(side) if where is None or u.location.where is where)

    duties = _duties(state, ruleset, held)
    to_act = side_to_act(state, duties)
    report = StatusReport(
        campaign=name,
        viewer=viewer_name(viewer),
        turn=state.turn,
        step=FLOW[state.step].label,
        phasing=state.phasing.value,
        acting=state.acting.value,
        to_act=to_act.value if to_act is not None else None,
        winner=state.winner.value if state.winner is not None else None,
        won_by=victory_reason(state, ruleset),
        ru={s.value: state.ru.get(s, 0) for s in PLAYER_SIDES},
        units={s.value: count(s) for s in PLAYER_SIDES},
        unplaced={s.value: count(s, Where.UNPLACED) for s in PLAYER_SIDES},
        seq=seq,
        digest=view_digest(state, viewer),
        must_act=[duty_row(seen_duty(seen, d, gives=gives)) for d in duties],
    )
    return seen.report(report)


class Status(Struct):
    """What ``campaign status`` shows."""

    name: str
    turn: int
    step: str
    phasing: Side
    acting: Side
    to_act: Side | None  # whom the game waits for (``acting.side_to_act``)
    ru: dict[Side, int]
    units: dict[Side, int]
    unplaced: dict[Side, int]
    seq: int
    digest: str
    winner: Side | None
    legal: list[engine.LegalOrder] = field(default_factory=list)
    legal_other: list[engine.LegalOrder] = field(default_factory=list)  # non-acting side
    #: whose orders ``legal`` lists: the acting side's for the referee, a player's own
    legal_side: Side | None = None
    duties: list[Duty] = field(default_factory=list)  # who must act now, most urgent first
    #: why the winner won, once the game is over (DN-VIC-1)
    won_by: str | None = None


def _duties(
    state: CampaignState,
    ruleset: Ruleset,
    held: Duty | None,
    legal: list[engine.LegalOrder] | None = None,
) -> list[Duty]:
    """Who must act now, most urgent first; only ``held`` while an order waits for strict
    dice (issue 46 item 5). ``legal``: the acting side's legal orders, when already known."""
    return [held] if held is not None else who_must_act(state, ruleset, legal)


def status(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    *,
    seq: int,
    held: Duty | None = None,
    gives: bool = True,
) -> Status:
    """Turn, phase, who acts, RU, unit counts, digest and the order types legal now (the text
    form of ``campaign status``); the digest is of what the seat sees, and who must act is
    said as the seat reads it. ``held``: an order waits for strict dice, so that wait is the
    one duty and no order is legal now. ``gives`` False: the seat may give none of the
    viewer's orders on this database (``Sight.gives``), so none is listed."""
    state, viewer = seen.truth, seen.viewer
    units = {s: sum(1 for _ in state.units_of(s)) for s in PLAYER_SIDES}
    unplaced = {
        s: sum(1 for u in state.units_of(s) if u.location.where is Where.UNPLACED)
        for s in PLAYER_SIDES
    }
    # the referee reads the acting side's orders and the other's; a player his own only (as
    # his screen lists them), never the fair-play orders his machine gives itself
    mine = state.acting if viewer is None else viewer
    quiet = held is not None or not gives
    legal = [] if quiet else typed_only(state, engine.legal_orders(state, mine, ruleset))
    other = (
        []
        if quiet or viewer is not None
        else typed_only(state, engine.legal_orders(state, state.acting.enemy, ruleset))
    )
    acting = legal if gives and mine is state.acting and not fairplay.active(state) else None
    duties = _duties(state, ruleset, held, acting)
    return Status(
        name=name,
        turn=state.turn,
        step=FLOW[state.step].label,
        phasing=state.phasing,
        acting=state.acting,
        to_act=side_to_act(state, duties),
        ru=dict(state.ru),
        units=units,
        unplaced=unplaced,
        seq=seq,
        digest=view_digest(state, viewer),
        winner=state.winner,
        won_by=victory_reason(state, ruleset),
        legal=legal,
        legal_other=other,
        legal_side=mine,
        duties=[seen_duty(seen, duty, gives=gives) for duty in duties],
    )


def typed_only(state: CampaignState, legal: list[engine.LegalOrder]) -> list[engine.LegalOrder]:
    """``legal`` without the fair-play orders (share, reveal, seal) that a player's machine
    gives on import and export, never typed (ADR 0028)."""
    if not fairplay.active(state):
        return legal
    return [order for order in legal if order.verb not in fairplay.ALWAYS]

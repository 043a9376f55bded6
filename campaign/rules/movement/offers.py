"""When the movement orders are offered (DN-SEQ-2, issue 16 item 9).

``legal_orders`` lists an order type only when ``offered_when`` says so; these checks make sure a
movement order is offered only when at least one concrete form of it would be accepted now. Each
check builds the candidate orders from the state (every stack or lone ship, every cargo and
carrier) and asks the order's own handler, so the offer and the handler cannot disagree. The
search stops at the first accepted form.
"""

from __future__ import annotations

from collections.abc import Iterator

from campaign.rules.candidates import candidates_for
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.movement import book
from campaign.rules.movement.cargo import Load, Unload
from campaign.rules.movement.groups import stacks_of
from campaign.rules.movement.moves import EndMove, Jump, LeaveBox, Sublight
from campaign.rules.movement.presence import SELF_PROPELLED
from campaign.rules.movement.query import has_jump
from campaign.rules.movement.stacks import FormStack, MergeStacks, SplitStack
from campaign.rules.offers import accepted
from campaign.rules.phases import Phase
from campaign.rules.registry import offered_when
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where

#: A stack label no player uses, for probing ``form-stack`` / ``split-stack``.
PROBE_LABEL = "probe.offer"


def _ships(state: CampaignState, ruleset: Ruleset, side: Side) -> list[Unit]:
    """Own self-propelled units standing in a stellar hex or surface box (not cargo)."""
    return [
        u
        for u in state.units_of(side)
        if u.location.where in (Where.HEX, Where.BOX)
        and ruleset.unit_type(u.kind).category in SELF_PROPELLED
    ]


def _groups(state: CampaignState, ruleset: Ruleset, side: Side) -> list[str]:
    """Every stack label and every unstacked ship of ``side``."""
    loose = [u.id for u in _ships(state, ruleset, side) if u.stack is None]
    return [*stacks_of(state, side), *loose]


def _acting(state: CampaignState, side: Side | None) -> bool:
    return side is not None and side is state.acting


@offered_when(Jump)
def _offer_jump(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some stack or ship of ``side`` has a legal jump destination (DN-MOV-2..4)."""
    if side is None or not _acting(state, side):
        return False
    return any(has_jump(state, ruleset, side, what) for what in _groups(state, ruleset, side))


@offered_when(Sublight)
def _offer_sublight(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """First Movement only, and some stack may move one hex (DN-MOV-1)."""
    if state.phase is not Phase.FIRST_MOVEMENT or not _acting(state, side):
        return False
    assert side is not None
    star_map = ruleset.star_map
    candidates = (
        Sublight(side=side, what=what, system=there)
        for what in _groups(state, ruleset, side)
        for there in star_map.hex_neighbours(_place_of(state, side, what))
    )
    return accepted(state, ruleset, candidates)


def _place_of(state: CampaignState, side: Side, what: str) -> str:
    """The system where the stack (or lone ship) ``what`` stands."""
    members = stacks_of(state, side).get(what) or [what]
    return state.units[members[0]].location.system or ""


@offered_when(EndMove)
def _offer_end_move(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some stack or ship of ``side`` has not finished its movement (DN-MOV-4). In Reaction
    Movement, once a stack has reacted, only that stack's move is left to end (DN-MOV-8):
    ending another one's is accepted but is nothing the step waits for, so it is not offered
    (found by use, December 7, late night: ``now:`` read "end-move STACK" after the reacting
    stack had finished, as if a stack still had a move to end)."""
    if not _acting(state, side):
        return False
    assert side is not None
    groups = _groups(state, ruleset, side)
    chosen = book.reaction_stack(state) if state.phase is Phase.REACTION_MOVEMENT else None
    if chosen is not None:
        stacks = stacks_of(state, side)
        groups = [g for g in groups if set(stacks.get(g) or [g]) & set(chosen)]
    return accepted(state, ruleset, (EndMove(side=side, what=w) for w in groups))


@offered_when(LeaveBox)
def _offer_leave_box(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some ship of ``side`` in a surface box may lift off (DN-MOV-6)."""
    if not _acting(state, side):
        return False
    assert side is not None
    in_box = [u for u in _ships(state, ruleset, side) if u.location.where is Where.BOX]
    names = {u.stack or u.id for u in in_box}
    return accepted(state, ruleset, (LeaveBox(side=side, what=w) for w in sorted(names)))


@offered_when(FormStack)
def _offer_form(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some ship of ``side`` stands on the map (a stack may be formed from it)."""
    if not _acting(state, side):
        return False
    assert side is not None
    return accepted(
        state,
        ruleset,
        (
            FormStack(side=side, label=PROBE_LABEL, units=[u.id])
            for u in _ships(state, ruleset, side)
        ),
    )


@candidates_for("split-stack")
def _split_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[SplitStack]:
    """Each member of each stack of ``side`` leaving it alone (the forms' UNITS: the members
    of the stack chosen, DN-MOV-2)."""
    if not _acting(state, side):
        return
    for label, members in stacks_of(state, side).items():
        for member in members:
            yield SplitStack(side=side, stack=label, label=None, units=[member])


@offered_when(SplitStack)
def _offer_split(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` has a stack to split."""
    return side is not None and accepted(state, ruleset, _split_candidates(state, side, ruleset))


@candidates_for("merge-stacks")
def _merge_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[MergeStacks]:
    """Each stack of ``side`` with each other stack or lone ship standing in the same place
    (the forms' OTHERS: the groups beside the stack chosen, DN-MOV-2)."""
    if not _acting(state, side):
        return
    by_place: dict[str, list[str]] = {}
    for what in _groups(state, ruleset, side):
        members = stacks_of(state, side).get(what) or [what]
        place = state.units[members[0]].location.to_text()
        by_place.setdefault(place, []).append(what)
    stacks = stacks_of(state, side)
    for group in by_place.values():
        for stack in (what for what in group if what in stacks):
            for other in group:
                if other != stack:
                    yield MergeStacks(side=side, stack=stack, others=[other])


@offered_when(MergeStacks)
def _offer_merge(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """A stack and another stack or lone ship of ``side`` stand in the same place."""
    return side is not None and accepted(state, ruleset, _merge_candidates(state, side, ruleset))


def _cargo_candidates(state: CampaignState, ruleset: Ruleset, side: Side) -> Iterator[Load]:
    carriers = [
        u
        for u in _ships(state, ruleset, side)
        if ruleset.unit_type(u.kind).has(UnitFlag.TRANSPORT)
        or ruleset.unit_type(u.kind).has(UnitFlag.CARRIER)
    ]
    for cargo in state.units_of(side):
        category = ruleset.unit_type(cargo.kind).category
        if category not in (UnitCategory.GROUND, UnitCategory.PD, UnitCategory.FIGHTER):
            continue
        if cargo.location.where not in (Where.BOX, Where.UNPLACED):
            continue
        for carrier in carriers:
            if (
                cargo.location.where is Where.UNPLACED
                or carrier.location.system == cargo.location.system
            ):
                yield Load(side=side, cargo=cargo.id, carrier=carrier.id)


@candidates_for("load")
def _load_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[Load]:
    """Every cargo of ``side`` with every carrier it could board (the forms' lists)."""
    return _cargo_candidates(state, ruleset, side)


@offered_when(Load)
def _offer_load(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some cargo of the acting side may go aboard one of its carriers now (DN-MOV-5/7/10).

    In a combat step the side not acting may still load in a friendly system (the handler
    accepts it while the step is open), but it is not offered: it is nothing the step waits
    for, so it neither clutters ``status`` nor keeps a step from ending by itself (issue 29)."""
    if not _acting(state, side):
        return False
    assert side is not None
    return accepted(state, ruleset, _cargo_candidates(state, ruleset, side))


@offered_when(Unload)
def _offer_unload(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some cargo of the acting side may be put down now (DN-MOV-5); as for ``load``, the side
    not acting is not offered it."""
    if not _acting(state, side):
        return False
    assert side is not None
    aboard = (u for u in state.units_of(side) if u.location.where is Where.CARRIED)
    return accepted(state, ruleset, (Unload(side=side, cargo=u.id) for u in aboard))

"""What every report of the read side shares: a strict base (a frozen msgspec Struct, so the
JSON a report prints has a published schema, ``docs/schemas/``), the viewer's name, who must
act, and the JSON text every ``--json`` prints (``report_json``). What a report may show its
viewer is decided by the one hiding rule, ``rules.views.see`` (a ``Seen``).

Every report's JSON has the same envelope: ``schema_version`` first, then ``campaign`` and
``viewer``, indented by ``JSON_INDENT`` (docs/referee-cli.md, "Views"). A report is a
``Report`` (ADR 0055), or a plain msgspec Struct that the collector does not track where its
rows are many (the income report, ADR 0053); both print alike.
"""

import msgspec
from msgspec.structs import replace

from campaign.rules.acting import duty_sentence, first_duty
from campaign.rules.combat.waiting import Duty
from campaign.rules.ids import Side
from campaign.rules.model import FrozenModel
from campaign.rules.ruleset import Ruleset
from campaign.rules.seats import Seat
from campaign.rules.views import Seen

SCHEMA_VERSION = 1
#: The indentation of every ``--json`` report.
JSON_INDENT = 1


class Report(FrozenModel, frozen=True, kw_only=True):
    """Base of the report models: strict (no extra keys), so a schema change is deliberate."""


class DutyRow(Report, frozen=True, kw_only=True):
    """A side that must act now, with the order(s) it gives (``acting.who_must_act``)."""

    side: str
    orders: list[str]
    reason: str
    rule: str
    battle: str | None


def report_json(report: msgspec.Struct) -> str:
    """The JSON text of a report, indented by ``JSON_INDENT`` (keys in field order, ``": "``
    after a key)."""
    return msgspec.json.format(msgspec.json.encode(report), indent=JSON_INDENT).decode()


def viewer_name(viewer: Side | None) -> str:
    """``referee`` or the side's name."""
    return viewer.value if viewer is not None else "referee"


def seen_duty(seen: Seen, duty: Duty, *, gives: bool = True) -> Duty:
    """``duty`` as the seat of ``seen`` reads it: its reason, and its orders only when they
    are offered to that seat (``offers``): a player reads who must act and why, never the
    order forms of the other side (found by use, December 7: the Aslan player's status and
    screen header said "solomani place-neutral SYSTEM"). The side a duty is its own reads
    its ``own_reason`` (a reveal its machine gives on export: "export your turn file")."""
    orders = duty.orders if offers(seen, duty, gives=gives) else ()
    own = seen.viewer is not None and seen.viewer is duty.side  # a player's own duty
    reason = duty.own_reason if own and duty.own_reason is not None else duty.reason
    return replace(
        duty,
        reason=seen.text(reason),
        orders=tuple(seen.text(order) for order in orders),
        own_reason=None,  # read: ``reason`` is now the seat's own
    )


def offers(seen: Seen, duty: Duty, *, gives: bool = True) -> bool:
    """Whether the seat of ``seen`` is offered ``duty``'s order forms: the referee every
    side's, a player his own side's only, and none where he may give none of them (``gives``
    False: the other player's database by e-mail, ``authority.may_give``) — the orders
    ``campaign status`` lists as legal from that seat (docs/seats.md)."""
    return Seat.of(seen.viewer).speaks_for(duty.side) and gives


def duty_row(duty: Duty) -> DutyRow:
    """The JSON form of a ``Duty``."""
    return DutyRow(
        side=viewer_name(duty.side),
        orders=list(duty.orders),
        reason=duty.reason,
        rule=duty.rule,
        battle=duty.battle,
    )


def acting_line(
    seen: Seen, ruleset: Ruleset, *, gives: bool = True, held: Duty | None = None
) -> str:
    """Who the game waits for now, in the rules core's sentence, as the seat reads it: the
    order it names only when offered to the seat (``seen_duty``; ``gives`` False: a player's
    seat on the other player's database by e-mail). ``held``: the wait for strict dice while
    an order of this database is held (``Reading.held_duty``), the one duty then, as
    ``campaign status`` names it."""
    duty = held if held is not None else first_duty(seen.truth, ruleset)
    seat_duty = None if duty is None else seen_duty(seen, duty, gives=gives)
    return duty_sentence(seen.truth, seat_duty, ruleset)

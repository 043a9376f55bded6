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

from campaign.rules.combat.waiting import Duty
from campaign.rules.ids import Side
from campaign.rules.model import FrozenModel
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


def seen_duty(seen: Seen, duty: Duty) -> Duty:
    """``duty`` with its reason and orders as the seat of ``seen`` reads them."""
    return replace(
        duty, reason=seen.text(duty.reason), orders=tuple(seen.text(order) for order in duty.orders)
    )


def duty_row(duty: Duty) -> DutyRow:
    """The JSON form of a ``Duty``."""
    return DutyRow(
        side=viewer_name(duty.side),
        orders=list(duty.orders),
        reason=duty.reason,
        rule=duty.rule,
        battle=duty.battle,
    )

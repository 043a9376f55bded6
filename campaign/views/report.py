"""What every report of the read side shares: a strict pydantic base (so the JSON a report
prints has a published schema, ``docs/schemas/``), the viewer's name, who must act, and the
last step of the one hiding rule (``as_seen``: every face-down counter's real id replaced by
its alias wherever an id appears).
"""

from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from campaign.rules.combat.waiting import Duty
from campaign.rules.ids import Side
from campaign.rules.state import CampaignState, Unit
from campaign.rules.views import hidden_from, hidden_names, redact

SCHEMA_VERSION = 1


class Report(BaseModel):
    """Base of the report models: strict (no extra keys), so a schema change is deliberate."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class DutyRow(Report):
    """A side that must act now, with the order(s) it gives (``acting.who_must_act``)."""

    side: str
    orders: list[str]
    reason: str
    rule: str
    battle: str | None


ReportT = TypeVar("ReportT", bound=BaseModel)


def as_seen(report: ReportT, state: CampaignState, viewer: Side | None) -> ReportT:
    """``report`` with every face-down counter the viewer may not identify named by its alias
    ``N-X-k`` wherever an id appears (rows, cargo, engagements, orders): a real id such as
    ``N-JT-1`` would tell its kind (DN-NEU-1)."""
    if not hidden_names(state, viewer):
        return report
    return type(report).model_validate_json(redact(report.model_dump_json(), state, viewer))


def viewer_name(viewer: Side | None) -> str:
    """``referee`` or the side's name."""
    return viewer.value if viewer is not None else "referee"


def duty_row(duty: Duty) -> DutyRow:
    """The JSON form of a ``Duty``."""
    return DutyRow(side=viewer_name(duty.side), orders=list(duty.orders), reason=duty.reason,
                   rule=duty.rule, battle=duty.battle)


def is_hidden(unit: Unit | None, viewer: Side | None) -> bool:
    """True when ``unit`` is a face-down counter ``viewer`` may not identify (DN-NEU-1): the
    hiding rule's one predicate (``rules.views.hidden_from``)."""
    return hidden_from(unit, viewer)

"""``campaign income`` (and the TUI's Economy tab, the map's supply overlay): a side's income per
Table 3 and the connection of each of its boxes to the capital, or what cuts it (DN-ECO-3/4),
as a viewer may read it.

The rules decide income without any face-down kind (a face-down counter in space counts as a
warship for connections until revealed, ``economy.adapter.FACE_DOWN_IN_SPACE``); here a player
reads every neutral counter by its alias (DN-NEU-1).

``campaign income --json`` prints an ``IncomeView``: the envelope every report has
(``schema_version``, ``campaign``, ``viewer``; ``campaign.views.report``) around one
``IncomeReport`` per side. Its schema is ``docs/schemas/income.schema.json``.
"""

from msgspec import Struct

from campaign.rules.economy.adapter import income_report_for
from campaign.rules.economy.report import IncomeReport
from campaign.rules.economy.treasury import IncomeHistory
from campaign.rules.flow import FLOW
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.views import Seen
from campaign.views.report import SCHEMA_VERSION, viewer_name


class IncomeView(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """``campaign income --json``: the income and supply report of one side or both, each as
    that side reads it. A msgspec Struct like the reports it holds (ADR 0053: thousands of
    rows at 10,000 systems), printed like every other report (``report_json``)."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    sides: list[IncomeReport]


def income_report(
    seen: Seen, ruleset: Ruleset, side: Side, history: IncomeHistory | None = None
) -> IncomeReport:
    """``side``'s income and supply report as ``seen``'s seat may read it; ``history``: the
    income history of the log (``Loaded.income_history``), so that the boxes the side earned
    from and lost since are named (DN-ECO-1/2)."""
    counted = history.get(side) if history is not None else None
    return seen.report(income_report_for(seen.truth, ruleset, side, counted))


def income_view(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    sides: list[Side],
    history: IncomeHistory | None = None,
) -> IncomeView:
    """The income reports of ``sides`` for ``seen``'s seat, in the envelope of every report."""
    state = seen.truth
    return IncomeView(
        campaign=name,
        viewer=viewer_name(seen.viewer),
        turn=state.turn,
        step=FLOW[state.step].label,
        sides=[income_report(seen, ruleset, side, history) for side in sides],
    )

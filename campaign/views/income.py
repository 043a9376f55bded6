"""``campaign income`` (and the TUI's Economy tab, the map's supply overlay): a side's income per
Table 3 and the connection of each of its boxes to the capital, or what cuts it (DN-ECO-3/4),
as a viewer may read it.

The rules decide income without any face-down kind (a face-down counter in space counts as a
warship for connections until revealed, ``economy.adapter.FACE_DOWN_IN_SPACE``); here a player
reads every neutral counter by its alias (DN-NEU-1).
"""

from campaign.rules.economy.adapter import income_report_for
from campaign.rules.economy.report import IncomeReport
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.views import Seen


def income_report(seen: Seen, ruleset: Ruleset, side: Side) -> IncomeReport:
    """``side``'s income and supply report as ``seen``'s seat may read it."""
    return seen.report(income_report_for(seen.truth, ruleset, side))

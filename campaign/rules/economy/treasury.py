"""Income collection at the start of every Maintenance & Production phase (DN-ECO-4..6).

When a ``production`` step starts, the phasing player's unspent RU are carried over (or dropped
when the ``unspent_ru_carry_over`` switch is off, DN-ECO-6) and the Table 3 income is added. The
RU left from the set-up purchases arrive here too: they are the treasury before the first income
(DN-SET-1 [HOUSE]: unspent set-up RU carry over). The event records each box's RU so the log shows
where the money came from; the full explanation is the income report (``report.py``).
"""

from collections.abc import Iterable
from typing import Literal

from campaign.rules.base import Event
from campaign.rules.dice import Dice
from campaign.rules.economy.adapter import explored_routes_of, occupancy_of
from campaign.rules.economy.income import carry_over, side_income
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.referee import RefereeRestored
from campaign.rules.registry import applies, event_type, on_enter
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


@event_type
class IncomeCollected(Event, frozen=True, kw_only=True):
    """``side`` kept ``kept`` of its ``before`` RU and received ``budget`` + box income."""

    type: Literal["income-collected"] = "income-collected"
    side: Side
    turn: int
    before: int
    kept: int
    budget: int
    boxes: dict[str, int]  # system id -> RU (Table 3)
    income: int  # budget + sum(boxes)


def collect_income(state: CampaignState, ruleset: Ruleset, side: Side) -> IncomeCollected:
    """The income event of ``side`` for the current state (DN-ECO-4, DN-ECO-6, DN-SET-1)."""
    income = side_income(
        ruleset, occupancy_of(state, ruleset), side, explored_routes=explored_routes_of(state)
    )
    before = state.ru.get(side, 0)
    return IncomeCollected(
        side=side,
        turn=state.turn,
        before=before,
        kept=carry_over(before, ruleset),
        budget=income.budget,
        boxes={box.system.id: box.ru for box in income.boxes},
        income=income.total,
    )


@on_enter(Phase.PRODUCTION)
def _collect(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    return [collect_income(state, ruleset, state.phasing)]


@applies(IncomeCollected)
def _apply_income(state: CampaignState, event: IncomeCollected) -> None:
    state.ru[event.side] = event.kept + event.income


#: Per side, the boxes that counted in its incomes: system id -> the game turn of the last
#: income the box counted in (``boxes_counted``).
IncomeHistory = dict[Side, dict[str, int]]


def boxes_counted(events: Iterable[tuple[int, Event]]) -> IncomeHistory:
    """The income history of a log, read from its ``income-collected`` events (``(seq,
    event)`` pairs in log order; other events are skipped): for each side, every box that
    counted in one of its incomes and the game turn of the last one. The income report names
    the boxes of it that the side has lost since (``report.build_report``, DN-ECO-1/2), as a
    neutral world conquered and then left empty. An income a referee undo took back
    (``referee-restored``) does not count: the undo puts the state back to after event
    ``to_seq``, so every income logged after that is dropped."""
    incomes: list[tuple[int, IncomeCollected]] = []
    for seq, event in events:
        if isinstance(event, IncomeCollected):
            incomes.append((seq, event))
        elif isinstance(event, RefereeRestored):
            incomes = [(at, income) for at, income in incomes if at <= event.to_seq]
    history: IncomeHistory = {}
    for _, income in incomes:
        counted = history.setdefault(income.side, {})
        for system_id in income.boxes:
            counted[system_id] = income.turn
    return history

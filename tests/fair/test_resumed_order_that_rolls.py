"""A reveal that resumes a held order that rolls, with strict dice (ADR 0028, DN-NEU-1,
DN-ERR-1; docs/turn-files.md, "With --fair").

Found by use (December 7, late night): in a fair game with strict dice between two databases,
an Aslan transport's landing in Solace waited for the reveal of the counter in the box; the
Solomani machine's reveal resumed it, the landing rolled, and the dice source's wait for the
other side's contribution was taken for the landing's own refusal: the held order was logged
as lapsed with the wait's words ("waiting for aslan's dice contribution to file 33"). The
Aslan machine re-ran the reveal with its own dice source, got other words, refused file 33 as
altered, and the game could not go on. A dice source's refusal is now the refusal of the
decision that resumed the order (the reveal, which strict dice then hold for the other side's
dice), never a lapse.
"""

from __future__ import annotations

import pytest

from campaign.pbem.errors import StrictDiceError
from campaign.pbem.fair.strict import StrictSource
from campaign.pbem.strict_exchange import TooSoon
from campaign.rules import engine, fairplay
from campaign.rules.base import Event
from campaign.rules.dice import DiceSource
from campaign.rules.errors import WaitingError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase
from campaign.rules.sequence import FLOW
from campaign.rules.state import CampaignState
from tests.fair.machines import Machine, Table
from tests.rulesets import sample

SETUP = [
    "aslan buy TR",
    "aslan buy RT-5",
    "aslan end-phase",
    "solomani buy SC",
    "solomani end-phase",
    "aslan deploy A-TR-1 hex:aokhtel",
    "aslan deploy A-RT-1 on:A-TR-1",
    "aslan end-phase",
    "solomani deploy S-SC-1 hex:concord",
    "solomani end-phase",
]


class _Revealing(Exception):
    """Raised where a machine gives a reveal: the test decides it itself."""


def _resumes_a_roll(machine: Machine, text: str) -> bool:
    """Whether the reveal ``text`` resumes the held order and the order rolls (the landing
    may first call the reveal of another counter of the box)."""
    events = engine.decide(
        machine.state.clone(), parse_order(text), machine.ruleset, machine.source
    )
    return "held-order-resumed" in [event.type for event in events] and any(
        event.rolls for event in events
    )


@pytest.fixture(scope="module")
def landing() -> tuple[Machine, CampaignState, str]:
    """Seeds 1 and 2 (the first draw stands in Solace's surface box): Aslan's transport with
    a troop aboard jumps to Solace and lands; the landing is held for the reveal of the
    counters in the box. The machines exchange shares and reveals until a reveal would resume
    the landing and roll: the machine that gives it, its state and that reveal."""
    table = Table.new(sample(), seeds=(1, 2))
    for number, system in enumerate(["solace", "beacon"] + ["lantern"] * 6):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    table.settle()
    for text in SETUP:
        table.play(text)
    table.until(lambda state: state.phase is Phase.FIRST_MOVEMENT, "end-phase")
    table.play("aslan jump A-TR-1 solace")
    table.settle()
    while FLOW[table.first.state.step].label != "first-combat/interaction":
        table.play("aslan end-phase")
        table.settle()
    held = table.play("aslan interact solace A-TR-1 - -")
    assert [event.type for event in held] == ["reveals-called"]
    revealing: list[tuple[Machine, CampaignState, str]] = []
    for machine in (table.first, table.second):
        give = machine.give

        def stop_at_reveal(text: str, machine: Machine = machine, give=give) -> list[Event]:
            if " reveal " in text and _resumes_a_roll(machine, text):
                revealing.append((machine, machine.state.clone(), text))
                raise _Revealing
            return give(text)

        machine.give = stop_at_reveal  # type: ignore[method-assign]
    with pytest.raises(_Revealing):
        for _ in range(6):
            table.settle()
    return revealing[0]


@pytest.mark.parametrize(
    "source, refusal",
    [
        (StrictSource(9, None, "aslan"), WaitingError),  # the revealing machine: held
        (TooSoon("solomani", "aslan"), StrictDiceError),  # the other machine re-running it
    ],
)
def test_the_reveal_is_refused_by_its_dice_never_the_held_order_lapsed(
    landing: tuple[Machine, CampaignState, str], source: DiceSource, refusal: type[Exception]
) -> None:
    """DN-NEU-1, DN-ERR-1: the reveal that resumes the landing, decided with a strict dice
    source that cannot roll yet, is refused by that source (a dice wait, so strict dice hold
    the reveal and it ends the file; or, for a file's order that rolled, the strict-dice
    refusal naming its sender), with nothing decided; no ``held-order-lapsed`` event."""
    machine, state, reveal = landing
    with pytest.raises(refusal) as refused:
        engine.decide(state.clone(), parse_order(reveal), machine.ruleset, source)
    if isinstance(refused.value, WaitingError):
        assert [wait.what for wait in refused.value.waits] == ["dice"]
    decided = engine.decide(state.clone(), parse_order(reveal), machine.ruleset, machine.source)
    types = [event.type for event in decided]
    assert "held-order-resumed" in types and "held-order-lapsed" not in types
    assert any(event.rolls for event in decided)  # the landing rolls: the case at hand


def test_a_landing_calls_the_reveal_of_its_own_system_only(
    landing: tuple[Machine, CampaignState, str],
) -> None:
    """DN-NEU-1, ADR 0028 ("a contact reveals every face-down counter of its system"): the
    landing in Solace calls the reveal of Solace's counters, no other. Found by use (December
    7, late night): it looked up the kind of every unit of the game before it asked whose and
    where each was, so it called the counters of Beacon, then of Lantern, one held round trip
    each, and both machines learned kinds no rule needed."""
    _, state, _ = landing
    counters = {
        card
        for card in [*fairplay.slot(state)["revealed"], *fairplay.pending(state)]
        if fairplay.counter_of(state, card) is not None
    }
    solace = {
        fairplay.card_of(state, unit.id)
        for unit in state.units.values()
        if unit.owner is Side.NEUTRAL and state.position_of(unit.id).system == "solace"
    }
    assert counters and counters <= solace, (counters, solace)

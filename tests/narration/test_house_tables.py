"""Every sentence that shows a value read from a combat table says when the table is a house
one (DN-DATA-4, found by use): the shipped tables are the tool's own values, not the boxed
game's, and a referee reading a round, a bombardment or a ground combat must not take them
for the official ones. With tables labelled ``official`` nothing is added. The TUI's forecast,
which simulates battles on the table, names it too."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.combat.forecast import forecast_battle
from campaign.rules.dice import FixedSource
from campaign.rules.ids import Side, TableLabel
from campaign.rules.phases import SubPhase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.tui.views import forecast_lines
from tests.combat.campaign_helpers import RULESET, Campaign, place
from tests.combat.helpers import TABLE, battle, ship

BID = "neb-a/aslan-solomani"


def _official(ruleset: Ruleset) -> Ruleset:
    """``ruleset`` with every combat table relabelled ``official`` (a referee's own copy)."""
    tables = {
        name: table.model_copy(update={"label": TableLabel.OFFICIAL})
        for name, table in ruleset.tables.items()
    }
    return ruleset.model_copy(update={"tables": tables})


def _heads(game: Campaign, order: str, dice: list[int]) -> list[str]:
    """The first line of each sentence ``order`` gives, as the referee reads them."""
    before: CampaignState = game.state.clone()
    events = game.play(order, FixedSource(dice))
    lines = narration.condense(narration.narrate(events, before, ruleset=game.ruleset))
    return [line.split("\n")[0] for line in lines]


def _round(ruleset: Ruleset) -> list[str]:
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-DD-1", "solomani:DD", "hex:neb-a")],
        ruleset=ruleset,
    )
    game.enter()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    game.play(f"solomani target {BID} S-DD-1")
    game.play(f"aslan target {BID} A-CL-1")
    return _heads(game, f"aslan fire {BID}", [6])


def _interaction(ruleset: Ruleset) -> list[str]:
    """A bombardment, then the ground combat the landing leads to (end-phase)."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-RT-1", "aslan:RT-5", "on:A-TR-1"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        ruleset=ruleset,
    )
    game.enter()
    heads = _heads(game, "aslan interact neb-a A-TR-1 A-CL-1>N-RT-1", [1])
    return heads + _heads(game, "aslan end-phase", [1, 1])


def test_a_round_of_fire_on_the_house_table_says_so():
    """DN-CBT-4 [HOUSE]: the round's outcome names the house table its results come from."""
    (head,) = _round(RULESET)
    assert head.endswith("(DN-CBT-4, house table)"), head
    (head,) = _round(_official(RULESET))
    assert head.endswith("(DN-CBT-4)") and "house" not in head, head


def test_bombardment_and_ground_combat_on_house_tables_say_so():
    """DN-INT-4 [HOUSE], DN-GND-2 [HOUSE]: the bombardment and the ground round name the house
    table too; the landing, which reads no table, is not marked."""
    heads = _interaction(RULESET)
    bombard = next(h for h in heads if h.startswith("Interaction at"))
    ground = next(h for h in heads if h.startswith("Ground combat at"))
    assert bombard.endswith("(DN-INT-1, house table)"), bombard
    assert ground.endswith("(DN-GND-2, house table)"), ground
    official = _interaction(_official(RULESET))
    assert not any("house" in head for head in official), official


def test_the_forecast_says_which_table_it_simulates():
    """DN-CBT-4 [HOUSE]: the TUI's forecast rolls thousands of battles on the space combat
    table; its heading says the table is a house one, as the sentences of a real round do."""
    table = TABLE.model_copy(update={"label": TableLabel.HOUSE})
    fight = battle(ship("A1", Side.ASLAN), ship("S1", Side.SOLOMANI))
    forecast = forecast_battle(fight, table, frozenset(), samples=50, seed=1)
    assert forecast.table_label is TableLabel.HOUSE
    assert "on the house space combat table" in forecast_lines(forecast)[0]
    official = table.model_copy(update={"label": TableLabel.OFFICIAL})
    heading = forecast_lines(forecast_battle(fight, official, frozenset(), samples=50))[0]
    assert "house" not in heading and "on the official space combat table" in heading

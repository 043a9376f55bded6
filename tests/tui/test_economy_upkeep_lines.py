"""The Economy tab's maintenance lines say what `campaign upkeep` says (DN-ECO-7; found by use,
December 7): after the step's `maintain` the tab still said "maintenance due now, before any
production", and its total counted the recovery of disrupted ships, which `maintain` with no
lists (and `pass`) does not pay."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.sequence import FIRST_PLAYER_STEP
from campaign.rules.state import CampaignState
from campaign.tui.views import upkeep_lines
from campaign.views.upkeep import Upkeep, maintenance_note, maintenance_status, plan_cost

S = Side.SOLOMANI


def _ship(unit_id: str, *, civilised: bool, disrupted: bool = False, maintenance: int = 3):
    return Upkeep(
        unit_id=unit_id,
        code=unit_id.split("-")[1],
        system_id="concord" if civilised else "marrow",
        civilised=civilised,
        disrupted=disrupted,
        maintenance=maintenance,
        cost=maintenance,
        recovery=maintenance + 1,
    )


SHIPS = [
    _ship("S-CL-1", civilised=True),
    _ship("S-CL-3", civilised=True, disrupted=True),
    _ship("S-SC-2", civilised=False, maintenance=1),
]


def test_due_counts_what_maintain_pays_and_names_the_recovery_as_a_choice():
    """DN-ECO-7: paying every civilised ship costs 3 RU (the disrupted one is not recovered
    by default: it recovers for 4 RU if listed); the scout cannot fail its roll."""
    note = maintenance_note("due", 2, plan_cost(SHIPS, set(), set()))
    text = "\n".join(upkeep_lines(SHIPS, note, str.title))
    assert " ".join(text.split()).startswith(
        "maintenance due now (game turn 2), 3 RU for civilised ships, before any production"
    )
    assert "S-CL-3    CL    at Concord      recovers for 4 RU disrupted" in text
    assert text.endswith("frontier: 1d6 ≥ 1, cannot fail")


def test_resolved_says_so():
    """DN-ECO-7: once `maintain` is given the tab says the step's maintenance is resolved."""
    note = maintenance_note("resolved", 2, 3)
    assert upkeep_lines(SHIPS, note, str.title)[0] == (
        "  maintenance resolved in this phase (game turn 2) (DN-ECO-7)"
    )


def test_the_status_is_the_upkeep_commands():
    """DN-ECO-7: the status the tab shows is ``campaign upkeep``'s: due, resolved, later."""
    state = CampaignState(turn=2, phasing=S)
    state.step = FIRST_PLAYER_STEP  # the phasing side's Maintenance & Production
    assert maintenance_status(state, S)[0] == "due"
    state.slots["maintenance"] = {"done": True}
    assert maintenance_status(state, S)[0] == "resolved"
    assert maintenance_status(state, Side.ASLAN)[0] == "later"

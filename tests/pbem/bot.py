"""A simple player for the end-to-end test: planned moves first, then generic answers.

Planned orders (``PLAN``) are tried when their game turn, phasing side and step come up; an
order the rules refuse is skipped. Everything else — maintenance, battle decisions, losses,
ending steps — is answered by probing candidate orders with ``engine.decide`` on a copy (a
refused order changes nothing and rolls nothing, DN-ERR-1) and playing the first accepted one.
This keeps the test working whatever the dice and the details of the area modules.
"""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.combat import book
from campaign.rules.dice import SeededSource
from campaign.rules.errors import CampaignError
from campaign.rules.flow import FLOW
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.notation import parse_order
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where

#: (game turn, phasing side, step label) -> orders to try once.
PLAN: dict[tuple[int, str, str], list[str]] = {
    (1, "aslan", "first-movement"): ["aslan jump main eawyo,aokhtel"],
    (1, "solomani", "first-movement"): [
        "solomani form-stack home S-B1-1,S-B2-1,S-DD-1,S-DD-2",
        "solomani jump home marrow",
    ],
    (2, "aslan", "first-movement"): [
        "aslan jump main solace",
        "aslan form-stack dd A-DD-1,A-DD-2",
        "aslan jump dd khtaoi,fissure,span",
    ],
    (2, "aslan", "first-combat/interaction"): ["aslan interact solace A-TR-1 - -"],
    (2, "aslan", "second-movement"): ["aslan jump dd keystone"],
    (2, "solomani", "first-movement"): ["solomani jump home redoubt,bastion"],
    (3, "aslan", "first-movement"): ["aslan jump dd keystone"],
    (3, "solomani", "first-movement"): ["solomani jump S-TR-2 marrow,redoubt,bastion"],
    (3, "solomani", "first-combat/interaction"): ["solomani interact bastion S-TR-2 - -"],
}


def accepted(state: CampaignState, ruleset: Ruleset, text: str) -> bool:
    """True when the rules accept ``text`` now (probed on a copy; nothing is kept)."""
    try:
        engine.decide(state.clone(), parse_order(text), ruleset, SeededSource("probe"))
    except CampaignError:
        return False
    return True


def _battle_orders(state: CampaignState, side: Side) -> list[str]:
    out = []
    for battle_id, rec in book.battles(state).items():
        if rec.get("stage") == "over":
            continue
        for verb in ("range", "choose-range {} long", "choose-range {} short",
                     "assign {} auto", "fire", "stay"):
            tail = verb.format(battle_id) if "{}" in verb else f"{verb} {battle_id}"
            out.append(f"{side.value} {tail}")
    return out


def _loss_orders(state: CampaignState, side: Side) -> list[str]:
    return [
        f"{side.value} remove-losses {unit.location.system} {unit.id}"
        for unit in state.units_of(side)
        if unit.location.where is Where.BOX
    ]


class Bot:
    """Chooses the next order for whoever must act."""

    def __init__(self) -> None:
        self.tried: set[tuple[int, str, str, str]] = set()

    def next_order(self, state: CampaignState, ruleset: Ruleset) -> str:
        """The next order to play (raises if nobody can do anything: a rules dead end)."""
        label = FLOW[state.step].label
        key = (state.turn, state.phasing.value, label)
        for text in PLAN.get(key, []):
            if (*key, text) not in self.tried:
                self.tried.add((*key, text))
                if accepted(state, ruleset, text):
                    return text
        others = [s for s in PLAYER_SIDES if s is not state.acting]
        candidates = []
        for side in (state.acting, *others):
            candidates += _battle_orders(state, side) + _loss_orders(state, side)
        acting = state.acting.value
        candidates += [f"{acting} maintain", f"{acting} end-phase"]
        for text in candidates:
            if accepted(state, ruleset, text):
                return text
        raise AssertionError(f"nobody can act at turn {state.turn} {label}")

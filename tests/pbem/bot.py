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
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.notation import parse_order
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FLOW
from campaign.rules.state import CampaignState, Location, Where

#: (game turn, phasing side, step label) -> orders to try once. ``hunt:STACK:hex`` /
#: ``hunt:STACK:box`` stand for jumps of STACK towards every system with neutral units in the
#: stellar hex (a space battle) or the surface box (an interaction and ground battle), nearest
#: first and as far as the rules allow, so the plan works wherever the seeded shuffle put the
#: neutrals; ``land:UNIT`` lands
#: UNIT where it is if neutrals hold that box.
PLAN: dict[tuple[int, str, str], list[str]] = {
    (1, "aslan", "first-movement"): ["aslan jump main eawyo,aokhtel"],
    (1, "solomani", "first-movement"): [
        "solomani form-stack home S-B1-1,S-B2-1,S-DD-1,S-DD-2",
        "solomani jump home marrow",
    ],
    (2, "aslan", "first-movement"): [
        "hunt:main:box",
        "aslan form-stack dd A-DD-1,A-DD-2",
        "hunt:dd:hex",
    ],
    (2, "aslan", "first-combat/interaction"): ["land:A-TR-1"],
    (2, "aslan", "second-movement"): ["hunt:dd:hex"],
    (2, "solomani", "first-movement"): ["solomani jump home redoubt,bastion"],
    (3, "aslan", "first-movement"): ["hunt:dd:hex", "hunt:main:box"],
    (3, "aslan", "first-combat/interaction"): ["land:A-TR-1"],
    (3, "aslan", "second-movement"): ["hunt:dd:hex"],
    (3, "solomani", "first-movement"): ["solomani jump S-TR-2 marrow,redoubt,bastion"],
    (3, "solomani", "first-combat/interaction"): ["solomani interact bastion S-TR-2 - -"],
}


def _paths(ruleset: Ruleset, start: str) -> dict[str, list[str]]:
    """Shortest route paths (excluding ``start``) from ``start`` to every system."""
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for there in ruleset.star_map.neighbours(here):
                if there not in paths:
                    paths[there] = [*paths[here], there]
                    following.append(there)
        frontier = following
    return paths


def _expand(state: CampaignState, ruleset: Ruleset, text: str) -> list[str]:
    """Plan entries as concrete orders (see ``PLAN``)."""
    if text.startswith("land:"):
        unit = state.units.get(text[5:])
        system = None if unit is None else unit.location.system
        if unit is None or unit.location.where is not Where.HEX or system is None:
            return []
        if any(
            u.owner is Side.NEUTRAL and u.location == Location.box(system)
            for u in state.units.values()
        ):
            return [f"{unit.owner.value} interact {system} {unit.id} - -"]
        return []
    if not text.startswith("hunt:"):
        return [text]
    _, stack, where = text.split(":")
    members = state.stack_members(state.phasing, stack)  # the plans hunt with the phasing side
    if not members or members[0].location.where is not Where.HEX:
        return []
    wanted = Where.HEX if where == "hex" else Where.BOX
    targets = {
        u.location.system
        for u in state.units.values()
        if u.owner is Side.NEUTRAL and u.location.where is wanted
    }
    paths = _paths(ruleset, members[0].location.system or "")
    reachable = sorted((len(paths[t]), t) for t in targets if t in paths and paths[t])
    side = members[0].owner.value
    # the whole path first, then shorter and shorter (a blocking unit on the way stops a jump)
    return [
        f"{side} jump {stack} {','.join(paths[t][:end])}"
        for _, t in reachable
        for end in range(len(paths[t]), 0, -1)
    ]


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
        for verb in (
            "range",
            "choose-range {} long",
            "choose-range {} short",
            "assign {} auto",
            "fire",
            "stay",
        ):
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
        for entry in PLAN.get(key, []):
            if (*key, entry) in self.tried:
                continue
            self.tried.add((*key, entry))
            for text in _expand(state, ruleset, entry):
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

"""Control of planetary surface boxes (DN-ECO-1, DN-ECO-2) and of stellar hexes (DN-VIC-1).

DN-ECO-1: a box is controlled by the side whose ground forces or PD are there alone. Ships never
control a box. DN-ECO-2: a marked box (star, circle, triangle) stays with its original owner unless
*enemy* ground forces or PD are there alone -- so a marked box holding both sides' troops still
belongs to its original owner (the seed: 敵勢力地上戦力／惑星防衛システムが単独でいる場合を除いて、
常に元の勢力の支配下にある).

Unconscripted neutrals are a side of their own here: neutral troops alone control their box for the
neutrals, which gives no player any income.
"""

from __future__ import annotations

from collections.abc import Collection

from msgspec import Struct

from campaign.rules.ids import Side
from campaign.rules.ruleset import StarSystem


class BoxControl(Struct, frozen=True):
    """Who controls a surface box, by which rule, and (lazily) the sentence that says why."""

    controller: Side | None
    rule: str  # "DN-ECO-1" or "DN-ECO-2"
    system: StarSystem
    present: frozenset[Side]  # sides with ground forces/PD in the box

    @property
    def reason(self) -> str:
        """Plain-language reason, e.g. ``circle-marked box taken: aslan ... there alone``."""
        present, system = self.present, self.system
        if self.rule == "DN-ECO-2":
            mark = system.mark.value if system.mark else "marked"
            if self.controller is not system.original_owner:
                holders = _names(present)
                return f"{mark}-marked box taken: {holders} ground forces/PD are there alone"
            if not present:
                why = "no ground forces or PD there"
            elif len(present) == 1:
                why = f"{_names(present)} ground forces/PD there"
            else:
                why = f"ground forces/PD of {_names(present)} share it, so no enemy is there alone"
            return f"{mark}-marked box stays with its original owner: {why}"
        if self.controller is not None:
            return _ALONE[self.controller]
        if not present:
            return "no ground forces or PD there (ships never control)"
        return f"contested: ground forces/PD of {_names(present)}"


#: The reason of a box its side holds alone (DN-ECO-1), written once per side: most boxes of a
#: report give it, and writing it per box cost an enum lookup and a new string each, thousands
#: of them at 10,000 systems (issue 47 item 3).
_ALONE = {side: f"{side.value} ground forces/PD are there alone" for side in Side}


def _names(sides: Collection[Side]) -> str:
    return " and ".join(sorted(side.value for side in sides))


def box_control(system: StarSystem, ground_sides: Collection[Side]) -> BoxControl:
    """Who controls the surface box of ``system`` given the sides with ground forces/PD there."""
    present = frozenset(ground_sides)
    owner = system.original_owner
    if system.mark is not None and owner is not None:
        if len(present) == 1 and owner not in present:
            (holder,) = present
            return BoxControl(holder, "DN-ECO-2", system, present)
        return BoxControl(owner, "DN-ECO-2", system, present)
    if len(present) == 1:
        (holder,) = present
        return BoxControl(holder, "DN-ECO-1", system, present)
    return BoxControl(None, "DN-ECO-1", system, present)


def box_controller(system: StarSystem, ground_sides: Collection[Side]) -> Side | None:
    """Just the controller of ``box_control`` (DN-ECO-1/2)."""
    return box_control(system, ground_sides).controller


def hex_controller(hex_ship_sides: Collection[Side]) -> Side | None:
    """Who holds a stellar hex: the only side with ships in it (DN-VIC-1 house definition)."""
    present = frozenset(hex_ship_sides)
    if len(present) == 1:
        (holder,) = present
        return holder
    return None

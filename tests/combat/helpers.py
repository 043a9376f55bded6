"""Small builders shared by the combat tests: a known results table, ships and scripted dice."""

from __future__ import annotations

from campaign.rules.combat.model import Battle, Combatant
from campaign.rules.ids import CombatResult, Side, TableLabel
from campaign.rules.ruleset import CombatTable

N, D, X = CombatResult.NO_EFFECT, CombatResult.DISRUPTED, CombatResult.DESTROYED

#: Test table: columns 1:2, 1:1, 2:1, 3:1; each row is one die face.
TABLE = CombatTable(
    name="space_crt",
    label=TableLabel.HOUSE,
    source_file="tests",
    columns=("1:2", "1:1", "2:1", "3:1"),
    rows=(
        (N, N, N, D),  # 1
        (N, N, D, D),  # 2
        (N, N, D, X),  # 3
        (N, D, D, X),  # 4
        (D, D, X, X),  # 5
        (D, X, X, X),  # 6
    ),
)


class Dice:
    """Answers from a list and records every purpose asked (fails loudly when exhausted)."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.purposes: list[str] = []

    def roll(self, purpose: str) -> int:
        self.purposes.append(purpose)
        if not self.values:
            raise AssertionError(f"unexpected roll for {purpose!r}")
        return self.values.pop(0)


def ship(
    uid: str,
    side: Side,
    beam: int = 4,
    missile: int = 4,
    defence: int = 4,
    maintenance: int = 2,
    **extra: object,
) -> Combatant:
    """A combatant with the given factors."""
    return Combatant(
        uid=uid,
        side=side,
        kind=f"{side}:T",
        beam=beam,
        missile=missile,
        defence=defence,
        maintenance=maintenance,
        **extra,
    )


def battle(*units: Combatant, **extra: object) -> Battle:
    """A battle at ``Sys`` with Solomani attacking Aslan unless told otherwise."""
    fields: dict[str, object] = {"attacker": Side.SOLOMANI, "defender": Side.ASLAN}
    fields.update(extra)
    return Battle(system="Sys", units=units, **fields)


def box_unit(uid: str, side: Side, category: str, strength: int = 0, **extra: object):
    """A unit in a surface box (``category``: ground, pd, ship)."""
    from campaign.rules.combat.surface import BoxUnit
    from campaign.rules.ids import UnitCategory

    return BoxUnit(
        uid=uid,
        side=side,
        kind=f"{side}:{category}",
        category=UnitCategory(category),
        strength=strength,
        **extra,
    )


def system(mark=None, owner=None):
    """A plain type-1 system ``Sys`` (optionally marked, with an original owner)."""
    from campaign.rules.ids import SystemType
    from campaign.rules.ruleset import HexCoord, StarSystem

    return StarSystem(
        id="Sys",
        name="Sys",
        section="Test",
        hex=HexCoord(col=0, row=0),
        type=SystemType.PRIMARY,
        mark=mark,
        original_owner=owner,
    )

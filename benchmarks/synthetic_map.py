"""Synthetic Dark Nebula maps of any size, for the income/connection benchmark and tests.

``synthetic_ruleset(n, seed)`` lays ``n`` systems on a roughly square grid of hexes and links
each to its right and lower neighbours with jump routes (most links kept, a spanning path always
kept so the map is one piece). Types are mixed 45/40/15 % (type 1/2/3); the Aslan capital is in
the first corner, the Solomani capital in the opposite one, and a few boxes near each capital are
marked. ``synthetic_pieces`` then scatters troops, warships, tankers and transports of both sides
(more of each side on its own half), so that some boxes are cut off and the explanations run.

Everything is deterministic for a given seed (a local ``random.Random``).
"""

from __future__ import annotations

import math
import random

from campaign.rules.economy.occupancy import Piece
from campaign.rules.ids import Mark, Side, SystemType, UnitCategory, UnitFlag
from campaign.rules.ruleset import (
    HexCoord,
    HouseRules,
    JumpRoute,
    Ruleset,
    StarMap,
    StarSystem,
    UnitType,
)


def _ship(side: Side, code: str, maintenance: int, *flags: UnitFlag) -> UnitType:
    return UnitType(
        kind=f"{side.value}:{code}",
        side=side,
        code=code,
        name=code,
        category=UnitCategory.SHIP,
        cost=1,
        beam=1,
        missile=1,
        defence=1,
        maintenance=maintenance,
        count=99,
        flags=frozenset(flags),
    )


def _troops(side: Side) -> UnitType:
    return UnitType(
        kind=f"{side.value}:RT",
        side=side,
        code="RT",
        name="regular troops",
        category=UnitCategory.GROUND,
        cost=2,
        strength=4,
        count=99,
    )


def synthetic_units() -> tuple[UnitType, ...]:
    """A minimal unit table: troops, cruiser, tanker and transport for each player side."""
    units: list[UnitType] = []
    for side in (Side.ASLAN, Side.SOLOMANI):
        units += [
            _troops(side),
            _ship(side, "CR", 4),
            _ship(side, "AO", 1, UnitFlag.AUXILIARY, UnitFlag.TANKER),
            _ship(side, "TR", 1, UnitFlag.AUXILIARY, UnitFlag.TRANSPORT),
        ]
    return tuple(units)


def synthetic_ruleset(n: int, seed: int = 1, house_rules: HouseRules | None = None) -> Ruleset:
    """A ruleset whose map has ``n`` systems (n >= 2) on a grid with jump routes."""
    if n < 2:
        raise ValueError("a synthetic map needs at least two systems (two capitals)")
    rng = random.Random(seed)
    width = max(2, math.isqrt(n))
    systems: list[StarSystem] = []
    for i in range(n):
        col, row = i % width, i // width
        roll = rng.random()
        kind = (
            SystemType.PRIMARY
            if roll < 0.45
            else (SystemType.SECONDARY if roll < 0.85 else SystemType.TERTIARY)
        )
        capital = i in (0, n - 1)
        owner = Side.ASLAN if i < n // 2 else Side.SOLOMANI
        marked = capital or (rng.random() < 0.02 and kind != SystemType.TERTIARY)
        systems.append(
            StarSystem(
                id=f"s{i}",
                name=f"System {i}",
                section="aslan" if owner is Side.ASLAN else "solomani",
                hex=HexCoord(col=col, row=row),
                type=SystemType.PRIMARY if capital else kind,
                mark=Mark.STAR if marked else None,
                original_owner=owner if marked else None,
                capital=capital,
            )
        )
    routes: list[JumpRoute] = []
    for i in range(n):
        col = i % width
        last_row = i + width >= n
        if col + 1 < width and i + 1 < n and (rng.random() < 0.8 or i // width == 0 or last_row):
            routes.append(JumpRoute(a=f"s{i}", b=f"s{i + 1}"))
        if i + width < n and (rng.random() < 0.7 or col == 0 or col == width - 1):
            routes.append(JumpRoute(a=f"s{i}", b=f"s{i + width}"))
    star_map = StarMap(sections=("aslan", "solomani"), systems=tuple(systems), routes=tuple(routes))
    return Ruleset(
        units=synthetic_units(),
        tables={},
        star_map=star_map,
        house_rules=house_rules or HouseRules(),
        file_hashes={},
        profile_hash=f"synthetic-{n}-{seed}",
    )


def synthetic_pieces(ruleset: Ruleset, seed: int = 1) -> list[Piece]:
    """Troops in about a third of the type 1/2 boxes, warships in ~4 % of systems, tankers in
    most type 3 systems: enough blocking to cut some boxes off, little enough that the searches
    reach most of the map (the expensive case)."""
    rng = random.Random(seed)
    types = {u.kind: u for u in ruleset.units}
    systems = ruleset.star_map.systems
    n = len(systems)
    width = max(2, math.isqrt(n))
    pieces: list[Piece] = []
    counter = 0

    def add(side: Side, code: str, system_id: str, in_box: bool) -> None:
        nonlocal counter
        counter += 1
        unit_type = types[f"{side.value}:{code}"]
        pieces.append(Piece(f"{code}#{counter}", side, unit_type, system_id, in_box))

    for i, system in enumerate(systems):
        home = Side.ASLAN if i < n // 2 else Side.SOLOMANI
        away = home.enemy
        if system.type != SystemType.TERTIARY and rng.random() < 0.35:
            add(home if rng.random() < 0.85 else away, "RT", system.id, True)
        near_capital = i < width or i >= n - width  # keep both capitals from being walled in
        if rng.random() < 0.04 and not near_capital:
            add(away if rng.random() < 0.6 else home, "CR", system.id, False)
        if system.type == SystemType.TERTIARY:  # most type 3 systems hold tankers of both sides
            for side in (home, away):
                if rng.random() < 0.7:
                    add(side, "AO", system.id, False)
        if rng.random() < 0.02:
            add(away, "TR", system.id, False)
    return pieces

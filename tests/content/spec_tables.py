"""Read the expected unit values out of docs/rules/dark-nebula.md (DN-DATA-2 table, DN-DATA-3 list).

The tests compare ``data/units.csv`` with these, value by value, so a single wrong factor, cost
or count in the data fails a test.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from campaign.rules.ruleset import UnitType

_FACTORS = re.compile(r"(\d+)-(\d+)-(\d+)\[(\d+)\]")


@dataclass(frozen=True)
class Expected:
    """One expected counter kind: key, cost, conscription cost, factors or strength, count."""

    kind: str
    cost: int
    conscription_cost: int | None
    factors: tuple[int, int, int, int] | None
    strength: int | None
    count: int


def spec_section(spec_text: str, rule_id: str) -> str:
    """The text of the bullet ``rule_id`` up to the next bullet."""
    start = spec_text.index(f"**{rule_id}")
    following = spec_text.find("\n- **", start)
    return spec_text[start : following if following != -1 else None]


def table1(spec_text: str) -> list[Expected]:
    """DN-DATA-2: every (side, code) cell of the markdown table."""
    expected: list[Expected] = []
    for line in spec_section(spec_text, "DN-DATA-2").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 7 or not cells[2].isdigit():
            continue
        code, _, cost_text, sol, sol_n, asl, asl_n = cells
        for side, cell, count_text in (("solomani", sol, sol_n), ("aslan", asl, asl_n)):
            count = int(count_text)
            if count:
                expected.extend(_cell(side, code, int(cost_text), None, cell, count))
    return expected


def _cell(
    side: str, code: str, cost: int, conscription: int | None, cell: str, count: int
) -> list[Expected]:
    factors = _FACTORS.fullmatch(cell)
    if factors:
        values = tuple(int(v) for v in factors.groups())
        return [Expected(f"{side}:{code}", cost, conscription, values, None, count)]
    numbers = [int(v) for v in re.findall(r"\d+", cell)]
    if code == "PD":
        return [Expected(f"{side}:PD", cost, conscription, None, numbers[0], count)]
    assert len(numbers) == count, f"{side} {code}: {cell!r} lists {len(numbers)} of {count}"
    return [
        Expected(f"{side}:{code}-{strength}", cost, conscription, None, strength, n)
        for strength, n in sorted(Counter(numbers).items())
    ]


def table2(spec_text: str) -> list[Expected]:
    """DN-DATA-3: the neutral counters listed as prose ``CODE cost/conscription items``."""
    text = spec_section(spec_text, "DN-DATA-3")
    body = text.split(":", 1)[1].split("Monitors cannot jump")[0]
    expected: list[Expected] = []
    for part in body.split(";"):
        match = re.match(r"\s*(\w+)\s+(?:monitor\s+)?(\d+)/(\d+|–|-),?\s*(.*)", part, re.S)
        assert match, part
        code, cost, conscription_text, items = match.groups()
        conscription = int(conscription_text) if conscription_text.isdigit() else None
        if code == "M":
            for values in _FACTORS.findall(items):
                numbers = tuple(int(v) for v in values)
                kind = f"neutral:M-{numbers[0]}-{numbers[1]}-{numbers[2]}"
                expected.append(Expected(kind, int(cost), conscription, numbers, None, 1))
            continue
        factors = _FACTORS.search(items)
        if factors:
            count = int(re.search(r"×(\d+)", items).group(1))
            numbers = tuple(int(v) for v in factors.groups())
            expected.append(
                Expected(f"neutral:{code}", int(cost), conscription, numbers, None, count)
            )
            continue
        for strength, count in re.findall(r"(\d+)\s*×(\d+)", items):
            kind = "neutral:PD" if code == "PD" else f"neutral:{code}-{strength}"
            expected.append(
                Expected(kind, int(cost), conscription, None, int(strength), int(count))
            )
    return expected


def mismatches(units: tuple[UnitType, ...], expected: list[Expected]) -> list[str]:
    """Every difference between the loaded units and the expectations (empty when equal)."""
    problems: list[str] = []
    by_kind = {unit.kind: unit for unit in units}
    sides = {e.kind.split(":")[0] for e in expected}
    loaded = {u.kind for u in units if u.side.value in sides}
    wanted = {e.kind for e in expected}
    problems += [f"{kind}: in units.csv but not in the spec" for kind in sorted(loaded - wanted)]
    problems += [f"{kind}: in the spec but not in units.csv" for kind in sorted(wanted - loaded)]
    for item in expected:
        unit = by_kind.get(item.kind)
        if unit is None:
            continue
        actual = Expected(
            kind=unit.kind,
            cost=unit.cost,
            conscription_cost=unit.conscription_cost,
            factors=(unit.beam, unit.missile, unit.defence, unit.maintenance)
            if item.factors is not None
            else None,
            strength=unit.strength if item.strength is not None else None,
            count=unit.count,
        )
        if actual != item:
            problems.append(f"{item.kind}: spec {item}, units.csv {actual}")
    return problems

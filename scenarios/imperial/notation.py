"""Text notation of Imperial orders; ``parse_order(order_to_text(o)) == o`` for every order.

rondel 3:Investor    build vienna        import A vienna     import done
move A trieste-rome  move A vienna-munich hostile            flip munich
end maneuver         fight FR            no fight            ask FR
reply fight          reply peace         buy AH 9            buy AH 12 trade 9
pass
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import get_close_matches

from scenarios.imperial.constants import BONDS, NATIONS, RONDEL
from scenarios.protocol import NotationError, is_number

Order = tuple

#: The rule of the order notation and of the saved game's form (docs/rules/imperial.md): every
#: refusal of a text that is not an order, or of a save that breaks that form, names it.
NOTATION_RULE = "IMP-22"


def order_to_text(order: Order) -> str:
    """Notation of ``order``."""
    match order:
        case ("rondel", space):
            return f"rondel {space}:{RONDEL[space]}"
        case ("build", region):
            return f"build {region}"
        case ("import", kind, region):
            return f"import {kind} {region}"
        case ("import_done",):
            return "import done"
        case ("move", kind, src, dst, hostile):
            return f"move {kind} {src}-{dst}" + (" hostile" if hostile else "")
        case ("flip", region):
            return f"flip {region}"
        case ("end_maneuver",):
            return "end maneuver"
        case ("fight", nation):
            return f"fight {nation}"
        case ("no_fight",):
            return "no fight"
        case ("ask", nation):
            return f"ask {nation}"
        case ("reply", yes):
            return "reply fight" if yes else "reply peace"
        case ("buy", nation, cost, trade):
            return f"buy {nation} {cost}" + (f" trade {trade}" if trade else "")
        case ("pass",):
            return "pass"
    raise NotationError(f"{NOTATION_RULE}: not an Imperial order: {order!r}")


def order_regions(order: Order) -> tuple[str, ...]:
    """The region keys ``order`` names, in the order written (none for most orders)."""
    match order:
        case ("build" | "flip", region):
            return (region,)
        case ("import", _, region):
            return (region,)
        case ("move", _, src, dst, _):
            return (src, dst)
    return ()


def unknown_region(text: str, word: str, known: Sequence[str]) -> NotationError:
    """The refusal of an order naming a region the map does not have (IMP-22), with the
    nearest names: the order read, then was refused as "not legal now", which sent the player
    looking for a rule when the region was only misspelt (found by use, December 8)."""
    near = get_close_matches(word, known, n=3)
    hint = f"; did you mean {' or '.join(repr(name) for name in near)}?" if near else ""
    return NotationError(f"{NOTATION_RULE}: {text!r}: unknown region {word!r}{hint}")


def _nation(typed: str, text: str) -> str:
    """The nation ``typed`` (any case) names, in capitals as the orders hold it."""
    word = typed.upper()
    if word not in NATIONS:
        raise NotationError(
            f"{NOTATION_RULE}: {text!r}: unknown nation {word!r} (one of {', '.join(NATIONS)})"
        )
    return word


def _bond(word: str, text: str) -> int:
    if not is_number(word) or int(word) not in BONDS:
        raise NotationError(
            f"{NOTATION_RULE}: {text!r}: {word!r} is not a bond cost {tuple(BONDS)}"
        )
    return int(word)


def parse_order(text: str) -> Order:
    """Parse notation into an order tuple; raises ``NotationError`` naming the rule (IMP-22)
    and quoting the text once. Read in any case, as the other games and the campaign read
    what a player types (a save edited to "Build Vienna" or "buy ah 9" was refused, found by
    use, December 8); the order is the canonical one: nations and unit kinds in capitals."""
    words = text.lower().split()
    fixed = {
        ("import", "done"): ("import_done",),
        ("end", "maneuver"): ("end_maneuver",),
        ("no", "fight"): ("no_fight",),
        ("reply", "fight"): ("reply", 1),
        ("reply", "peace"): ("reply", 0),
        ("pass",): ("pass",),
    }
    if tuple(words) in fixed:
        return fixed[tuple(words)]
    match words:
        case ["rondel", space]:
            number = space.split(":", 1)[0]
            if not is_number(number) or int(number) >= len(RONDEL):
                raise NotationError(f"{NOTATION_RULE}: {text!r}: the rondel space must be 0-7")
            return ("rondel", int(number))
        case ["build", region] | ["flip", region]:
            return (words[0], region)
        case ["import", ("a" | "f") as kind, region]:
            return ("import", kind.upper(), region)
        case ["move", ("a" | "f") as kind, route, *rest] if "-" in route and rest in (
            [],
            ["hostile"],
        ):
            src, dst = route.split("-", 1)
            return ("move", kind.upper(), src, dst, 1 if rest else 0)
        case ["fight", nation] | ["ask", nation]:
            return (words[0], _nation(nation, text))
        case ["buy", nation, cost]:
            return ("buy", _nation(nation, text), _bond(cost, text), 0)
        case ["buy", nation, cost, "trade", trade]:
            return ("buy", _nation(nation, text), _bond(cost, text), _bond(trade, text))
    raise NotationError(f"{NOTATION_RULE}: cannot read Imperial order {text!r}")

"""The battle model: who is in a space battle and in what condition (DN-CBT-1..10).

A battle is described by plain values so that it can be resolved, forecast and stored without the
campaign state: each ``Combatant`` copies the factors of its unit type at the moment the battle is
built. The engine converts its state into this model (``combat.engine``) and the results back into
events.
"""

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from msgspec.structs import force_setattr

from campaign.rules.ids import Side, UnitCategory
from campaign.rules.model import FrozenModel
from campaign.rules.ruleset import UnitType

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

U = TypeVar("U")


def ranked_as_seen(
    units: Iterable[U], key: "Callable[[U], SupportsRichComparison]", hidden: Callable[[U], bool]
) -> list[U]:
    """``units`` in the order of an automatic choice made for a side (the neutrals' naming,
    DN-CBT-3; their losses, DN-GND-2): sorted by ``key`` (what the unit is), except the
    ``hidden`` ones, face-down counters that are ranked by nothing they are and follow the
    others in the order given (placement order, public). The choice is seen, so it must tell
    no player what a face-down counter is (DN-NEU-1)."""
    listed = list(units)
    known = sorted((u for u in listed if not hidden(u)), key=key)
    return known + [u for u in listed if hidden(u)]


class Range(StrEnum):
    """The two ranges of a space combat round (DN-CBT-2)."""

    LONG = "long"  # missile factors
    SHORT = "short"  # beam factors


class Weapon(StrEnum):
    """What a ship fires with in one round (DN-CBT-2, DN-CBT-5)."""

    MISSILE = "missile"
    BEAM = "beam"


class Value(FrozenModel, frozen=True, kw_only=True):
    """Base of the immutable combat values (stored in events as they are)."""


class Combatant(Value, frozen=True, kw_only=True):
    """One unit in a space battle with the factors it fights with.

    ``carrier`` is the mothership a fighter belongs to (``None`` for a fighter based in a friendly
    surface box, DN-CBT-8); ``launched`` only matters for fighters: un-launched fighters are
    ignored in combat.
    """

    uid: str
    side: Side
    kind: str
    beam: int = 0
    missile: int = 0
    defence: int = 0
    maintenance: int = 0
    disrupted: bool = False
    fighter: bool = False
    carrier: str | None = None
    launched: bool = False

    @classmethod
    def from_unit_type(
        cls,
        uid: str,
        unit_type: UnitType,
        *,
        side: Side | None = None,
        disrupted: bool = False,
        carrier: str | None = None,
        launched: bool = False,
    ) -> "Combatant":
        """Build a combatant from a counter kind of the ruleset (DN-DATA-2/3).

        ``side`` overrides the printed side (a conscripted neutral fights for its ally, DN-NEU-2).
        """
        return cls(
            uid=uid,
            side=side if side is not None else unit_type.side,
            kind=unit_type.kind,
            beam=unit_type.beam,
            missile=unit_type.missile,
            defence=unit_type.defence,
            maintenance=unit_type.maintenance,
            disrupted=disrupted,
            fighter=unit_type.category is UnitCategory.FIGHTER,
            carrier=carrier,
            launched=launched,
        )

    def factor(self, weapon: Weapon) -> int:
        """The firing factor with ``weapon``."""
        return self.missile if weapon is Weapon.MISSILE else self.beam

    @property
    def can_fire(self) -> bool:
        """True when the unit has a non-zero factor at some range (DN-CBT-7 end condition)."""
        return self.beam > 0 or self.missile > 0

    @property
    def in_combat(self) -> bool:
        """Fighters take part only when launched (DN-CBT-8); every other ship always does."""
        return self.launched or not self.fighter


class Battle(Value, frozen=True, kw_only=True):
    """A space battle in one system between an attacker and a defender side.

    Neutrals are always the defender of their system (DN-NEU-2). ``round`` counts completed
    rounds. ``friendly_box`` names the sides that control the surface box of the system: such a
    side's fighters have a base even without a mothership (DN-CBT-8/9).
    """

    system: str
    attacker: Side
    defender: Side
    units: tuple[Combatant, ...]
    round: int = 0
    friendly_box: tuple[Side, ...] = ()

    def __post_init__(self) -> None:
        """``friendly_box`` sorted and without repeats, whatever it was given as (a set until
        ADR 0055): the canonical JSON, and every hash of it, is the same in every process."""
        given = self.friendly_box
        if type(given) is not tuple or list(given) != sorted(set(given)):
            force_setattr(self, "friendly_box", tuple(sorted(set(given))))

    def unit(self, uid: str) -> Combatant:
        """The combatant ``uid``; ``KeyError`` if it is not in this battle."""
        for unit in self.units:
            if unit.uid == uid:
                return unit
        raise KeyError(uid)

    def side_units(self, side: Side) -> tuple[Combatant, ...]:
        """All units of ``side``, launched or not."""
        return tuple(u for u in self.units if u.side == side)

    def fighting(self, side: Side) -> tuple[Combatant, ...]:
        """The units of ``side`` that take part in the current round."""
        return tuple(u for u in self.units if u.side == side and u.in_combat)

    def ship_count(self, side: Side) -> int:
        """Ships counted for the range roll: fighters are not counted (DN-CBT-1, DN-CBT-10)."""
        return sum(1 for u in self.units if u.side == side and not u.fighter)

    def able_to_fire(self, side: Side) -> bool:
        """True while ``side`` has a unit able to fire at some range (DN-CBT-7)."""
        return any(u.can_fire for u in self.units if u.side == side)

    @property
    def sides(self) -> tuple[Side, Side]:
        """``(defender, attacker)``: the order in which sides decide (DN-CBT-3, DN-CBT-7)."""
        return (self.defender, self.attacker)

    def enemy_of(self, side: Side) -> Side:
        """The other side of this battle."""
        if side == self.attacker:
            return self.defender
        if side == self.defender:
            return self.attacker
        raise KeyError(side)

    @property
    def is_over(self) -> bool:
        """The battle ends when a side has no unit left, or no unit of either side can fire.

        DN-CBT-7 says combat continues "until one side has no ship able to fire"; read literally,
        unarmed transports could never be attacked, so [house reading] the fight goes on while
        one side can still fire at units of the other.
        """
        attackers, defenders = self.fighting(self.attacker), self.fighting(self.defender)
        if not attackers or not defenders:
            return True
        return not (self.able_to_fire(self.attacker) or self.able_to_fire(self.defender))

"""Units in a planetary surface box, as the interaction and ground-combat rules see them."""

from campaign.rules.combat.model import Value
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import UnitType


class BoxUnit(Value, frozen=True, kw_only=True):
    """A unit in (or landing in) a surface box with the values the box rules need.

    ``strength`` is the ground strength of a ground unit or the defence value of a PD marker
    (DN-DATA-2); ships carry their missile factor (bombardment) and defence (PD fire).
    """

    uid: str
    side: Side
    kind: str
    category: UnitCategory
    strength: int = 0
    missile: int = 0
    defence: int = 0
    disrupted: bool = False
    jump_troops: bool = False
    #: A face-down neutral counter: what it is must not decide whether an order naming it is
    #: accepted (DN-NEU-1; seats issue 41 item 3)
    face_down: bool = False

    @classmethod
    def from_unit_type(
        cls,
        uid: str,
        unit_type: UnitType,
        *,
        side: Side | None = None,
        disrupted: bool = False,
        face_down: bool = False,
    ) -> "BoxUnit":
        """Build from a counter kind; ``side`` overrides it for conscripted neutrals."""
        return cls(
            uid=uid,
            side=side if side is not None else unit_type.side,
            kind=unit_type.kind,
            category=unit_type.category,
            strength=unit_type.strength,
            missile=unit_type.missile,
            defence=unit_type.defence,
            disrupted=disrupted,
            jump_troops=unit_type.has(UnitFlag.JUMP_TROOPS),
            face_down=face_down,
        )

    @property
    def is_ground(self) -> bool:
        """Ground forces or PD: what holds a box (DN-ECO-1, DN-GND-1)."""
        return self.category in (UnitCategory.GROUND, UnitCategory.PD)

    @property
    def is_pd(self) -> bool:
        """A planetary defence marker."""
        return self.category is UnitCategory.PD

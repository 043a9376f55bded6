"""Fixed facts of Imperial: nations, bonds, rondel, piece limits, starts (IMP-1, 3, 4, 7, 9)."""

from __future__ import annotations

#: IMP-1 turn order.
NATIONS: tuple[str, ...] = ("AH", "IT", "FR", "GB", "GE", "RU")
NATION_NAMES = {
    "AH": "Austria-Hungary",
    "IT": "Italy",
    "FR": "France",
    "GB": "Great Britain",
    "GE": "Germany",
    "RU": "Russia",
}

#: IMP-3 bond cost → interest.
BONDS: dict[int, int] = {2: 1, 4: 2, 6: 3, 9: 4, 12: 5, 16: 6, 20: 7, 25: 8, 30: 9}
BOND_COSTS: tuple[int, ...] = tuple(BONDS)

#: IMP-4 the back of each flag card: (own 9M bond nation, partner 2M bond nation).
FLAG_BACK: dict[str, str] = {"AH": "GE", "IT": "GB", "FR": "AH", "GB": "RU", "GE": "IT", "RU": "FR"}
START_CASH = 13
#: Published small-table starts (IMP-4 options): nations per seat.
SMALL_STARTS: dict[int, tuple[tuple[str, ...], ...]] = {
    3: (("AH", "GB"), ("IT", "RU"), ("FR", "GE")),
    2: (("AH", "FR", "GE"), ("IT", "RU", "GB")),
}
#: Starting cash for the small starts (house assumption: enough for the dealt bonds, see docs).
SMALL_START_CASH: dict[int, int] = {3: 24, 2: 35}

#: IMP-7 rondel, clockwise from index 0.
RONDEL: tuple[str, ...] = (
    "Factory",
    "Production",
    "Maneuver",
    "Investor",
    "Import",
    "Production",
    "Maneuver",
    "Taxation",
)
INVESTOR_SPACE = 3
FREE_STEPS = 3
STEP_COST = 2
MAX_STEPS = 6

FACTORY_COST = 5  # IMP-8
IMPORT_MAX = 3  # IMP-10
IMPORT_COST = 1
#: IMP-9 piece limits (armies, fleets).
PIECE_LIMITS: dict[str, tuple[int, int]] = {
    "AH": (10, 6),
    "GB": (6, 10),
    "IT": (8, 8),
    "FR": (8, 8),
    "GE": (8, 8),
    "RU": (8, 8),
}
MAX_CHIPS = 10  # IMP-16
TAX_FLOOR, TAX_TOP = 5, 15  # IMP-17 chart: 2-5 is the bottom box, 15+ the top
END_POWER = 25  # IMP-20
INVESTOR_BONUS = 2  # IMP-19
RESCUE_PAYMENT = 1  # IMP-19
#: Money in the game: the bank starts with all of it (IMP-2 invariant total).
TOTAL_MONEY = 10_000

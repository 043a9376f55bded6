"""The words of Invector that both the rules and the notation use: the colours, the two special
actions and the states of the pie rule (INV-2, INV-5, INV-6). ``rules`` re-exports them."""

from __future__ import annotations

BLACK = 0
WHITE = 1
COLOUR_NAMES = ("black", "white")

#: Special actions (board moves are ``from_cell * board.size + to_cell``, always >= 0).
SWAP = -1
PASS = -2

#: Pie-rule states (INV-6): rule not used / swap still possible / White declined / White swapped.
PIE_OFF = "off"
PIE_OPEN = "open"
PIE_KEPT = "kept"
PIE_SWAPPED = "swapped"
PIE_STATES = (PIE_OFF, PIE_OPEN, PIE_KEPT, PIE_SWAPPED)

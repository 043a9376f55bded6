"""What combat needs from the dice capability: ``roll(purpose) -> 1..6``.

The engine's recorder (``campaign.rules.dice.Dice``) satisfies this protocol, whatever its source
(seeded, referee entry, commit-reveal). Combat writes every roll it makes into its results as a
``Roll`` (purpose and value), so events carry the dice and replay never rolls again.
"""

from __future__ import annotations

from typing import Protocol

from campaign.rules.state import Roll

__all__ = ["Dice", "Roll"]


class Dice(Protocol):
    """The dice capability: one 1d6 result for a declared purpose."""

    def roll(self, purpose: str) -> int:
        """Roll 1d6 for ``purpose`` and return 1..6."""
        ...

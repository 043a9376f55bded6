"""What the fair-play core detects: a violation names the side at fault and the card."""

from __future__ import annotations

from campaign.extras import install_hint
from campaign.rules.errors import CampaignError


class FairPlayViolation(CampaignError):
    """A check of the fair-play protocol failed: ``problem`` is a stable code (``bad-share``,
    ``replayed-share``, ``no-card``, ``duplicate-card``, ``withheld``, ``bad-pass``,
    ``bad-opening``, ``malformed``), ``side`` the side at fault (None when the check alone
    cannot tell which of the two), ``card`` the card concerned (``token-3``) or None."""

    def __init__(
        self, problem: str, message: str, *, side: str | None = None, card: str | None = None
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.side = side
        self.card = card


class FairUnavailable(CampaignError):
    """The ``fair`` extra (PyNaCl) is not installed."""

    def __init__(self) -> None:
        super().__init__(f"fair play needs the 'pynacl' package: {install_hint('fair')}")

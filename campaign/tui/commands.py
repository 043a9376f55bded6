"""The command palette of the campaign screen: only the orders legal now, each with its rule id.

Choosing one opens the order's form (side prefix included), or sends an order without blanks
(``end-phase``, ``pass``: asked first): the template left in the order line kept the cursor
there, so the form's key ``e`` typed an ``e`` (issue 44 item 3). The provider asks its screen
only for what ``OrderHost`` names (no import of the screen: the screen imports this module).
"""

from __future__ import annotations

from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from campaign.tui.session import CampaignSession


@runtime_checkable
class OrderHost(Protocol):
    """A screen with a campaign session and an order line the palette can pre-fill."""

    session: CampaignSession

    def choose_order(self, template: str) -> None:
        """Open the form of ``template``, or send it when it has no blank."""


class LegalOrdersProvider(Provider):
    """Offers ``legal_orders`` of every side that may act now (and the referee), each template
    prefixed with the side that gives it."""

    def _entries(self) -> list[tuple[str, str, str]]:
        screen = self.screen
        if not isinstance(screen, OrderHost):
            return []
        session = screen.session
        return [
            (
                f"{legal.rule}  {session.template_for(legal)}",
                legal.summary,
                session.template_for(legal),
            )
            for legal in session.legal_orders()
        ]

    def _prefill(self, template: str) -> None:
        screen = self.screen
        if isinstance(screen, OrderHost):
            screen.choose_order(template)

    async def discover(self) -> Hits:
        """Every legal order, shown when the palette opens with no query."""
        for label, summary, template in self._entries():
            yield DiscoveryHit(label, partial(self._prefill, template), help=summary)

    async def search(self, query: str) -> Hits:
        """Legal orders whose rule id, template or summary matches ``query``."""
        matcher = self.matcher(query)
        for label, summary, template in self._entries():
            score = max(matcher.match(label), matcher.match(summary))
            if score > 0:
                yield Hit(
                    score, matcher.highlight(label), partial(self._prefill, template), help=summary
                )

"""The command palette: on the campaign screen, only the orders legal now, each with its rule id,
then Textual's own commands (Keys, Quit, Theme …); on the other screens, Textual's commands.

One provider gives both, the orders first: Textual asks its providers at once, lists their
commands as they arrive and keeps the providers in a set, so with the orders in a provider of
their own which came first changed from one run of the program to the next (the classes'
hashes decided; found by use, December 7).

Choosing one opens the order's form (side prefix included), or sends an order without blanks
(``end-phase``, ``pass``: asked first): the template left in the order line kept the cursor
there, so the form's key ``e`` typed an ``e`` (issue 44 item 3). The provider asks its screen
only for what ``OrderHost`` names (no import of the screen: the screen imports this module).
"""

from __future__ import annotations

from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits
from textual.system_commands import SystemCommandsProvider

from campaign.tui.session import CampaignSession


@runtime_checkable
class OrderHost(Protocol):
    """A screen with a campaign session and an order line the palette can pre-fill."""

    session: CampaignSession

    def choose_order(self, template: str) -> None:
        """Open the form of ``template``, or send it when it has no blank."""


class PaletteCommands(SystemCommandsProvider):
    """The palette's one provider: ``legal_orders`` of every side that may act now (and the
    referee), each template prefixed with the side that gives it, when the screen gives
    orders; then Textual's own commands."""

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
        """Every legal order, then Textual's commands: shown when the palette opens with no
        query, in this order (all score the same)."""
        for label, summary, template in self._entries():
            yield DiscoveryHit(label, partial(self._prefill, template), help=summary)
        async for hit in super().discover():
            yield hit

    async def search(self, query: str) -> Hits:
        """Legal orders whose rule id, template or summary matches ``query``, then Textual's
        commands whose name matches it (the palette ranks them by score, equal scores in this
        order)."""
        matcher = self.matcher(query)
        for label, summary, template in self._entries():
            score = max(matcher.match(label), matcher.match(summary))
            if score > 0:
                yield Hit(
                    score, matcher.highlight(label), partial(self._prefill, template), help=summary
                )
        async for hit in super().search(query):
            yield hit

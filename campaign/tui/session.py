"""One open campaign as the TUI sees it: the service, the loaded state and the views built on it.

Nothing here imports Textual, so the logic the screens rely on (what to draw on the map, which
orders are legal, which dice an order needs, what the log filter keeps) is tested directly. The
screens only format what this module returns. Every method that changes the campaign either
completes or raises a ``CampaignError`` whose message names the rule id; nothing else escapes.

The session is one class made of a part per responsibility (issue 48 item 2): the shared core
(``session_core``: the held campaign, following it live), the questions the tabs ask
(``session_play``), the log (``session_log``), the turn files (``session_mail``), and here the
orders and the undo. Every write keeps the held campaign current without loading it again.
"""

from __future__ import annotations

import re

from campaign.app import CampaignService, Event, TakeBack, TypedDice, authority, preview
from campaign.app.live import stale_order
from campaign.app.orders import untypable_dice
from campaign.rules.errors import CampaignError, ConflictError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.tui.session_log import SessionLog
from campaign.tui.session_mail import SessionMail
from campaign.tui.session_play import SessionPlay
from campaign.views.log import outcome_lines
from campaign.views.words import plural


def parse_dice(text: str) -> list[int]:
    """Dice typed by the referee: ``"3,5 1"`` → ``[3, 5, 1]``, and digits typed together are
    one die each (``"351"``, a face is one digit: a key per die, issue 44 item 3);
    ``ValueError`` names a bad part."""
    values: list[int] = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()):
            raise ValueError(f"DN-ERR-1: dice must be numbers like 3,5,1 or 351; {part!r} is not")
        values.extend(int(digit) for digit in part)
    return values


class CampaignSession(SessionPlay, SessionLog, SessionMail):
    """An open campaign: keeps the loaded state between orders, like the service's ``submit``."""

    def __init__(self, service: CampaignService, name: str, viewer: Side | None = None) -> None:
        super().__init__(service, name, viewer)
        #: The outcome sentences of the last order sent (the rules core's narration).
        self.last_outcome: list[str] = []

    # --- orders and undo

    def ending_preview(self, text: str) -> str | None:
        """For ``pass`` and ``end-phase`` (issue 31 item 1: one key passed a whole player
        turn): how far the order would take the game, from a dry run (nothing stored); None
        for any other order, or one the rules or this screen refuse (sending it shows why)."""
        if self.viewer is not None and text.split()[:1] != [self.viewer.value]:
            return None  # another side's order: refused when sent (``_check_own_order``)
        found = preview.ending_preview(self.loaded, text, self.seat)
        if found is None:
            return None
        return (
            f"{text.strip()} ends {found.phasing}'s {found.label} (game turn "
            f"{found.turn}) and goes on {plural(found.steps, 'step')} to game turn "
            f"{found.then_turn}, {found.then_phasing} player turn, {found.then_label}.\n"
            f"Then: {found.then_acting}"
        )

    def dice_needed(self, text: str) -> list[str]:
        """The purposes of the dice ``text`` would roll now, in order (a dry run with the seat's
        dice, ``preview.dice_needed``: nothing is stored); ``[]`` when it rolls none or is
        refused."""
        return preview.dice_needed(self.loaded, text, self.seat)

    def next_die(self, text: str, typed: tuple[int, ...]) -> str | None:
        """The purpose of the die ``text`` rolls after the ``typed`` ones (``None``: no more),
        for asking the referee of a physical-dice campaign each die when due (issue 45)."""
        return preview.next_die(self.loaded, text, self.seat, typed)

    @property
    def takes_typed_dice(self) -> bool:
        """True when typed dice need no referee reason (a campaign created with physical dice)."""
        return self.loaded.dice_mode == "physical"

    @property
    def may_override(self) -> bool:
        """True when this screen's seat may give overrides with a reason, such as the referee
        undo (``campaign.app.authority.may_override``): a player's help does not list them."""
        return authority.may_override(self.seat)

    @property
    def may_exchange(self) -> bool:
        """True when this screen's seat may write or read this database's turn files
        (``campaign.app.authority.check_exchange``: a player's seat only on a database that
        plays his side by e-mail): elsewhere a player's help does not list ``x`` and ``i``."""
        try:
            authority.check_exchange(self.seat, self.plays_by_mail)
        except CampaignError:
            return False
        return True

    def typed_dice_refusal(self) -> str | None:
        """Why this screen's seat may not type dice at all here, said before any reason is
        asked: in a campaign played by e-mail no seat may (the other machine rolls them
        again); in another campaign not created with physical dice, typed dice are a referee
        override with a reason (DN-ERR-1), which a player's seat may not give
        (``campaign.app.authority``); ``None`` when the seat may type them."""
        if self.takes_typed_dice:
            return None
        untypable = untypable_dice(self.loaded)  # by e-mail: not even the referee's seat
        if untypable is not None:
            return untypable
        try:
            authority.check_override(
                self.seat,
                f"typing dice here ({self.loaded.dice_mode} dice)",
                self.plays_by_mail(),
            )
        except CampaignError as error:
            return error.message
        return None

    def order(self, text: str, dice: str = "", reason: str | None = None) -> list[Event]:
        """Decide and store one order; ``dice`` non-empty = the referee's physical dice, exactly
        as many as the order rolls (too many or too few: refused by the core, nothing stored)."""
        if not text.strip():
            raise InvalidOrderError("DN-ERR-1: the order is empty; type e.g. 'aslan end-phase'")
        self._refuse_if_behind()
        before = self.state.clone()
        typed: TypedDice | None = None
        if dice.strip():
            try:
                typed = TypedDice(tuple(parse_dice(dice)), reason)
            except ValueError as error:
                raise InvalidOrderError(str(error)) from None
        try:  # typed dice only where the campaign's dice mode accepts them (DN-ERR-1); the
            # core requires exactly as many values as the order rolls
            events = self.service.submit(self.loaded, text, typed=typed, seat=self.seat)
        except ConflictError:  # another writer was first, after the check above
            stale = self.loaded
            self.reload()
            raise stale_order(stale, self.loaded.head) or InvalidOrderError(
                "DN-ERR-1: another writer was first; nothing was stored"
            ) from None
        except CampaignError:
            self.reload()
            raise
        self.last_outcome = (
            outcome_lines(events, before, self.ruleset, self.viewer)
            if events  # none: held for strict dice, whose line says so (DN-ERR-1)
            else self.service.held_report(self.loaded, self.seat).lines
        )
        return events

    def _refuse_if_behind(self) -> None:
        """An order typed on a screen behind the stored campaign is refused (nothing stored)
        and the campaign loaded again, so the screen shows it as it stands (issue 43)."""
        refusal = stale_order(self.loaded, self.service.stored_head(self.name))
        if refusal is not None:
            self.reload()
            raise refusal

    def undo(self, referee_reason: str | None = None, *, take_back: bool = False) -> list[str]:
        """Undo the last order (same phase, no dice), or as the referee with a logged reason
        (the referee's screen only); refused on a screen behind the stored campaign. The
        undo starts from the held campaign and returns the one it leaves, which is kept. What
        was taken back, as the CLI prints it (``undone: …`` or ``reverted: …`` first).
        ``take_back``: the user agreed to take a referee undo back (``taking_back``)."""
        self._refuse_if_behind()
        report = self.service.undo_report(
            self.name,
            referee_reason=referee_reason,
            seat=self.seat,
            loaded=self.loaded,
            take_back=take_back,
        )
        assert report.loaded is not None
        self.loaded = report.loaded
        return report.lines

    def taking_back(self) -> TakeBack | None:
        """When ``u`` would take back a referee undo, what that puts back in force (the
        question to ask first); ``None`` for any other last order."""
        return self.service.taking_back(self.loaded, self.seat)

    def held_to_undo(self) -> str | None:
        """The order held for strict dice that ``u`` takes back now, as this seat reads it
        (``Orders.held_to_undo``); None when no order is held."""
        return self.service.held_to_undo(self.loaded, self.seat)

    def referee_undo_target(self) -> str:
        """The order a referee undo would revert now, as this seat reads it (after a referee
        undo, the order before the one it reverted); ``CampaignError`` when there is none."""
        return self.service.referee_undo_target(self.loaded, self.seat)

    def check_undo(self, *, override: bool = False) -> None:
        """Refuse (``CampaignError``) an undo that would be refused, before the screen asks to
        confirm it or for a reason: the app's own checks, nothing stored (``Orders.check_undo``)."""
        self.service.check_undo(self.loaded, self.seat, override=override)

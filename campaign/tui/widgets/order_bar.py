"""The order bar: the order line and the dice field (the referee's, on the referee's screen).

The dice field's hint says how many physical dice the typed order rolls and for what; Enter in
the order line posts ``OrderTyped``, and the screen decides, sends and reports.
"""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input
from textual.widgets.input import Selection

from campaign.tui.session import CampaignSession
from campaign.views.orders import MAX_ORDER_CHARS
from scenarios.type_ahead import TypeAheadInput

#: The longest dice line typed (a round of fire rolls far fewer dice).
MAX_DICE_CHARS = 200
#: Seconds of no typing before the dice hint is worked out (a dry run of the order).
HINT_DELAY = 0.15
#: A blank of a template in the order line: a word in capitals (``UNIT``, ``[COUNT]``), or
#: lowercase alternatives (``manual|auto``, ``table|tool``: a choice, as the form reads them;
#: found by use, December 7, night: the palette sent ``referee stepping manual|auto`` as
#: written, and it was refused).
BLANK = re.compile(r"(?<!\S)(?:\[[^\]]*\]|[A-Z][A-Z>|]*|[a-z][a-z-]*(?:\|[a-z-]+)+)(?!\S)")


def idle_dice_hint(*, referee: bool, physical: bool, untypable: str | None = None) -> str:
    """The dice field's placeholder while no order is typed: whose dice it takes (a player's
    screen has no referee), and what an empty field means in this campaign; ``untypable``:
    the dice mode of a campaign where this seat types no die — one played by e-mail, or a
    player's seat where typed dice would be a referee override (found by use: a commit-reveal
    campaign's field, and a player's in a seeded one, said "empty: seeded", and every die
    typed was refused). Every hint is whole in the 34-column field (found by use: "referee's
    dice (d): as rolled at the table" read "…: as rolled at")."""
    if untypable is not None:
        return f"no typed dice: {untypable}"
    whose = "referee's dice" if referee else "dice"
    return f"{whose} (d)" + (": as rolled" if physical else ", empty: seeded")


def cut_to(text: str, width: int) -> str:
    """``text`` whole when it fits ``width`` cells (or the width is not known yet: 0), else
    cut with "…" at the end: a field cuts its placeholder at its edge with no mark."""
    if not width or len(text) <= width:
        return text
    return text[: max(1, width - 1)] + "…"


def dice_hint(purposes: list[str]) -> str:
    """The dice field's placeholder: how many physical dice the typed order rolls."""
    if not purposes:
        return "no dice needed"
    return f"{len(purposes)} dice: {purposes[0]}…" if len(purposes) > 1 else f"1 die: {purposes[0]}"


class OrderBar(Horizontal):
    """The order line (``#order``) and the dice field (``#dice``) side by side."""

    class OrderTyped(Message):
        """Enter in the order line: ``text`` is what was typed."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(
        self,
        session: CampaignSession,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session
        self._hint_timer: Timer | None = None
        #: How many times the dice hint was worked out for a typed order (a test waits for it
        #: to move instead of waiting a fixed time for the pause in typing).
        self.hints_made = 0
        self._hints: list[str] = []
        #: The dice field's hint whole; its placeholder is the hint cut to the field's width
        #: (``_fit_dice_hint``).
        self._dice_hint = ""
        #: The blanks of the template ``prefill`` put in the order line (``UNIT``), until the
        #: line is cleared.
        self._prefilled_blanks: frozenset[str] = frozenset()

    def compose(self) -> ComposeResult:
        yield TypeAheadInput(
            placeholder="order (Ctrl+P: legal orders), e.g. aslan end-phase",
            id="order",
            compact=True,
            select_on_focus=False,
            max_length=MAX_ORDER_CHARS,
        )
        self._dice_hint = self._idle_hint()
        yield TypeAheadInput(
            placeholder=self._dice_hint,
            id="dice",
            compact=True,
            max_length=MAX_DICE_CHARS,
            disabled=self.session.typed_dice_refusal() is not None,  # nothing to type there
        )

    @property
    def order_input(self) -> Input:
        """The order line."""
        return self.query_one("#order", Input)

    @property
    def dice_input(self) -> Input:
        """The dice field."""
        return self.query_one("#dice", Input)

    def show(self) -> None:
        """The order line's hint: the order the game waits for now."""
        self._hints = self.session.order_placeholders()
        self._fit_hint()

    def on_resize(self) -> None:
        self._fit_hint()
        self.call_after_refresh(self._fit_dice_hint)  # once the fields have their new widths

    def _fit_hint(self) -> None:
        """The longest hint that fits the order line (at 80 columns "(Ctrl+P: legal orders)"
        was cut to "(Ctrl+P:"); the shortest cut with "…" when none fits."""
        hints = self._hints
        if not hints:
            return
        width = self.order_input.content_size.width
        if not width:
            hint = hints[0]  # not laid out yet: the resize that follows picks
        else:
            hint = next((h for h in hints if len(h) <= width), "") or cut_to(hints[-1], width)
        self.order_input.placeholder = hint

    def prefill(self, text: str) -> None:
        """Put ``text`` in the order line: its first blank (``UNIT``) selected, so what is
        typed replaces it; else the cursor at the end."""
        order = self.order_input
        order.value = text
        self._prefilled_blanks = frozenset(BLANK.findall(text))
        blank = BLANK.search(text)
        if blank is not None:
            order.selection = Selection(blank.start(), blank.end())
        else:
            order.cursor_position = len(text)

    def holds_blanks(self, text: str) -> bool:
        """True when ``text`` still holds a blank of the template ``prefill`` put in the line
        (``UNIT`` not typed over): sent, the blank would be read as a unit id."""
        return any(word in self._prefilled_blanks for word in BLANK.findall(text))

    def clear(self) -> None:
        """Empty both fields after a sent order."""
        self._prefilled_blanks = frozenset()
        self.order_input.value = ""
        self.dice_input.value = ""
        self._show_dice_hint(self._idle_hint())

    def _idle_hint(self) -> str:
        session = self.session
        return idle_dice_hint(
            referee=session.viewer is None,
            physical=session.takes_typed_dice,
            untypable=session.loaded.dice_mode if self._types_no_dice() else None,
        )

    def _types_no_dice(self) -> bool:
        """True when this seat may type no die in this campaign (``typed_dice_refusal``)."""
        return self.session.typed_dice_refusal() is not None

    def unsent(self) -> bool:
        """True when the order line or the dice field holds text not sent yet."""
        return bool(self.unsent_words())

    def unsent_words(self) -> str:
        """What is typed and not sent, in words ("the order typed", "the dice typed (42)",
        "the order and the dice typed"; "" when nothing): the question before leaving named
        an order when only dice were typed (found by use, December 7, evening)."""
        order = self.order_input.value.strip()
        dice = self.dice_input.value.strip()
        if order and dice:
            return "the order and the dice typed"
        if dice:
            return f"the dice typed ({dice[:20]})"
        return "the order typed" if order else ""

    @on(Input.Changed, "#order")
    def _order_changed(self) -> None:
        """The dice field says how many physical dice the typed order rolls, once typing
        pauses (a dry run per keystroke kept the app busy for minutes on a pasted 48 KB)."""
        if self._hint_timer is not None:
            self._hint_timer.stop()
        self._hint_timer = self.set_timer(HINT_DELAY, self._update_dice_hint)

    def _update_dice_hint(self) -> None:
        self._hint_timer = None
        self.hints_made += 1
        text = self.order_input.value
        self._show_dice_hint(
            dice_hint(self.session.dice_needed(text))
            if text.strip() and not self._types_no_dice()
            else self._idle_hint()
        )

    def _show_dice_hint(self, hint: str) -> None:
        """Make ``hint`` the dice field's hint, cut to the field's width."""
        self._dice_hint = hint
        self._fit_dice_hint()

    def _fit_dice_hint(self) -> None:
        """The dice field's hint, cut with "…" where the field is narrower: the idle hint was
        never cut, and a terminal 43 columns wide showed "referee's" with no mark that more
        was said (found by use, December 8)."""
        self.dice_input.placeholder = cut_to(self._dice_hint, self.dice_input.content_size.width)

    @on(Input.Submitted, "#dice")
    def _dice_submitted(self, event: Input.Submitted) -> None:
        """Enter in the dice field sends the order typed with these dice (an empty order line
        is refused saying so, issue 31 item 10)."""
        event.stop()
        self.post_message(self.OrderTyped(self.order_input.value))

    @on(Input.Submitted, "#order")
    def _order_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.OrderTyped(event.value))

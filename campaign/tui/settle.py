"""Keys typed after a key that may move the focus wait until it has settled (ADR 0054).

Textual hands each key to the widget that has the focus when the app takes the key from its
queue. An Enter that moves the focus (a form's next field, the stack list's destinations) or
opens a dialog does so only once the widget has handled it and the messages it sent have gone
round (``Input.Submitted`` up to the form, the form's ``focus`` back through the app); a key
such as ``i`` first builds the Mail tab, ``m`` from another tab focuses the stack list once
the map is drawn. The keys typed after it in the same burst had been handed to the old widget
by then: ``main`` Enter ``sirehk`` Enter, sent in one write under tmux, left ``mainsirehk`` in
the STACK filter and sent nothing; ``m`` Enter ``k`` Enter jumped nothing.

``HoldsKeysUntilSettled`` (a mixin of the app) holds the keys that arrive after a key that is
not a letter typed into a text field, until the app and the screen on top have handled every
message queued before them and the screen has been repainted, round after round, as long as a
round leaves something queued (at most ``MAX_ROUNDS``, or ``MAX_FOCUS_ROUNDS`` while the widget
with the focus still has messages queued: on a loaded machine an Escape forwarded to the focused
field was still waiting there after 12 rounds, and the ``U`` typed after it, a priority binding,
opened the referee-undo prompt that the late Escape then closed). Then the focus move, the
dialog or the order is done, and the held keys are handed out in the order typed, as if typed
50 ms apart. It waits for that condition, never for a time. Enter itself is handed out in its
place, behind the keys typed before it (ADR 0054: it reads what they typed). Letters typed into
a text field hold nothing: typing costs nothing.
"""

from __future__ import annotations

from collections import deque

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.widgets import Input

#: Rounds of "every message queued so far has been handled" before the held keys go on even
#: if the screen is still busy (a live update, a computer opponent thinking): a bound on how
#: long keys are held, counted in rounds, not in time.
MAX_ROUNDS = 12
#: The same bound while the widget with the focus (or one around it) still has messages
#: queued: the key handed out before may be among them (a round of a loaded machine).
MAX_FOCUS_ROUNDS = 120


class HoldsKeysUntilSettled(App[None]):
    """An app that hands out the keys typed after a key that may move the focus once that key
    has settled (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        #: Keys that arrived before the key ahead of them settled, in the order typed.
        self._held_keys: deque[events.Key] = deque()
        #: A key that may move the focus was handed out and has not been seen to settle yet.
        self._unsettled = False
        #: Rounds run since that key (``MAX_ROUNDS``), and whether one is running.
        self._rounds = 0
        self._settling = False

    async def on_event(self, event: events.Event) -> None:
        """A key from the terminal waits while a key before it has not settled; any other
        event, and a key that bubbled back up from a widget, goes on as Textual runs it."""
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        if self._held_keys or self._unsettled:
            self._held_keys.append(event)
            if not self._settling:
                self._settle()
            return
        await self._hand_out(event)

    async def _hand_out(self, key: events.Key) -> None:
        """Run ``key`` as Textual does when it takes a key from the terminal. A key that is
        not a letter typed into a text field (Enter, Tab, a command key, an arrow) may move
        the focus or open a dialog: it holds the keys after it until it has settled."""
        typed = key.is_printable and isinstance(self.focused, Input)
        await super().on_event(key)
        if not typed:
            self._unsettled = True
            self._rounds = 0

    def _pumps(self) -> list[MessagePump]:
        """What a round waits for: the app (a focus move is queued there), the widget with the
        focus and those around it up to the screen on top (a bubbled ``Submitted``, a dialog
        the key opened), and every other widget of that screen with a message queued. A
        widget with nothing queued and the focus elsewhere holds nothing up: waiting for each
        of the campaign screen's sixty widgets cost 6 ms of CPU a round, this about 1 ms."""
        try:
            screen = self.screen
        except Exception:  # no screen: the app is starting or closing
            return [self]
        focused = screen.focused
        near = focused.ancestors_with_self if focused is not None else [screen]
        busy = [w for w in screen.walk_children(with_self=True) if w.message_queue_size]
        return list(dict.fromkeys([self, screen, *near, *busy]))

    def _focus_chain(self) -> list[MessagePump]:
        """The widget with the focus and those around it up to the screen on top."""
        try:
            focused = self.screen.focused
        except Exception:  # no screen: the app is starting or closing
            return []
        return list(focused.ancestors_with_self) if focused is not None else []

    def _settle(self) -> None:
        """Queue a callback behind every message of the app and the screen's widgets, and one
        for after the screen's next repaint; when the last has run, every message queued
        before has been handled (``_round_over``)."""
        self._settling = True
        self._rounds += 1
        pending = 0

        def tick() -> None:
            nonlocal pending
            pending -= 1
            if pending == 0:
                self._round_over()

        for pump in self._pumps():
            if pump.call_later(tick):
                pending += 1
        # and once the screen has been repainted: what a key asked to run after the next
        # refresh (``m`` from another tab focuses the stack list once the map is drawn) has run
        try:
            if self.screen.call_after_refresh(tick):
                pending += 1
        except Exception:  # no screen: the app is starting or closing
            pass
        if pending == 0:
            self._round_over()

    def _round_over(self) -> None:
        """Another round while a message is still queued anywhere (the round's own messages
        made more: a bubbled ``Submitted``, the focus move it asked for), else hand out the
        held keys, on the app's own queue so they keep their place before later keys."""
        pumps = self._pumps()
        busy = any(pump.message_queue_size for pump in pumps)  # the app's too
        # the widget with the focus, or one around it, still has messages queued: the key
        # handed out last may be among them (an Enter or Escape is forwarded to the focused
        # widget's queue, while a priority binding typed after it runs at once): held on,
        # up to ``MAX_FOCUS_ROUNDS``, so a busy screen does not let the later key go first
        focus_busy = any(pump.message_queue_size for pump in self._focus_chain())
        if busy and (self._rounds < MAX_ROUNDS or (focus_busy and self._rounds < MAX_FOCUS_ROUNDS)):
            self._settle()
            return
        self.call_later(self._release)  # still settling: a key arriving meanwhile just waits

    async def _release(self) -> None:
        """Hand out the held keys in the order typed; one of them that may move the focus
        holds the rest again until it has settled."""
        self._settling = False
        self._unsettled = False
        while self._held_keys:
            key = self._held_keys.popleft()
            await self._hand_out(key)
            if self._unsettled:
                if self._held_keys:
                    self._settle()
                return

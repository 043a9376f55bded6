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

A key that opens or leaves a screen (Enter on the launcher's lists, ``q``, Escape) settles
only once the screen it brings on top is mounted and quiet, so the keys typed after it go to
that screen (ADR 0054, addendum "keys typed ahead across a change of screen"): ``Enter q`` sent
in one write on the launcher's scenario list quit the app, the ``q`` handed to the launcher
before the game the Enter opens was on top. A round had two blind spots: the key handed out
was still on its way up to the app, where the bindings of the widgets it passed run, and a
message on its way up (the list's ``Selected``, which opens the game) had been taken out of a
widget's queue by Textual's look-ahead for messages to combine, which ``message_queue_size``
does not count. Rounds now go on, as for the focused widget's queue, while such a message
waits (``has_queued``), while the key has neither come back to the app nor been stopped by a
widget, and while the screen on top changed during the round or is not mounted yet.
"""

from __future__ import annotations

from collections import deque

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.screen import Screen
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
        #: The key handed out last while it is on its way through the widgets up to the app,
        #: and whether the app is running its bindings now (the screen on top marks it stopped
        #: as it hands it up to the app: ``Message.stop`` when the parent is the sender).
        self._in_flight: events.Key | None = None
        self._in_flight_at_app = False
        #: The screen on top when the running round began (a change of screen means more).
        self._round_screen: Screen[object] | None = None

    async def on_event(self, event: events.Event) -> None:
        """A key from the terminal waits while a key before it has not settled; any other
        event, and a key that bubbled back up from a widget, goes on as Textual runs it."""
        if not isinstance(event, events.Key) or event.is_forwarded:
            if event is not self._in_flight:
                await super().on_event(event)
                return
            # the key handed out last, back up at the app: once its bindings have run (they
            # may open or leave a screen), it is no longer on its way
            self._in_flight_at_app = True
            try:
                await super().on_event(event)
            finally:
                self._in_flight = None
                self._in_flight_at_app = False
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
        # handed to the focused widget (not taken by a priority binding): it goes up through
        # the widgets around it to the app, and a binding of one of them runs only there
        self._in_flight = key if key.is_forwarded else None
        if not typed:
            self._unsettled = True
            self._rounds = 0

    def _pumps(self) -> list[MessagePump]:
        """What a round waits for: the app (a focus move is queued there), the widget with the
        focus and those around it up to the screen on top (a bubbled ``Submitted``, a dialog
        the key opened), and every other widget of that screen with a message queued. A
        widget with nothing queued and the focus elsewhere holds nothing up: waiting for each
        of the campaign screen's sixty widgets cost 6 ms of CPU a round, this about 1 ms."""
        screen = self._top_screen()
        if screen is None:
            return [self]
        focused = screen.focused
        near = focused.ancestors_with_self if focused is not None else [screen]
        busy = [w for w in screen.walk_children(with_self=True) if has_queued(w)]
        return list(dict.fromkeys([self, screen, *near, *busy]))

    def _top_screen(self) -> Screen[object] | None:
        """The screen on top, or None while the app is starting or closing."""
        try:
            return self.screen
        except Exception:  # no screen: the app is starting or closing
            return None

    def _changing(self) -> bool:
        """Whether what the last key did is still on its way, where a queue does not show it:
        the key has not come back up to the app (the bindings of the widgets it passes run
        there) nor been stopped by one of them, or the screen on top changed during the round
        (a screen pushed or popped: its own messages are the next round's) or is not mounted
        yet."""
        key = self._in_flight
        # Textual's private flag (8.x); a Textual without it counts the key as stopped, so the
        # hold is then the one before the addendum, never a key held for good
        stopped = getattr(key, "_stop_propagation", True)
        if key is not None and (self._in_flight_at_app or not stopped):
            return True
        screen = self._top_screen()
        return screen is not self._round_screen or (screen is not None and not screen.is_mounted)

    def _focus_chain(self) -> list[MessagePump]:
        """The widget with the focus and those around it up to the screen on top."""
        screen = self._top_screen()
        focused = screen.focused if screen is not None else None
        return list(focused.ancestors_with_self) if focused is not None else []

    def _settle(self) -> None:
        """Queue a callback behind every message of the app and the screen's widgets, and one
        for after the screen's next repaint; when the last has run, every message queued
        before has been handled (``_round_over``)."""
        self._settling = True
        self._rounds += 1
        self._round_screen = self._top_screen()
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
        if self._round_screen is not None and self._round_screen.call_after_refresh(tick):
            pending += 1
        if pending == 0:
            self._round_over()

    def _round_over(self) -> None:
        """Another round while a message is still queued anywhere (the round's own messages
        made more: a bubbled ``Submitted``, the focus move it asked for), else hand out the
        held keys, on the app's own queue so they keep their place before later keys."""
        pumps = self._pumps()
        busy = any(map(has_queued, pumps))  # the app's too
        # the widget with the focus, or one around it, still has messages queued: the key
        # handed out last may be among them (an Enter or Escape is forwarded to the focused
        # widget's queue, while a priority binding typed after it runs at once): held on,
        # up to ``MAX_FOCUS_ROUNDS``, so a busy screen does not let the later key go first;
        # so too while the key or the screen it opens or leaves is still on its way
        changing = self._changing()
        focus_busy = changing or any(map(has_queued, self._focus_chain()))
        busy = busy or changing
        if busy and (self._rounds < MAX_ROUNDS or (focus_busy and self._rounds < MAX_FOCUS_ROUNDS)):
            self._settle()
            return
        self.call_later(self._release)  # still settling: a key arriving meanwhile just waits

    async def _release(self) -> None:
        """Hand out the held keys in the order typed; one of them that may move the focus
        holds the rest again until it has settled."""
        self._settling = False
        self._unsettled = False
        self._in_flight = None  # settled, or given up on after ``MAX_FOCUS_ROUNDS``
        while self._held_keys:
            key = self._held_keys.popleft()
            await self._hand_out(key)
            if self._unsettled:
                if self._held_keys:
                    self._settle()
                return


def has_queued(pump: MessagePump) -> bool:
    """Whether ``pump`` has a message waiting: in its queue, or already taken out of it by
    Textual's look-ahead for a message to combine with the one it is handling
    (``MessagePump._peek_message``), which ``message_queue_size`` does not count: the launcher's
    list's ``Selected``, on its way up to open a game, waited there while a round ended."""
    return bool(pump.message_queue_size) or getattr(pump, "_pending_message", None) is not None

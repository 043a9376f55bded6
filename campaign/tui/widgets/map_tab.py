"""The Map tab: the star map, the acting side's stacks and the highlighted stack's destinations.

The tab owns what it shows (the selected stack, the highlighted destination, the connection
overlay) and tells the screen what the user chose through its messages: ``MoveChosen`` carries
the order text of a move to send, ``MoveRefused`` the rule and reason of a destination that
cannot be reached. The screen calls ``show`` when the campaign changed.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from campaign.rules.errors import CampaignError
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.map_palette import MapPalette, map_palette
from campaign.tui.widgets.map_render import (
    MapView,
    hex_centre,
    legend,
    nearest_system,
    render_map,
)
from campaign.views.play import refusal_groups
from campaign.views.words import plural
from scenarios.changed_text import show_options, show_text

#: The longest destination filter typed (a system name is far shorter).
MAX_FILTER = 24
#: The characters besides letters a system's name holds (typed into the destination filter).
FILTER_MARKS = " -'"
#: The screen's priority keys besides letters that step aside while the list has the keys.
STEPPED_ASIDE = ":/"
#: Refusals for the same reason are one row when they are more than this many systems.
REFUSALS_LISTED = 3


class DestinationList(OptionList):
    """The destinations of the selected stack. A click only highlights one (the map draws its
    path); a click on the highlighted one, or Enter, sends the move: one stray click must not
    send a jump. Typing letters narrows the list to the systems whose name holds them
    (``Backspace`` takes one back; ``Escape`` clears it and leaves the list, so the screen's
    single keys work again): reaching Redoubt took 39 ``Down`` presses (issue 31 item 6).
    The digits send the legal destination of that number; with no legal row shown they are
    left to the screen, where they show a tab (found by use: after the palette closed, ``6``
    in Production said "no legal destination numbered 6" instead of showing Mail)."""

    class Filtered(Message):
        """What is typed changed: ``text`` is the filter now."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Numbered(Message):
        """A digit was typed: send the legal destination numbered ``number`` in the list."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    typed = ""
    #: How many legal destinations the list shows (numbered from 1; they come first).
    legal = 0

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Whether the list takes ``key`` itself (as ``_on_key`` does): a letter, space,
        hyphen or apostrophe for the filter, a digit while a legal row is numbered; and the
        screen's ``:`` and ``/``, whose priority bindings step aside while the list has the
        keys (``CampaignScreen._typing``), so they do nothing here. Textual leaves such keys
        out of the footer: it named the screen's single keys here ("o Order m Move e Form
        u Undo q Close"), which the list types into its filter (found by use, December 7,
        evening)."""
        if character is None or len(character) != 1:
            return False
        if character in NUMBERS:
            return bool(self.legal)
        return character.isalpha() or character in FILTER_MARKS or character in STEPPED_ASIDE

    async def _on_key(self, event: events.Key) -> None:
        character = event.character or ""
        if len(character) == 1 and character in NUMBERS and self.legal:
            event.stop()
            event.prevent_default()
            self.post_message(self.Numbered(NUMBERS.index(character) + 1))
        elif (
            len(character) == 1
            and (character.isalpha() or character in FILTER_MARKS)
            and len(self.typed) < MAX_FILTER
        ):
            self._typed(self.typed + character.lower(), event)
        elif event.key == "backspace" and self.typed:
            self._typed(self.typed[:-1], event)
        elif event.key == "escape" and self.typed:  # clears, and Esc leaves the list too
            self.typed = ""
            self.post_message(self.Filtered(""))
            await super()._on_key(event)
        else:
            await super()._on_key(event)

    def _typed(self, text: str, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.typed = text
        self.post_message(self.Filtered(text))

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and clicked != self.highlighted:
            event.prevent_default()  # OptionList's own click would select at once
            if not self.get_option_at_index(clicked).disabled:
                self.highlighted = clicked


class MapCanvas(Static):
    """The drawn map; a click says where (``Clicked``: column and row of the text map)."""

    class Clicked(Message):
        """The map was clicked at column ``x``, row ``y``."""

        def __init__(self, x: int, y: int) -> None:
            super().__init__()
            self.x = x
            self.y = y

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Clicked(event.x, event.y))


class MapScroll(ScrollableContainer):
    """The map's pane; it says when its size changes (``Resized``), so that the tab brings
    the selection into view again: a scroll worked out for the pane's size of one moment
    left the selection off-screen once the pane was laid out anew (found by use, December
    7, late night: the panel of stacks going under the map on a phone held upright, a
    terminal made smaller)."""

    class Resized(Message):
        """The pane's size changed."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


#: The digits that choose a legal destination by its number in the list (issue 44 item 3: a
#: destination behind another of the same first letters took a key per letter).
NUMBERS = "123456789"
#: The rows the side panel keeps for each of its two lists (stacks, destinations).
LIST_ROWS = 3
#: The most rows the selected system's lines take under the lists (they scroll beyond).
INFO_ROWS = 10
#: The rows they take at least while a system is chosen (its units before the lists' rows).
CHOSEN_ROWS = 6
#: The destination list's title when its keys do nothing (no stack, no movement phase).
DESTINATIONS_TITLE = "Destinations"
#: The stack list's title, and its title when it lists no stack: on a player's screen while
#: the other side acts, or before any unit is deployed (``m`` says who acts). It read "Stacks
#: (m)" over an empty list (found by use, December 7, late night).
STACKS_TITLE = "Stacks (m)"
STACKS_NONE_TITLE = "Stacks (m): none now"
#: The columns the side panel's titles have: ``#map-side`` is 32 wide, less its border and
#: padding (campaign.tcss). A longer title wrapped onto a second row at every size.
TITLE_WIDTH = 29


def destinations_title(typed: str, legal: int, moving: bool, focused: bool = True) -> str:
    """The destination list's title, one row of at most ``TITLE_WIDTH`` columns saying what
    the keys do now: the digits of the ``legal`` rows there are (none: a digit shows a tab)
    and the letters that find a system; what is ``typed`` (its end when it is long). Found by
    use (December 7): "Destinations (letters filter, 1-9 send)" took two rows at 160x48 and
    named the digits when no destination was legal. While the list does not have the keys
    (``focused`` false: the stacks have them, or another part of the screen), the digits show
    tabs and the letters run commands: the title says how to reach the list first (found by
    use, December 8: after Esc it still read "Go to: 1-9", and ``2`` showed the Forces tab)."""
    if typed:
        title = f"Find: {typed}▏ (Esc clears)"
        if len(title) <= TITLE_WIDTH:
            return title
        room = TITLE_WIDTH - len("Find: …▏")
        return f"Find: …{typed[-room:]}▏" if len(typed) > room else f"Find: {typed}▏"
    if not moving:
        return DESTINATIONS_TITLE
    if not legal:
        return "No legal move · type to find" if focused else "No legal move"
    keys = "1" if legal == 1 else f"1-{min(legal, len(NUMBERS))}"
    return f"Go to: {keys} · type to find" if focused else f"Go to: m, Enter, then {keys}"


class MapTab(Horizontal):
    """Map on the left; stacks, destinations and the selected system's routes on the right."""

    class MoveChosen(Message):
        """The user chose a legal destination: ``order`` is the move to send."""

        def __init__(self, order: str) -> None:
            super().__init__()
            self.order = order

    class MoveRefused(Message):
        """The user chose a destination the stack cannot reach: ``reason`` names the rule."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

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
        self.show_connections = False
        self.selected_stack: str | None = None
        self.highlighted_destination: str | None = None
        self.stack_ids: list[str] = []
        self.dest_ids: list[str] = []
        #: Whether the selected stack's destinations are listed (a movement phase, its moves
        #: worked out): the destination title names keys only then.
        self._moving = False
        self.map_view: MapView | None = None  # what the map shows now
        #: The view and colours the map was last drawn from.
        self._drawn: tuple[MapView, MapPalette] | None = None
        #: The system chosen by a click on the map or ``g`` (its units in the side panel).
        self.selected_system: str | None = None
        #: The system the map was last scrolled to (kept in view when the pane's size changes).
        self.scrolled_to: str | None = None

    def on_resize(self, event: events.Resize) -> None:
        """Fit the side panel to the height it has now (``_fit_side``)."""
        self._fit_side()

    def _fit_side(self) -> None:
        """Give the selected system's lines at most the rows the two lists leave them in the
        side panel (three rows each, and the two titles), up to ``INFO_ROWS``;
        ``CHOSEN_ROWS`` at least while a system is chosen, when they fit. Found by use
        (December 7): at 80x24 a chosen system had them laid out 21 rows high in a panel of
        15, its routes and hints off the screen; they scroll within their rows now. The
        panel's own height: beside the map it is the tab's, under it (a phone held upright,
        campaign.tcss) a part of it."""
        height = self.query_one("#map-side").size.height
        room = max(1, height - 2 - 2 * LIST_ROWS)
        info = self.query_one("#system-info")
        info.styles.max_height = min(INFO_ROWS, room)
        info.styles.min_height = min(CHOSEN_ROWS, room) if self.selected_system else None

    def compose(self) -> ComposeResult:
        with MapScroll(id="map-scroll"):
            yield MapCanvas(id="map")
            yield Static(id="legend", classes="muted")
        with Vertical(id="map-side"):
            yield Static(STACKS_TITLE, id="stack-title", classes="pane-title")
            yield OptionList(id="stack-list")
            yield Static(DESTINATIONS_TITLE, id="dest-title", classes="pane-title")
            yield DestinationList(id="dest-list")
            yield Static(id="system-info", classes="muted")

    @property
    def legal_shown(self) -> int:
        """How many legal destinations the list shows (numbered from 1; they come first)."""
        return self.query_one("#dest-list", DestinationList).legal

    @property
    def palette(self) -> MapPalette:
        """The map's colours for the theme in use (issue 31 item 8)."""
        return map_palette(self.app.get_css_variables())

    # --- downward: the screen tells the tab what changed

    def show(self) -> None:
        """Rebuild the stacks, destinations and map from the session's campaign."""
        self._fill_stacks()
        self.draw_map()

    def toggle_connections(self) -> bool:
        """Turn the connection overlay on or off and redraw; True when it is on now."""
        self.show_connections = not self.show_connections
        self.draw_map()
        return self.show_connections

    @property
    def stack_list(self) -> OptionList:
        """The list of the acting side's stacks (the movement form's first step)."""
        return self.query_one("#stack-list", OptionList)

    def focus_stacks(self) -> None:
        """Put the focus on the stack list (the movement form's first step)."""
        self.stack_list.focus()

    def draw_map(self) -> None:
        """Draw the map with the selection, the legal destinations and the highlighted path."""
        options = None
        selected = self.selected_system or self.highlighted_destination
        if self.selected_stack is not None:
            try:
                options = self.session.move_options(self.selected_stack)
            except CampaignError:
                options = None
            if selected is None and options is not None:
                selected = options.start
        path: tuple[str, ...] = ()
        if options is not None and self.highlighted_destination in options.legal:
            legs = options.legal[self.highlighted_destination].path
            start = options.start
            path = legs if start is None or legs[:1] == (start,) else (start, *legs)
        view = self.session.map_view(
            selected=selected,
            destinations=options.legal if options else (),
            show_connections=self.show_connections,
            path=path,
        )
        self.map_view = view
        palette = self.palette
        if (view, palette) != self._drawn:  # else the map shown is this one (a live update
            # that changed no mark on it): not drawn again
            self._drawn = (view, palette)
            show_text(
                self.query_one("#map", Static),
                render_map(self.session.ruleset.star_map, view, palette),
            )
            show_text(self.query_one("#legend", Static), legend(palette))
            if selected:
                self.scrolled_to = selected
                self.call_after_refresh(self._scroll_map_to, selected)
        info = []
        if self.selected_system:
            info.extend(self.session.system_lines(self.selected_system))
        if selected:
            info.append(
                f"{self.session.system_name(selected)}: routes to "
                + ", ".join(self.session.routes_of(selected))
            )
        if options is not None and self.session.state.phase.is_movement:
            info.extend(options.hints)  # movement hints mean nothing in other phases
        show_text(self.query_one("#system-info", Static), "\n".join(info))

    # --- filling

    @on(MapScroll.Resized)
    def _map_resized(self) -> None:
        """Bring the system last scrolled to into view again, for the pane's new size."""
        if self.scrolled_to is not None:
            self.call_after_refresh(self._scroll_map_to, self.scrolled_to)

    def _scroll_map_to(self, system_id: str) -> None:
        """Keep ``system_id`` in view when the map is larger than its pane."""
        system = self.session.ruleset.star_map.system(system_id)
        x, y = hex_centre(system.hex.col, system.hex.row)
        scroller = self.query_one("#map-scroll", MapScroll)
        width, height = scroller.scrollable_content_region.size
        scroller.scroll_to(max(0, x - width // 2), max(0, y - height // 2), animate=False)

    def _fill_stacks(self) -> None:
        stack_list = self.query_one("#stack-list", OptionList)
        side = self.session.state.acting
        stacks = self.session.stacks(side)
        self.stack_ids = list(stacks)
        show_text(
            self.query_one("#stack-title", Static), STACKS_TITLE if stacks else STACKS_NONE_TITLE
        )
        # one set_options: add_option per row re-measured the whole list for every row added;
        # none when the rows are those shown (a live update that moved no stack)
        show_options(
            stack_list,
            [
                f"{label} @ {self.session.stack_place(members[0])} ({len(members)})"
                for label, members in stacks.items()
            ],
        )
        if self.selected_stack not in stacks:  # first shown, or another side's stacks: the
            # first that may move (found by use: opened on one that had moved, "No legal move")
            self.selected_stack = next(
                (stack for stack in self.stack_ids if self._may_move(stack)),
                self.stack_ids[0] if self.stack_ids else None,
            )
        if self.selected_stack is not None:
            stack_list.highlighted = self.stack_ids.index(self.selected_stack)
        self._fill_destinations()

    def _fill_destinations(self) -> None:
        dest_list = self.query_one("#dest-list", DestinationList)
        typed = dest_list.typed
        self.dest_ids, rows = self._destination_rows(typed)
        dest_list.legal = sum(1 for row in rows if "✓" in str(row.prompt))
        self._moving = self.selected_stack is not None and self._why_nowhere() is None
        self._show_dest_title()
        show_options(
            dest_list,
            [str(row.prompt) for row in rows],
            frozenset(index for index, row in enumerate(rows) if row.disabled),
        )

    def _show_dest_title(self) -> None:
        """The destination list's title for what it holds and whether it has the keys."""
        found = self.query("#dest-list").results(DestinationList)
        dest_list = next(found, None)
        if dest_list is None:  # a focus change while the tab is composed or taken down
            return
        show_text(
            self.query_one("#dest-title", Static),
            destinations_title(dest_list.typed, dest_list.legal, self._moving, dest_list.has_focus),
        )

    def on_descendant_focus(self) -> None:
        """The keys moved to a part of the tab (the destinations, or away from them)."""
        self._show_dest_title()

    def on_descendant_blur(self) -> None:
        """The keys left a part of the tab (the destinations, Esc or a click elsewhere)."""
        self._show_dest_title()

    def _destination_rows(self, typed: str) -> tuple[list[str], list[Option]]:
        """The destination list's rows for the selected stack, legal ones first (nearest
        first), then the refused ones with their rule, each kept when its name holds
        ``typed``; and the system id of each row ("" for a row that names no system)."""
        if self.selected_stack is None:
            return [], []
        if not self.session.state.phase.is_movement:
            return [], [Option("moves only in movement phases (DN-SEQ-2)", disabled=True)]
        try:
            options = self.session.move_options(self.selected_stack)
        except CampaignError as error:
            return [], [Option(f"✗ {error.message}", disabled=True)]

        def kept(system_id: str) -> bool:
            return typed in self.session.system_name(system_id).lower()

        def starts(system_id: str) -> bool:
            return bool(typed) and self.session.system_name(system_id).lower().startswith(typed)

        ids: list[str] = []
        rows: list[Option] = []
        # names that begin with what is typed first ("kh": Khtaoi before Aokhtel, so Enter
        # sends the one meant, issue 44 item 3), then the nearest
        for system_id, dest in sorted(
            options.legal.items(),
            key=lambda item: (not starts(item[0]), len(item[1].path), item[0]),
        ):
            if not kept(system_id):
                continue
            ids.append(system_id)
            extra = " explore" if dest.explore else ""
            number = NUMBERS[len(ids) - 1] if len(ids) <= len(NUMBERS) else " "
            rows.append(
                Option(
                    f"{number} ✓ {self.session.system_name(system_id)} "
                    f"({dest.mode} {len(dest.path)}){extra}"
                )
            )
        for rule, message, systems in refusal_groups(options.refused):
            systems = [system for system in systems if kept(system)]
            if len(systems) > REFUSALS_LISTED:  # one reason for many: one row (no wall of ✗)
                ids.append("")
                rows.append(Option(f"✗ {len(systems)} systems: {message} ({rule})", disabled=True))
                continue
            for system_id in systems:
                ids.append(system_id)
                rows.append(Option(f"✗ {self.session.system_name(system_id)}: {message} ({rule})"))
        if not ids:
            rows.append(
                Option(
                    f"no destination holds {typed!r}" if typed else "no destination", disabled=True
                )
            )
        return ids, rows

    # --- the user's choices

    @on(OptionList.OptionHighlighted, "#stack-list")
    def _stack_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        stack = self.stack_ids[event.option_index]
        if stack == self.selected_stack:
            return  # already shown (show() highlights the current stack again)
        self._select_stack(stack)

    def move_on(self) -> None:
        """After a move: when the stack moved may not move again, highlight the next stack of
        the list (round from it) that may, so ``m`` Enter goes on with it (found by use: the
        list stayed on the stack moved, and ``m`` Enter showed "has finished its movement
        this phase", DN-MOV-2). Nothing changes when no stack may move."""
        if self.selected_stack not in self.stack_ids:
            return
        start = self.stack_ids.index(self.selected_stack)
        for stack in self.stack_ids[start:] + self.stack_ids[:start]:
            if self._may_move(stack):
                if stack != self.selected_stack:
                    self._select_stack(stack)
                    self.stack_list.highlighted = self.stack_ids.index(stack)
                return

    def _may_move(self, stack: str) -> bool:
        """True when ``stack`` has a legal destination now."""
        try:
            return bool(self.session.move_options(stack).legal)
        except CampaignError:
            return False

    def _select_stack(self, stack: str) -> None:
        """Make ``stack`` the selected one: its destinations listed, its moves on the map."""
        self.selected_stack = stack
        self.highlighted_destination = None
        self.selected_system = None
        self._fit_side()
        self.query_one("#dest-list", DestinationList).typed = ""  # another stack's places
        self._fill_destinations()
        self.draw_map()

    @on(OptionList.OptionSelected, "#stack-list")
    def _stack_selected(self) -> None:
        """Enter on a stack: the destinations take the keys with the first row highlighted
        (the nearest legal destination, its path drawn on the map), so Enter sends it and
        the arrows choose another; before, nothing was highlighted and Enter did nothing.
        Outside a movement phase the list offers nothing (nor when the stack's moves cannot
        be worked out): the keys stay on the stacks and the status line says why. In that
        list the letters typed filtered nothing and the tab keys were read as destination
        numbers (found by use). In a movement phase the list takes the keys even when every
        destination is refused: typing a name shows that system's own reason."""
        nowhere = self._why_nowhere()
        if nowhere is not None:
            self.post_message(self.MoveRefused(nowhere))
            return
        dest_list = self.query_one("#dest-list", OptionList)
        dest_list.focus()
        if dest_list.highlighted is None and self.dest_ids and self.dest_ids[0]:
            dest_list.highlighted = 0

    def _why_nowhere(self) -> str | None:
        """Why the selected stack's destination list has nothing to show now, with the rule
        (outside a movement phase, or its moves cannot be worked out); ``None`` when it
        has destinations, legal or refused."""
        if self.selected_stack is None:
            return None
        if not self.session.state.phase.is_movement:
            return "DN-SEQ-2: stacks move only in movement phases"
        try:
            self.session.move_options(self.selected_stack)
        except CampaignError as error:
            return error.message
        return None

    def select_system(self, system_id: str | None) -> None:
        """Select ``system_id`` (a click on the map, ``g``): the map marks it and the side
        panel lists its units and the orders that apply there; None lets the stack's
        destinations lead again."""
        self.selected_system = system_id
        self._fit_side()
        self.draw_map()

    @on(MapCanvas.Clicked)
    def _map_clicked(self, event: MapCanvas.Clicked) -> None:
        system = nearest_system(self.session.ruleset.star_map, event.x, event.y)
        if system is not None:
            self.select_system(system)

    @on(DestinationList.Filtered)
    def _dest_filtered(self) -> None:
        self._fill_destinations()
        dest_list = self.query_one("#dest-list", OptionList)
        if self.dest_ids and self.dest_ids[0]:
            dest_list.highlighted = 0

    @on(OptionList.OptionHighlighted, "#dest-list")
    def _dest_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self.dest_ids) and self.dest_ids[event.option_index]:
            self.highlighted_destination = self.dest_ids[event.option_index]
            self.selected_system = None
            self.draw_map()

    @on(DestinationList.Numbered)
    def _dest_numbered(self, message: DestinationList.Numbered) -> None:
        """A digit: the legal destination of that number is sent (legal rows come first and
        are numbered 1 to 9); a number with no legal row says so."""
        legal = self.legal_shown
        if message.number > legal:
            self.post_message(
                self.MoveRefused(
                    f"DN-MOV-2: no legal destination numbered {message.number} in the list "
                    f"({plural(legal, 'legal destination')} shown)"
                )
            )
            return
        self._send_destination(message.number - 1)

    @on(OptionList.OptionSelected, "#dest-list")
    def _dest_selected(self, event: OptionList.OptionSelected) -> None:
        self._send_destination(event.option_index)

    def _send_destination(self, index: int) -> None:
        """Send the move to the destination on row ``index`` (a refused one says why)."""
        if self.selected_stack is None or index >= len(self.dest_ids) or not self.dest_ids[index]:
            return
        destination = self.dest_ids[index]
        try:
            order = self.session.move_order(self.selected_stack, destination)
        except CampaignError as error:
            self.post_message(self.MoveRefused(error.message))
            return
        self.query_one("#dest-list", DestinationList).typed = ""
        self.post_message(self.MoveChosen(order))

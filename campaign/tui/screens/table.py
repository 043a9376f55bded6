"""The public table view: what both sides may see, for a big screen (issue 43 item 2).

``campaign tui NAME --table`` (and the table link of ``campaign serve``): the phase tracker,
the map and the last results, kept current like every screen (``CampaignSession.catch_up``),
with no orders and no keys but quitting. It is built through the hiding rule as a player's
seat (``TABLE_VIEWER``): a face-down counter stays face down, a neutral keeps its alias. The
parts shown are the same whichever player's seat they are built from (a test compares both),
so the table tells neither side anything the other may not see.
"""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from campaign.rules.ids import PLAYER_SIDES
from campaign.tui.markup import escape
from campaign.tui.session import CampaignSession
from campaign.tui.views import LIVE_INTERVAL, caught_up_or_left
from campaign.tui.widgets.map_palette import map_palette
from campaign.tui.widgets.map_render import legend, render_map
from scenarios.changed_text import show_text

#: The seat whose hiding rule builds the table (either player's gives the same table).
TABLE_VIEWER = PLAYER_SIDES[0]
#: Order batches of the log the results panel shows (the most recent last).
RESULTS_SHOWN = 6
#: The narrowest the results panel gets while the map panel takes the map's whole width.
RESULTS_MIN_WIDTH = 32
#: Where an order's text starts after its event numbers, and where its sentences start.
ORDER_INDENT = 9
#: What a word too long for a row of the results breaks after (``_Folder``).
BREAKS_AFTER = ("-", "/", ",")
#: Where a sentence too long for the panel goes on (under its own start, not the panel's edge).
CONTINUED_INDENT = ORDER_INDENT + 2


def table_lines(session: CampaignSession) -> list[str]:
    """The phase tracker of the table: turn, phasing side, phase, who acts, last event."""
    state = session.state
    return [*session.phase_lines()[:2], f"waiting for {state.acting.value}"]


class _Folder(textwrap.TextWrapper):
    """Folds without breaking at hyphens (``A-CL-1``, ``DN-SEQ-2`` stay whole), except in a
    word longer than a row's room after the hanging indent: it breaks after one of its
    hyphens, slashes or commas where it has one ("first-" / "combat/" / "interaction,"; a
    jump's path "khtaoi,fissure," / "span"). Left to ``break_long_words``, such a word was cut
    anywhere in the results panel of 28 to 31 columns: "firs" / "t-combat/interact" /
    "ion," (found by use, December 7, late night), "khtaoi,fissure,sp" / "an" (December 8)."""

    def _split(self, text: str) -> list[str]:
        room = self.width - len(self.subsequent_indent)
        chunks: list[str] = []
        for chunk in super()._split(text):
            while len(chunk) > room:
                cut = max(chunk.rfind(mark, 0, room) for mark in BREAKS_AFTER)
                if cut <= 0:
                    break
                chunks.append(chunk[: cut + 1])
                chunk = chunk[cut + 1 :]
            chunks.append(chunk)
        return chunks


def _wrapped(text: str, width: int | None, indent: int, continued: int) -> list[str]:
    """``text`` as markup lines starting ``indent`` columns in; when ``width`` is known, folded
    to it with the lines after the first ``continued`` columns in (a hanging indent: a big
    screen's long sentence would otherwise go on at the panel's left edge, under the numbers)."""
    if width is None or width <= continued + 10:
        return [" " * indent + escape(text)]
    folder = _Folder(
        width,
        initial_indent=" " * indent,
        subsequent_indent=" " * continued,
        break_on_hyphens=False,
    )
    return [escape(line) for line in folder.wrap(text)] or [" " * indent]


def result_lines(session: CampaignSession, width: int | None = None) -> list[str]:
    """The last results: the last battle's summary and the latest orders' sentences, folded to
    ``width`` columns when it is known."""
    lines: list[str] = []
    summary = session.last_battle()
    if not summary.empty:
        systems = ", ".join(session.system_name(s) for s in summary.systems)
        lines.append(f"[b]Last battle[/b] at {escape(systems)}:")
        for line in summary.lines:
            lines.extend(_wrapped(line, width, 2, 4))
        lines.append("")
    lines.append("[b]Latest orders[/b]")
    for row in session.standing_log_rows()[-RESULTS_SHOWN:]:
        lines.extend(_wrapped(f"{row.numbers:>7}  {row.order}", width, 0, CONTINUED_INDENT))
        for sentence in row.sentences:
            lines.extend(_wrapped(sentence, width, ORDER_INDENT, CONTINUED_INDENT))
    return lines


class TableScreen(Screen[None]):
    """The public table view of one campaign (see the module)."""

    DEFAULT_CSS = """
    TableScreen #table-phase { height: auto; padding: 0 1; background: $boost; }
    TableScreen #table-map-scroll { width: auto; overflow-x: auto; }
    TableScreen #table-map { width: auto; }
    TableScreen #table-legend { width: auto; }
    TableScreen #table-results-scroll { width: 1fr; }
    TableScreen #table-results { width: 1fr; padding: 0 1; }
    """

    def __init__(self, session: CampaignSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="table-phase")
        with Horizontal():
            with VerticalScroll(id="table-map-scroll"):
                yield Static(id="table-map")
                yield Static(id="table-legend")
            with VerticalScroll(id="table-results-scroll"):
                yield Static(id="table-results")

    def on_mount(self) -> None:
        self.title = f"Campaign {self.session.name}"
        self.sub_title = "table view"
        self.show()
        self._share_the_width()
        self.query_one("#table-map-scroll", VerticalScroll).focus()  # the arrow keys scroll it
        self.call_after_refresh(self.show)  # again, folded to the laid-out panel's width
        self.session.follow()
        self.set_interval(LIVE_INTERVAL, self.catch_up, name="live")

    def on_unmount(self) -> None:
        self.session.close()

    def catch_up(self) -> None:
        """Show a change made anywhere, without a key (the campaign deleted elsewhere: say
        so and end)."""
        if caught_up_or_left(self.app, self.session):
            self.show()

    def show(self) -> None:
        """Draw the phase, the map and the results from the session."""
        palette = map_palette(self.app.get_css_variables())
        show_text(
            self.query_one("#table-phase", Static),
            "\n".join(escape(line) for line in table_lines(self.session)),
        )
        show_text(
            self.query_one("#table-map", Static),
            render_map(self.session.ruleset.star_map, self.session.map_view(), palette),
        )
        show_text(self.query_one("#table-legend", Static), legend(palette))
        results = self.query_one("#table-results", Static)
        width = results.content_size.width  # known once the screen is laid out
        if not width:
            # drawn once it is (``on_mount``): a first draw unfolded left the panel at its
            # height once folded (found by use, December 7, late night: 31 rows for 36
            # lines at 80x24, the newest order and its sentence never on the screen)
            return
        if show_text(results, "\n".join(result_lines(self.session, width))):
            self.call_after_refresh(self._newest_in_view)

    def _newest_in_view(self) -> None:
        """Scroll the results to their end, where the newest order is (found by use: on a
        screen too short for the six latest orders, the newest was below the panel's edge,
        and the arrow keys scroll the map, not the results)."""
        self.query_one("#table-results-scroll", VerticalScroll).scroll_end(animate=False)

    def on_resize(self) -> None:
        """Share the new width out again, and fold the results to their panel's new width."""
        self._share_the_width()
        self.call_after_refresh(self.show)

    def _share_the_width(self) -> None:
        """The map panel is as wide as the map, so the whole map shows, as long as the results
        keep ``RESULTS_MIN_WIDTH`` columns; on a narrower screen it gets what they leave (at
        least half) and scrolls sideways (a scrollbar, the arrow keys, the mouse). Found by use:
        the two panels shared the width evenly and the east half of the map was never shown."""
        width = self.size.width
        if width:
            scroll = self.query_one("#table-map-scroll", VerticalScroll)
            scroll.styles.max_width = max(width - RESULTS_MIN_WIDTH, width // 2)

"""Screens redraw only what changed (issue 32, item 11; docs/tui.md, "Footer" and "Redrawing").

Two rules, each checked on a small app so the count is exact: a text widget given what it
already shows asks for no layout (``changed_text.show_text``), and the key footer keeps its key
widgets when the focus moves between widgets that differ only in keys a footer never shows."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets._footer import FooterKey

from scenarios.changed_text import show_options, show_text
from scenarios.footer import KeysFooter
from tests.waiting import until


class CountingStatic(Static):
    """A ``Static`` that counts the layouts it asks for."""

    layouts = 0

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):  # type: ignore[no-untyped-def]
        if layout:
            self.layouts += 1
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class TextApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CountingStatic("start", id="text")


def test_the_same_text_again_asks_for_no_layout() -> None:
    """Issue 32 item 11: the campaign screen gives its texts again after every order."""

    async def scenario() -> None:
        async with TextApp().run_test() as pilot:
            text = pilot.app.query_one(CountingStatic)
            before = text.layouts
            assert show_text(text, "start") is False
            assert text.layouts == before
            assert show_text(text, "phase 2") is True
            # the first text given here is laid out (the size shown was not known); the next
            # ones keep its size (one line that fits): repainted only (the next test)
            assert text.layouts == before + 1 and text.content == "phase 2"
            # a Text equal in characters but not in style is a change (another theme's map)
            assert show_text(text, Text("phase 2")) is True
            assert show_text(text, Text("phase 2", style="red")) is True
            assert show_text(text, Text("phase 2", style="red")) is False
            assert show_text(text, Text("phase 2", style="red", justify="right")) is True
            assert text.layouts == before + 1
            await pilot.pause()
            assert str(text.render()) == "phase 2"

    asyncio.run(scenario())


class HiddenKeys(Static, can_focus=True):
    """A focusable widget with a shown key and keys a footer does not show."""

    BINDINGS = [Binding("s", "noop", "Shown"), Binding("up", "noop", "Up", show=False)]

    def action_noop(self) -> None:
        pass


class OtherHiddenKeys(HiddenKeys, can_focus=True):
    BINDINGS = [
        Binding("down", "noop", "Down", show=False),
        Binding("enter", "noop", "Enter", show=False),
    ]


class MoreKeys(HiddenKeys, can_focus=True):
    BINDINGS = [Binding("m", "more", "More")]  # the footer shows one key per action

    def action_more(self) -> None:
        pass


class FooterApp(App[None]):
    ENABLE_COMMAND_PALETTE = False  # its key would be one more in every footer

    def compose(self) -> ComposeResult:
        yield HiddenKeys("a", id="a")
        yield OtherHiddenKeys("b", id="b")
        yield MoreKeys("c", id="c")
        yield KeysFooter(compact=True)


def test_the_footer_keeps_its_keys_when_only_hidden_keys_change() -> None:
    """Issue 32 item 11 (docs/tui.md, "Footer"): the keys shown are the same, so are the key
    widgets; a shown key more rebuilds them, as Textual's footer does."""

    async def scenario() -> None:
        async with FooterApp().run_test() as pilot:
            app = pilot.app
            app.query_one("#a").focus()
            await until(
                pilot,
                lambda: len(app.query_one(Footer).query(FooterKey)) == 1,
                "the footer's first key",
            )
            keys = list(app.query_one(Footer).query(FooterKey))
            assert [key.description for key in keys] == ["Shown"]
            app.query_one("#b").focus()  # other hidden keys, the same shown ones
            await until(pilot, lambda: app.focused is app.query_one("#b"), "b focused")
            await pilot.pause()
            kept = list(app.query_one(Footer).query(FooterKey))
            assert all(a is b for a, b in zip(kept, keys, strict=True))
            app.query_one("#c").focus()  # one shown key more
            # the footer recomposes after the next refresh, which one pause may not reach under
            # load: wait for its keys (issue 44 item 7; it failed at a load of ~15)
            await until(
                pilot,
                lambda: len(app.query_one(Footer).query(FooterKey)) == 2,
                "the footer's second key",
            )
            rebuilt = list(app.query_one(Footer).query(FooterKey))
            assert [key.description for key in rebuilt] == ["Shown", "More"]
            assert not any(key in keys for key in rebuilt)
            assert all(key.has_class("-compact") for key in rebuilt)

    asyncio.run(scenario())


def test_a_changed_text_of_the_same_size_asks_for_no_layout() -> None:
    """Issue 43 (the live table under load): the phase tracker's event number changes on
    every live update; a text that keeps its lines and fits is repainted without a layout of
    the whole screen. Another number of lines, or a line too wide, still asks for one."""

    async def scenario() -> None:
        async with TextApp().run_test(size=(40, 10)) as pilot:
            text = pilot.app.query_one(CountingStatic)
            show_text(text, "event 9\nwaiting for aslan")
            await pilot.pause()
            before = text.layouts
            assert show_text(text, "event 10\nwaiting for solomani") is True
            assert text.layouts == before  # same two lines, both fit: repainted only
            await pilot.pause()
            assert "event 10" in str(text.render())
            assert show_text(text, "event 11\nwaiting for\naslan") is True
            assert text.layouts == before + 1  # a third line: the screen is laid out again
            assert show_text(text, "event 12\nwaiting for\n" + "x" * 60) is True
            assert text.layouts == before + 2  # wider than the widget: it wraps

    asyncio.run(scenario())


def test_the_same_options_again_are_not_set_again() -> None:
    """Issue 43: a live update that moved no stack leaves the stack list as it is (its rows
    were measured and laid out again on every update)."""

    class ListApp(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList()

    async def scenario() -> None:
        async with ListApp().run_test() as pilot:
            options = pilot.app.query_one(OptionList)
            assert show_options(options, ["main @ Quillon hex (2)", "B-1"]) is True
            options.highlighted = 1
            assert show_options(options, ["main @ Quillon hex (2)", "B-1"]) is False
            assert options.highlighted == 1  # kept: the list was not rebuilt
            assert show_options(options, ["main @ Quillon hex (2)", "B-1"], frozenset({1})) is True
            assert options.get_option_at_index(1).disabled

    asyncio.run(scenario())

"""Every text field of the TUI acts on its keys in the order they were typed (found by use;
Textual issue 6605): ``scenarios.type_ahead.TypeAheadInput``."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from campaign.tui.screens.forms import ChoicePrompt
from scenarios.type_ahead import TypeAheadInput
from tests.tui.pilot_helpers import post_at_once
from tests.waiting import until

ROOT = Path(__file__).resolve().parents[2]
#: The packages whose screens hold text fields.
SCREEN_PACKAGES = ("campaign/tui", "scenarios")


class OneField(App[None]):
    """A field alone, of the class asked for, counting the keys it reads and those it passes up
    (an editing key of Textual's ``Input`` goes up to the app, which runs its binding)."""

    def __init__(self, field: type[Input]) -> None:
        super().__init__()
        self.field = field
        self.arrived = 0  # keys that came up to the app and were acted on there

    def compose(self) -> ComposeResult:
        field = self.field

        class Counting(field):  # type: ignore[valid-type, misc]
            read = 0
            passed_up = 0

            async def _on_key(self, event: events.Key) -> None:
                await super()._on_key(event)
                self.read += 1
                self.passed_up += not event._stop_propagation

        yield Counting(id="field")

    async def _on_key(self, event: events.Key) -> None:
        await super()._on_key(event)
        self.arrived += 1


async def typed_at_once(field: type[Input], keys: list[str]) -> str:
    """The field's text after ``keys`` are posted with no wait between them."""
    app = OneField(field)
    async with app.run_test() as pilot:
        await pilot.pause()
        post_at_once(app, keys)
        counting: Any = app.query_one("#field")
        await until(
            pilot,
            lambda: counting.read == len(keys) and app.arrived == counting.passed_up,
            "every key read by the field, and every key it passed up acted on",
        )
        return str(counting.value)


BURST = [*"pax", "backspace", *"ss", "home", "x", "delete", "end", "!"]


def test_a_type_ahead_field_edits_in_the_order_typed():
    """``pax`` Backspace ``ss`` Home ``x`` Delete End ``!`` typed at once is ``xass!``."""
    assert asyncio.run(typed_at_once(TypeAheadInput, BURST)) == "xass!"


def test_textual_s_own_field_does_not_so_the_type_ahead_field_is_needed():
    """The reason for the class: the same burst in Textual's ``Input`` comes out otherwise
    (its editing keys act after the letters typed behind them). If a Textual release fixes
    this, this test fails and the class can go."""
    assert asyncio.run(typed_at_once(Input, BURST)) != "xass!"


def _is_input(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "Input"


def _bare_inputs(path: Path) -> list[str]:
    """``Input(...)`` built, or ``Input`` subclassed, in ``path`` (not a type-ahead field)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _is_input(node.func):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: Input(...)")
        elif (
            isinstance(node, ast.ClassDef)
            and node.name != "TypeAheadInput"
            and any(_is_input(base) for base in node.bases)
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: class {node.name}(Input)")
    return found


def test_every_text_field_of_the_screens_is_a_type_ahead_field():
    """No screen of the campaign or of a scenario builds Textual's ``Input`` itself."""
    found = [
        line
        for package in SCREEN_PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in _bare_inputs(path)
    ]
    assert found == []


class Prompting(App[None]):
    """A ``ChoicePrompt`` over nothing, keeping the value it is dismissed with."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: str | None = None

    def on_mount(self) -> None:
        choices = [("Alpha", "a"), ("Beta", "b"), ("Gamma", "g")]
        self.push_screen(ChoicePrompt("Which?", choices), self.keep)

    def keep(self, value: str | None) -> None:
        self.chosen = value


def test_a_choice_moved_to_in_a_burst_is_the_one_enter_takes():
    """Enter, acted on where it was typed, must not read the list before the Downs typed ahead
    of it have moved it: ``FilterInput`` runs its choice field's Up/Down/PageUp/PageDown as it
    reads them too (``key_owners``). Without that, Down Down Enter typed at once chose
    nothing (Enter read an empty highlight)."""

    async def scenario() -> str | None:
        app = Prompting()
        async with app.run_test() as pilot:
            await until(pilot, lambda: isinstance(app.screen, ChoicePrompt), "the prompt")
            await until(pilot, lambda: app.screen.focused is not None, "the filter focused")
            post_at_once(app, ["down", "down", "enter"])
            await until(pilot, lambda: app.chosen is not None, "a choice taken")
            return app.chosen

    assert asyncio.run(scenario()) == "b"

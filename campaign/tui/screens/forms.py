"""Small modal forms: an order built field by field from its template, a referee reason, a
yes/no confirmation, and the new-campaign form of the launcher."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

TOKEN = re.compile(r"\[([^\]]+)\]|(\S+)")


@dataclass(frozen=True)
class Field:
    """One blank of an order template: its name and whether it may be left empty."""

    name: str
    optional: bool


def template_fields(template: str) -> tuple[str, list[Field]]:
    """``"produce KIND [COUNT] [LOCATION]"`` → ``("produce", [KIND, COUNT?, LOCATION?])``.

    A side prefix (``aslan``/``solomani``/``referee``) is kept with the verb.
    """
    words = [m.group(0) for m in TOKEN.finditer(template)]
    head: list[str] = []
    while words and not words[0].startswith("[") and not words[0].isupper():
        head.append(words.pop(0))
    fields = []
    for word in words:
        optional = word.startswith("[")
        name = word.strip("[]").split("|")[0]
        fields.append(Field(name, optional))
    return " ".join(head), fields


def build_order(head: str, fields: list[Field], values: list[str]) -> str:
    """The order text: empty optional fields become ``-``, trailing ones are dropped.

    ``ValueError`` naming the first required field left empty.
    """
    parts: list[str] = []
    for field, value in zip(fields, values, strict=True):
        value = value.strip()
        if not value and not field.optional:
            raise ValueError(f"{field.name} is required")
        if value and " " in value and not value.startswith('"'):
            value = f'"{value}"'
        parts.append(value or "-")
    while parts and parts[-1] == "-" and fields[len(parts) - 1].optional:
        parts.pop()
    return " ".join([head, *parts])


#: ``(label, value)`` pairs a form field offers instead of free text.
Choices = list[tuple[str, str]]


class OrderForm(ModalScreen[str | None]):
    """One field per blank of an order template: a list to choose from where the session knows
    the choices (battles, stacks, units, kinds with their cost, places), else a text input.
    Enter on the last field (or OK) sends. With ``submit`` the form stays open when the order
    is refused, showing the rule and keeping what was typed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel")]

    def __init__(
        self,
        template: str,
        hints: dict[str, str] | None = None,
        *,
        choices: dict[str, Choices] | None = None,
        prefill: dict[str, str] | None = None,
        submit: Callable[[str], str | None] | None = None,
        note: str = "",
    ) -> None:
        super().__init__()
        self.head, self.fields = template_fields(template)
        self.hints = hints or {}
        self.choices = choices or {}
        self.prefill = prefill or {}
        self.submit = submit
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="form-box"):
            yield Static(f"[b]{self.head}[/b] — fill the blanks, Enter to send, Esc to cancel")
            if self.note:
                yield Static(self.note, classes="muted")
            for index, field in enumerate(self.fields):
                label = field.name + (" (optional)" if field.optional else "")
                yield Label(label)
                options = self.choices.get(field.name)
                value = self.prefill.get(field.name, "")
                if options:
                    yield Select(options, prompt=f"choose {field.name}", id=f"field-{index}",
                                 value=value if value in {v for _, v in options}
                                 else Select.NULL)
                else:
                    hint = self.hints.get(field.name, "")
                    yield Input(value=value, placeholder=hint or field.name,
                                id=f"field-{index}")
            yield Static("", id="form-error", classes="error")
            yield Button("OK", id="form-ok", variant="primary")

    def value_of(self, index: int) -> str:
        """What field ``index`` holds now ("" when nothing is chosen)."""
        widget = self.query_one(f"#field-{index}")
        if isinstance(widget, Select):
            return "" if widget.value is Select.NULL else str(widget.value)
        assert isinstance(widget, Input)
        return widget.value

    def on_select_changed(self, event: Select.Changed) -> None:
        """A choice made: on to the next field."""
        if event.value is not Select.NULL and event.select.has_focus:
            self.focus_next()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter moves to the next field, and sends on the last one."""
        if event.input.id == f"field-{len(self.fields) - 1}" or not self.fields:
            self._send()
        else:
            self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "form-ok":
            self._send()

    def _send(self) -> None:
        values = [self.value_of(i) for i in range(len(self.fields))]
        try:
            text = build_order(self.head, self.fields, values)
        except ValueError as error:
            self.query_one("#form-error", Static).update(str(error))
            return
        if self.submit is not None:
            refusal = self.submit(text)
            if refusal:  # refused: say why, keep every field as typed
                self.query_one("#form-error", Static).update(refusal)
                return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextPrompt(ModalScreen[str | None]):
    """Ask for one line of text (a referee's reason, a campaign name); empty is refused."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="form-box"):
            yield Static(self.question)
            yield Input(placeholder=self.placeholder, id="prompt-input")
            yield Static("", id="prompt-error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.query_one("#prompt-error", Static).update("please type something (Esc cancels)")
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A yes/no question; ``y`` confirms, ``n`` or Esc cancels."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="form-box"):
            yield Static(self.question)
            yield Static("[b]y[/b] yes   [b]n[/b] / Esc no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class TextView(ModalScreen[None]):
    """A long text to read (one log entry in full: a round of fire has a line per shot);
    scrolls with the arrow keys, Esc / Enter / q closes."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="textview.close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="form-box text-view"):
            yield Static(f"[b]{self.title_text}[/b]  [dim](Esc closes)[/dim]")
            with VerticalScroll(id="text-view-scroll"):
                yield Static(self.text, id="text-view-body")

    def on_mount(self) -> None:
        self.query_one("#text-view-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class NewCampaign:
    """What the new-campaign form returns."""

    name: str
    layout: str
    seed: int | None


class NewCampaignForm(ModalScreen[NewCampaign | None]):
    """Name, layout (a layout name or ``random``) and seed of a new campaign (DN-MAP-5)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="form-box"):
            yield Static("[b]New campaign[/b] — Enter on the last field creates it")
            yield Label("name")
            yield Input(placeholder="e.g. club-2026", id="new-name")
            yield Label("layout: standard, or random (random assembly, DN-MAP-5)")
            yield Input(value="standard", id="new-layout")
            yield Label("seed (a number; for random assembly and the dice; empty: random)")
            yield Input(placeholder="7", id="new-seed")
            yield Static("", id="new-error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "new-seed":
            self.focus_next()
            return
        name = self.query_one("#new-name", Input).value.strip()
        layout = self.query_one("#new-layout", Input).value.strip() or "standard"
        seed_text = self.query_one("#new-seed", Input).value.strip()
        error = self.query_one("#new-error", Static)
        if not name:
            error.update("the campaign needs a name")
            return
        if seed_text and not seed_text.lstrip("-").isdigit():
            error.update(f"seed must be a whole number, not {seed_text!r}")
            return
        self.dismiss(NewCampaign(name, layout, int(seed_text) if seed_text else None))

    def action_cancel(self) -> None:
        self.dismiss(None)

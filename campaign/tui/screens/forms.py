"""Small modal forms: an order built field by field from its template, a referee reason, a
yes/no confirmation, and the new-campaign form of the launcher."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from campaign.app.starting import DICE_CHOICES, LAYOUT_CHOICES, NewCampaignOptions
from campaign.rules.ids import Side
from campaign.tui.markup import escape
from campaign.tui.order_template import Blank, OrderTemplate
from campaign.tui.widgets.choice_field import ChoiceField
from campaign.views.choices import Choices, FieldSpec
from scenarios.footer import KeysFooter, dialog_keys
from scenarios.type_ahead import FieldInput, TypeAheadInput


def _dialog(*own: Binding) -> list[BindingType]:
    """A dialog's bindings: its own, then ``F1``, which shows the dialog's keys, as on every
    screen (``dialog_keys``: the games' dialogs list theirs in the same order). A dialog takes
    no key bound on the app, so F1 did nothing there while the footer under it said "f1 Help"
    (found by use, December 7). It has the app's binding id: a keymap that moves Help moves it
    here too. Every dialog also composes its own footer (``KeysFooter``): the footer of the
    screen under it went on naming that screen's keys ("o Order m Move …"), which a dialog
    types into its field."""
    return dialog_keys(own, "app.help", "app.help")


#: What a form asks of its owner for one blank, given the values of the others.
SpecSource = Callable[[Blank, dict[str, str]], FieldSpec]

#: The longest text typed into a form field (a reason, a path; an order is at most 1000).
MAX_FIELD_CHARS = 400
#: What each dice mode means, for the new-campaign form (``campaign new --dice``).
DICE_MEANING = {
    "seeded": "the tool rolls (seeded)",
    "physical": "typed in from the table",
    "commit-reveal": "by e-mail, both machines commit then reveal",
    "strict": "by e-mail, nobody can preview a roll",
}
DICE_LABELS = [
    ("default: seeded, or strict in fair mode", ""),
    *((f"{mode}: {DICE_MEANING[mode]}", mode) for mode in DICE_CHOICES),
]


def no_match(name: str, typed: str) -> str:
    """What Enter says in the list ``name`` whose filter ``typed`` hides every choice."""
    return (
        f"{name}: no choice matches “{typed}”; Backspace takes letters back, "
        "or type part of another name"
    )


def fixed_specs(
    choices: dict[str, Choices] | None = None, hints: dict[str, str] | None = None
) -> SpecSource:
    """A ``SpecSource`` with fixed choices and hints per blank name (the mail forms)."""
    choices, hints = choices or {}, hints or {}

    def spec(blank: Blank, _values: dict[str, str]) -> FieldSpec:
        return FieldSpec(choices.get(blank.name, []), hint=hints.get(blank.name, ""))

    return spec


class OrderForm(ModalScreen[str | None]):
    """One field per blank of an order template: a list to choose from where the owner knows
    the legal choices (``ChoiceField``: type to filter), else a text input showing the syntax.
    ``Enter`` sends from any field, ``Tab`` moves between fields. With ``submit`` the form
    stays open when the order is refused, showing the rule and keeping what was typed."""

    BINDINGS = _dialog(Binding("escape", "cancel", "Cancel", id="form.cancel"))
    #: The help's title (F1): the dialog, not its class.
    HELP_TITLE = "order form"
    #: What F1 says first: the keys the form itself reads, which no binding lists.
    HELP_NOTES = (
        "Enter sends the order from any field (in a list it first takes the highlighted "
        "choice). Tab and Shift+Tab move between fields. In a list: type to filter, Up and "
        "Down choose, Space marks or unmarks where several may be given. Esc takes back a "
        "typed filter, then goes from a list back to the field it depends on (from PATH to "
        "STACK), every choice kept; elsewhere it cancels the form."
    )

    def __init__(
        self,
        template: OrderTemplate,
        specs: SpecSource | None = None,
        *,
        prefill: dict[str, str] | None = None,
        submit: Callable[[str], str | None] | None = None,
        note: str = "",
    ) -> None:
        super().__init__()
        self.template = template
        self.head = template.head
        self.fields = list(template.blanks)
        self.specs = specs or fixed_specs()
        self.prefill = prefill or {}
        self.submit = submit
        self.note = note
        self._specs: dict[str, FieldSpec] = {}

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with Vertical(classes="form-box"):
            yield Static(
                f"[b]{escape(self.head)}[/b] — Enter: next required field, then sends; "
                "Tab next field (optional ones too), Esc steps back, then cancels"
            )
            if self.note:
                yield Static(self.note, id="form-note", classes="muted")
            values = dict(self.prefill)
            for index, blank in enumerate(self.fields):
                spec = self.specs(blank, values)
                self._specs[blank.name] = spec
                yield Label(escape(self.label_text(blank, spec)), id=f"label-{index}")
                value = self.prefill.get(blank.name, spec.default)
                if spec.choices or spec.depends_on or spec.empty:  # a list, even one saying
                    # why it offers nothing (a text line read "Space marks": found by use)
                    yield ChoiceField(
                        spec.choices,
                        value=value,
                        multi=spec.multi,
                        optional=blank.optional,
                        empty=spec.empty,
                        id=f"field-{index}",
                    )
                else:
                    yield FieldInput(
                        value=value,
                        placeholder=spec.hint or blank.name,
                        max_length=MAX_FIELD_CHARS,
                        id=f"field-{index}",
                    )
            yield Static("", id="form-error", classes="error")
            yield Button("OK", id="form-ok", variant="primary")

    def on_mount(self) -> None:
        """The focus starts in the first required field still empty, not in one already
        filled (found by use: from Ctrl+P, ``choose-range BATTLE R`` opened in the BATTLE
        filled in, and the letters typed went to its filter). With every required field
        filled in (``e`` on the awaited "solomani choose-range b1 long"), in the first list
        that offers a choice to change: the focus was in BATTLE, which offered b1 alone,
        and Down Enter sent long range (found by use, December 7, late night)."""
        start = self._empty_required(after=None)
        if start is None:
            start = next(
                (
                    index
                    for index in range(len(self.fields))
                    if isinstance(field := self.query_one(f"#field-{index}"), ChoiceField)
                    and field.offers_a_choice
                ),
                None,
            )
        if start is not None:
            self.query_one(f"#field-{start}").focus()

    @staticmethod
    def label_text(blank: Blank, spec: FieldSpec) -> str:
        """A field's label: its name, what an empty optional one stands for, and the hint of
        what it offers now (it changes with the fields it depends on)."""
        label = blank.name + (f" (optional, empty: {blank.default})" if blank.optional else "")
        return label + (f" — {spec.hint}" if spec.hint else "")

    def values(self) -> dict[str, str]:
        """Every blank's value now, by name."""
        return {blank.name: self.value_of(i) for i, blank in enumerate(self.fields)}

    def value_of(self, index: int) -> str:
        """What field ``index`` holds now ("" when nothing is chosen)."""
        widget = self.query_one(f"#field-{index}")
        assert isinstance(widget, ChoiceField | Input)
        return widget.value

    def _update_dependants(self) -> None:
        """A value changed: blanks whose choices depend on it are offered theirs again."""
        values = self.values()
        for index, blank in enumerate(self.fields):
            if self._specs[blank.name].depends_on:
                self._offer_again(index, blank, values)

    def campaign_changed(self, said: str, note: str = "") -> None:
        """The campaign changed elsewhere while the form was open (another seat, the CLI, an
        import): every field is offered its choices again from the campaign as it is now (a
        stack that has moved since is no longer offered; what is chosen stays while still
        offered), the note under the title too (the RU in hand), and ``said`` tells it above
        the button. The form went on offering the old choices and sent one the campaign had
        left behind (found by use, December 8)."""
        for index, blank in enumerate(self.fields):
            self._offer_again(index, blank, self.values())
        if note and self.query("#form-note"):
            self.query_one("#form-note", Static).update(note)
        self.show_refusal(said)

    def _offer_again(self, index: int, blank: Blank, values: dict[str, str]) -> None:
        """Ask the owner what field ``index`` offers given ``values``, and show it."""
        spec = self.specs(blank, values)
        if spec.hint != self._specs[blank.name].hint:  # "choose the stack first" no more
            self.query_one(f"#label-{index}", Label).update(escape(self.label_text(blank, spec)))
        widget = self.query_one(f"#field-{index}")
        if isinstance(widget, ChoiceField):
            if (spec.choices, spec.empty) != (
                self._specs[blank.name].choices,
                self._specs[blank.name].empty,
            ):
                widget.set_choices(spec.choices, spec.empty)
            if not widget.value and spec.default:  # the default place for another kind
                widget.value = spec.default
        self._specs[blank.name] = spec

    def on_descendant_blur(self) -> None:
        """Leaving a field: later blanks may offer other choices now (PATH after STACK)."""
        self._update_dependants()

    def on_choice_field_marked(self, event: ChoiceField.Marked) -> None:
        """A unit marked or unmarked: the blanks that depend on the units offer theirs now
        (LOCATION after UNITS), the focus staying where it is."""
        event.stop()
        self._update_dependants()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A field takes the focus: the form scrolls to show it whole, its label above it."""
        index = self._field_index(event.widget)
        if index is not None:
            self.call_after_refresh(self._show_field, index)

    def scroll_to_center(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        """Textual centres a focused line not wholly in view; a field is shown whole with its
        label instead (``_show_field``)."""
        if self._field_index(widget) is None:
            super().scroll_to_center(widget, *args, **kwargs)

    def _show_field(self, index: int) -> None:
        """Scroll the form as little as needed to show field ``index`` with its label (the
        first field with the form's title). Textual centres the focused line alone, and once
        it had a list's rows below the box's edge and its label above it (found by use)."""
        field = self.query_one(f"#field-{index}")
        if not field.has_focus_within:
            return
        top = 0 if index == 0 else self.query_one(f"#label-{index}").virtual_region.y
        bottom = field.virtual_region_with_margin.bottom
        self.query_one(".form-box").scroll_to_region(
            Region(0, top, 1, bottom - top), animate=False, immediate=True
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field: on to the next required blank still empty (the choice typed
        towards stays chosen; an untouched list's first choice is taken), else send the
        order. Enter on a filtered match sent the whole form and the next key landed in the
        filter (issue 44 item 3)."""
        event.stop()
        here = self._field_index(event.input)
        if here is not None and not self.fields[here].optional:
            field = self.query_one(f"#field-{here}")
            if isinstance(field, ChoiceField):
                field.take_first()  # ``e`` Enter: the first unit offered, no Down first
                if not field.value and field.unmatched_filter:
                    # stay: the focus went on to the next field with this one still empty,
                    # and the keys typed next landed there (found by use, December 7)
                    self.show_refusal(no_match(self.fields[here].name, field.unmatched_filter))
                    return
        empty = self._empty_required(after=here)
        if here is not None and empty is not None:
            self._update_dependants()
            self.query_one(f"#field-{empty}").focus()
            return
        self._send()

    def _field_index(self, widget: Widget) -> int | None:
        """The index of the field ``widget`` is or belongs to (a choice field's filter line)."""
        for index in range(len(self.fields)):
            field = self.query_one(f"#field-{index}")
            if field in widget.ancestors_with_self:
                return index
        return None

    def _empty_required(self, after: int | None) -> int | None:
        """The first required field after ``after`` that holds nothing, else ``None``."""
        start = -1 if after is None else after
        return next(
            (
                i
                for i in range(start + 1, len(self.fields))
                if not self.fields[i].optional and not self.value_of(i).strip()
            ),
            None,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "form-ok":
            self._send()

    def _send(self) -> None:
        self._update_dependants()
        values = [self.value_of(i) for i in range(len(self.fields))]
        try:
            text = self.template.build(values)
        except ValueError as error:
            self.show_refusal(str(error))
            missing = next(
                i
                for i, value in enumerate(values)
                if not value.strip() and not self.fields[i].optional
            )
            self.query_one(f"#field-{missing}").focus()
            return
        if self.submit is not None:
            refusal = self.submit(text)
            if refusal:  # refused: say why, keep every field as typed
                self.show_refusal(refusal)
                return
        self.dismiss(text)

    def show_refusal(self, refusal: str) -> None:
        """Say why what was sent is refused; every field stays as typed (the owner calls it
        too, for an answer it refused later: a turn file refused after a y/n question)."""
        self.query_one("#form-error", Static).update(escape(refusal))

    def action_cancel(self) -> None:
        """Esc, one step at a time: a list's typed filter is taken back, then a list whose
        choices depend on an earlier field (PATH on STACK) gives the focus back to that field,
        every choice kept; else the form closes. Esc in the destination list closed the whole
        form, the stack chosen lost (found by use, December 8)."""
        here = self._field_index(self.focused) if self.focused is not None else None
        if here is not None:
            field = self.query_one(f"#field-{here}")
            if isinstance(field, ChoiceField) and field.clear_filter():
                return
            back = self._field_depended_on(here)
            if back is not None:
                self.query_one(f"#field-{back}").focus()
                return
        self.dismiss(None)

    def _field_depended_on(self, index: int) -> int | None:
        """The first earlier field whose value chooses what field ``index`` offers."""
        depends_on = self._specs[self.fields[index].name].depends_on
        return next(
            (i for i in range(index) if self.fields[i].name in depends_on),
            None,
        )


class ChoicePrompt(ModalScreen[str | None]):
    """Choose one of ``choices`` (``(label, value)``): type to filter, ``Enter`` chooses the
    highlighted one, ``Esc`` cancels (``g``: go to a system on the map, issue 31 item 6)."""

    BINDINGS = _dialog(Binding("escape", "cancel", "Cancel", id="choice_prompt.cancel"))
    HELP_TITLE = "choice"
    HELP_NOTES = "Type to filter, Up and Down choose, Enter takes the highlighted choice."

    def __init__(self, question: str, choices: Choices) -> None:
        super().__init__()
        self.question = question
        self.choices = choices

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with Vertical(classes="form-box"):
            yield Static(f"{escape(self.question)} — type to filter, Enter chooses, Esc cancels")
            yield ChoiceField(self.choices, id="choice")

    def on_mount(self) -> None:
        self.query_one(ChoiceField).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        chosen = self.query_one(ChoiceField).value
        if chosen:
            self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextPrompt(ModalScreen[str | None]):
    """Ask for one line of text (a referee's reason, a campaign name, a path); empty is
    refused. With ``submit`` the prompt stays open when the answer is refused, showing why
    and keeping what was typed (a refused turn file import kept nothing, issue 31 item 12)."""

    BINDINGS = _dialog(Binding("escape", "cancel", "Cancel", id="prompt.cancel"))
    HELP_TITLE = "question"
    HELP_NOTES = "Type the answer; Enter gives it (an empty answer is refused)."

    def __init__(
        self,
        question: str,
        placeholder: str = "",
        *,
        value: str = "",
        submit: Callable[[str], str | None] | None = None,
        at_once: bool = False,
    ) -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.value = value
        self.submit = submit
        #: The answer is taken as soon as ``submit`` accepts what is typed, without Enter (a
        #: die: one key per die, issue 44 item 3).
        self.at_once = at_once

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with Vertical(classes="form-box"):
            yield Static(self.question)
            yield FieldInput(  # a folder offered is kept: the name typed goes after it
                value=self.value,
                placeholder=self.placeholder,
                id="prompt-input",
                max_length=MAX_FIELD_CHARS,
            )
            yield Static("", id="prompt-error", classes="error")

    def on_input_changed(self, event: Input.Changed) -> None:
        """``at_once``: an answer ``submit`` accepts is taken as typed; one it refuses is
        cleared with the reason shown, so the next key is a new answer."""
        answer = event.value.strip()
        if not (self.at_once and answer and self.submit is not None):
            return
        refusal = self.submit(answer)
        if refusal is None:
            self.dismiss(answer)
            return
        self.show_refusal(refusal)
        event.input.value = ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        answer = event.value.strip()
        if not answer:
            self.query_one("#prompt-error", Static).update("please type something (Esc cancels)")
            return
        if self.submit is not None:
            refusal = self.submit(answer)
            if refusal:  # refused: say why, keep the text as typed
                self.show_refusal(refusal)
                return
        self.dismiss(answer)

    def show_refusal(self, refusal: str) -> None:
        """Say why the answer is refused; the text stays as typed (the owner calls it too,
        for an answer it refused later: a turn file refused after a y/n question)."""
        self.query_one("#prompt-error", Static).update(escape(refusal))

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A yes/no question; ``y`` confirms, ``n`` or Esc cancels."""

    BINDINGS = _dialog(
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    )
    HELP_TITLE = "y/n question"
    HELP_NOTES = "y answers yes; n or Esc answers no."

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with Vertical(classes="form-box"):
            yield Static(self.question)
            yield Static("[b]y[/b] yes   [b]n[/b] / Esc no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class TextView(ModalScreen[None]):
    """A long text to read (one log entry in full: a round of fire has a line per shot);
    scrolls with the arrow keys, Esc / Enter / q closes."""

    BINDINGS = _dialog(Binding("escape,enter,q", "close", "Close", id="textview.close"))
    HELP_TITLE = "text"

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with Vertical(classes="form-box text-view"):
            yield Static(f"[b]{self.title_text}[/b]  [dim](Esc closes)[/dim]")
            with VerticalScroll(id="text-view-scroll"):
                yield Static(self.text, id="text-view-body")

    def on_mount(self) -> None:
        self.query_one("#text-view-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


#: The play-by-e-mail side choices of the new-campaign form ("" : the referee's table).
AS_SIDE_CHOICES = (
    ("no: the referee's table (or a hot seat)", ""),
    ("aslan (play by e-mail)", "aslan"),
    ("solomani (play by e-mail)", "solomani"),
)


class NewCampaignForm(ModalScreen[NewCampaignOptions | None]):
    """Every option of ``campaign new`` (issue 44 item 5: name, layout and seed only, so a
    referee went to the CLI for dice mode, manual stepping, play by e-mail or fair mode):
    name, layout (DN-MAP-5), who rolls the dice, the side this database plays by e-mail, fair
    mode, manual stepping, seed. Fields start empty or at the CLI's defaults, never with grey
    example values; Enter in a text field goes on, Enter in the last one (or Create) creates.

    ``submit`` creates the campaign and returns why it could not (``None`` once created): a
    refusal is shown under the fields and the dialog stays open, everything as typed. A name
    the store refuses (a '/', one already taken) closed the dialog and lost every option
    chosen (found by use, December 7, evening)."""

    BINDINGS = _dialog(Binding("escape", "cancel", "Cancel", id="new.cancel"))
    HELP_TITLE = "new campaign form"
    HELP_NOTES = (
        "Enter in a text field goes on to the next; Enter in the last one (or Create) "
        "creates the campaign. Tab and Shift+Tab move between fields."
    )

    def __init__(self, submit: Callable[[NewCampaignOptions], str | None] | None = None) -> None:
        super().__init__()
        self.submit = submit

    def compose(self) -> ComposeResult:
        yield KeysFooter()  # its own keys, not the screen's under it
        with VerticalScroll(classes="form-box"):
            yield Static(
                "[b]New campaign[/b] — Tab next field, Enter in the seed creates it, Esc cancels"
            )
            yield Label("name (printable text without '/' or '\\')")
            yield TypeAheadInput(id="new-name", max_length=MAX_FIELD_CHARS)
            yield Label("layout (random: random assembly, DN-MAP-5)")
            yield Select(
                [(name, name) for name in LAYOUT_CHOICES],
                value="standard",
                allow_blank=False,
                id="new-layout",
                compact=True,
            )
            yield Label("dice: who rolls")
            yield Select(DICE_LABELS, value="", allow_blank=False, id="new-dice", compact=True)
            yield Label("play by e-mail: the side this database plays")
            yield Select(AS_SIDE_CHOICES, value="", allow_blank=False, id="new-as", compact=True)
            yield Checkbox(
                "fair mode: no referee; both machines shuffle the neutrals",
                id="new-fair",
                compact=True,
            )
            yield Checkbox(
                "manual stepping: every step waits for end-phase", id="new-manual", compact=True
            )
            yield Checkbox(
                "neutrals drawn at the table, from the boxed game's pile",
                id="new-table",
                compact=True,
            )
            yield Label("seed (a whole number, for random assembly and the dice; empty: random)")
            yield TypeAheadInput(id="new-seed", max_length=20)
            yield Static("", id="new-error", classes="error")
            yield Button("Create", id="new-create", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#new-name", Input).focus()  # not the scrolling box: type the name

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id != "new-seed":
            self.focus_next()
            return
        self._create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-create":
            self._create()

    def options(self) -> NewCampaignOptions | str:
        """The options as filled in, or why they cannot be used."""
        name = self.query_one("#new-name", Input).value.strip()
        seed_text = self.query_one("#new-seed", Input).value.strip()
        if not name:
            return "the campaign needs a name"
        digits = seed_text.removeprefix("-")  # one sign at most; ASCII digits ("²" is a digit)
        if seed_text and not (digits.isascii() and digits.isdigit()):
            return f"seed must be a whole number, not {seed_text[:20]!r}"
        side = str(self.query_one("#new-as", Select).value)
        options = NewCampaignOptions(
            name,
            layout=str(self.query_one("#new-layout", Select).value),
            seed=int(seed_text) if seed_text else None,
            dice=str(self.query_one("#new-dice", Select).value) or None,
            manual_steps=self.query_one("#new-manual", Checkbox).value,
            fair=self.query_one("#new-fair", Checkbox).value,
            as_side=Side(side) if side else None,
            neutrals="table" if self.query_one("#new-table", Checkbox).value else "tool",
        )
        return options.problem() or options

    def _create(self) -> None:
        options = self.options()
        refusal = (
            options
            if isinstance(options, str)
            else self.submit(options)
            if self.submit is not None
            else None
        )
        if refusal is not None:
            self.query_one("#new-error", Static).update(escape(refusal))
        elif not isinstance(options, str):
            self.dismiss(options)

    def action_cancel(self) -> None:
        self.dismiss(None)

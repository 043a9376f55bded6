"""A form field that offers choices: a filter line over a short list (issue 31 items 5 and 6).

Typing narrows the list to the choices whose label or value holds what was typed (reaching
Redoubt among 90 places took 39 ``Down`` presses), each word also read without its hyphens
(``rt5`` finds ``RT-5``, as the order line reads it; found by use); ``Up``/``Down`` move the
highlight; in a
field that takes several values ``Space`` marks or unmarks the highlighted one. ``Enter`` is
left to the form (it takes the first choice shown when none is chosen, then goes on), ``Tab``
goes to the next field. A click on a choice chooses (or marks) it. ``Esc`` is the form's: it
first takes back a typed filter (``clear_filter``).

The value is the highlighted choice (one value) or the marked ones, comma-joined, in list order.

A list that offers nothing says why (``empty``: "nothing to choose yet: choose the stack
first", "none may go here now (DN-SEQ-2)"); "no choice matches what is typed" only when a
filter is typed (found by use: an empty list said so with nothing typed).
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.dom import DOMNode
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from campaign.rules.suggest import loose_key
from scenarios.type_ahead import TypeAheadInput

#: The longest filter typed (a choice label is far shorter).
MAX_FILTER = 40
#: What a list that offers nothing says when its owner gives no reason.
NOTHING_NOW = "nothing to choose now"
#: What a list says when the filter typed matches none of its choices.
NO_MATCH = "no choice matches what is typed"


def _holds(text: str, word: str) -> bool:
    """Whether a choice's ``text`` holds the typed ``word`` (lower case), as typed or both
    without hyphens."""
    text = text.lower()
    if word in text:
        return True
    key = loose_key(word)
    return bool(key) and key in loose_key(text)


class FilterInput(TypeAheadInput):
    """The filter line. In a multi-choice field ``Space`` marks instead of typing a space."""

    def __init__(
        self,
        field: ChoiceField,
        *,
        placeholder: str = "",
        compact: bool = False,
        classes: str | None = None,
    ) -> None:
        super().__init__(
            max_length=MAX_FILTER, placeholder=placeholder, compact=compact, classes=classes
        )
        self.owner_field = field

    def key_owners(self) -> tuple[DOMNode, ...]:
        """The field's Up, Down, PageUp and PageDown move its list, in the order typed."""
        return (self, self.owner_field)

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "space" and self.owner_field.multi:
            event.stop()
            event.prevent_default()
            self.owner_field.toggle_highlighted()
            return
        await super()._on_key(event)


class ChoiceField(Vertical):
    """Choose one of ``choices`` (``(label, value)`` pairs), or several when ``multi``."""

    class Marked(Message):
        """A choice was marked or unmarked (several values): the form offers the fields that
        depend on this one their choices again at once, not when the focus leaves it (found
        by use: the deploy form offered stellar hexes for a troop just marked)."""

    BINDINGS = [
        Binding("down", "move(1)", "Next choice", show=False, id="choice.down"),
        Binding("up", "move(-1)", "Previous choice", show=False, id="choice.up"),
        Binding("pagedown", "move(5)", "Choices further down", show=False, id="choice.page_down"),
        Binding("pageup", "move(-5)", "Choices further up", show=False, id="choice.page_up"),
    ]

    def __init__(
        self,
        choices: list[tuple[str, str]],
        *,
        value: str = "",
        multi: bool = False,
        optional: bool = False,
        empty: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.multi = multi
        self.optional = optional
        self.empty = empty or NOTHING_NOW
        self._choices: list[tuple[str, str]] = []
        self._shown: list[tuple[str, str]] = []
        self._chosen = ""
        self._marked: set[str] = set()
        self._set_choices(choices)
        self.value = value

    def compose(self) -> ComposeResult:
        what = "type to filter" + (", Space marks" if self.multi else "")
        yield FilterInput(self, placeholder=what, classes="choice-filter", compact=True)
        choices = OptionList(classes="choice-list", compact=True)
        choices.can_focus = False  # Tab goes from field to field; the filter keeps the keys
        yield choices

    def on_mount(self) -> None:
        self._refill()

    def focus(self, scroll_visible: bool = True) -> ChoiceField:
        """Focus the filter line (the field's keys are read there)."""
        self.query_one(FilterInput).focus(scroll_visible)
        return self

    # --- the value

    @property
    def value(self) -> str:
        """The chosen value, or the marked values comma-joined ("" when none)."""
        if self.multi:
            return ",".join(v for _, v in self._choices if v in self._marked)
        return self._chosen

    @value.setter
    def value(self, value: str) -> None:
        values = {v for _, v in self._choices}
        if self.multi:
            self._marked = {part for part in value.split(",") if part in values}
        else:
            self._chosen = value if value in values else ""
        if self.is_mounted:
            self._refill()

    @property
    def offers_a_choice(self) -> bool:
        """Whether the list offers more than one choice (one to change for another)."""
        return len(self._choices) > 1

    @property
    def unmatched_filter(self) -> str:
        """What is typed in the filter when it hides every choice ("" otherwise): Enter then
        has nothing to take (the form stays in the field and says so)."""
        typed = self.query_one(FilterInput).value.strip()
        return typed if typed and not self._shown else ""

    def set_choices(self, choices: list[tuple[str, str]], empty: str = "") -> None:
        """Offer other choices (another blank changed), ``empty`` saying why there are none;
        what is chosen stays if offered."""
        self.empty = empty or NOTHING_NOW
        self._set_choices(choices)
        self.value = self.value

    def _set_choices(self, choices: list[tuple[str, str]]) -> None:
        unique = list(dict.fromkeys(choices))  # the same choice twice means nothing
        if self.optional and not self.multi:
            unique.insert(0, ("— leave empty —", ""))
        self._choices = unique

    # --- the list

    def _label(self, label: str, value: str) -> Content:
        """A choice's row as plain text: read as markup, a marked row's "[x]" was taken for a
        style and vanished (found by use: three units marked, none showed it)."""
        if not self.multi:
            return Content(label)
        return Content(("[x] " if value in self._marked else "[ ] ") + label)

    def _refill(self) -> None:
        words = self.query_one(FilterInput).value.lower().split()
        shown = [
            (label, value)
            for label, value in self._choices
            if all(_holds(f"{label} {value}", word) for word in words)
        ]
        # a choice whose value is what was typed comes first, and typing picks it: "TR" took
        # "RT-4   regular troops" (its name holds "tr"), listed before the transport
        typed = loose_key(" ".join(words))
        self._shown = sorted(shown, key=lambda choice: loose_key(choice[1]) != typed)
        options = self.query_one(OptionList)
        options.clear_options()
        if not self._shown:
            if words and not self.multi:
                # a filter that hides every choice leaves none chosen: what is chosen is what
                # is shown (the choice taken before stayed, hidden, under "no choice matches",
                # and Enter sent it: found by use, December 7)
                self._chosen = ""
            offered = any(value for _, value in self._choices)  # not "leave empty" alone
            options.add_option(Option(NO_MATCH if words and offered else self.empty, disabled=True))
            return
        options.add_options(Option(self._label(label, value)) for label, value in self._shown)
        values = [value for _, value in self._shown]
        if (
            words
            and not self.multi
            and (self._chosen not in values or loose_key(values[0]) == typed)
        ):
            self._chosen = values[0]  # typing picks the first match, the one typed if any
        target = self._chosen if not self.multi else None
        if target in values:
            options.highlighted = values.index(target)
        elif words or self.multi:
            options.highlighted = 0

    def action_move(self, step: int) -> None:
        """Move the highlight (and, for one value, the choice) by ``step`` rows."""
        options = self.query_one(OptionList)
        if not self._shown:
            return
        current = (
            options.highlighted
            if options.highlighted is not None
            else -1
            if step > 0
            else len(self._shown)
        )
        index = max(0, min(len(self._shown) - 1, current + step))
        options.highlighted = index
        if not self.multi:
            self._chosen = self._shown[index][1]

    def clear_filter(self) -> bool:
        """Take back what is typed in the filter (every choice shown again, the one chosen
        kept); whether there was anything to take back (Esc does this first in a form)."""
        line = self.query_one(FilterInput)
        if not line.value:
            return False
        line.value = ""
        return True

    def take_first(self) -> None:
        """Nothing chosen yet: choose the first choice shown (Enter on an untouched list takes
        its first row as it takes the first match of a filter, issue 44 item 3)."""
        if not self.multi and not self._chosen and self._shown:
            self._chosen = self._shown[0][1]
            self.query_one(OptionList).highlighted = 0

    def toggle_highlighted(self) -> None:
        """Mark or unmark the highlighted choice (several values)."""
        options = self.query_one(OptionList)
        index = options.highlighted
        if index is None or not self._shown:
            return
        label, value = self._shown[index]
        self._marked ^= {value}
        options.replace_option_prompt_at_index(index, self._label(label, value))
        self.post_message(self.Marked())

    @on(Input.Changed, ".choice-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._refill()

    @on(OptionList.OptionSelected, ".choice-list")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self._shown:
            return
        if self.multi:
            self.toggle_highlighted()
        else:
            self._chosen = self._shown[event.option_index][1]
        self.query_one(FilterInput).focus()

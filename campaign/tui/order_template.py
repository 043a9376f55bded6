"""An order's template read as a form: its fixed words and its blanks, and the order text built
back from what was filled in (no Textual here).

A template is the notation with capitals for the blanks (``aslan produce KIND [COUNT]
[LOCATION]``); a duty fills some in already (``solomani target b1 UNIT``). The words after the
verb stand, in order, for the order's fields (docs/engine.md, "Notation"), so each blank knows
from the order's model whether it may be left empty and what an empty one stands for: an empty
``COUNT`` of ``produce`` is ``1``, an empty list is ``-``. An order built from a form is
therefore always one the notation reads (issue 31 item 3: ``produce DD - box:concord`` was
built, then refused).
"""

from __future__ import annotations

import re

from msgspec import Struct

from campaign.views.orders import order_fields, registered_template

TOKEN = re.compile(r"\[[^\]]+\]|\"[^\"]*\"|\S+")


class Blank(Struct, frozen=True):
    """One blank of a template: its name, whether it may stay empty, what an empty one stands
    for in the notation, and the fixed alternatives when the template lists them
    (``manual|auto``)."""

    name: str
    optional: bool
    default: str = "-"
    alternatives: tuple[str, ...] = ()
    field: str = ""  # the order model's field this blank fills ("" when the model has none)


class OrderTemplate(Struct, frozen=True):
    """``head`` (side, verb and the words already given) and the blanks still to fill."""

    head: str
    verb: str
    blanks: tuple[Blank, ...]
    given: tuple[tuple[str, str], ...] = ()  # (model field, value) of the words in ``head``

    def by_field(self, values: dict[str, str]) -> dict[str, str]:
        """The fields given in the head and the blanks' ``values`` (by blank name), keyed by
        the order model's field names: what the legal-order generator reads (issue 44)."""
        chosen = dict(self.given)
        for blank in self.blanks:
            if blank.field and values.get(blank.name):
                chosen[blank.field] = values[blank.name]
        return chosen

    @property
    def side(self) -> str:
        """The side word that gives the order (``aslan``, ``solomani``, ``referee``)."""
        return self.head.split()[0]

    def build(self, values: list[str]) -> str:
        """The order text from one value per blank: an empty optional blank before a given
        one takes its default (``-``, or ``1`` for a count); trailing empty ones are left
        out; text with spaces is quoted. ``ValueError`` naming the first required blank left
        empty."""
        parts: list[str] = []
        for blank, value in zip(self.blanks, values, strict=True):
            value = value.strip()
            if not value and not blank.optional:
                raise ValueError(f"{blank.name} is required")
            if value and " " in value and not value.startswith('"'):
                value = '"' + value.replace('"', "'") + '"'
            parts.append(value)
        while parts and not parts[-1]:
            parts.pop()
        filled = [value or blank.default for blank, value in zip(self.blanks, parts, strict=False)]
        return " ".join([self.head, *filled])


def _is_blank(word: str) -> bool:
    """A blank is bracketed, quoted, a list of alternatives, or written in capitals."""
    bare = word.strip('[]"')
    return (
        word.startswith(("[", '"'))
        or "|" in word
        or (any(c.isupper() for c in bare) and not any(c.islower() for c in bare))
    )


def parse_template(notation: str) -> OrderTemplate:
    """``"aslan produce KIND [COUNT] [LOCATION]"`` → head ``aslan produce`` and three blanks
    (KIND required; COUNT optional, default 1; LOCATION optional, default ``-``).

    ``InvalidOrderError`` when the verb is unknown."""
    words = TOKEN.findall(notation)
    verb = words[1] if len(words) > 1 else ""
    fields = order_fields(verb)
    written = len(TOKEN.findall(registered_template(verb))) - 1  # its words after the verb
    head = words[:2]
    given: list[tuple[str, str]] = []
    blanks: list[Blank] = []
    for index, word in enumerate(words[2:]):
        if not blanks and not _is_blank(word):
            head.append(word)  # a value given already (the battle of a duty)
            if index < len(fields):
                given.append((fields[index].name, word))
            continue
        field = fields[index] if index < len(fields) else None
        required = field is None or field.required
        default = "-" if field is None else field.default
        bare = word.strip('[]"')
        parts = bare.split("|")
        names = [part for part in parts if part.upper() == part and part != "-"]
        alternatives = () if names else tuple(part for part in parts if part != "-")
        field_name = field.name.upper() if field is not None else "CHOICE"
        name = names[0] if names else field_name
        # a duty (values given in its head) names bare what its step needs: a leftover's
        # ENGAGEMENT is needed though the order's model lets it out (issue 44 item 3: the
        # form called it "optional", then the order was refused)
        # a bare blank the registered template does not write is one this state's template
        # asks for (``place-neutral SYSTEM CODE`` with the counters drawn at the table: the
        # form called CODE "optional" and Enter sent the order without it, DN-NEU-1)
        added = index >= written and not word.startswith("[")
        optional = not added and (
            (not required and not given) or word.startswith("[") or "-" in parts
        )
        blanks.append(
            Blank(name, optional, default, alternatives, field.name if field is not None else "")
        )
    return OrderTemplate(" ".join(head), verb, tuple(blanks), tuple(given))

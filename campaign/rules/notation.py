"""Reading the one-line text form of every order: ``<side> <verb> <arg> ...``.

``side`` is ``aslan``, ``solomani`` or ``referee``. Arguments are the order's fields (other than
``type`` and ``side``) in declaration order:

- lists are comma-joined (``A-CL-1,A-DD-2``); an empty list or ``None`` is ``-``;
- locations use ``Location.to_text`` (``hex:SYS``, ``box:SYS``, ``on:UNIT``);
- booleans are ``yes``/``no``; text with spaces is quoted (shell rules, ``shlex``);
- trailing arguments equal to their defaults are left out, and may be left out when typing;
  an optional count may also be left out before a location (``aslan produce DD box:halden``
  reads as ``aslan produce DD 1 box:halden``, as the usage ``KIND [COUNT] [LOCATION]`` says).

Writing is ``Order.to_notation`` (``base.py``, with the token rules of ``order_text.py``);
this module reads. An order class may override the generic form by defining
``notation_args(self) -> list[str]`` and ``from_notation_args(cls, side, args) -> Order`` (both
or neither).

Case (issue 16): sides, verbs, unit ids, unit kinds, system ids, battle ids, ranges and yes/no
are read case-insensitively and turned into their canonical form (``Aslan JUMP s1 Ftahr`` reads
as ``aslan jump s1 ftahr``; ``a-cl-1`` as ``A-CL-1``; ``cl`` as ``CL``). Stack labels and
reasons are names the players choose and keep their case. A unit kind or a neutral counter's
code may also be typed without its hyphens (``rt5``, ``m807``) where that fits one kind of the
data files: the order decides it (``setup_rules.unit_kind``, ``table_draw``), since reading
knows no data files, so the log keeps the order as typed and its event names the kind.
"""

from __future__ import annotations

import functools
import re
import shlex
import types
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Final, Union, get_args, get_origin

from campaign.rules.base import Order
from campaign.rules.errors import InvalidOrderError
from campaign.rules.field_errors import field_path, sentence
from campaign.rules.ids import ORDER_GIVERS, Side
from campaign.rules.model import Model, ModelError
from campaign.rules.order_text import REFEREE, side_text
from campaign.rules.plain_text import control_character
from campaign.rules.registry import order_spec
from campaign.rules.state import CampaignState
from campaign.rules.struct_errors import Detail, details_of, field_problem
from campaign.rules.suggest import close_matches, did_you_mean, suggestion
from campaign.rules.wording import plural

_SKIP = ("type", "side")

#: Fields holding system ids, battle ids or destinations: canonical lower case.
_LOWER_FIELDS = frozenset({"system", "path", "destination", "battle"})
#: Fields holding unit kind codes (``CL``, ``RT-5``): canonical upper case.
_UPPER_FIELDS = frozenset({"kind"})
#: A unit id (``A-CL-3``, ``S-B1-1``, ``N-M-2``); stack labels never contain a hyphen.
_UNIT_ID = re.compile(r"^[asn]-[a-z0-9]+-[0-9]+$", re.IGNORECASE)
_PIECES = re.compile(r"([>+,])")


def _canonical_ids(token: str) -> str:
    """Unit ids in ``token`` (also in lists and inside ``SHIP>TARGET``, ``D1+D2>A1``) in upper
    case."""
    return "".join(
        piece.upper() if _UNIT_ID.match(piece) else piece for piece in _PIECES.split(token)
    )


def _canonical_case(field: str, token: str) -> str:
    """The canonical spelling of one typed token of ``field`` (see the module docstring)."""
    if field in _LOWER_FIELDS:
        return token.lower()
    if field in _UPPER_FIELDS:
        return token.upper()
    head, colon, tail = token.partition(":")
    if colon and head.lower() in ("hex", "box"):
        return f"{head.lower()}:{tail.lower()}"
    if colon and head.lower() == "on":
        return f"on:{_canonical_ids(tail)}"
    if token.lower() in ("unplaced", "eliminated"):
        return token.lower()
    return _canonical_ids(token)


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        if len(members) == 1:
            return members[0], True
    return annotation, False


def _convert(annotation: Any, token: str) -> Any:
    """Turn one token into plain data that ``model_validate`` reads as ``annotation``."""
    inner, optional = _strip_optional(annotation)
    if token == "-" and optional:
        return None
    origin = get_origin(inner)
    if origin in (list, tuple, set, frozenset):
        if token == "-":
            return []
        (item_type, *_rest) = get_args(inner) or (str,)
        return [_convert(item_type, part) for part in token.split(",")]
    if isinstance(inner, type) and issubclass(inner, Enum):
        return token.lower()
    if inner is int:
        return _whole_number(token)
    if inner is bool:
        if token.lower() in ("yes", "true", "y", "1"):
            return True
        if token.lower() in ("no", "false", "n", "0"):
            return False
        raise InvalidOrderError(f"expected yes or no, got {token!r}")
    parse = _text_reader(inner)
    if parse is not None:
        try:
            return parse(token)
        except ValueError as error:
            raise InvalidOrderError(str(error)) from None
    return token


#: A whole number as the notation has always read one from text (pydantic's reading, ADR 0055):
#: blanks around, a sign, digits with single underscores between them, a fraction of zeros
#: ("2.0"). Not "1e3": msgspec alone would read it as 1000 and "1e0" as a count of 1.
_TYPED_WHOLE_NUMBER = re.compile(r"\s*[+-]?[0-9]+(?:_[0-9]+)*(?:\.0+)?\s*")

#: What a token that is no whole number becomes: a value no ``int`` is made of, so validation
#: refuses it as text that is not a whole number was refused ("COUNT: must be a whole number").
_NOT_A_WHOLE_NUMBER: Final = object()


def _whole_number(token: str) -> object:
    """The ``int`` that ``token`` spells as a whole number, else ``_NOT_A_WHOLE_NUMBER``."""
    if _TYPED_WHOLE_NUMBER.fullmatch(token) is None:
        return _NOT_A_WHOLE_NUMBER
    return int(token.strip().partition(".")[0])


def _text_reader(inner: Any) -> Callable[[str], Any] | None:
    """The ``parse`` of a model read from one token (a ``Location``), or None."""
    parse = getattr(inner, "parse", None)
    if isinstance(inner, type) and issubclass(inner, Model) and parse is not None:
        return parse  # type: ignore[no-any-return]
    return None


#: A whole number as typed (a count).
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def _typed_fields(cls: type[Order], fields: list[str], args: list[str]) -> list[str]:
    """The field each typed argument is for, in order: ``fields`` itself, except that an
    optional whole-number field (a count with a default) is passed over when its token is not a
    number but reads as the location that follows it (``produce DD box:halden``: the count is
    left out, as ``[COUNT]`` in the usage promises). Any other token stays the count's, and
    the refusal names it."""
    typed: list[str] = []
    position = 0
    for index, name in enumerate(fields):
        if position >= len(args):
            break
        token = args[position]
        following = fields[index + 1] if index + 1 < len(fields) else None
        if (
            following is not None
            and not _WHOLE_NUMBER.fullmatch(token)
            and _is_optional_count(cls, name)
            and _reads_as_location(cls, following, token)
        ):
            continue
        typed.append(name)
        position += 1
    return typed


@functools.cache
def _is_optional_count(cls: type[Order], name: str) -> bool:
    field = cls.model_fields[name]
    return _strip_optional(field.annotation)[0] is int and not field.is_required()


def _reads_as_location(cls: type[Order], name: str, token: str) -> bool:
    parse = _text_reader(_strip_optional(cls.model_fields[name].annotation)[0])
    if parse is None:
        return False
    try:
        parse(_canonical_case(name, token))
    except ValueError:
        return False
    return True


#: The longest order text read (the longest real order, a referee reason included, is far
#: shorter); bounded before tokenising so a huge string in a turn file costs nothing.
MAX_ORDER_CHARS = 1000


#: Text without quotes or backslashes: ``shlex`` splits it at its whitespace, nothing more.
_PLAIN_TEXT = re.compile(r"[^\"'\\]*")
#: The whitespace of ``shlex`` in POSIX mode (``str.split`` would also split at others).
_SHLEX_WHITESPACE = " \t\r\n"
_SHLEX_GAPS = re.compile(f"[{_SHLEX_WHITESPACE}]+")


def order_tokens(text: str) -> list[str]:
    """The words of an order line, as ``shlex.split`` (POSIX, no comments) gives them:
    quotes group words (a referee's reason). Lines without quotes or backslashes, nearly all
    of them, are split directly: ``shlex`` reads character by character in Python and was
    the largest part of reading an order (replays read every logged order)."""
    if _PLAIN_TEXT.fullmatch(text):
        stripped = text.strip(_SHLEX_WHITESPACE)
        return _SHLEX_GAPS.split(stripped) if stripped else []
    return shlex.split(text, comments=False)


#: The placeholders of order templates that stand for a list (ids, systems or pairs).
LIST_PLACEHOLDERS = frozenset(
    {"UNITS", "OTHERS", "ENGAGEMENTS", "PATH", "LAND", "BOMBARD", "DROPS", "PD>SHIP"}
)


#: Placeholders naming the one unit an order acts on, where a list means "this order for each
#: of them" (``load A-F-2,A-F-3 A-MS-1``): such a list is refused saying to give one order
#: for each. Elsewhere a list is left to the order's own refusal, which says better what is
#: wrong (a STACK list: how to make one stack, DN-MOV-2; a LABEL: what a label is; a DEST:
#: one way out, DN-CBT-7).
ONE_ORDER_EACH = frozenset({"CARGO", "UNIT", "PD"})


def _list_hint(template: str) -> str:
    """ "; a list is written …" when ``template`` takes a list: too many words there are most
    likely a list written with spaces (found by use, December 7, evening: `referee-assign b1
    S-CL-2>A-CS-2 S-CL-3>A-CR-2` was told only how many arguments the order takes)."""
    words = {word.strip("[]").split("|")[0] for word in template.split()[1:]}
    if words & LIST_PLACEHOLDERS:
        return "; a list is written as one word, its items joined by commas, no spaces"
    return ""


#: ``shlex``'s words for a line it cannot split, as a player reads them (found by use, December
#: 7, late night: "cannot read order 'aslan jump main \"': No closing quotation").
_SHLEX_PROBLEMS = {
    "No closing quotation": "a quotation mark is not closed",
    "No escaped character": "the line ends with a backslash",
}


def _place_hint(token: str, systems: Sequence[str]) -> str:
    """``"; did you mean 'box:halden' or 'hex:halden'?"`` for a bare word (no ``:``) close to a
    system of ``systems``, its places; else ``""``. Only real places are suggested (found by
    use, December 7, late night: ``adjust-unit A-B1-1 x`` was offered 'box:x' or 'hex:x')."""
    if ":" in token:
        return ""
    near = close_matches(token, systems, limit=1)
    return suggestion([f"{where}:{system}" for system in near for where in ("box", "hex")])


def _takes(verb: str, most: int) -> str:
    """``'jump' takes at most 2 arguments``; ``'end-phase' takes no arguments`` (found by use,
    December 7, late night: "takes at most 0 argument(s)")."""
    if most == 0:
        return f"{verb!r} takes no arguments"
    return f"{verb!r} takes at most {plural(most, 'argument')}"


def parse_order(
    text: str, state: CampaignState | None = None, systems: Sequence[str] = ()
) -> Order:
    """Parse one line of order notation; ``InvalidOrderError`` naming the problem. A refusal
    shows the order's usage as ``state`` shows it (``OrderSpec.shown_in``: ``place-neutral
    SYSTEM CODE`` with the counters drawn at the table), else as registered; a bare word given
    for a place is answered with the places of the ``systems`` (the map's ids) it is close to;
    what is read depends on neither."""
    if len(text) > MAX_ORDER_CHARS:
        raise InvalidOrderError(
            f"cannot read order {text[:40]!r}...: {len(text)} characters, at most {MAX_ORDER_CHARS}"
        )
    control = control_character(text)
    if control is not None:
        raise InvalidOrderError(
            f"cannot read order {text[:60]!r}: it holds the control character {control}; "
            "orders are printable text"
        )
    try:
        tokens = order_tokens(text)
    except ValueError as error:
        said = _SHLEX_PROBLEMS.get(str(error), str(error))
        raise InvalidOrderError(f"cannot read order {text!r}: {said}") from None
    if len(tokens) < 2:
        raise InvalidOrderError(
            f"cannot read order {text!r}: expected '<aslan|solomani|referee> <order> ...'"
        )
    side_token, verb, *args = tokens
    verb = verb.lower()
    if side_token.lower() == REFEREE:
        side: Side | None = None
    else:
        try:
            side = Side(side_token.lower())
        except ValueError:
            raise InvalidOrderError(
                f"cannot read order {text!r}: {side_token!r} is not aslan, solomani or referee"
                f"{did_you_mean(side_token, ORDER_GIVERS)}"
            ) from None
    cls = order_spec(verb, side).cls
    # an order class's own reader of its arguments (docs/engine.md, "Notation"), if any
    custom: Callable[[Side | None, list[str]], Order] | None = getattr(
        cls, "from_notation_args", None
    )
    if custom is not None:
        return custom(side, args)
    fields = [name for name in cls.model_fields if name not in _SKIP]
    typed = _typed_fields(cls, fields, args)
    if len(args) > len(typed):
        template = order_spec(verb).shown_in(state)[0]
        raise InvalidOrderError(
            f"cannot read order {text!r}: {_takes(verb, len(template.split()) - 1)}"
            f"{_list_hint(template)} (usage: {side_text(side)} {template})",
            order_spec(verb).rule,
        )
    data: dict[str, Any] = {"type": verb, "side": side}
    for name, token in zip(typed, args, strict=True):
        _refuse_malformed_word(text, side, verb, state, fields, name, token)
        try:
            data[name] = _convert(cls.model_fields[name].annotation, _canonical_case(name, token))
        except InvalidOrderError as error:  # a word no value is read from (a bad location)
            problem = InvalidOrderError(error.reason + _place_hint(token, systems))
            raise _argument_refusal(text, side, verb, state, fields, name, problem) from None
    try:
        return cls.model_validate(data)
    except ModelError as error:
        template = order_spec(verb).shown_in(state)[0]
        words = template.split()[1:]  # one word of the usage per argument
        raise InvalidOrderError(
            f"cannot read order {text!r}: {_argument_problem(error, words, fields, cls)} "
            f"(usage: {side_text(side)} {template})",
            order_spec(verb).rule,
        ) from None


def _refuse_malformed_word(
    text: str,
    side: Side | None,
    verb: str,
    state: CampaignState | None,
    fields: list[str],
    name: str,
    token: str,
) -> None:
    """``InvalidOrderError`` for an empty argument (``""``) or an empty item of a list
    (``RT-2,``), named as the usage names it, with the order's rule: an id, a code or a count
    is never empty, and passed on, an empty word was refused later in a sentence with a hole
    where the word should be ("DN-NEU-1:  is no neutral counter left"). Free text, a quoted
    word of the usage (``"REASON"``), is left to the order's own validation, and so is an
    argument no word of the usage names (``manual|auto``; ``place-neutral``'s counter when
    the tool draws them, whose refusal says so).

    A list given where the usage takes one name (``load A-F-2,A-F-3 A-MS-1``) is refused the
    same way, saying to give one order for each (found by use, December 8: it was refused as
    "unknown unit 'A-F-2,A-F-3'", which did not say that ``load`` takes one cargo). No id,
    system, code or label holds a comma, so such a word is never a name."""
    spec = order_spec(verb)
    if not token.strip():
        problem = "is empty"
    elif not _is_list(spec.cls, name):
        if "," not in token:
            return  # nearly every argument: the usage is not looked at
        problem = f"takes one name, not a list ({token!r}): give one {verb!r} order for each"
    elif token != "-" and any(not p.strip() for p in token.split(",")):
        problem = (
            f"{token!r} has an empty item: a list is names joined by commas, none of them "
            "empty, or '-' for none"
        )
    else:
        return
    words = spec.shown_in(state)[0].split()[1:]
    index = fields.index(name)
    if _argument_name(words, index) is None or words[index].startswith('"'):
        return  # free text, or no word of the usage names it: the order's own check speaks
    if "," in token and not _is_list(spec.cls, name) and words[index] not in ONE_ORDER_EACH:
        return  # a list where one name goes: the order's own refusal says what is wrong
    raise _argument_refusal(text, side, verb, state, fields, name, problem)


def _argument_refusal(
    text: str,
    side: Side | None,
    verb: str,
    state: CampaignState | None,
    fields: list[str],
    name: str,
    problem: str | InvalidOrderError,
) -> InvalidOrderError:
    """The refusal of the argument of field ``name`` for ``problem`` in one sentence: the
    order's rule, the argument named as the usage names it (``SYSTEM is empty``; a problem
    read from a value, ``LOCATION: bad location …``), and the usage."""
    spec = order_spec(verb)
    template = spec.shown_in(state)[0]
    argument = _argument_name(template.split()[1:], fields.index(name))
    if isinstance(problem, InvalidOrderError):
        said = problem.reason if argument is None else f"{argument}: {problem.reason}"
    else:
        said = f"{argument} {problem}"
    return InvalidOrderError(
        f"{spec.rule}: cannot read order {text!r}: {said} (usage: {side_text(side)} {template})"
    )


@functools.cache
def _is_list(cls: type[Order], name: str) -> bool:
    """Whether the field ``name`` of ``cls`` holds a list (typed comma-joined)."""
    inner = _strip_optional(cls.model_fields[name].annotation)[0]
    return get_origin(inner) in (list, tuple, set, frozenset)


def _argument_name(words: list[str], index: int) -> str | None:
    """The word of the usage ``words`` that names the order's argument number ``index``
    (``STACK``, ``CODE``), or None when the usage has none for it (fixed alternatives,
    ``manual|auto``, or no word at all)."""
    named = _USAGE_NAME.match(words[index]) if index < len(words) else None
    return named[1] if named is not None else None


#: A word of an order's usage that names one argument (``STACK``, ``[COUNT]``, ``"REASON"``);
#: fixed alternatives such as ``manual|auto`` name none.
_USAGE_NAME = re.compile(r'^[\["]*([A-Z][A-Z0-9_>-]*)[\]"]*$')


def _argument_problem(
    error: ModelError, words: list[str], fields: list[str], cls: type[Order]
) -> str:
    """``ARGUMENT: what is wrong``, the argument named as the usage ``words`` name it
    (``STACK``, not the field ``what``; ``SIDE``, not ``target``), so the refusal points at a
    word of the usage printed with it; the field's own name where the usage has no word for
    it. A word that is none of a fixed set of choices (a side, a range) gets a "did you mean"
    as the order's first word does."""
    detail = details_of(error)
    location = detail["loc"]
    if not location or location[0] not in fields:
        return field_problem(error)
    index = fields.index(str(location[0]))
    hint = _choice_hint(detail, cls, str(location[0])) if len(location) == 1 else ""
    named = _argument_name(words, index)
    choices = words[index].strip("[]").split("|") if index < len(words) else []
    if named is None and detail["type"] == "missing" and len(choices) > 1:
        return f"say {' or '.join(choices)}"  # not "mode: is missing" (found by use)
    if named is None:
        return field_problem(error) + hint
    said = sentence(detail).replace(chr(10), " ").strip()
    if detail["type"] == "missing":  # "STACK is missing", not "STACK: is missing"
        return f"{_where(named, location[1:])} {said}{hint}"
    return f"{_where(named, location[1:])}: {said}{hint}"


def _where(named: str, inner: tuple[Any, ...]) -> str:
    """The argument ``named`` of a refusal, and where in it the problem is: an item of a list by
    its place from 1 (``ENGAGEMENTS, item 2``; found by use, December 7, night:
    "ENGAGEMENTS.1", the index taken for the value typed), else the field path."""
    if len(inner) == 1 and isinstance(inner[0], int):
        return f"{named}, item {inner[0] + 1}"
    path = field_path(inner)
    return named + (f".{path}" if path else "")


def _choice_hint(detail: Detail, cls: type[Order], name: str) -> str:
    """``"; did you mean 'aslan'?"`` when the word given for field ``name`` of ``cls``, one of
    a fixed set of choices (an enum or a literal), is close to one of them; else ``""``."""
    given = detail.get("input")
    if detail["type"] not in ("enum", "literal_error") or not isinstance(given, str):
        return ""
    choices = _strip_optional(cls.model_fields[name].annotation)[0]
    if isinstance(choices, type) and issubclass(choices, Enum):
        return did_you_mean(given, [str(member.value) for member in choices])
    return did_you_mean(given, [str(choice) for choice in get_args(choices)])

"""One plain sentence for a msgspec validation error, the very sentence ``field_problem`` gives
for the equivalent pydantic model and input (ADR 0055: refusals must not change by one byte when
the rules' models become ``msgspec.Struct``s).

msgspec says what is wrong in its own words and where as a JSON path ("Expected `int` >= 1 - at
`$.moves[0].count`"); players get ``moves.0.count: must be at least 1``. The sentence comes from
pydantic's error type and context, worded by the tables of ``field_errors``; the error type
depends on the field's declared type (an ``int | None`` field given text "must be a whole
number", not msgspec's "Expected `int | null`"), so the type that was validated against is walked
along the error's path. pydantic is not imported here.

Message forms handled (msgspec 0.23), with the pydantic error type each stands for:

- ``Expected `T`, got `G``` -> the declared type's own: ``int_type``, ``float_type``,
  ``bool_type``, ``string_type``, ``bytes_type``, ``list_type``, ``tuple_type``, ``set_type``,
  ``frozen_set_type``, ``dict_type``, ``model_type``, ``model_attributes_type`` (a tagged
  union), ``literal_error``/``enum`` (with the allowed values), ``none_required``; a union of
  plain types (``int | str``) is worded for its first member, named in the path as pydantic
  names it (``u.int``);
- ``Expected `int|float` >= N`` / ``> N`` / ``<= N`` / ``< N`` -> ``greater_than_equal``,
  ``greater_than``, ``less_than_equal``, ``less_than``, the bound as declared in ``Meta``
  (msgspec words ``Meta(gt=0)`` on an ``int`` as ">= 1": the declaration decides);
- ``Expected `int|float` that's a multiple of N`` -> ``multiple_of``;
- ``Expected `str|array|object|bytes` of length >= N`` / ``<= N`` -> ``string_too_short``,
  ``string_too_long``, ``too_short``, ``too_long``, ``bytes_too_short``, ``bytes_too_long``;
- ``Expected `str` matching regex ...`` -> ``string_pattern_mismatch``;
- ``Expected `array` of length N, got M`` (a fixed tuple) -> ``missing`` at index M when
  short, ``too_long`` when long;
- ``Object contains unknown field `F``` -> ``extra_forbidden`` at ``PATH.F``;
- ``Object missing required field `F``` -> ``missing`` at ``PATH.F``; a tagged union's tag
  field -> ``union_tag_not_found`` at the union's path;
- ``Invalid enum value V`` -> ``literal_error`` / ``enum`` with the allowed values;
- ``Invalid value V`` or any error at a tagged union's tag -> ``union_tag_invalid``; a single
  tagged Struct's wrong tag -> ``literal_error`` naming the tag;
- ``Integer value out of range`` / ``Number out of range`` -> ``int_parsing_size`` on an
  ``int``, ``finite_number`` on a ``float``;
- a ``ValueError`` or ``TypeError`` raised by a Struct's ``__post_init__`` -> its own text
  at the Struct's path, where pydantic puts a ``model_validator(mode="after")``'s error.

Anything else is "is not valid" at its path: never msgspec's own text or a ``repr``.

Where the sentence cannot be the same (see ``tests/engine/test_struct_errors.py``):

- msgspec's path does not name a dict's key (``$.d[...].count``) nor which member of a tagged
  union an error is in; pydantic's does (``d.k.count``, ``o.move.count``). Given the input
  (``data``: the object converted, or the JSON text decoded without a type), the key and the
  tag are found in it; without it they are left out of the path.
- With several errors, msgspec reports the first in the input's order; pydantic the first of
  the declared fields, then unknown fields (``{"type": "buy", "count": 1}``: msgspec's
  ``buy.count: is not a field here``, pydantic's ``buy.what: is missing``). The sentence is
  about msgspec's error, which is a true one.
- ``Expected `array` of length N`` from JSON decoding does not say how many items came: with
  the input the sentence is pydantic's; without it, "is not valid".
- ``Number out of range`` on a ``float`` (JSON ``1e400``): pydantic took it as infinity; the
  sentence is "must be a finite number".
- Where pydantic accepted what msgspec refuses (``true`` for an ``int``, pydantic's 1), a
  sentence about msgspec's refusal follows (``must be a whole number``) where pydantic may
  have refused the converted value for something else (``must be at least 2``), or not at all.
- A ``TypeError`` from ``__post_init__`` is worded as its text; pydantic would not have caught
  a ``TypeError`` from a validator at all.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypedDict, Union

import msgspec

from campaign.rules.field_errors import field_path, wording
from campaign.rules.model import TAG_MISSING, TAG_UNKNOWN, ModelError

#: Said of ``data`` when the input was not given.
_UNSEEN: Any = object()

#: The patterns of msgspec's messages, compiled by ``re`` when first used (a refusal is rare;
#: compiling them at import cost every command a millisecond, issue 47 item 2).
_SUFFIX = r"(?s)^(?P<message>.*) - at (?P<where>`[^`]*`(?: in `[^`]*`)*)$"
_STEP = r"\.(?P<name>[^.\[]+)|\[(?P<index>\d+)\]|(?P<value>\[\.\.\.\])"
_BOUND = r"Expected `(?P<kind>int|float)` (?P<op>>=|>|<=|<) (?P<bound>\S+)"
_MULTIPLE = r"Expected `(?P<kind>int|float)` that's a multiple of (?P<of>\S+)"
_LENGTH = r"Expected `(?P<kind>str|array|object|bytes)` of length (?P<op><=|>=) (?P<n>\d+)"
_TUPLE = r"Expected `array` of length (?P<n>\d+)(?:, got (?P<got>\d+))?"
_WRONG = r"Expected `[^`]*`, got `[^`]*`"
_FIELD = r"Object (?P<what>contains unknown|missing required) field `(?P<name>.*)`"

#: pydantic's error type for a value of the wrong type, by declared type.
_TYPE_ERRORS: tuple[tuple[type, str], ...] = (
    (bool, "bool_type"),
    (int, "int_type"),
    (float, "float_type"),
    (str, "string_type"),
    (bytes, "bytes_type"),
    (bytearray, "bytes_type"),
    (list, "list_type"),
    (tuple, "tuple_type"),
    (frozenset, "frozen_set_type"),
    (set, "set_type"),
    (dict, "dict_type"),
    (msgspec.Struct, "model_type"),
)

#: pydantic's error type, by msgspec's bound operator, for the ``Meta`` key it names.
_BOUND_ERRORS = {
    "ge": "greater_than_equal",
    "gt": "greater_than",
    "le": "less_than_equal",
    "lt": "less_than",
}

#: pydantic's error types of a length, by msgspec's name of the value's kind.
_LENGTH_ERRORS = {
    ("str", ">="): ("string_too_short", "min_length"),
    ("str", "<="): ("string_too_long", "max_length"),
    ("bytes", ">="): ("bytes_too_short", "min_length"),
    ("bytes", "<="): ("bytes_too_long", "max_length"),
    ("array", ">="): ("too_short", "min_length"),
    ("array", "<="): ("too_long", "max_length"),
    ("object", ">="): ("too_short", "min_length"),
    ("object", "<="): ("too_long", "max_length"),
}


class _Node(msgspec.Struct):
    """A type reached along the error's path: what was declared there (``Annotated`` and
    ``None`` taken off), its ``Meta`` constraints, and the input found there if known."""

    hint: Any
    metas: list[msgspec.Meta] = msgspec.field(default_factory=list)
    data: Any = _UNSEEN
    #: The tag of a union of tagged Structs: pydantic's error is then the union's.
    union_tag: bool = False


class Detail(TypedDict):
    """One refusal in the shape of an entry of pydantic's ``ValidationError.errors()``: its
    error type, location and context, and the input found there (``_UNSEEN`` when unknown)."""

    type: str
    loc: tuple[Any, ...]
    ctx: dict[str, Any]
    input: Any


def struct_details(error: msgspec.ValidationError, root: object, data: Any = _UNSEEN) -> Detail:
    """What ``error`` (raised validating against type ``root``) is, as pydantic would have
    described the same refusal; ``data``, the input, names the dict keys and union members
    msgspec's path leaves out."""
    text = str(error)
    if text == TAG_MISSING:
        return {"type": "union_tag_not_found", "loc": (), "ctx": {}, "input": data}
    if text == TAG_UNKNOWN:
        return {"type": "union_tag_invalid", "loc": (), "ctx": {}, "input": data}
    message, where = text, ""
    cause = error.__cause__
    own = isinstance(cause, (ValueError, TypeError)) and text.startswith(str(cause))
    if own:
        message, rest = str(cause), text[len(str(cause)) :]  # our own __post_init__'s
        where = rest.removeprefix(" - at ")
    elif (matched := re.match(_SUFFIX, text)) is not None:
        message, where = matched["message"], matched["where"]
    location, node = _walk(root, where, data)
    if own:
        kind, context, extra = "value_error", {"error": message}, ()
    elif node.union_tag:
        kind, context, extra = "union_tag_invalid", {}, ()
        location = location[:-1]
    else:
        kind, context, extra = _problem(message, node, location)
    return {"type": kind, "loc": (*location, *extra), "ctx": dict(context), "input": node.data}


def details_of(error: ModelError) -> Detail:
    """What a ``ModelError`` is, as pydantic described it: the error pydantic reported first
    (``first_as_pydantic``), under the tag of the union member it was read as, if any
    (``move.units``)."""
    data = error.data if error.data is not None else _UNSEEN
    first = first_as_pydantic(error.root, data) if data is not _UNSEEN else None
    detail = struct_details(first or error.error, error.root, data)
    if error.under:
        detail["loc"] = (error.under, *detail["loc"])
    return detail


def first_as_pydantic(root: object, data: Any, at: str = "$") -> msgspec.ValidationError | None:
    """The error pydantic reported first for ``data`` read as the Struct class ``root``, where
    msgspec reports another: pydantic checked the declared fields in order (a missing one, or
    the first that does not read, nested models likewise), then unknown fields; msgspec stops
    at the first problem in the input's order. None when ``root`` is no Struct class, ``data``
    no object, or every field reads (the error is then the model's own check)."""
    if not (isinstance(root, type) and issubclass(root, msgspec.Struct) and isinstance(data, dict)):
        return None
    known = set()
    for info in msgspec.structs.fields(root):
        known.add(info.encode_name)
        if info.encode_name not in data:
            if info.required:
                return _at(f"Object missing required field `{info.encode_name}`", at)
            continue
        value, where = data[info.encode_name], f"{at}.{info.encode_name}"
        try:
            msgspec.convert(value, type=info.type, strict=False)
        except msgspec.ValidationError as error:
            nested = first_as_pydantic(_node(info.type).hint, value, where)
            return nested or _rebased(error, where)
    unknown = [key for key in data if key not in known]
    if unknown:
        return _at(f"Object contains unknown field `{unknown[0]}`", at)
    return None


def _at(message: str, at: str) -> msgspec.ValidationError:
    """msgspec's error ``message`` at path ``at`` (``$`` is the root, which msgspec leaves out)."""
    return msgspec.ValidationError(message if at == "$" else f"{message} - at `{at}`")


def _rebased(error: msgspec.ValidationError, at: str) -> msgspec.ValidationError:
    """``error``, raised reading a value found at path ``at``, with its path from the root."""
    text = str(error)
    matched = re.match(_SUFFIX, text)
    if matched is None:
        rebased = _at(text, at)
    else:
        rebased = _at(matched["message"], at + matched["where"].strip("`").removeprefix("$"))
    rebased.__cause__ = error.__cause__
    return rebased


def field_problem(error: ModelError) -> str:
    """``FIELD: what is wrong`` for a ``ModelError``: one line, the first problem only."""
    return _said(details_of(error))


def _said(detail: Detail) -> str:
    said = wording(detail["type"], detail["ctx"]).replace("\n", " ").strip()
    where_text = field_path(detail["loc"])
    return f"{where_text}: {said}" if where_text else said


def struct_problem(error: msgspec.ValidationError, root: object, data: Any = _UNSEEN) -> str:
    """``FIELD: what is wrong`` for ``error``, raised validating against type ``root`` (a
    Struct class, ``list[X]``, ``dict[str, X]``, ``X | None`` ...), worded exactly as
    ``field_problem`` words pydantic's error for the same input; ``data``, the input, names
    the dict keys and union members msgspec's path leaves out."""
    return _said(struct_details(error, root, data))


def _walk(root: object, where: str, data: Any) -> tuple[list[Any], _Node]:
    """The pydantic location and the node of the last step, from msgspec's path text
    ``where`` (``"`$.a[0]`"``, or ``"`key` in `$.d`"`` for a dict's key)."""
    groups = re.findall(r"`([^`]*)`", where)
    key = len(groups) > 1 and groups[0].startswith("key")
    path = groups[-1] if groups else "$"
    node = _node(root, data)
    location: list[Any] = []
    for step in re.finditer(_STEP, path[1:]):
        node = _choose_member(node, location, step["name"])
        if step["name"] is not None:
            node = _field(node, step["name"], location)
        elif step["index"] is not None:
            node = _item(node, int(step["index"]), location)
        else:
            node = _value(node, location)
    if key:
        node = _dict_key(node, location)
    tagged = _tagged(node.hint)
    if (
        tagged is not None
        and _members(node.hint)
        and isinstance(node.data, Mapping)
        and node.data.get(tagged[0]) in tagged[1]
    ):  # an error in a member's own fields: pydantic names the member by its tag
        node = _choose_member(node, location, None)
    return location, node


def _node(hint: Any, data: Any = _UNSEEN) -> _Node:
    """``hint`` with ``Annotated`` (its ``Meta``s kept), ``NewType`` and ``None`` taken off."""
    metas: list[msgspec.Meta] = []
    while True:
        if typing.get_origin(hint) is Annotated:
            metas.extend(m for m in hint.__metadata__ if isinstance(m, msgspec.Meta))
            hint = hint.__origin__
        elif hasattr(hint, "__supertype__"):
            hint = hint.__supertype__
        elif _members(hint) and len(_members(hint)) == 1:
            hint = _members(hint)[0]
        else:
            return _Node(hint, metas, data)


def _members(hint: Any) -> tuple[Any, ...]:
    """The members of a union other than ``None`` (``()`` if ``hint`` is no union)."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        return tuple(m for m in typing.get_args(hint) if m is not type(None))
    return ()


def _tagged(hint: Any) -> tuple[str, dict[Any, Any]] | None:
    """The tag field and the Struct of each tag of a union of tagged Structs (or one)."""
    members = _members(hint) or (hint,)
    found: dict[Any, Any] = {}
    tag_field = None
    for member in members:
        if not (isinstance(member, type) and issubclass(member, msgspec.Struct)):
            return None
        config = member.__struct_config__
        if config.tag_field is None:
            return None
        tag_field = config.tag_field
        found[config.tag] = member
    return (tag_field, found) if tag_field else None


def _choose_member(node: _Node, location: list[Any], name: str | None) -> _Node:
    """The union member the next step goes into: a tagged union's member chosen by the tag
    found in the input (which pydantic names in its path); else the first member that has
    field ``name``."""
    members = _members(node.hint)
    if not members:
        return node
    tagged = _tagged(node.hint)
    if tagged is not None:
        tag_field, by_tag = tagged
        if name == tag_field:
            return node  # the error is the tag's own
        if isinstance(node.data, Mapping) and node.data.get(tag_field) in by_tag:
            tag = node.data[tag_field]
            location.append(tag)
            return _node(by_tag[tag], node.data)
    for member in members:
        inner = _node(member, node.data)
        if name is None or name in _struct_fields(inner.hint):
            return inner
    return node


def _struct_fields(hint: Any) -> dict[str, Any]:
    """A Struct's fields by their name in the input, with their declared types."""
    if not (isinstance(hint, type) and issubclass(hint, msgspec.Struct)):
        return {}
    hints = typing.get_type_hints(hint, include_extras=True)
    return {f.encode_name: hints.get(f.name, f.type) for f in msgspec.structs.fields(hint)}


def _field(node: _Node, name: str, location: list[Any]) -> _Node:
    location.append(name)
    data = node.data.get(name, _UNSEEN) if isinstance(node.data, Mapping) else _UNSEEN
    fields = _struct_fields(node.hint)
    if name in fields:
        return _node(fields[name], data)
    tagged = _tagged(node.hint)
    if tagged is not None and name == tagged[0]:
        return _Node(Literal[tuple(tagged[1])], [], data, union_tag=bool(_members(node.hint)))
    return _Node(Any, [], data)


def _item(node: _Node, index: int, location: list[Any]) -> _Node:
    location.append(index)
    data = _UNSEEN
    if isinstance(node.data, (list, tuple)) and index < len(node.data):
        data = node.data[index]
    args = typing.get_args(node.hint)
    if typing.get_origin(node.hint) is tuple and args and args[-1] is not Ellipsis:
        return _node(args[index] if index < len(args) else Any, data)
    return _node(args[0] if args else Any, data)


def _dict_types(node: _Node) -> tuple[Any, Any]:
    args = typing.get_args(node.hint)
    return (args[0], args[1]) if len(args) == 2 else (Any, Any)


def _failing_entry(node: _Node) -> tuple[Any, Any] | None:
    """The first entry of the input dict whose key or value does not validate: the one
    msgspec stopped at, since it checks entries in order."""
    if not isinstance(node.data, Mapping):
        return None
    key_type, value_type = _dict_types(node)
    for key, value in node.data.items():
        try:
            msgspec.convert(key, key_type, strict=False)
            msgspec.convert(value, value_type, strict=False)
        except msgspec.ValidationError:
            return key, value
    return None


def _value(node: _Node, location: list[Any]) -> _Node:
    entry = _failing_entry(node)
    if entry is not None:
        location.append(entry[0])
    return _node(_dict_types(node)[1], entry[1] if entry else _UNSEEN)


def _dict_key(node: _Node, location: list[Any]) -> _Node:
    entry = _failing_entry(node)
    if entry is not None:
        location.append(entry[0])
    return _node(_dict_types(node)[0], entry[0] if entry else _UNSEEN)


def _expected(hint: Any) -> str | None:
    """pydantic's ``expected`` of a Literal or an Enum: ``'a'``, ``'a' or 'b'``, ``1, 2 or 3``."""
    if typing.get_origin(hint) is Literal:
        values = list(typing.get_args(hint))
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = [member.value for member in hint]
    else:
        return None
    shown = [repr(value) for value in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _choice(hint: Any) -> tuple[str, dict[str, Any]] | None:
    expected = _expected(hint)
    if expected is None:
        return None
    kind = "literal_error" if typing.get_origin(hint) is Literal else "enum"
    return kind, {"expected": expected}


Problem = tuple[str, dict[str, Any], tuple[Any, ...]]


def _wrong_type(node: _Node, location: list[Any]) -> Problem:
    """pydantic's error for a value of the wrong type where ``node`` was declared."""
    hint = node.hint
    members = _members(hint)
    if members:
        if _tagged(hint) is not None:
            return "model_attributes_type", {}, ()
        first = _node(members[0])
        label = getattr(first.hint, "__name__", str(first.hint))
        kind, context, extra = _wrong_type(first, location)
        return kind, context, (label, *extra)
    if hint is type(None):
        return "none_required", {}, ()
    choice = _choice(hint)
    if choice is not None:
        return (*choice, ())
    origin = typing.get_origin(hint) or hint
    if isinstance(origin, type):
        if issubclass(origin, Mapping):
            return "dict_type", {}, ()
        for declared, kind in _TYPE_ERRORS:
            if issubclass(origin, declared):
                return kind, {}, ()
    return "invalid", {}, ()


def _meta(node: _Node, *keys: str) -> tuple[str, Any] | None:
    """The first of ``keys`` declared in the node's ``Meta``s, with its value."""
    for meta in node.metas:
        for key in keys:
            value = getattr(meta, key)
            if value is not None:
                return key, value
    return None


def _declared(node: _Node, value: Any) -> Any:
    """A bound as pydantic reports it: a float field's bounds are floats."""
    return float(value) if node.hint is float and isinstance(value, int) else value


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return float(text)


def _problem(message: str, node: _Node, location: list[Any]) -> Problem:
    """pydantic's error type, context and extra path steps for msgspec's ``message`` (no path)
    about the value declared as ``node``."""
    tagged = _tagged(node.hint)
    if (found := re.fullmatch(_FIELD, message)) is not None:
        if tagged is not None and found["name"] == tagged[0] and _members(node.hint):
            return "union_tag_not_found", {}, ()
        if found["what"] == "missing required":
            return "missing", {}, (found["name"],)
        return "extra_forbidden", {}, (found["name"],)
    if message.startswith(("Invalid enum value ", "Invalid value ")):
        choice = _choice(node.hint)  # a tagged Struct's tag is a Literal of its tag
        return (*choice, ()) if choice is not None else ("invalid", {}, ())
    if re.fullmatch(_WRONG, message):
        return _wrong_type(node, location)
    if (found := re.fullmatch(_BOUND, message)) is not None:
        lower = found["op"].startswith(">")
        declared = _meta(node, *(("ge", "gt") if lower else ("le", "lt")))
        if declared is None:
            op = {">=": "ge", ">": "gt", "<=": "le", "<": "lt"}[found["op"]]
            declared = (op, _number(found["bound"]))
        key, bound = declared
        return _BOUND_ERRORS[key], {key: _declared(node, bound)}, ()
    if (found := re.fullmatch(_MULTIPLE, message)) is not None:
        declared = _meta(node, "multiple_of") or ("multiple_of", _number(found["of"]))
        return "multiple_of", {"multiple_of": _declared(node, declared[1])}, ()
    if (found := re.fullmatch(_LENGTH, message)) is not None:
        kind, key = _LENGTH_ERRORS[found["kind"], found["op"]]
        declared = _meta(node, key) or (key, int(found["n"]))
        return kind, {key: declared[1]}, ()
    if message.startswith("Expected `str` matching regex "):
        return "string_pattern_mismatch", {}, ()
    if (found := re.fullmatch(_TUPLE, message)) is not None:
        got = found["got"] or (str(len(node.data)) if isinstance(node.data, list) else None)
        if got is None:  # JSON decoding does not say how many; nor does the input
            return "invalid", {}, ()
        if int(got) < int(found["n"]):
            return "missing", {}, (int(got),)
        return "too_long", {"max_length": int(found["n"])}, ()
    if message in ("Integer value out of range", "Number out of range"):
        return ("finite_number" if node.hint is float else "int_parsing_size"), {}, ()
    return "invalid", {}, ()

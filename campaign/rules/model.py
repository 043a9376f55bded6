"""The base of every rules model (orders, events, the state, the ruleset, the books): a
``msgspec.Struct`` validated where data comes in (ADR 0055).

A model is built two ways:

- **by the rules**, from values they made themselves (``MoveOrder(units=("A-CL-1",), ...)``):
  the constructor checks nothing, as the values already have their fields' types;
- **from outside data** (an order's text, a turn file, a stored event, a snapshot, a data file),
  through ``model_validate`` / ``model_validate_json``: msgspec's typed decoding checks every
  type and every ``Meta`` constraint, then ``__post_init__`` runs the model's own checks. A
  refusal is a ``ModelError`` that ``struct_errors.field_problem`` turns into one sentence.

The method names are pydantic's (``model_copy``, ``model_dump``, ``model_fields``...), which the
models used until ADR 0055, so callers read the same. pydantic is not imported here: a quick
command (``campaign status``) never imports it (issue 47 item 2).

Every field is keyword-only (``kw_only=True``, stated by each class): fields are given by
name, as they were with pydantic, and a subclass may add a required field after its base's
defaulted ones.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Self, Union, get_args, get_origin

import msgspec
from msgspec import NODEFAULT, Struct
from msgspec.structs import fields, replace

#: The messages of a tagged union (``registry.TaggedUnion``) for an object without a ``type``
#: and for a ``type`` that names no registered class.
TAG_MISSING = "Object has no `type` tag"
TAG_UNKNOWN = "Object's `type` tag names no registered type"


class ModelError(ValueError):
    """Outside data that does not make a valid model: msgspec's message, the type it was
    validated against (``struct_errors.field_problem`` needs the type to name a literal's
    values) and, for a member of a tagged union, the tag it was read under (the path of the
    refusal starts with it, as pydantic's did)."""

    def __init__(
        self, error: msgspec.ValidationError, root: Any, *, under: str = "", data: Any = None
    ) -> None:
        super().__init__(str(error))
        self.error = error
        self.root = root
        self.under = under
        #: The input as plain values (None when unknown): it names the dict keys and union
        #: members msgspec's path leaves out.
        self.data = data


class ModelField:
    """What callers ask of a field (pydantic's ``FieldInfo`` questions): its default, whether it
    is required, its annotation. Read from the class's field and default tuples; only the
    annotation evaluates the class's type hints (``msgspec.structs.fields``: about 70 µs a
    class, which every registered order and event paid at import when read for its ``type``,
    issue 47 item 2)."""

    __slots__ = ("owner", "name", "_default")

    def __init__(self, owner: type[Struct], name: str, default: Any) -> None:
        self.owner = owner
        self.name = name
        self._default = default

    @property
    def annotation(self) -> Any:
        """The field's type without its constraints (``Annotated[int, Meta(ge=1)]`` is ``int``,
        as pydantic's ``FieldInfo.annotation`` kept them apart)."""
        info = next(info for info in fields(self.owner) if info.name == self.name)
        return bare_type(info.type)

    @property
    def default(self) -> Any:
        """The default value (None for a required field or one with a default factory)."""
        if self._default is NODEFAULT or isinstance(self._default, _Factory):
            return None
        return self._default

    def is_required(self) -> bool:
        return self._default is NODEFAULT

    def get_default(self, *, call_default_factory: bool = False) -> Any:
        """The field's default (a fresh one from its factory when asked)."""
        default: Any = self._default
        if isinstance(default, _Factory):
            return default.factory() if call_default_factory else None
        return self.default


class _FactoryProbe(Struct):
    probe: list[int] = msgspec.field(default_factory=list)


#: The type a ``field(default_factory=...)`` default is kept as in ``__struct_defaults__``.
_Factory: Any = type(_FactoryProbe.__struct_defaults__[0])


def bare_type(hint: Any) -> Any:
    """``hint`` without ``Annotated`` constraints, in unions too."""
    origin = get_origin(hint)
    if origin is Annotated:
        return bare_type(get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return Union[tuple(bare_type(member) for member in get_args(hint))]  # noqa: UP007
    return hint


class _FieldsOf:
    """``Model.model_fields``: the fields of the class it is read from, in declaration order
    (computed once per class)."""

    def __get__(self, instance: object, owner: type[Struct]) -> dict[str, ModelField]:
        cached = owner.__dict__.get("_model_fields_cache")
        if cached is None:
            names, defaults = owner.__struct_fields__, owner.__struct_defaults__
            padded = (NODEFAULT,) * (len(names) - len(defaults)) + defaults
            cached = {
                name: ModelField(owner, name, d) for name, d in zip(names, padded, strict=True)
            }
            type.__setattr__(owner, "_model_fields_cache", cached)
        return cached


def validated(data: Any, root: Any) -> Any:
    """``data`` (plain Python values) checked and converted to ``root`` (a model class or any
    type msgspec knows: ``list[X]``, ``X | None``...); ``ModelError`` when it does not fit.
    Strictly: a number must be a number, not text spelling one (ADR 0055, "As built"; an
    order's text is read into typed values by ``notation`` first)."""
    try:
        return msgspec.convert(data, type=root, strict=True)
    except msgspec.ValidationError as error:
        raise ModelError(error, root, data=data) from None


def validated_json(text: str | bytes, root: Any) -> Any:
    """The JSON ``text`` read as ``root``; ``ModelError`` when it does not fit (malformed JSON
    included)."""
    try:
        return msgspec.json.decode(text, type=root, strict=True)
    except msgspec.ValidationError as error:
        problem = error  # a value that does not fit, found before the text's end: is it JSON?
    except msgspec.DecodeError as error:
        raise _not_json(error, root) from None
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError as error:  # malformed further on: refused as not JSON, as a
        raise _not_json(error, root) from None  # reader of the whole text first would
    raise ModelError(problem, root, data=data) from None


def decoded_json(text: str | bytes, root: Any) -> Any:
    """The JSON ``text`` as plain values, for a reader of ``root`` that looks at them before
    validating (a tagged union's tag, an older event's format); ``ModelError`` if it is not
    JSON."""
    try:
        return msgspec.json.decode(text)
    except msgspec.DecodeError as error:
        raise _not_json(error, root) from None


def _not_json(error: msgspec.DecodeError, root: Any) -> ModelError:
    return ModelError(msgspec.ValidationError(f"invalid JSON: {error}"), root)


_json_encode = msgspec.json.Encoder().encode
_json_decode = msgspec.json.Decoder().decode


def plain(value: Any, *, json_mode: bool = False, exclude_none: bool = False) -> Any:
    """``value`` with every model turned into a dict of its fields (recursively). In JSON mode
    the result is what JSON holds (lists, string keys, enum values), as ``model_dump(mode=
    "json")`` gave; otherwise tuples, sets and enums stay as they are. ``exclude_none`` leaves
    out the fields of models (not the keys of dicts) that hold None, as pydantic did."""
    if json_mode and not exclude_none:
        return _json_decode(_json_encode(value))
    if isinstance(value, Struct):
        return {
            info.encode_name: plain(item, json_mode=json_mode, exclude_none=exclude_none)
            for info in fields(value)
            if (item := getattr(value, info.name)) is not None or not exclude_none
        }
    if isinstance(value, dict):
        return {
            key: plain(item, json_mode=json_mode, exclude_none=exclude_none)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        items = [plain(item, json_mode=json_mode, exclude_none=exclude_none) for item in value]
        return items if json_mode or isinstance(value, list) else tuple(items)
    if json_mode:
        return _json_decode(_json_encode(value))
    return value


class Model:
    """What every rules model offers (see the module docstring): mixed into the two roots,
    ``FrozenModel`` and ``MutableModel``, and what callers name when either will do."""

    __slots__ = ()

    model_fields: ClassVar[Any] = _FieldsOf()

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """A model from outside data (a dict of plain values, or a model already)."""
        if isinstance(data, cls):
            return data
        made: Self = validated(data, cls)
        return made

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """A model from its JSON text."""
        made: Self = validated_json(text, cls)
        return made

    def model_dump(self, *, mode: str = "python", exclude_none: bool = False) -> dict[str, Any]:
        """The fields as a dict (``mode="json"``: as JSON holds them; ``exclude_none``: without
        the fields of models that hold None)."""
        dumped: dict[str, Any] = plain(self, json_mode=mode == "json", exclude_none=exclude_none)
        return dumped

    def model_dump_json(self, *, indent: int | None = None, exclude_none: bool = False) -> str:
        """The JSON text of the model, fields in declaration order: compact, or indented by
        ``indent`` as pydantic wrote it."""
        data = self.model_dump(mode="json", exclude_none=True) if exclude_none else self
        text = msgspec.json.encode(data)
        if indent is not None:
            text = msgspec.json.format(text, indent=indent)
        return text.decode("utf-8")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, with the fields of ``update`` replaced (not validated, as pydantic did)."""
        source: Any = copy.deepcopy(self) if deep else self
        copied: Self = replace(source, **(update or {}))
        return copied

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """A model from values that already have the fields' types (not validated)."""
        return cls(**values)

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON schema of the model."""
        return msgspec.json.schema(cls)


class FrozenModel(Model, Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The root of the models that never change once made (orders, events, the ruleset...):
    hashable, shared safely. Every subclass states ``frozen=True, kw_only=True`` again
    (msgspec applies ``kw_only`` to the fields of the class that states it; mypy reads both
    per class)."""


class MutableModel(Model, Struct, kw_only=True, forbid_unknown_fields=True):
    """The root of the models the event appliers change in place (the campaign state and its
    units). Every subclass states ``kw_only=True`` again."""

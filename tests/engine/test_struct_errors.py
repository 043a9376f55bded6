"""msgspec's validation errors are worded exactly as pydantic's were (DN-ERR-1: a refusal is
one plain sentence naming the field; ADR 0055: the sentences must not change when the rules'
models become msgspec Structs).

Each case validates the same input against a pydantic model and against the equivalent
``msgspec.Struct``, both defined here, and compares the sentence the tool gave for pydantic's
errors (``field_problem`` below) with ``struct_problem``'s.
"""

from __future__ import annotations

import enum
import json
import subprocess
import sys
from typing import Annotated, Any, Literal, Optional, Union

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import Meta, Struct
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from campaign.rules.field_errors import field_path, sentence
from campaign.rules.struct_errors import struct_problem


def field_problem(error: ValidationError) -> str:
    """The sentence the tool gave for a pydantic error until ADR 0055 (``field_problem`` of
    ``campaign/rules/field_errors.py`` then): the reference ``struct_problem`` must match."""
    first = error.errors(include_url=False, include_input=False)[0]
    where = field_path(tuple(first.get("loc", ())))
    text = sentence(first).replace("\n", " ").strip()
    return f"{where}: {text}" if where else text


class Side(enum.Enum):
    ASLAN = "aslan"
    SOLOMANI = "solomani"
    NEUTRAL = "neutral"


class Lone(enum.Enum):
    ONLY = "only"


class Rank(enum.IntEnum):
    ONE = 1
    TWO = 2


# --- pydantic, as the rules' models are today ---------------------------------------------


class PInner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count: int = Field(ge=1, le=5)

    @model_validator(mode="after")
    def _not_three(self) -> PInner:
        if self.count == 3:
            raise ValueError("three is bad")
        return self


class PMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["move"]
    count: int


class PBuy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["buy"]
    what: str


POrder = Annotated[Union[PMove, PBuy], Field(discriminator="type")]  # noqa: UP007


class PModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    i: int = 0
    pos: int = Field(default=1, gt=0)
    below: int = Field(default=0, lt=10)
    f: float = 1.0
    ratio: float = Field(default=1.0, ge=0.5, le=2)
    even: int = Field(default=0, multiple_of=2)
    half: float = Field(default=0, multiple_of=0.5)
    b: bool = False
    name: str = Field(default="a", min_length=1, max_length=3, pattern="^[a-z]+$")
    raw: bytes = b""
    short: bytes = Field(default=b"ab", min_length=2)
    items: list[int] = Field(default_factory=lambda: [1], min_length=1, max_length=2)
    pair: tuple[int, str] = (1, "a")
    many: tuple[int, ...] = ()
    tags: set[int] = Field(default_factory=set)
    frozen: frozenset[int] = frozenset()
    by_name: dict[str, PInner] = Field(default_factory=dict)
    by_number: dict[int, int] = Field(default_factory=dict)
    nonempty: dict[str, int] = Field(default_factory=lambda: {"a": 1}, min_length=1)
    maybe: Optional[int] = None  # noqa: UP045
    either: Union[int, str] = 0  # noqa: UP007
    word: Literal["x", "y"] = "x"
    one_word: Literal["x"] = "x"
    number: Literal[1, 2, 3] = 1
    side: Side = Side.ASLAN
    lone: Lone = Lone.ONLY
    rank: Rank = Rank.ONE
    inner: Optional[PInner] = None  # noqa: UP045
    inners: list[PInner] = Field(default_factory=list)
    order: Optional[POrder] = None  # noqa: UP045
    orders: dict[str, list[POrder]] = Field(default_factory=dict)


# --- msgspec, as ADR 0055 proposes ----------------------------------------------------------


class SInner(Struct, forbid_unknown_fields=True):
    count: Annotated[int, Meta(ge=1, le=5)]

    def __post_init__(self) -> None:
        if self.count == 3:
            raise ValueError("three is bad")


class SMove(Struct, forbid_unknown_fields=True, tag_field="type", tag="move"):
    count: int


class SBuy(Struct, forbid_unknown_fields=True, tag_field="type", tag="buy"):
    what: str


SOrder = Union[SMove, SBuy]  # noqa: UP007


class SModel(Struct, forbid_unknown_fields=True):
    i: int = 0
    pos: Annotated[int, Meta(gt=0)] = 1
    below: Annotated[int, Meta(lt=10)] = 0
    f: float = 1.0
    ratio: Annotated[float, Meta(ge=0.5, le=2)] = 1.0
    even: Annotated[int, Meta(multiple_of=2)] = 0
    half: Annotated[float, Meta(multiple_of=0.5)] = 0
    b: bool = False
    name: Annotated[str, Meta(min_length=1, max_length=3, pattern="^[a-z]+$")] = "a"
    raw: bytes = b""
    short: Annotated[bytes, Meta(min_length=2)] = b"ab"
    items: Annotated[list[int], Meta(min_length=1, max_length=2)] = msgspec.field(
        default_factory=lambda: [1]
    )
    pair: tuple[int, str] = (1, "a")
    many: tuple[int, ...] = ()
    tags: set[int] = msgspec.field(default_factory=set)
    frozen: frozenset[int] = frozenset()
    by_name: dict[str, SInner] = msgspec.field(default_factory=dict)
    by_number: dict[int, int] = msgspec.field(default_factory=dict)
    nonempty: Annotated[dict[str, int], Meta(min_length=1)] = msgspec.field(
        default_factory=lambda: {"a": 1}
    )
    maybe: Optional[int] = None  # noqa: UP045
    either: Union[int, str] = 0  # noqa: UP007
    word: Literal["x", "y"] = "x"
    one_word: Literal["x"] = "x"
    number: Literal[1, 2, 3] = 1
    side: Side = Side.ASLAN
    lone: Lone = Lone.ONLY
    rank: Rank = Rank.ONE
    inner: Optional[SInner] = None  # noqa: UP045
    inners: list[SInner] = msgspec.field(default_factory=list)
    order: Optional[SOrder] = None  # noqa: UP045
    orders: dict[str, list[SOrder]] = msgspec.field(default_factory=dict)


#: (pydantic type, msgspec type): the roots compared.
MODEL = (PModel, SModel)
ROOTS = {
    "model": MODEL,
    "list": (list[PInner], list[SInner]),
    "dict": (dict[str, PInner], dict[str, SInner]),
    "optional": (Optional[PInner], Optional[SInner]),  # noqa: UP045
    "order": (POrder, SOrder),
    "move": (PMove, SMove),
}

BAD_MODEL_INPUTS: list[Any] = [
    {"i": "x"},
    {"i": 2.5},
    {"i": None},
    {"i": [1]},
    {"pos": 0},
    {"pos": -5},
    {"below": 10},
    {"f": "x"},
    {"f": None},
    {"ratio": 0.25},
    {"ratio": 3},
    {"even": 3},
    {"half": 0.3},
    {"b": "perhaps"},
    {"b": 2},
    {"b": None},
    {"name": ""},
    {"name": "abcd"},
    {"name": "A"},
    {"name": 5},
    {"raw": 5},
    {"short": b"a"},
    {"items": []},
    {"items": [1, 2, 3]},
    {"items": ["a"]},
    {"items": "x"},
    {"items": {"a": 1}},
    {"pair": [1]},
    {"pair": []},
    {"pair": [1, 2]},
    {"pair": [1, "a", 3]},
    {"pair": 5},
    {"many": ["x"]},
    {"many": [1, 2, "x"]},
    {"tags": [1, "x"]},
    {"tags": "x"},
    {"frozen": "x"},
    {"frozen": [1, "y"]},
    {"by_name": {"k": {"count": 0}}},
    {"by_name": {"a": {"count": 1}, "k": {"count": 9}}},
    {"by_name": {"k": 5}},
    {"by_name": {"k": {}}},
    {"by_name": {"k": {"count": 3}}},
    {"by_name": []},
    {"by_number": {"x": 1}},
    {"by_number": {"1": "x"}},
    {"nonempty": {}},
    {"maybe": "x"},
    {"maybe": 2.5},
    {"maybe": [1]},
    {"either": [1]},
    {"word": "z"},
    {"word": 5},
    {"one_word": "z"},
    {"number": 7},
    {"number": "x"},
    {"side": "jump"},
    {"side": 5},
    {"lone": "z"},
    {"rank": 7},
    {"rank": "x"},
    {"inner": {"count": 3}},
    {"inner": {"count": 0}},
    {"inner": {"count": 6}},
    {"inner": {"count": "x"}},
    {"inner": {}},
    {"inner": {"count": 1, "zz": 1}},
    {"inner": 5},
    {"inner": "x"},
    {"inners": [{"count": 1}, {"count": 9}]},
    {"inners": [{"count": 1}, 5]},
    {"inners": [{"count": 1}, {"count": 3}]},
    {"inners": 5},
    {"order": {"type": "jump"}},
    {"order": {"type": 5}},
    {"order": {}},
    {"order": 5},
    {"order": {"type": "move"}},
    {"order": {"type": "move", "count": "x"}},
    {"order": {"type": "buy", "what": 5}},
    {"orders": {"a": [{"type": "buy", "what": "x"}, {"type": "move"}]}},
    {"orders": {"a": [{"type": "jump"}]}},
    {"zz": 1},
    {"i": 1, "zz": 1},
    5,
    [1],
    "x",
    None,
]

BAD_OTHER_INPUTS: list[tuple[str, Any]] = [
    ("list", [{"count": 1}, {"count": 0}]),
    ("list", [{"count": 3}]),
    ("list", {"a": 1}),
    ("list", [5]),
    ("dict", {"a": {"count": 1}, "b": {"count": 3}}),
    ("dict", {"a": {"count": 0}}),
    ("dict", {"a": {}}),
    ("dict", [1]),
    ("optional", 5),
    ("optional", {"count": 3}),
    ("optional", {"count": "x"}),
    ("order", {"type": "jump"}),
    ("order", {}),
    ("order", {"type": "move"}),
    ("order", {"type": "move", "count": "x"}),
    ("order", {"type": "move", "count": 1, "zz": 1}),
    ("order", 5),
    ("move", {"type": "jump", "count": 1}),
    ("move", {"type": 5, "count": 1}),
]


def pydantic_sentence(root: Any, data: Any) -> str:
    with pytest.raises(ValidationError) as refused:
        TypeAdapter(root).validate_python(data)
    return field_problem(refused.value)


def msgspec_sentence(root: Any, data: Any) -> str:
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert(data, type=root, strict=False)
    return struct_problem(refused.value, root, data)


@pytest.mark.parametrize("data", BAD_MODEL_INPUTS, ids=repr)
def test_a_struct_is_refused_in_pydantic_s_words(data: Any) -> None:
    """DN-ERR-1: the same input, the same sentence, for every form of msgspec's message."""
    assert msgspec_sentence(SModel, data) == pydantic_sentence(PModel, data)


@pytest.mark.parametrize(("root", "data"), BAD_OTHER_INPUTS, ids=repr)
def test_other_roots_are_refused_in_pydantic_s_words(root: str, data: Any) -> None:
    """DN-ERR-1: lists, dicts, optional values and tagged unions at the top."""
    pydantic_root, struct_root = ROOTS[root]
    assert msgspec_sentence(struct_root, data) == pydantic_sentence(pydantic_root, data)


@pytest.mark.parametrize("data", BAD_MODEL_INPUTS[:40], ids=repr)
def test_json_text_is_refused_in_pydantic_s_words(data: Any) -> None:
    """DN-ERR-1: ``msgspec.json.decode`` errors too, the input given as the decoded text."""
    text = json.dumps(data, default=lambda b: b.decode())
    try:
        PModel.model_validate_json(text)
    except ValidationError as error:
        expected = field_problem(error)
    else:
        pytest.skip("pydantic takes this text")
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.json.decode(text, type=SModel, strict=False)
    assert struct_problem(refused.value, SModel, msgspec.json.decode(text)) == expected


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        ({"by_name": {"k": {"count": 0}}}, "by_name.count: must be at least 1"),
        ({"by_number": {"x": 1}}, "by_number: must be a whole number"),
        ({"order": {"type": "move", "count": "x"}}, "order.count: must be a whole number"),
    ],
)
def test_without_the_input_keys_and_tags_are_left_out(data: Any, sentence: str) -> None:
    """DN-ERR-1: msgspec's path names no dict key nor union member; without the input the
    sentence leaves them out (pydantic said ``by_name.k.count``, ``order.move.count``)."""
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert(data, type=SModel, strict=False)
    assert struct_problem(refused.value, SModel) == sentence


@pytest.mark.parametrize(
    ("root", "data", "sentence", "pydantic_said"),
    [
        (
            SOrder,
            {"type": "buy", "count": 1},
            "buy.count: is not a field here",
            "buy.what: is missing",
        ),
        (SMove, {"count": "x"}, "count: must be a whole number", "type: is missing"),
    ],
)
def test_of_two_errors_msgspec_s_first_is_worded(
    root: Any, data: Any, sentence: str, pydantic_said: str
) -> None:
    """DN-ERR-1: with two errors, msgspec stops at the first in the input's order, pydantic
    reports declared fields first and unknown ones last; the sentence words msgspec's."""
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert(data, type=root, strict=False)
    assert struct_problem(refused.value, root, data) == sentence != pydantic_said


def test_a_validator_s_sentence_is_its_own_even_with_a_path_in_it() -> None:
    """DN-ERR-1: a ``__post_init__`` sentence is never taken for msgspec's own words."""

    class Odd(Struct):
        n: int

        def __post_init__(self) -> None:
            raise ValueError("Expected `int` >= 1 - at `$.n`\n(see the rules)")

    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert([{"n": 1}], type=list[Odd])
    assert struct_problem(refused.value, list[Odd]) == (
        "0: Expected `int` >= 1 - at `$.n` (see the rules)"
    )


@pytest.mark.parametrize(
    ("root", "data", "sentence"),
    [
        (int, "1e400", "is too large a number"),
        (Annotated[bytes, Meta(max_length=1)], b"ab", "is not valid"),
        (bytes, "!!", "is not valid"),
    ],
)
def test_forms_pydantic_has_no_sentence_for(root: Any, data: Any, sentence: str) -> None:
    """DN-ERR-1: errors with no pydantic equivalent are plain sentences, never msgspec's
    text: a number out of range, a bytes length (pydantic's ``bytes_too_long`` has no
    wording either), bad base64."""
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert(data, type=root, strict=False)
    assert struct_problem(refused.value, root, data) == sentence


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["i", "ratio", "name", "items", "side", "inner", "inners", "maybe"]),
        st.recursive(
            st.none() | st.integers(-3, 12) | st.text(max_size=4),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.just("count"), inner),
            max_leaves=4,
        ),
        min_size=1,
        max_size=1,
    )
)
def test_random_inputs_are_refused_alike(data: dict[str, Any]) -> None:
    """DN-ERR-1: whenever both refuse, they say the same (one field at a time: with errors in
    two fields, msgspec reports the first in the input, pydantic the first declared; no
    booleans: pydantic took ``False`` as the number 0, msgspec refuses it as "must be a whole
    number")."""
    try:
        PModel.model_validate(data)
    except ValidationError as error:
        expected = field_problem(error)
    else:
        return
    try:
        msgspec.convert(data, type=SModel, strict=False)
    except msgspec.ValidationError as error:
        assert struct_problem(error, SModel, data) == expected


def test_pydantic_is_not_imported_to_word_msgspec_s_errors() -> None:
    """ADR 0055: the quick commands' path must not import pydantic."""
    code = (
        "import sys, msgspec\n"
        "from campaign.rules.struct_errors import struct_problem\n"
        "try:\n"
        "    msgspec.convert({'a': 'x'}, dict[str, int])\n"
        "except msgspec.ValidationError as e:\n"
        "    print(struct_problem(e, dict[str, int], {'a': 'x'}))\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["a: must be a whole number", "False"]

"""The position text: a campaign state as a short block a person reads, writes and pastes.

The habit of chess's FEN: one text says everything that decides what happens next, so a test
states the position it starts from, ``repr(state)`` shows it and a bug report pastes it
(docs/engine.md, "The position text"). It is another writing of ``canonical_text`` (the JSON
that snapshots and digests use): ``position_from_text(state.position_text())`` gives back a
state with the same canonical text, byte for byte, the order of every collection included.

One record per line, or several on a line separated by ``;`` (the one-line form
``turn 2 first-movement aslan; A-CL-1 aslan:CL hex:kiir``, what ``position_text(one_line=True)``
writes); blank lines and lines starting with ``#`` are ignored, and so is the indentation of a
block pasted into a test::

    turn 2 first-movement aslan
    ru aslan=40 solomani=35
    campaign id=kiir-war profile=3f2a... events=412
    A-CL-1 aslan:CL hex:kiir stack=strike
    A-CL-2 aslan:CL hex:kiir stack=strike disrupted
    N-M-1 neutral:M-8-0-7 hex:neb-a face-down home=neb-a
    S-RT-1 solomani:RT-4 on:S-TR-1
    pile neutral:PD neutral:M-8-0-7
    winner aslan
    slots {"movement":{"moved":["A-CL-1"],...}}
    game-slots {"stepping":"manual"}

- ``turn T STEP PHASING [acting=SIDE]``: the game turn (0 during set-up), the step of the
  sequence table (``FLOW``; a set-up step whose name repeats carries its side,
  ``setup-purchase:solomani``), the phasing side and, when it is not the step's own, the acting
  side. Required, once.
- ``ru SIDE=N ...``: the treasuries, in the state's order.
- ``campaign id=ID profile=HASH events=N``: identity, rules profile and events applied (each
  left out when empty or 0; the line too).
- one line per counter, in the order they entered play: ``ID KIND PLACE`` (``hex:SYS``,
  ``box:SYS``, ``on:UNIT``, ``unplaced``, ``eliminated``), then ``owner=SIDE`` (when not the
  side its kind names), ``stack=LABEL``, ``disrupted``, ``face-down``, ``home=SYS``.
- ``pile KIND ...``: the face-down neutral pile, top first.
- ``next PREFIX=N ...``: the last number used per id prefix, written only when it differs from
  what the counters' ids give.
- ``winner SIDE`` once the game is over.
- ``dice``, ``slots``, ``turn-slots``, ``game-slots``, ``layout``: compact JSON, as in the state
  (the areas' bookkeeping, read through their typed books), last: a JSON value ends where its
  closing bracket is, so a ``;`` inside it does not end the record.

This module works on the state's JSON form (``CampaignState.model_dump(mode="json")``), so the
state can show itself without a circle of imports; ``state.position_from_text`` builds the state.
"""

import json
import shlex
from collections.abc import Iterator
from typing import Any

from campaign.rules.ids import Side
from campaign.rules.location import Location
from campaign.rules.order_text import quote
from campaign.rules.sequence import FLOW, actor_of
from campaign.rules.suggest import did_you_mean

#: The longest position text read (a whole long campaign is far shorter).
MAX_POSITION_CHARS = 1_000_000
#: Records holding compact JSON, by keyword -> field of the state.
JSON_RECORDS = {
    "dice": "dice_counts",
    "slots": "slots",
    "turn-slots": "turn_slots",
    "game-slots": "game_slots",
    "layout": "layout",
}
_DECODER = json.JSONDecoder()
KEYWORDS = ("turn", "ru", "campaign", "pile", "next", "winner", *JSON_RECORDS)
_FLAGS = {"disrupted": "disrupted", "face-down": "face_down"}
_SETTINGS = {"owner": "owner", "stack": "stack", "home": "home_system"}


class PositionTextError(ValueError):
    """A position text that cannot be read: the message names the line and what is wrong."""


def step_token(index: int) -> str:
    """The name of step ``index`` of ``FLOW`` in a position text (``first-combat/space``; a
    set-up step whose name repeats carries its side, ``setup-deploy:aslan``)."""
    step = FLOW[index]
    if sum(1 for other in FLOW if other.label == step.label) == 1:
        return step.label
    return f"{step.label}:{step.actor}"


STEP_TOKENS: dict[str, int] = {step_token(index): index for index in range(len(FLOW))}


# --- writing --------------------------------------------------------------------------------------


def write_position(data: dict[str, Any], *, one_line: bool = False) -> str:
    """The position text of a state given as its JSON form (see the module docstring): one
    record a line, or all on one line separated by ``; `` when ``one_line``."""
    lines = [_header(data), "ru " + " ".join(f"{side}={n}" for side, n in data["ru"].items())]
    identity = [
        f"{key}={value}"
        for key, value in (
            ("id", data["campaign_id"]),
            ("profile", data["profile_hash"]),
            ("events", data["events_applied"]),
        )
        if value
    ]
    if identity:
        lines.append(_words("campaign", *identity))
    lines += [_unit_line(unit) for unit in data["units"].values()]
    if data["neutral_pile"]:
        lines.append(_words("pile", *data["neutral_pile"]))
    if data["next_unit_no"] != derived_numbers(data["units"]):
        lines.append(
            _words("next", *(f"{prefix}={n}" for prefix, n in data["next_unit_no"].items()))
        )
    if data["winner"] is not None:
        lines.append(f"winner {data['winner']}")
    lines += [
        f"{keyword} {_json(data[field])}" for keyword, field in JSON_RECORDS.items() if data[field]
    ]
    return ("; " if one_line else "\n").join(lines)


def _words(*tokens: str) -> str:
    """One record: its tokens, each quoted when it holds a space, a quote or ``;``."""
    return " ".join(quote(token, also=";") for token in tokens)


def _header(data: dict[str, Any]) -> str:
    step = data["step"]
    if not 0 <= step < len(FLOW):
        raise PositionTextError(f"step {step} is not a step of the sequence table")
    phasing = Side(data["phasing"])
    header = f"turn {data['turn']} {step_token(step)} {phasing.value}"
    if data["acting"] != actor_of(FLOW[step], phasing).value:
        header += f" acting={data['acting']}"
    return header


def _unit_line(unit: dict[str, Any]) -> str:
    if unit["id"] in KEYWORDS:
        raise PositionTextError(f"unit id {unit['id']!r} is a keyword of the position text")
    location = Location.model_validate(unit["location"]).to_text()
    tokens = [unit["id"], unit["kind"], location]
    if unit["owner"] != default_owner(unit["kind"]):
        tokens.append(f"owner={unit['owner']}")
    if unit["stack"] is not None:
        tokens.append(f"stack={unit['stack']}")
    tokens += [flag for flag, name in _FLAGS.items() if unit[name]]
    if unit["home_system"] is not None:
        tokens.append(f"home={unit['home_system']}")
    return _words(*tokens)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def default_owner(kind: str) -> str | None:
    """The side a unit kind names (``aslan:CL`` -> ``aslan``), the owner left unsaid."""
    side = kind.partition(":")[0]
    return side if side in {s.value for s in Side} else None


def derived_numbers(units: dict[str, Any]) -> dict[str, int]:
    """The last number used per id prefix as the counters' ids give it, in the order the
    prefixes first entered play (what ``CampaignState.add_unit`` records)."""
    numbers: dict[str, int] = {}
    for unit_id in units:
        prefix, _, number = unit_id.rpartition("-")
        if number.isdigit() and int(number) > numbers.get(prefix, 0):
            numbers[prefix] = int(number)
    return numbers


# --- reading --------------------------------------------------------------------------------------


def read_position(text: str) -> dict[str, Any]:
    """The state's JSON form written by ``text``; ``PositionTextError`` naming the line."""
    if len(text) > MAX_POSITION_CHARS:
        raise PositionTextError(
            f"a position text has at most {MAX_POSITION_CHARS} characters, this one {len(text)}"
        )
    data: dict[str, Any] = {"units": {}}
    seen: set[str] = set()
    for number, line in _records(text):
        keyword, _, rest = line.partition(" ")
        try:
            if keyword in JSON_RECORDS:
                data[JSON_RECORDS[keyword]] = _read_json(rest)
            else:
                tokens = _tokens(line)
                if keyword in KEYWORDS:
                    _read_record(data, tokens)
                else:
                    unit = _read_unit(tokens)
                    if unit["id"] in data["units"]:
                        raise PositionTextError(f"counter {unit['id']} is listed twice")
                    data["units"][unit["id"]] = unit
            if keyword in KEYWORDS and keyword in seen:
                raise PositionTextError(f"'{keyword}' is given twice")
            seen.add(keyword)
        except PositionTextError as error:
            raise PositionTextError(f"position line {number}: {error}") from None
    if "turn" not in seen:
        raise PositionTextError(
            "a position text needs a line 'turn T STEP PHASING' (e.g. 'turn 1 production aslan')"
        )
    data.setdefault("next_unit_no", derived_numbers(data["units"]))
    return data


def _records(text: str) -> Iterator[tuple[int, str]]:
    """Each record with its line number: lines, then the ``;``-separated records of a line."""
    for number, raw in enumerate(text.splitlines(), start=1):
        rest = raw.strip()
        if rest.startswith("#"):
            continue
        try:
            while rest:
                record, rest = _next_record(rest)
                if record:
                    yield number, record
        except PositionTextError as error:
            raise PositionTextError(f"position line {number}: {error}") from None


def _next_record(text: str) -> tuple[str, str]:
    """The first record of ``text`` and what follows its ``;``. A JSON record ends where its
    value does; any other ends at the first ``;`` outside double quotes."""
    keyword = text.split(maxsplit=1)[0]
    if keyword in JSON_RECORDS:
        body = text[len(keyword) :].lstrip()
        try:
            _, end = _DECODER.raw_decode(body)
        except ValueError:
            raise PositionTextError(
                f"expected compact JSON after {keyword!r}, got {body[:60]!r}"
            ) from None
        rest = body[end:].lstrip()
        if rest and not rest.startswith(";"):
            raise PositionTextError(
                f"expected ';' or the end of the line after the JSON of "
                f"{keyword!r}, got {rest[:60]!r}"
            )
        return f"{keyword} {body[:end]}", rest[1:].lstrip()
    quoted = escaped = False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = quoted
        elif char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            return text[:index].rstrip(), text[index + 1 :].lstrip()
    return text, ""


def _tokens(line: str) -> list[str]:
    try:
        return shlex.split(line, comments=False)
    except ValueError as error:
        raise PositionTextError(f"cannot split {line[:60]!r}: {error}") from None


def _read_json(rest: str) -> Any:
    try:
        return json.loads(rest)
    except ValueError:
        raise PositionTextError(
            f"expected compact JSON after the keyword, got {rest[:60]!r}"
        ) from None


def _read_record(data: dict[str, Any], tokens: list[str]) -> None:
    keyword, *args = tokens
    if keyword == "turn":
        data.update(_read_header(args))
    elif keyword == "ru":
        data["ru"] = {side: _number(value, "RU", signed=True) for side, value in map(_pair, args)}
    elif keyword == "campaign":
        known = {"id": "campaign_id", "profile": "profile_hash", "events": "events_applied"}
        for key, value in map(_pair, args):
            if key not in known:
                raise PositionTextError(f"unknown campaign field {key!r}: id, profile or events")
            data[known[key]] = _number(value, "events") if key == "events" else value
    elif keyword == "pile":
        data["neutral_pile"] = args
    elif keyword == "next":
        data["next_unit_no"] = {
            prefix: _number(value, prefix) for prefix, value in map(_pair, args)
        }
    elif keyword == "winner":
        if len(args) != 1:
            raise PositionTextError("expected 'winner SIDE'")
        data["winner"] = args[0]


def _read_header(args: list[str]) -> dict[str, Any]:
    if len(args) not in (3, 4):
        raise PositionTextError("expected 'turn T STEP PHASING [acting=SIDE]'")
    turn, token, phasing, *rest = args
    if token not in STEP_TOKENS:
        raise PositionTextError(f"unknown step {token!r}{did_you_mean(token, STEP_TOKENS)}")
    step = STEP_TOKENS[token]
    try:
        side = Side(phasing)
    except ValueError:
        raise PositionTextError(f"phasing side {phasing!r} is not aslan or solomani") from None
    acting = actor_of(FLOW[step], side).value
    for key, value in map(_pair, rest):
        if key != "acting":
            raise PositionTextError(f"unknown field {key!r} after the step: acting=SIDE")
        acting = value
    return {
        "turn": _number(turn, "the game turn"),
        "step": step,
        "phasing": side.value,
        "acting": acting,
    }


def _read_unit(tokens: list[str]) -> dict[str, Any]:
    if len(tokens) < 3:
        raise PositionTextError(
            f"expected a record ({', '.join(KEYWORDS)}) or a counter 'ID KIND PLACE [...]', "
            f"got {' '.join(tokens)!r}{did_you_mean(tokens[0], KEYWORDS)}"
        )
    unit_id, kind, place, *rest = tokens
    try:
        location = Location.parse(place).model_dump(mode="json")
    except ValueError as error:
        raise PositionTextError(f"counter {unit_id}: {error}") from None
    unit: dict[str, Any] = {
        "id": unit_id,
        "kind": kind,
        "owner": default_owner(kind),
        "location": location,
    }
    for token in rest:
        if token in _FLAGS:
            unit[_FLAGS[token]] = True
            continue
        key, _, value = token.partition("=")
        if key not in _SETTINGS or not value:
            known = ", ".join([*_FLAGS, *(f"{name}=..." for name in _SETTINGS)])
            raise PositionTextError(f"counter {unit_id}: unknown {token!r}; known: {known}")
        unit[_SETTINGS[key]] = value
    if unit["owner"] is None:
        raise PositionTextError(f"counter {unit_id}: its kind {kind!r} names no side: owner=SIDE")
    return unit


def _pair(token: str) -> tuple[str, str]:
    key, sep, value = token.partition("=")
    if not sep or not key:
        raise PositionTextError(f"expected NAME=VALUE, got {token!r}")
    return key, value


def _number(text: str, what: str, *, signed: bool = False) -> int:
    digits = text[1:] if signed and text.startswith("-") else text
    if not digits.isdigit() or len(digits) > 9:
        raise PositionTextError(f"{what} must be a whole number, got {text!r}")
    return int(text)

"""The golden corpus: what today's code writes and says, for fixed inputs (ADR 0055).

Before the rules' models move from pydantic to msgspec (docs/adr/0055), this corpus fixes, byte
for byte, what the product writes and the sentences it refuses with; after the move the same
test (``tests/compat/test_golden_corpus.py``) proves that nothing changed. It holds:

- ``games``: random refereed games of the integration driver (``tests.integration.driver``),
  their accepted order texts given again through ``CampaignService.submit`` on SQLite: every
  stored row (batch, order text, type, payload text, hash chain: DN-ERR-1), the sha256 of the
  state's ``canonical_text()`` at every 50th event and at the end (read back through the event
  reader ``parse_stored`` and folded), and the snapshots the store writes (ADR 0031);
- ``seeds``: every shipped seed game replayed (digests, verdicts and narrated lines);
- ``notations``: order texts of every registered order type, their ``to_notation()`` and
  canonical JSON (DN-ERR-1: one text per order);
- ``refusals``: malformed order texts (through ``engine.read_typed``, the CLI's path), order
  JSON (``registry.parse_order_data``), stored events (``parse_stored``), turn files
  (``pbem.armour.parse_turn_file``) and data files (``campaign.content``), each with the exact
  exception class and sentence of today.

The JSON schemas (``campaign/views/schemas.py``, ``campaign/pbem/model.py``) are left out: ADR
0055 changes their form on purpose.

Re-recording is a deliberate act, done only when an output is meant to change (say which in
the commit message)::

    PYTHONPATH=$PWD .venv/bin/python -m tests.compat.golden --record

The order texts of the games (the inputs) are made by the driver only when recording; the test
reads them from the corpus, so a change in the driver or in ``legal_orders`` does not move them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from campaign.app import CampaignService
from campaign.app.campaigns import parse_stored
from campaign.app.seeds import read_seed_game, replay_seed, ruleset_of
from campaign.bundled import find_seed, seed_names
from campaign.content.loader import default_data_dir
from campaign.content.tables import load_house_rules_with_label, load_tables
from campaign.pbem.armour import parse_turn_file
from campaign.records.rows import StoredEvent
from campaign.rules import catalog, engine
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.dice import SeededSource
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.notation import parse_order
from campaign.rules.registry import ORDERS, parse_order_data
from campaign.rules.ruleset import Ruleset
from campaign.rules.seedgame import record
from campaign.rules.state import CampaignState
from tests.integration.driver import Driver
from tests.rulesets import sample, with_rules

CORPUS = Path(__file__).parent / "golden" / "corpus.json.gz"
STATE_EVERY = 50  # a state digest at every this many events, and at the end
NOTATIONS_PER_VERB = 3
TURN_FILE = Path(__file__).parent / "v0_2_0" / "files" / "f020-aslan.json"

#: The games: name -> how to make the ruleset, the driver's seed and how many events at least.
#: Together they reach every phase of the flow, combat (space, ground, PD), neutrals and their
#: conscription, on the standard map, a random one and with house switches flipped.
GAMES: dict[str, dict[str, Any]] = {
    "standard-11": {"layout": "standard", "map_seed": None, "switches": {}, "seed": 11,
                    "events": 2000},
    "random-7-3": {"layout": "random", "map_seed": 7, "switches": {}, "seed": 3, "events": 600},
    "standard-5-house": {
        "layout": "standard",
        "map_seed": None,
        "switches": {"multiple_targets": True, "withdraw_into_empty_box": True,
                     "nebula_exploration": False, "players_assign_freely": True},
        "seed": 5,
        "events": 600,
    },
}  # fmt: skip


def _ruleset(spec: dict[str, Any]) -> Ruleset:
    base = sample(spec["layout"], spec["map_seed"]) if spec["layout"] != "standard" else sample()
    return with_rules(base, **spec["switches"]) if spec["switches"] else base


def driven_orders(spec: dict[str, Any]) -> tuple[str, list[str]]:
    """The driver's dice seed and accepted order texts for ``spec`` (recording only)."""
    driver = Driver(_ruleset(spec), seed=spec["seed"], campaign_id="corpus")
    turns = 1
    while len(driver.events) < spec["events"] and driver.state.phase.value != "game-over":
        turns += 1
        driver.play_randomly(game_turns=turns)
    return driver.dice_seed, [text for text, _ in driver.orders]


def play_game(spec: dict[str, Any], dice_seed: str, orders: list[str], db: Path) -> dict[str, Any]:
    """What the product stores for ``orders`` given one by one through the service."""
    ruleset = _ruleset(spec)
    service = CampaignService(
        db_url=f"sqlite:///{db}",
        ruleset_loader=lambda layout, seed: ruleset,
        seal_dir=db.parent / "seal",
    )
    loaded = service.create("corpus", layout=spec["layout"], seed=spec["map_seed"],
                            dice_seed=dice_seed)  # fmt: skip
    for text in orders:
        service.submit(loaded, text)
    rows = service.store.rows("corpus")
    events = parse_stored(rows, "corpus")
    state, digests, reencoded = CampaignState(), {}, []
    for row, event in zip(rows, events, strict=True):
        engine.fold([event], state)
        if row.seq % STATE_EVERY == 0 or row.seq == len(rows):
            digests[str(row.seq)] = sha256_hex(state.canonical_text())
        if canonical_json(event) != row.payload:
            reencoded.append(row.seq)
    return {
        "rows": [
            [r.seq, r.batch, r.order_text, r.type, r.payload, r.prev_hash, r.hash] for r in rows
        ],  # fmt: skip
        "state_digests": digests,
        "payloads_not_read_back_equal": reencoded,
        "final_state": loaded.state.canonical_text(),
        "final_state_is_folded": loaded.state.canonical_text() == state.canonical_text(),
        "snapshots": [
            [s.seq, s.event_hash, s.digest, sha256_hex(s.state)]
            for s in service.store.snapshots("corpus")
        ],  # fmt: skip
    }


def seed_games() -> dict[str, Any]:
    """Every shipped seed game: the replay's verdicts and narrated lines, and the digests a
    new recording writes (``campaign replay``, ``campaign replay --record``)."""
    out: dict[str, Any] = {}
    for name in seed_names():
        path = find_seed(name)
        assert path is not None, name
        game = read_seed_game(path)
        ruleset = ruleset_of(game)
        results = replay_seed(game)
        again = record(game, ruleset)
        out[name] = {
            "replay": [[r.index, r.order, r.ok, r.message, r.lines] for r in results],
            "recorded": canonical_json(again),
        }
    return out


# --- order texts that parse -------------------------------------------------------------------

#: Texts of the order types the driver does not give (from tests/engine, docs/notation).
EXTRA_NOTATIONS = [
    "aslan pass",
    "referee stepping auto",
    "referee stepping manual",
    "referee neutral-draw table",
    "referee neutral-draw tool",
    "aslan seal-deck " + "ab" * 32,
    "solomani share box-3 " + "9a0f" * 16,
    "aslan reveal box-3 neutral:RT-2/1",
    'referee set-ru aslan 40 "miscounted income"',
    'referee adjust-unit A-CL-1 box:asl-b no "set up wrongly"',
    'referee adjust-unit A-CL-1 - yes "hit by fire"',
    "referee adjust-unit A-RT-1 on:A-TR-1 - 'x'",
    "aslan install-pd A-PD-1 concord",
    "aslan launch neb-a/aslan-solomani A-F-1,A-F-2",
    "aslan assign neb-a/aslan-solomani S-DD-1+S-DD-2>A-CL-1,S-CL-1>A-CL-2",
    "aslan assign b1 auto",
    "referee referee-assign b1 auto",
    "referee referee-assign neb-a/aslan-solomani S-DD-1>A-CL-2,S-DD-2>A-CL-1",
    "aslan withdraw halden/solomani-aslan box",
    "aslan withdraw sirehk/solomani-aslan ftahr",
    "aslan remove-losses hlirakh A-RT-1,A-PD-1",
    "aslan pd-fire hlirakh A-PD-1>S-TR-1",
    "aslan sublight A-SC-1 concord",
    "solomani deploy S-F-1 on:S-MS-1",
    "aslan buy RT-5",
    "aslan produce DD box:Halden",
    "aslan maintain - -",
    # the driven games rebuilt before maintaining, refused since December 7 (DN-ECO-7)
    "aslan rebuild N-X-7",
]


def notation_texts(games: dict[str, Any]) -> list[str]:
    """Up to ``NOTATIONS_PER_VERB`` distinct texts per order type from the games' orders,
    then ``EXTRA_NOTATIONS``."""
    per_verb: dict[str, list[str]] = {}
    for game in games.values():
        for text in game["orders"]:
            verb = text.split(" ", 2)[1]
            chosen = per_verb.setdefault(verb, [])
            if text not in chosen and len(chosen) < NOTATIONS_PER_VERB:
                chosen.append(text)
    return [t for verb in sorted(per_verb) for t in per_verb[verb]] + EXTRA_NOTATIONS


def order_verbs() -> set[str]:
    """Every registered order type."""
    catalog.load()
    return set(ORDERS)


def notation(text: str) -> list[str]:
    """DN-ERR-1: the order's one notation, its canonical JSON, and that JSON read back."""
    order = parse_order(text)
    data = json.loads(canonical_json(order))
    return [order.to_notation(), canonical_json(order), canonical_json(parse_order_data(data))]


# --- refusals ---------------------------------------------------------------------------------


def refusal(attempt: Callable[[], object], tmp: str = "") -> str:
    """``Class: sentence`` of what ``attempt`` raises (``tmp`` written as ``<tmp>``), or
    ``accepted`` with the canonical JSON of what it returned."""
    try:
        value = attempt()
    except Exception as error:  # the class is part of what is recorded
        text = f"{type(error).__name__}: {error}"
        return text.replace(tmp, "<tmp>") if tmp else text
    try:
        return "accepted: " + canonical_json(value)
    except TypeError:
        return f"accepted: {type(value).__name__}"


#: Malformed order texts (tests/engine/test_notation.py, test_suggestions.py style).
BAD_ORDER_TEXTS = [
    "",
    "aslan",
    "klingon end-phase",
    "aslan fly A-CL-1",
    "aslan jmup A-SC-1 lantern",
    "aslan buy",
    "aslan buy CL two",
    "aslan buy CL 0",
    "aslan buy CL -1",
    "aslan buy CL 99999999999999999999999",
    "aslan buy CL 2 3",
    "aslan buy CL ''",
    'aslan buy "CL',
    "aslan deploy A-CL-1 orbit:x",
    "aslan deploy A-CL-1",
    "aslan deploy A-CL-1 hex:",
    "solomani jump",
    "solomani jump S-DD-2",
    "aslan jump strike hlirakh,,ftahr",
    "aslan form-stack '' A-CL-1",
    "aslan form-stack g " + ",".join(f"A-CL-{n}" for n in range(1, 40)),
    "aslan end-move",
    'referee set-ru aslin 5 "typo"',
    'referee set-ru aslan 5 ""',
    "referee set-ru aslan five 'x'",
    "referee set-ru aslan -5 'x'",
    "referee set-ru aslan 5",
    'referee adjust-unit A-CL-1 box:asl-b maybe "x"',
    'referee adjust-unit A-CL-1 - - "nothing"',
    'referee adjust-unit A-CL-1 box:asl-b no ""',
    "aslan join-battle",
    "referee stepping manuel",
    "referee stepping",
    "referee neutral-draw dice",
    "aslan choose-range b1 shrot",
    "aslan declare b1 yes no maybe 1",
    "aslan declare b1 yes",
    "aslan target b1",
    "aslan assign b1",
    "aslan pd-fire hlirakh A-PD-1",
    "aslan pd-fire hlirakh >S-TR-1",
    "aslan interact hlirakh",
    "aslan interact hlirakh x y z",
    "aslan maintain a b c",
    "aslan produce DD halden",
    "aslan produce DD box:halden box:halden",
    "aslan seal-deck nothex",
    "aslan seal-deck " + "ab" * 31,
    "aslan share",
    "solomani share box-3 " + "9A0F" * 16,
    "solomani share box-3 9a0f",
    "aslan reveal " + "c" * 21 + " neutral:RT-2/1",
    "aslan reveal token-1",
    "referee end-phase extra",
    "aslan end-phase now",
    "aslan stepping auto",
    "solomani set-ru aslan 5 'x'",
    "aslan buy CL\x07 1",
    "aslan buy " + "X" * 600,
    "aslan place-neutral",
    'solomani place-neutral ""',
    "aslan sublight A-SC-1",
    "aslan withdraw b1",
    "aslan launch b1",
    "aslan remove-losses hlirakh",
    "aslan lift-off hlirakh",
    "aslan load A-RT-1",
    "aslan unload",
    "aslan merge-stacks s1",
    "aslan split-stack s1 s2",
    "aslan install-pd A-PD-1",
    "aslan rebuild",
    "aslan conscript",
    "aslan range",
    "aslan fire",
    "aslan stay",
]

#: Malformed order JSON objects (``registry.parse_order_data``).
BAD_ORDER_DATA: list[Any] = [
    None,
    [],
    "aslan buy CL",
    {},
    {"type": "fly", "side": "aslan"},
    {"type": "buy", "side": "aslan"},
    {"type": "buy", "side": "aslan", "kind": "CL", "count": "two"},
    {"type": "buy", "side": "aslan", "kind": "CL", "count": 0},
    {"type": "buy", "side": "aslan", "kind": 5, "count": 1},
    {"type": "buy", "side": "klingon", "kind": "CL", "count": 1},
    {"type": "buy", "side": "aslan", "kind": "CL", "count": 1, "extra": 1},
    {"type": "buy", "side": "aslan", "kind": ["CL"], "count": 1},
    {"type": "buy", "side": "aslan", "kind": "", "count": 1},
    {"type": "end-phase"},
    {"type": "end-phase", "side": None},
    {"type": "set-ru", "side": None, "target": "aslan", "ru": -1, "reason": "x"},
    {"type": "set-ru", "side": None, "target": "aslan", "ru": 5, "reason": ""},
    {"type": "set-ru", "side": None, "target": "aslan", "ru": 5, "reason": "x" * 2000},
    {"type": "set-ru", "side": None, "target": "aslan", "ru": 5.5, "reason": "x"},
    {"type": "stepping", "side": None, "mode": "sometimes"},
    {"type": "deploy", "side": "aslan", "units": "A-CL-1", "location": "hex:x"},
    {"type": "deploy", "side": "aslan", "units": ["A-CL-1"], "location": {"where": "orbit"}},
    {"type": "deploy", "side": "aslan", "units": ["A-CL-1"], "location": ["hex", "x"]},
    {"type": "deploy", "side": "aslan", "units": [], "location": {"where": "hex", "system": "x"}},
    {"type": "jump", "side": "aslan", "stack": "s1", "path": {"a": 1}},
    {"type": "jump", "side": "aslan", "stack": "s1", "path": [1, 2]},
    {"type": "choose-range", "side": "aslan", "battle": "b1", "range": "far"},
    {"type": "seal-deck", "side": "aslan", "digest": "xyz"},
    {"type": "maintain", "side": "aslan", "unpaid": "A-CL-1"},
]


def _stored(seq: int, type_: str, payload: str) -> StoredEvent:
    return StoredEvent(seq, 1, "referee end-phase", type_, payload, "0" * 64, "0" * 64)


#: Malformed stored events, (type, payload) read by the event reader after one good row.
BAD_EVENTS: list[tuple[str, str | dict[str, Any]]] = [
    ("phase-advanced", {}),
    ("phase-advanced", "not json"),
    ("phase-advanced", "[]"),
    ("no-such-event", {"type": "no-such-event"}),
    ("phase-advanced", {"type": "phase-ended"}),
    ("units-bought", {"type": "units-bought", "side": "aslan"}),
    (
        "units-bought",
        {"type": "units-bought", "side": "klingon", "kind": "aslan:CL", "count": 1, "ru_spent": 5},
    ),
    (
        "units-bought",
        {"type": "units-bought", "side": "aslan", "kind": "aslan:CL", "count": "1", "ru_spent": 5},
    ),
    (
        "units-bought",
        {"type": "units-bought", "side": "aslan", "kind": 7, "count": 1, "ru_spent": 5},
    ),
    (
        "units-bought",
        {
            "type": "units-bought",
            "side": "aslan",
            "kind": "aslan:CL",
            "count": 1,
            "ru_spent": 5,
            "bonus": 1,
        },
    ),
    ("referee-restored", {"type": "referee-restored", "reason": "x"}),
    ("referee-restored", {"type": "referee-restored", "reason": "x", "to_seq": 3}),
    (
        "referee-restored",
        {"type": "referee-restored", "reason": "x", "to_seq": "three", "state_text": "{}"},
    ),
    (
        "referee-restored",
        {"type": "referee-restored", "reason": "x", "to_seq": 3, "state": {}, "state_text": "{}"},
    ),
    ("referee-adjusted", {"type": "referee-adjusted", "reason": 5}),
    ("stack-moved", {"type": "stack-moved", "units": "A-CL-1"}),
    ("stack-moved", {"type": "stack-moved", "units": {"a": 1}}),
    (
        "neutral-placed",
        {
            "type": "neutral-placed",
            "drawn_by": "aslan",
            "kind": "neutral:TR",
            "location": {"where": "orbit"},
            "rolls": [],
            "set_aside": [],
            "unit_id": "N-TR-2",
        },
    ),
    (
        "neutral-placed",
        {
            "type": "neutral-placed",
            "drawn_by": "aslan",
            "kind": "neutral:TR",
            "location": ["hex", "x"],
            "rolls": [],
            "set_aside": [],
            "unit_id": "N-TR-2",
        },
    ),
    ("round-fought", {"type": "round-fought", "rolls": [{"value": 9}]}),
    ("round-fought", {"type": "round-fought", "rolls": {"value": 1}}),
]


def turn_file_cases() -> list[tuple[str, Callable[[dict[str, Any]], object]]]:
    """Changes to a real turn file of 0.2.0 (``tests/compat/v0_2_0``), one problem each."""

    def header(**changes: object) -> Callable[[dict[str, Any]], object]:
        def change(raw: dict[str, Any]) -> object:
            for key, value in changes.items():
                if value is _DROP:
                    del raw["body"]["header"][key]
                else:
                    raw["body"]["header"][key] = value
            return raw

        return change

    def at(path: list[Any], value: object) -> Callable[[dict[str, Any]], object]:
        def change(raw: dict[str, Any]) -> object:
            node: Any = raw
            for key in path[:-1]:
                node = node[key]
            if value is _DROP:
                del node[path[-1]]
            else:
                node[path[-1]] = value
            return raw

        return change

    return [
        ("as is", lambda raw: raw),
        ("not an object", lambda raw: []),
        ("no format", header(format=_DROP)),
        ("other format", header(format="other")),
        ("future version", header(schema_version=99)),
        ("version as text", header(schema_version="2")),
        ("version zero", header(schema_version=0)),
        ("side klingon", header(side="klingon")),
        ("side as number", header(side=1)),
        ("no campaign id", header(campaign_id=_DROP)),
        ("extra header field", header(colour="blue")),
        ("exchange negative", header(exchange=-1)),
        ("exchange as text", header(exchange="20")),
        ("base hash short", header(base_hash="abc")),
        ("base hash not hex", header(base_hash="z" * 64)),
        ("head_seq inconsistent", header(head_seq=999)),
        ("dice mode unknown", header(dice_mode="loaded")),
        ("batches as object", at(["body", "batches"], {"a": 1})),
        ("batch order too long", at(["body", "batches", 0, "order"], "x" * 5000)),
        ("batch order number", at(["body", "batches", 0, "order"], 5)),
        ("batch without events", at(["body", "batches", 0, "events"], _DROP)),
        ("event as list", at(["body", "batches", 0, "events", 0], [])),
        ("event neither payload nor sealed", at(["body", "batches", 0, "events", 0], {})),
        ("body checksum wrong", at(["body_sha256"], "0" * 64)),
        ("no signature", at(["signature"], _DROP)),
        ("signature as text", at(["signature"], "signed")),
        ("extra top-level field", at(["extra"], 1)),
    ]


_DROP = object()


def _turn_file(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    raw = json.loads(TURN_FILE.read_text(encoding="utf-8"))
    text = json.dumps(change(raw))
    return lambda: parse_turn_file(text, "f020-aslan.json").body.header.head_digest


#: Changes to a copy of the shipped data files: (file under data/tables, old text, new text).
DATA_FILE_CASES: list[tuple[str, str, str]] = [
    ("house_rules.toml", "multiple_targets = false", 'multiple_targets = "no"'),
    ("house_rules.toml", "multiple_targets = false", "multiple_targets = 1"),
    ("house_rules.toml", "multiple_targets = false", "multiple_target = false"),
    ("house_rules.toml", 'label = "house"', 'label = "homebrew"'),
    ("house_rules.toml", 'label = "house"', "label = 5"),
    ("space_crt.csv", "1:1", "9:1"),
    ("space_crt.csv", "1:1", "x:y"),
]


def data_file_refusal(tmp: Path, name: str, old: str, new: str) -> str:
    """What ``campaign.content`` says of a copy of the data tables with one change."""
    tables = tmp / "data" / "tables"
    shutil.rmtree(tmp / "data", ignore_errors=True)
    shutil.copytree(default_data_dir() / "tables", tables)
    path = tables / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1) if old in text else text + new, encoding="utf-8")
    if name.endswith(".toml"):
        return refusal(lambda: load_house_rules_with_label(path)[1], str(tmp))
    return refusal(lambda: sorted(load_tables(tables, tmp / "data")), str(tmp))


def refusals(tmp: Path) -> dict[str, list[list[str]]]:
    """Every malformed input with what today's code says of it."""
    ruleset = sample()
    layout = MapAssembled(layout=layout_record(ruleset.star_map))
    state = engine.fold(engine.start("corpus", ruleset, layout, SeededSource("corpus")))
    return {
        "order-text": [
            [text, refusal(partial(engine.read_typed, state, text, ruleset))]
            for text in BAD_ORDER_TEXTS
        ],
        "order-json": [
            [json.dumps(data), refusal(partial(parse_order_data, data))] for data in BAD_ORDER_DATA
        ],
        "stored-event": [
            [f"{kind} {text}", refusal(partial(_read_event, kind, text))]
            for kind, text in ((k, _payload(p)) for k, p in BAD_EVENTS)
        ],
        "turn-file": [[name, refusal(_turn_file(change))] for name, change in turn_file_cases()],
        "data-file": [
            [f"{name}: {old!r} -> {new!r}", data_file_refusal(tmp, name, old, new)]
            for name, old, new in DATA_FILE_CASES
        ],
    }


def _payload(payload: str | dict[str, Any]) -> str:
    """A stored payload: the text as written, or the object as compact JSON in its key order."""
    return payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))


def _read_event(kind: str, payload: str) -> object:
    """The event reader on one stored row (event 2 of a log)."""
    return [e.type for e in parse_stored([_stored(2, kind, payload)], "corpus")]


# --- the whole corpus -------------------------------------------------------------------------


def build(inputs: dict[str, Any] | None = None) -> dict[str, Any]:
    """The corpus of today's code; ``inputs`` (the recorded games' dice seeds and orders) are
    reused, else the driver plays the games anew (recording)."""
    catalog.load()
    games: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        for name, spec in GAMES.items():
            if inputs is not None:
                dice_seed, orders = inputs[name]["dice_seed"], inputs[name]["orders"]
            else:
                dice_seed, orders = driven_orders(spec)
            played = play_game(spec, dice_seed, orders, tmp / f"{name}.db")
            games[name] = {"spec": spec, "dice_seed": dice_seed, "orders": orders, **played}
        found = refusals(tmp)
    return {
        "games": games,
        "seeds": seed_games(),
        "notations": [[text, refusal(partial(notation, text))] for text in notation_texts(games)],
        "refusals": found,
    }


def load() -> dict[str, Any]:
    """The recorded corpus."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stream:
        return json.load(stream)


def write(corpus: dict[str, Any]) -> None:
    """Record ``corpus`` (deterministic bytes: no time stamp in the gzip header)."""
    CORPUS.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(corpus, ensure_ascii=False, indent=0, sort_keys=True).encode("utf-8")
    with open(CORPUS, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as stream:
        stream.write(text)


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of ``value`` with its path (``games/standard-11/rows/12/4``)."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from leaves(value[key], f"{path}/{key}")
    elif isinstance(value, list):
        yield f"{path}#len", len(value)
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}/{index}")
    else:
        yield path, value


def differences(expected: Any, got: Any, limit: int = 8) -> list[str]:
    """The first ``limit`` differing leaves, ``path: expected ... got ...``."""
    want, have = dict(leaves(expected)), dict(leaves(got))
    out = []
    for path in sorted(want.keys() | have.keys()):
        if want.get(path, "<absent>") != have.get(path, "<absent>"):
            out.append(f"{path}:\n  expected {want.get(path, '<absent>')!r:.600}\n"
                       f"  got      {have.get(path, '<absent>')!r:.600}")  # fmt: skip
            if len(out) == limit:
                break
    return out


def main(argv: list[str] | None = None) -> int:
    """``--record``: play the games with the driver and write the corpus anew."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--record", action="store_true", required=True,
                        help="rewrite tests/compat/golden/corpus.json.gz (deliberate)")  # fmt: skip
    parser.parse_args(argv)
    corpus = build()
    write(corpus)
    print(f"recorded {CORPUS} ({CORPUS.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

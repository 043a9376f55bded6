"""Event payloads across versions (issue 46 item 1; architecture property 10): a field added
after a release is read from an older payload with the older rules' value, and left out of
the payload while it holds that value, so old logs and turn files keep their hashes."""

from __future__ import annotations

import json

import pytest

from campaign import __version__
from campaign.rules.canonical import canonical_json
from campaign.rules.registry import EVENTS, catalog, parse_event_data
from campaign.rules.upcast import VersionedEvent
from tests.compat.game import COMPAT_DIR
from tools.record_compat import event_fields

#: Every event type of 0.1.0 with its fields (``"REQ"``: required; else the default's repr),
#: as that version declared them.
RELEASED_FIELDS: dict[str, dict[str, str]] = json.loads(
    (COMPAT_DIR / "v0_1_0" / "event-fields.json").read_text(encoding="utf-8")
)

#: A stack-moved payload exactly as 0.1.0 stored it (file 18 of the recorded game, event 135).
OLD_STACK_MOVED = (
    '{"arrival":"halted","disrupted":[],"explore_failed":null,"explored":null,"mode":"jump",'
    '"move_rolls":{"A-B1-1":4,"A-B2-1":1},"path":["sirehk"],"reaction":false,'
    '"refuelled":null,"rolls":[],"side":"aslan","stack":"main","start":"aokhtel",'
    '"stayed":["A-B1-1","A-B2-1"],"type":"stack-moved","units":["A-TR-1","A-AO-1"]}'
)


def _events() -> dict[str, type]:
    catalog.load()
    return dict(EVENTS)


@pytest.mark.parametrize("name", sorted(RELEASED_FIELDS))
def test_every_field_added_since_0_1_0_is_declared(name):
    """A field an event of 0.1.0 did not have is declared in ``added_fields`` with the value
    the older rules gave, and no field of 0.1.0 went away (old payloads must still read)."""
    cls = _events()[name]
    now = set(cls.model_fields)
    before = set(RELEASED_FIELDS[name])
    assert before <= now, f"{name}: fields of 0.1.0 removed: {sorted(before - now)}"
    declared = set(cls.added_fields) if issubclass(cls, VersionedEvent) else set()
    assert now - before == declared, (
        f"{name}: fields added since 0.1.0 {sorted(now - before)} but declared "
        f"{sorted(declared)} (campaign/rules/upcast.py)"
    )
    for field in declared:
        assert not cls.model_fields[field].is_required(), f"{name}.{field} must be optional"


def test_an_old_payload_reads_with_the_old_rules_value():
    """Upcast: 0.1.0's stack-moved has no ``hidden_stop``; read, it holds None (0.1.0 refused
    a path through a face-down blocker instead, DN-MOV-2)."""
    event = parse_event_data(json.loads(OLD_STACK_MOVED))
    assert event.hidden_stop is None  # type: ignore[attr-defined]


def test_an_event_the_old_rules_could_give_is_written_as_they_wrote_it():
    """Downcast: the payload is byte for byte 0.1.0's, so its hash and seal are the same."""
    assert canonical_json(parse_event_data(json.loads(OLD_STACK_MOVED))) == OLD_STACK_MOVED


def test_an_added_field_with_a_new_value_is_written():
    """A value the old rules could not give is written: an older version must refuse it."""
    data = {**json.loads(OLD_STACK_MOVED), "hidden_stop": "sirehk"}
    text = canonical_json(parse_event_data(data))
    assert '"hidden_stop":"sirehk"' in text
    assert parse_event_data(json.loads(text)).hidden_stop == "sirehk"  # type: ignore[attr-defined]


def test_a_list_valued_old_value_is_not_shared_between_events():
    """``neutrals-conscripted.revealed`` upcasts to a fresh empty list each time."""
    payload = {
        "type": "neutrals-conscripted",
        "side": "aslan",
        "system": "sirehk",
        "unit_ids": [],
        "left_neutral": [],
        "cost": 0,
    }
    first, second = parse_event_data(payload), parse_event_data(payload)
    assert first.revealed == [] and first.revealed is not second.revealed  # type: ignore[attr-defined]
    assert "revealed" not in canonical_json(first) and "unpaid" not in canonical_json(first)


def test_this_versions_fixture_lists_its_event_fields():
    """While this version is not released, the event fields its fixture records
    (``tests/compat/vX_Y_Z/event-fields.json``, written by ``make release``) are the code's:
    a later version's ``added_fields`` are checked against them. Found by use (December 7,
    late night): 0.2.0's lacked ``movement-ended.reaction`` (DN-MOV-8) and the event type
    ``neutral-draw-set`` (the neutral counters drawn at the table, issue 45), both added after
    it was recorded."""
    recorded = COMPAT_DIR / f"v{__version__.replace('.', '_')}" / "event-fields.json"
    if not recorded.is_file():
        pytest.skip(f"no fixture of {__version__} recorded yet")
    assert json.loads(recorded.read_text(encoding="utf-8")) == event_fields()

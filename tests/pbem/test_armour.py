"""The armoured form survives what e-mail does to a body; the parser never crashes."""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.pbem.armour import BEGIN, END, armour, dearmour, parse_turn_file
from campaign.pbem.errors import ChecksumError, MalformedTurnFileError, TurnFileError
from campaign.pbem.model import TurnFile
from campaign.rules.ids import Side
from tests.pbem.helpers import CAMPAIGN


@pytest.fixture
def turn(file1) -> TurnFile:
    return parse_turn_file(file1)


def _mangle_like_mail(text: str) -> str:
    """Quote it twice, re-wrap to 50 columns, CRLF line ends, chatter around it."""
    lines = []
    for line in text.splitlines():
        lines += textwrap.wrap(line, 50, break_long_words=True) or [""]
    quoted = "\n".join("> > " + line for line in lines)
    return "Hi, my turn is below.\r\n\r\n" + quoted.replace("\n", "\r\n") + "\r\n\r\nCheers\r\n"


def test_armour_round_trip_is_ascii(turn):  # DN-ERR-1
    text = armour(turn)
    assert text.isascii() and text.startswith(BEGIN) and text.rstrip().endswith(END)
    assert all(len(line) <= 74 for line in text.splitlines())
    assert parse_turn_file(text) == turn


def test_armour_survives_quoting_rewrapping_and_crlf(table, turn):  # DN-ERR-1
    mangled = _mangle_like_mail(armour(turn))
    assert parse_turn_file(mangled) == turn
    done = table.players[Side.ASLAN].pbem.import_turn(CAMPAIGN, mangled)
    assert done.exchange == 1


def test_armour_joined_lines_still_read(turn):  # DN-ERR-1
    text = armour(turn)
    lines = text.splitlines()
    joined = "\n".join([lines[0], " ".join(lines[1:-1]), lines[-1]])  # format=flowed joins
    assert parse_turn_file(joined) == turn


def test_armour_damaged_in_transit(turn):  # DN-ERR-1
    lines = armour(turn).splitlines()
    body = lines[2]
    lines[2] = body[:10] + ("A" if body[10] != "A" else "B") + body[11:]
    with pytest.raises(ChecksumError, match="damaged or edited in transit"):
        dearmour("\n".join(lines), "mail.txt")


def test_armour_without_checksum_or_end(turn):  # DN-ERR-1
    lines = armour(turn).splitlines()
    with pytest.raises(MalformedTurnFileError, match="Checksum"):
        dearmour("\n".join([lines[0], *lines[2:]]))
    with pytest.raises(MalformedTurnFileError, match="no END line"):
        dearmour("\n".join(lines[:-1]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_never_crash(data):  # DN-ERR-1
    with pytest.raises(TurnFileError):
        parse_turn_file(data)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    cut=st.integers(min_value=0, max_value=10_000), junk=st.text(max_size=5), armoured=st.booleans()
)
def test_fuzz_damaged_turn_files_fail_cleanly(turn, cut, junk, armoured):  # DN-ERR-1
    text = armour(turn) if armoured else turn.to_json()
    position = cut % len(text)
    damaged = text[:position] + junk + text[position + 1 :]
    try:
        parsed = parse_turn_file(damaged)
    except TurnFileError:
        return
    assert parsed == turn  # only harmless changes (whitespace, quote marks) may pass


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    body=_JSON,
    header=st.dictionaries(
        st.sampled_from(["format", "schema_version", "side", "exchange", "base_seq"]),
        _JSON,
        max_size=5,
    ),
)
@pytest.mark.slow
def test_fuzz_json_shapes_fail_cleanly(body, header):  # DN-ERR-1
    header = {**header, "format": "dark-nebula-turn-file"}
    for data in (body, {"body": body}, {"body": {"header": header}}):
        with pytest.raises(TurnFileError):
            parse_turn_file(json.dumps(data))


def test_deeply_nested_json_is_refused():  # DN-ERR-1
    with pytest.raises(MalformedTurnFileError, match="nested too deeply"):
        parse_turn_file("[" * 200_000)

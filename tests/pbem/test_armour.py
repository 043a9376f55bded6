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


def _flipped(data: bytes, position: int, bit: int) -> bytes:
    damaged = bytearray(data)
    damaged[position] ^= 1 << bit
    return bytes(damaged)


def test_every_bit_flipped_in_the_end_line_names_that_line(turn):
    """DN-ERR-1 (found by use, December 7): one bit flipped in the END line read "the turn
    file is truncated: no END line"; it names the END line as damaged, and its line number (a
    bit that makes a character a line end moves the rest to the next line), and nothing is
    read. A flipped top bit is no UTF-8: the armour is read with a stand-in character, and its
    own checks say where the damage is."""
    data = armour(turn).encode("ascii")
    end = data.rindex(END.encode())
    number = data[:end].count(b"\n") + 1
    for position in range(end, end + len(END)):
        for bit in range(8):
            with pytest.raises(MalformedTurnFileError) as refused:
                parse_turn_file(_flipped(data, position, bit), "mail.txt")
            message = refused.value.message
            assert message.startswith(f"mail.txt: line {number}") or message.startswith(
                f"mail.txt: line {number + 1}"
            ), message
            assert ": the END line is damaged: it reads " in message, message
    one = _flipped(data, end + len(END) - 2, 0)  # the last dash but one: ','
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file(one, "mail.txt")
    assert refused.value.message == (
        f"mail.txt: line {number}: the END line is damaged: it reads "
        "'-----END DARK NEBULA TURN FILE---,-', not '-----END DARK NEBULA TURN FILE-----'; "
        "the block was changed in transit: ask the sender to send it again (as an attachment "
        "if possible)"
    )


def test_a_flipped_bit_in_the_begin_or_checksum_line_names_that_line(turn):
    """DN-ERR-1 (found by use, December 7): a damaged BEGIN line read as "JSON error at line 1
    column 1", a damaged Checksum line as "no 'Checksum:' line"; each names its line."""
    data = armour(turn).encode("ascii")
    begin = _flipped(data, 8, 5)  # BEGIN -> BEGiN
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file(begin, "mail.txt")
    assert refused.value.message.startswith(
        "mail.txt: line 1: the BEGIN line is damaged: it reads '-----BEGiN DARK NEBULA"
    )
    checksum = _flipped(data, data.index(b"Checksum: ") + 20, 6)  # a hex digit -> no digit
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file(checksum, "mail.txt")
    assert refused.value.message.startswith(
        "mail.txt: line 2: the Checksum line is damaged: it should read 'Checksum: ' and the "
        "64 hex digits of the block's SHA-256"
    )


def test_bytes_that_are_no_utf8_around_the_block_are_left_aside(turn):
    """DN-ERR-1: the chatter around an armoured block is not read (a mail program's Latin-1
    signature, say); without a block, the refusal names the line of the first bad byte."""
    data = b"Salut,\ncaf\xe9\n" + armour(turn).encode("ascii") + b"\n-- Ren\xe9\n"
    assert parse_turn_file(data) == turn
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file(b'{\n "body":\n "caf\xe9"}', "mail.txt")
    assert refused.value.message == "mail.txt: not a turn file: not UTF-8 text (line 3, byte 16)"


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
    with pytest.raises(MalformedTurnFileError, match="nested deeper than 64 levels"):
        parse_turn_file("[" * 200_000)


@pytest.mark.parametrize("stray", ["*", ".", "#", "-", "é", "\x00"])
def test_a_stray_character_for_a_line_break_is_refused_naming_its_line(table, turn, stray):
    """DN-ERR-1 (found by use, December 7, night): a character in place of a line break inside
    the base64 (``…AbC*dEf…``) was dropped as if it were whitespace, and the block, its
    checksum still holding, was read and accepted. Armour is strict: only whitespace and quote
    marks at a line's start are left aside; anything else names its line and nothing is
    imported."""
    lines = armour(turn).splitlines()
    damaged = "\n".join([*lines[:3], lines[3] + stray + lines[4], *lines[5:]])
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file(damaged, "mail.txt")
    assert refused.value.message == (
        f"mail.txt: line 4, column {len(lines[3]) + 1}: {stray!r} is no base64 character (a "
        "line break or a character changed in transit?); the block was changed in transit: "
        "ask the sender to send it again (as an attachment if possible)"
    )
    player = table.players[Side.ASLAN]
    before = player.service.load(CAMPAIGN).head.seq
    with pytest.raises(MalformedTurnFileError):
        player.pbem.import_turn(CAMPAIGN, damaged)
    assert player.service.load(CAMPAIGN).head.seq == before  # nothing imported


def test_a_stray_character_inside_a_line_is_refused_too(turn):
    """DN-ERR-1: the same for a character put inside a line of the body, quoted or not."""
    lines = armour(turn).splitlines()
    lines[2] = "> " + lines[2][:20] + "!" + lines[2][20:]
    with pytest.raises(MalformedTurnFileError) as refused:
        parse_turn_file("\n".join(lines), "mail.txt")
    assert refused.value.message.startswith("mail.txt: line 3, column 23: '!' is no base64")

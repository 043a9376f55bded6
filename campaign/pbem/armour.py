"""Reading and writing turn files: plain JSON, or ASCII armour that survives an e-mail body.

Armour::

    -----BEGIN DARK NEBULA TURN FILE-----
    Checksum: <sha256 of the decoded bytes, 64 hex digits>
    <base64 of zlib-compressed canonical JSON of the envelope, 64 characters a line>
    -----END DARK NEBULA TURN FILE-----

The reader tolerates what mail programs do to a body: CRLF or CR line ends, lines re-wrapped or
joined (everything but the checksum is base64, and whitespace inside it is ignored), leading
``>`` quote marks and indentation, and text before and after the block.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from pydantic import ValidationError

from campaign import __version__
from campaign.pbem.errors import ChecksumError, FutureSchemaError, MalformedTurnFileError
from campaign.pbem.model import FORMAT, SCHEMA_VERSION, TurnFile
from campaign.rules.canonical import canonical_json
from campaign.rules.field_errors import field_problem
from campaign.userfiles import parse_json

BEGIN = "-----BEGIN DARK NEBULA TURN FILE-----"
END = "-----END DARK NEBULA TURN FILE-----"
LINE = 64
_QUOTE = re.compile(r"^[\s>]*")
_CHECKSUM = re.compile(r"Checksum:((?:\s*[0-9a-fA-F]){64})")  # may be wrapped mid-way
_NOT_B64 = re.compile(r"[^A-Za-z0-9+/=]")
#: The largest turn file, as read and (armoured) as unpacked: refused before parsing. A file
#: of a whole game turn is a few hundred KiB; a zip bomb or a 300 MB JSON must not eat the
#: memory or the afternoon.
MAX_BYTES = 16 * 1024 * 1024
#: The deepest nesting of JSON objects and arrays a turn file may have (real files: about 8).
MAX_DEPTH = 64


def armour(turn: TurnFile) -> str:
    """The armoured text of ``turn`` (ASCII only, lines of 64 characters)."""
    raw = canonical_json(turn.model_dump(mode="json", exclude_none=True)).encode("utf-8")
    packed = zlib.compress(raw, 9)
    body = base64.b64encode(packed).decode("ascii")
    lines = [body[i : i + LINE] for i in range(0, len(body), LINE)]
    checksum = hashlib.sha256(packed).hexdigest()
    return "\n".join([BEGIN, f"Checksum: {checksum}", *lines, END]) + "\n"


def _unquote(text: str) -> list[str]:
    return [
        _QUOTE.sub("", line).rstrip()
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    ]


def dearmour(text: str, source: str = "") -> bytes:
    """The JSON bytes inside an armoured block; errors say what is wrong with the block."""
    lines = _unquote(text)
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith(BEGIN))
    except StopIteration:
        raise MalformedTurnFileError("no BEGIN line of a turn file", source=source) from None
    try:
        stop = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(END))
    except StopIteration:
        raise MalformedTurnFileError(
            "the turn file is truncated: no END line after the BEGIN line (paste the whole "
            "block, from BEGIN to END)",
            source=source,
        ) from None
    inner = " ".join(lines[start + 1 : stop])
    found = _CHECKSUM.search(inner)
    if found is None:
        raise MalformedTurnFileError("the armour has no 'Checksum:' line", source=source)
    inner = inner[: found.start()] + inner[found.end() :]
    encoded = _NOT_B64.sub("", inner)
    try:
        packed = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as error:
        raise MalformedTurnFileError(
            f"the armoured body is not valid base64 ({error}); the block was damaged",
            source=source,
        ) from None
    if hashlib.sha256(packed).hexdigest() != re.sub(r"\s", "", found.group(1)).lower():
        raise ChecksumError(
            "the armoured block does not match its checksum: it was damaged or edited in "
            "transit; ask the sender to send it again (as an attachment if possible)",
            source=source,
        )
    try:
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, MAX_BYTES)
    except zlib.error as error:
        raise MalformedTurnFileError(f"cannot unpack the body: {error}", source=source) from None
    if decompressor.unconsumed_tail or not decompressor.eof:
        raise MalformedTurnFileError("the body is truncated or too large", source=source)
    return raw


def _raw_json(data: bytes | str, source: str) -> Any:
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise MalformedTurnFileError(
            f"{size} bytes is too large for a turn file (limit {MAX_BYTES} bytes)", source=source
        )
    text = data.decode("utf-8", errors="strict") if isinstance(data, bytes) else data
    # a byte-order mark (an editor saving "UTF-8 with BOM") is no content: the checksum and the
    # signature cover the parsed body, as for any other re-indentation
    text = text.removeprefix("\ufeff")
    if BEGIN in text:
        text = dearmour(text, source).decode("utf-8")
    try:
        raw = parse_json(text)
    except RecursionError:
        raise MalformedTurnFileError(
            "not a turn file: JSON nested too deeply", source=source
        ) from None
    except json.JSONDecodeError as error:
        raise MalformedTurnFileError(
            f"not a turn file: JSON error at line {error.lineno} column {error.colno}: {error.msg}",
            source=source,
        ) from None
    except ValueError as error:  # a number too long to read (parse_json names its line)
        raise MalformedTurnFileError(f"not a turn file: {error}", source=source) from None
    _check_plain(raw, source)
    return raw


def _check_plain(raw: Any, source: str) -> None:
    """Refuse what JSON allows but a turn file never holds: nesting deeper than ``MAX_DEPTH``
    and unpaired surrogates (``\\ud800``), which are not Unicode text and cannot be hashed."""
    pending: list[tuple[Any, int]] = [(raw, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise MalformedTurnFileError(
                    f"not a turn file: JSON nested deeper than {MAX_DEPTH} levels", source=source
                )
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_text(key, source)
                pending.append((item, depth + 1))
        elif isinstance(value, str):
            _check_text(value, source)


def _check_text(text: str, source: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise MalformedTurnFileError(
            f"not a turn file: a string holds an unpaired surrogate "
            f"(\\u{ord(text[error.start]):04x}), which is not Unicode text",
            source=source,
        ) from None


def _future_schema(version: int, made_by: Any) -> str:
    """The refusal of a file of turn-file schema ``version`` (newer than this one reads), made
    by version ``made_by`` as its header says: "upgrade" only when that version is newer."""
    made, reads = _version_text(made_by), f"versions 1 to {SCHEMA_VERSION}"
    sender, own = _release(made_by), _release(__version__)
    if sender is None or own is None or sender > own:
        return (
            f"made by version {made}; this is version {__version__}: upgrade (the file has "
            f"turn-file schema version {version}, this version reads {reads}), then import it "
            "again"
        )
    return (
        f"the file has turn-file schema version {version}, which this version ({__version__}) "
        f"does not read (it reads {reads}), but it says it was made by version {made}, no newer "
        "than this one: upgrading would not help; ask the sender which tool made it"
    )


def _release(value: Any) -> tuple[int, ...] | None:
    """The release numbers a version string starts with (``0.2.0rc1``: (0, 2, 0)); None when
    it starts with none."""
    found = re.match(r"\d{1,9}(?:\.\d{1,9})*", value[:40]) if isinstance(value, str) else None
    return tuple(int(part) for part in found.group().split(".")) if found else None


def _version_text(value: Any) -> str:
    """The sender's version as the header gives it, shortened and quoted when odd."""
    if isinstance(value, str) and value and len(value) <= 40 and value.isprintable():
        return value
    return "(unknown)" if value is None else repr(value)[:40]


def parse_turn_file(data: bytes | str, source: str = "", *, checksum: bool = True) -> TurnFile:
    """Read a turn file (plain JSON or armoured). Checks shape, version and checksum only
    (``checksum=False``: skip the body checksum, for locating damage in ``verify``)."""
    try:
        raw = _raw_json(data, source)
    except UnicodeDecodeError as error:
        raise MalformedTurnFileError(
            f"not a turn file: not UTF-8 text (byte {error.start})", source=source
        ) from None
    body = raw.get("body") if isinstance(raw, dict) else None
    header = body.get("header") if isinstance(body, dict) else None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise MalformedTurnFileError(
            f"not a turn file: no body.header.format {FORMAT!r}", source=source
        )
    version = header.get("schema_version")
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise FutureSchemaError(_future_schema(version, header.get("app_version")), source=source)
    try:
        turn = TurnFile.model_validate(raw)
    except ValidationError as error:
        raise MalformedTurnFileError(
            f"bad turn file: {field_problem(error)}", source=source
        ) from None
    if checksum and not turn.checksum_ok():
        raise ChecksumError(
            "the content does not match body_sha256: the file was edited or damaged; ask the "
            "sender for a fresh copy",
            source=source,
        )
    return turn

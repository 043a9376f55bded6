"""Reading and writing turn files: plain JSON, or ASCII armour that survives an e-mail body.

Armour::

    -----BEGIN DARK NEBULA TURN FILE-----
    Checksum: <sha256 of the decoded bytes, 64 hex digits>
    <base64 of zlib-compressed canonical JSON of the envelope, 64 characters a line>
    -----END DARK NEBULA TURN FILE-----

The reader tolerates what mail programs do to a body: CRLF or CR line ends, lines re-wrapped or
joined (everything but the checksum is base64, and whitespace inside it is ignored), leading
``>`` quote marks and indentation, and text before and after the block (even bytes that are no
UTF-8 there: the block is read with a stand-in character for them). Nothing else: a character
inside the block that is neither base64 nor whitespace is refused, naming its line and column,
even where the checksum would still hold (it was dropped until found by use, December 7, night).
Damage to a line of the block is named by its line: a BEGIN, END or Checksum line with a
character changed is "damaged", not missing (found by use: a bit flipped in the END line read
"truncated").
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from campaign import __version__
from campaign.pbem.errors import ChecksumError, FutureSchemaError, MalformedTurnFileError
from campaign.pbem.model import FORMAT, SCHEMA_VERSION, TurnFile
from campaign.rules.canonical import canonical_json
from campaign.rules.model import ModelError
from campaign.rules.struct_errors import field_problem
from campaign.rules.suggest import close_matches
from campaign.userfiles import parse_json

BEGIN = "-----BEGIN DARK NEBULA TURN FILE-----"
END = "-----END DARK NEBULA TURN FILE-----"
LINE = 64
_QUOTE = re.compile(r"^[\s>]*")
_CHECKSUM = re.compile(r"Checksum:((?:\s*[0-9a-fA-F]){64})")  # may be wrapped mid-way
_NOT_B64 = re.compile(r"[^A-Za-z0-9+/=]")
#: The start of the Checksum line.
CHECKSUM = "Checksum:"
#: How alike (difflib ratio) a line must be to a BEGIN or END line to be taken for one with a
#: character or two changed: one change in 35 characters is 0.97; a line of another armour,
#: ``-----END PGP SIGNATURE-----``, is 0.68.
LIKE_A_MARKER = 0.85
#: The largest turn file, as read and (armoured) as unpacked: refused before parsing. A file
#: of a whole game turn is a few hundred KiB; a zip bomb or a 300 MB JSON must not eat the
#: memory or the afternoon.
MAX_BYTES = 16 * 1024 * 1024


def armour(turn: TurnFile) -> str:
    """The armoured text of ``turn`` (ASCII only, lines of 64 characters)."""
    raw = canonical_json(turn.model_dump(mode="json", exclude_none=True)).encode("utf-8")
    packed = zlib.compress(raw, 9)
    body = base64.b64encode(packed).decode("ascii")
    lines = [body[i : i + LINE] for i in range(0, len(body), LINE)]
    checksum = hashlib.sha256(packed).hexdigest()
    return "\n".join([BEGIN, f"Checksum: {checksum}", *lines, END]) + "\n"


def _lines(text: str) -> list[str]:
    """The lines of ``text``, whatever its line ends (CRLF, CR or LF)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _unquote(text: str) -> list[str]:
    """The lines of ``text`` without quote marks and indentation at their start, nor trailing
    blanks."""
    return [_QUOTE.sub("", line).rstrip() for line in _lines(text)]


def _quote_widths(text: str) -> list[int]:
    """How many characters ``_unquote`` takes off the start of each line (to name a column as
    the file has it)."""
    return [len(line) - len(_QUOTE.sub("", line, count=1)) for line in _lines(text)]


def dearmour(text: str, source: str = "") -> bytes:
    """The JSON bytes inside an armoured block; errors say what is wrong with the block."""
    lines = _unquote(text)
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith(BEGIN))
    except StopIteration:
        _refuse_damaged(lines, BEGIN, END, 0, source)
        raise MalformedTurnFileError("no BEGIN line of a turn file", source=source) from None
    try:
        stop = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(END))
    except StopIteration:
        _refuse_damaged(lines, END, BEGIN, start + 1, source)
        raise MalformedTurnFileError(
            "the turn file is truncated: no END line after the BEGIN line (paste the whole "
            "block, from BEGIN to END)",
            source=source,
        ) from None
    body = lines[start + 1 : stop]
    inner = " ".join(body)
    found = _CHECKSUM.search(inner)
    if found is None:
        first = next((i for i in range(start + 1, stop) if lines[i].strip()), None)
        if first is not None and close_matches(
            lines[first][: len(CHECKSUM)], [CHECKSUM], 1, LIKE_A_MARKER
        ):
            raise MalformedTurnFileError(
                f"line {first + 1}: the Checksum line is damaged: it should read "
                f"'{CHECKSUM} ' and the 64 hex digits of the block's SHA-256, it reads "
                f"{_clipped(lines[first])}; {_ASK_AGAIN}",
                source=source,
            )
        raise MalformedTurnFileError("the armour has no 'Checksum:' line", source=source)
    quoted = _quote_widths(text)[start + 1 : stop]
    _refuse_stray(body, quoted, start + 1, found.span(), source)
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


def _refuse_stray(
    body: list[str], quoted: list[int], first: int, checksum: tuple[int, int], source: str
) -> None:
    """``MalformedTurnFileError`` naming the line and column of the first character of the
    block's ``body`` (its lines between BEGIN and END, unquoted, the first being line index
    ``first``; ``quoted``: the quote marks taken off each) that is neither base64 nor
    whitespace, outside the Checksum line's span ``checksum`` in the lines joined by a blank.

    Armour is strict (found by use, December 7, night: a character in place of a line break
    was dropped, and the block, its checksum still holding, was read and accepted): what mail
    does to a body is whitespace and quote marks, never a character of its own."""
    offset = 0
    for number, (line, width) in enumerate(zip(body, quoted, strict=True), start=first + 1):
        for column, char in enumerate(line, start=1):
            at = offset + column - 1
            if checksum[0] <= at < checksum[1] or char.isspace() or not _NOT_B64.match(char):
                continue
            raise MalformedTurnFileError(
                f"line {number}, column {column + width}: {char!r} is no base64 "
                f"character (a line break or a character changed in transit?); {_ASK_AGAIN}",
                source=source,
            )
        offset += len(line) + 1  # the blank the lines were joined by


#: What to do about a block damaged in transit.
_ASK_AGAIN = (
    "the block was changed in transit: ask the sender to send it again (as an attachment "
    "if possible)"
)


def _refuse_damaged(lines: list[str], marker: str, other: str, start: int, source: str) -> None:
    """``MalformedTurnFileError`` naming the first line from ``start`` that is the ``marker``
    line (BEGIN or END) with a character or two changed and more like it than like the
    ``other`` marker; nothing when there is none. A line is also read joined to the next one:
    a bit that made a character a CR split it in two."""
    width = len(marker)
    for index in range(start, len(lines)):
        line = lines[index].strip()
        if not line:
            continue  # a CR put in place of the first character leaves an empty line first
        candidates = [line]
        if index + 1 < len(lines):
            candidates.append(line + lines[index + 1].strip())
        for candidate in candidates:
            if not width // 2 <= len(candidate) <= 2 * width:
                continue  # quick: most lines are base64 or prose of another length
            if close_matches(candidate, [marker, other], 1, LIKE_A_MARKER) == [marker]:
                name = marker.strip("-").split()[0]
                raise MalformedTurnFileError(
                    f"line {index + 1}: the {name} line is damaged: it reads "
                    f"{_clipped(lines[index])}, not {marker!r}; {_ASK_AGAIN}",
                    source=source,
                )


def _clipped(line: str) -> str:
    """A line as a refusal quotes it: ``repr`` (a control character shows as ``\\x05``), cut
    at 60 characters."""
    return repr(line[:60]) + ("…" if len(line) > 60 else "")


def _decoded(data: bytes, source: str) -> str:
    """``data`` as text. Bytes that are no UTF-8 refuse a plain file, naming the line of the
    first; around or inside an armoured block they are read as a stand-in character (U+FFFD):
    outside the block nothing is read, and inside it the block's own checks (its BEGIN and END
    lines, its checksum) say it was damaged."""
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as error:
        text = data.decode("utf-8", errors="replace")
        if BEGIN in text:
            return text
        _refuse_damaged(_unquote(text), BEGIN, END, 0, source)
        line = data[: error.start].count(b"\n") + 1
        raise MalformedTurnFileError(
            f"not a turn file: not UTF-8 text (line {line}, byte {error.start})", source=source
        ) from None


def _raw_json(data: bytes | str, source: str) -> Any:
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise MalformedTurnFileError(
            f"{size} bytes is too large for a turn file (limit {MAX_BYTES} bytes)", source=source
        )
    text = _decoded(data, source) if isinstance(data, bytes) else data
    # a byte-order mark (an editor saving "UTF-8 with BOM") is no content: the checksum and the
    # signature cover the parsed body, as for any other re-indentation
    text = text.removeprefix("\ufeff")
    if BEGIN in text:
        text = dearmour(text, source).decode("utf-8")
    if not text.strip():  # an empty file (a failed save, an empty attachment) says so plainly
        raise MalformedTurnFileError(
            "not a turn file: the file is empty"
            + (" (blank lines only)" if text else "")
            + "; ask its sender for the file again",
            source=source,
        )
    try:
        raw = parse_json(text)
    except json.JSONDecodeError as error:
        if not text[: error.pos].strip():  # no JSON at all: perhaps a block whose BEGIN is hit
            _refuse_damaged(_unquote(text), BEGIN, END, 0, source)
            # found by use (December 7, night): an orders file read "JSON error at line 1
            # column 1", as if only JSON were read
            raise MalformedTurnFileError(
                f"not a turn file: the text is neither JSON (line {error.lineno} column "
                f"{error.colno}: {error.msg}) nor an armoured block (no {BEGIN!r} line)",
                source=source,
            ) from None
        if _cut_short(text, error):
            raise MalformedTurnFileError(
                f"the turn file is truncated: its JSON stops unfinished at line {error.lineno}; "
                "ask its sender for the whole file again",
                source=source,
            ) from None
        raise MalformedTurnFileError(
            f"not a turn file: JSON error at line {error.lineno} column {error.colno}: {error.msg}",
            source=source,
        ) from None
    except ValueError as error:  # a number too long (parse_json names its line), too deep
        raise MalformedTurnFileError(f"not a turn file: {error}", source=source) from None
    _check_plain(raw, source)
    return raw


def _cut_short(text: str, error: json.JSONDecodeError) -> bool:
    """Whether ``error`` is JSON text ending before its value does (a save, a download or a
    copy cut short): the parser wanted more at the end of the text, or a string never closes.
    Found by use, December 8: such a file read "JSON error at line 65 column 8: Expecting
    property name enclosed in double quotes", as if it had been mistyped."""
    return error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")


def _check_plain(raw: Any, source: str) -> None:
    """Refuse what JSON allows but a turn file never holds: unpaired surrogates (``\\ud800``),
    which are not Unicode text and cannot be hashed (nesting too deep: ``parse_json``)."""
    pending: list[Any] = [raw]
    while pending:
        value = pending.pop()
        if isinstance(value, dict | list):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_text(key, source)
                pending.append(item)
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
    except ModelError as error:
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

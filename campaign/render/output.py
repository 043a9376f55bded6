"""Turn a picture into file bytes (SVG, or PNG through the optional ``png`` extra) and write them
safely with ``campaign.userfiles.StagedFile``: a failed write never leaves a truncated picture
where the user asked for one.
"""

from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path

from campaign.extras import install_hint
from campaign.userfiles import FileRefusedError, StagedFile

#: File suffixes ``encode`` knows, lower case.
FORMATS = (".svg", ".png")
#: How much of an existing file ``refuse_non_map`` reads to tell what it holds.
HEAD_BYTES = 4096
#: The mark of a map the tool drew: the ``data-view`` attribute of its SVG root
#: (``render.svg.draw_scene``), and a PNG's text chunk naming the tool (``_marked_png``).
SVG_MARK = b'data-view="'
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_MARK = b"Software\x00dark-nebula-campaign map"


class PictureError(ValueError):
    """A picture cannot be produced or written; the message names the file and the reason."""


def picture_format(path: Path) -> str:
    """``svg`` or ``png`` from the file name; ``PictureError`` for anything else."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise PictureError(
            f"{path}: unknown picture format {suffix or '(none)'!r}; name the file .svg or .png"
        )
    return suffix[1:]


def svg_to_png(svg: str) -> bytes:
    """PNG bytes of ``svg`` via cairosvg; ``PictureError`` naming the extra when it is missing
    (cairosvg also needs the system's cairo library)."""
    try:
        import cairosvg
    except ImportError:
        raise PictureError(f"PNG output needs the png extra: {install_hint('png')}") from None
    except OSError as error:  # cairosvg present, the system's cairo library missing
        raise PictureError(
            f"PNG output needs the system's cairo library, which cairosvg "
            f"cannot load ({error}); install it with the system's packages "
            "(e.g. libcairo2), or write .svg"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def encode(svg: str, path: Path) -> bytes:
    """The bytes to write to ``path``: the SVG itself, or its PNG rendering for ``.png``
    (marked as the tool's map, ``_marked_png``)."""
    if picture_format(path) == "png":
        return _marked_png(svg_to_png(svg))
    return svg.encode("utf-8")


def _marked_png(png: bytes) -> bytes:
    """``png`` with a ``tEXt`` chunk after its header naming the tool (``PNG_MARK``), so that
    a later picture may replace it (``refuse_non_map``)."""
    header_end = len(PNG_SIGNATURE) + 8 + 13 + 4  # the IHDR chunk: length, type, data, CRC
    body = b"tEXt" + PNG_MARK
    chunk = len(PNG_MARK).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    return png[:header_end] + chunk + png[header_end:]


def refuse_non_map(path: Path) -> None:
    """``FileRefusedError`` naming ``path`` when it is a file that holds anything but a map
    this tool drew (an empty file is written over too): a picture the user names must not
    replace a database, a key or any other file of his. Asked before anything is drawn, by
    every command that writes a map to a path the user gave (``campaign map -o``,
    ``campaign data map -o``, ``export --map``). Found by use (December 7): `campaign data
    map -o FILE.svg`, which opens no database, wrote over an SQLite database named so."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # missing, or not a file: the write says what is wrong
        with open(path, "rb") as file:
            head = file.read(HEAD_BYTES)
    except OSError:
        return  # unreadable: the write says what is wrong
    if not head or _is_map(head):
        return
    raise FileRefusedError(
        f"{path}: {_holds(head)}, not a map this tool drew; write the picture to another path "
        "(or remove that file first)"
    )


def _is_map(head: bytes) -> bool:
    if head.startswith(PNG_SIGNATURE):
        return PNG_MARK in head
    return head.lstrip().startswith((b"<?xml", b"<svg")) and b"<svg" in head and SVG_MARK in head


def _holds(head: bytes) -> str:
    """What a file starting with ``head`` is, in a few words."""
    if head.startswith(b"SQLite format 3\x00"):
        return "it is an SQLite database"
    if b"PRIVATE KEY-----" in head or b"PUBLIC KEY-----" in head:
        return "it is a key file"
    if head.startswith(PNG_SIGNATURE) or b"<svg" in head:
        return "it is a picture"
    return "it holds other content"


def save_picture(svg: str, path: Path) -> None:
    """Encode ``svg`` for ``path``'s format and write it atomically (``campaign.userfiles``:
    a temporary file beside the target, fsynced, renamed over it; ``FileRefusedError`` naming
    the path on failure, the target untouched)."""
    StagedFile.write(path, encode(svg, path)).commit()

"""Turn a picture into file bytes (SVG, or PNG through the optional ``png`` extra) and write them
safely: to a temporary file beside the target, flushed to disk, then renamed over it, so a
failed write never leaves a truncated picture where the user asked for one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

#: File suffixes ``encode`` knows, lower case.
FORMATS = (".svg", ".png")
PNG_EXTRA_HINT = "pip install 'dark-nebula-campaign[png]'"


class PictureError(ValueError):
    """A picture cannot be produced or written; the message names the file and the reason."""


def picture_format(path: Path) -> str:
    """``svg`` or ``png`` from the file name; ``PictureError`` for anything else."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise PictureError(f"{path}: unknown picture format {suffix or '(none)'!r}; "
                           "name the file .svg or .png")
    return suffix[1:]


def svg_to_png(svg: str) -> bytes:
    """PNG bytes of ``svg`` via cairosvg; ``PictureError`` naming the extra when it is missing
    (cairosvg also needs the system's cairo library)."""
    try:
        import cairosvg
    except (ImportError, OSError) as error:  # OSError: cairosvg present, libcairo missing
        raise PictureError(
            f"PNG output needs cairosvg and the cairo library ({PNG_EXTRA_HINT}): {error}"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def encode(svg: str, path: Path) -> bytes:
    """The bytes to write to ``path``: the SVG itself, or its PNG rendering for ``.png``."""
    if picture_format(path) == "png":
        return svg_to_png(svg)
    return svg.encode("utf-8")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; ``PictureError`` (path untouched) on failure."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise PictureError(f"{path}: cannot write: directory {directory} does not exist")
    if path.is_dir():
        raise PictureError(f"{path}: cannot write: it is a directory")
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.",
                                             suffix=".tmp")
        os.fchmod(handle, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise PictureError(f"{path}: cannot write: {error.strerror or error}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def save_picture(svg: str, path: Path) -> None:
    """Encode ``svg`` for ``path``'s format and write it atomically."""
    write_atomic(path, encode(svg, path))

"""Turn a picture into file bytes (SVG, or PNG through the optional ``png`` extra) and write them
safely with ``campaign.userfiles.StagedFile``: a failed write never leaves a truncated picture
where the user asked for one.
"""

from __future__ import annotations

from pathlib import Path

from campaign.extras import install_hint
from campaign.userfiles import StagedFile

#: File suffixes ``encode`` knows, lower case.
FORMATS = (".svg", ".png")


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
    """The bytes to write to ``path``: the SVG itself, or its PNG rendering for ``.png``."""
    if picture_format(path) == "png":
        return svg_to_png(svg)
    return svg.encode("utf-8")


def save_picture(svg: str, path: Path) -> None:
    """Encode ``svg`` for ``path``'s format and write it atomically (``campaign.userfiles``:
    a temporary file beside the target, fsynced, renamed over it; ``FileRefusedError`` naming
    the path on failure, the target untouched)."""
    StagedFile.write(path, encode(svg, path)).commit()

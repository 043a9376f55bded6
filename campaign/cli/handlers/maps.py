"""Handlers of `campaign map` and `campaign data map` (registered by ``campaign.cli.maps``), and
the side map that `campaign export --map` writes beside a turn file: star maps as SVG or PNG
(docs/maps.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.app.data import data_directory, map_to_draw
from campaign.app.pictures import campaign_svg, loaded_campaign_svg, picture_beside
from campaign.cli.handlers.common import open_reader, read
from campaign.render.output import picture_format, refuse_non_map, save_picture
from campaign.render.svg import scene_svg
from campaign.rules.ids import Side
from campaign.views.scene import Overlay, data_scene

if TYPE_CHECKING:
    from campaign.app.mail import PbemService


def _destination(text: str | None, default: str) -> Path | None:
    """The output path (``None`` for stdout), its format checked before any work is done."""
    if text == "-":
        return None
    path = Path(text if text else default)
    picture_format(path)
    return path


def campaign_map(args: argparse.Namespace) -> int:
    reader = open_reader(args)
    sight = read(args, reader)
    side = sight.viewer
    default = f"{args.name}-{side.value}.svg" if side else f"{args.name}.svg"
    path = _destination(args.output, default)
    if path is not None:  # never over the campaign's own database (refused before drawing)
        reader.refuse_own_files(path, args.name, "picture")
        refuse_non_map(path)  # nor over any other file but a map drawn here
    svg = loaded_campaign_svg(sight.loaded, side=side, overlay=Overlay(args.overlay))
    return _emit(
        svg,
        path,
        f"map of {args.name} ({side.value if side else 'referee'}'s view, overlay {args.overlay})",
    )


def data_map(args: argparse.Namespace) -> int:
    path = _destination(args.output, "")
    if path is not None:  # no database is open: never over any file but a map drawn here
        refuse_non_map(path)
    star_map, what = map_to_draw(
        data_directory(args.data), section=args.section, layout=args.layout, seed=args.seed
    )
    return _emit(scene_svg(data_scene(star_map, what)), path, what)


def _emit(svg: str, path: Path | None, what: str) -> int:
    if path is None:
        sys.stdout.write(svg)
        return 0
    save_picture(svg, path)
    print(f"{path}: {what}")
    return 0


def side_map(args: argparse.Namespace, pbem: PbemService) -> Callable[[], None]:
    """Draw the sender's side view now; the returned call writes it beside the turn file
    (``FILE.svg``, for attaching to the e-mail; docs/maps.md) once the export succeeded."""
    if args.output == "-":
        raise ValueError("--map needs -o FILE: the picture is written beside the turn file")
    path = picture_beside(Path(args.output))
    pbem.service.refuse_own_files(path, args.name, "picture")
    refuse_non_map(path)
    svg = campaign_svg(pbem.service, args.name, side=Side(args.side))

    def write() -> None:
        save_picture(svg, path)
        print(f"{path}: map of {args.name} as {args.side} sees it")

    return write

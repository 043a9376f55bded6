"""`campaign map NAME` and `campaign data map`: the star map as a picture (docs/maps.md).

``campaign map NAME [--side S] [-o FILE.svg|FILE.png|-] [--overlay supply|moves|none]`` draws a
campaign position: the referee's view, or with ``--side`` what that player may see (DN-NEU-1).
Without ``-o`` the picture goes to ``NAME.svg`` (``NAME-SIDE.svg``) in the current directory;
``-o -`` prints the SVG. ``campaign data map [--data DIR] [--layout NAME [--seed N] | --section
NAME] -o FILE.svg`` draws map data before any campaign exists, to hold against the printed map.
Failures print one line (``file:line: reason`` for data files) and exit 1; nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from campaign.cli.errors import add_db_option, guard, open_service
from campaign.cli.helptext import add_command
from campaign.rules.ids import PLAYER_SIDES, Side

OVERLAYS = ("supply", "moves", "none")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``map`` command."""
    parser = add_command(
        subparsers, "map",
        summary="the campaign's star map as SVG/PNG: control, stacks, supply or moves",
        description="Draw the campaign's star map: box control, stacks, battles, and the "
                    "supply or legal-move overlay (docs/maps.md). With --side, only what that "
                    "player may see (DN-NEU-1).",
        examples=["campaign map war", "campaign map war --side aslan -o aslan.svg",
                  "campaign map war --overlay moves -o moves.png"])
    parser.add_argument("name", help="campaign name")
    parser.add_argument("--side", choices=[side.value for side in PLAYER_SIDES],
                        help="draw only what this player may see (default: referee's view)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="FILE.svg or FILE.png, '-' for SVG on stdout (default NAME.svg)")
    parser.add_argument("--overlay", choices=OVERLAYS, default="supply",
                        help="supply: cut-off boxes (DN-ECO-3, default); moves: legal "
                             "destinations of the acting side; none")
    add_db_option(parser)
    parser.set_defaults(func=guard(_campaign_map))


def register_data_verbs(verbs: argparse._SubParsersAction) -> None:
    """Add ``campaign data map`` (called by ``campaign.cli.data``)."""
    parser = add_command(
        verbs, "map", summary="draw map sections or a layout before any campaign",
        description="Draw map data before any campaign exists: a layout, or one section "
                    "alone, to hold a transcribed section against the printed map.",
        examples=["campaign data map -o standard.svg",
                  "campaign data map --section dark_nebula -o dark-nebula.svg",
                  "campaign data map --layout random --seed 3 -o random-3.svg",
                  "campaign data map --data my-data --layout standard -o mine.svg"])
    parser.add_argument("--data", type=Path, default=None,
                        help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped "
                             "data)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--layout", default=None, help="layout to draw (default: standard)")
    which.add_argument("--section", default=None,
                       help="one section alone: its key (file stem) or its name")
    parser.add_argument("--seed", type=int, default=None, help="seed for --layout random")
    parser.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="FILE.svg or FILE.png")
    parser.set_defaults(func=guard(_data_map))


def _destination(text: str | None, default: str) -> Path | None:
    """The output path (``None`` for stdout), its format checked before any work is done."""
    from campaign.render.output import picture_format

    if text == "-":
        return None
    path = Path(text if text else default)
    picture_format(path)
    return path


def _campaign_map(args: argparse.Namespace) -> int:
    from campaign.app.pictures import campaign_svg
    from campaign.views.scene import Overlay

    side = Side(args.side) if args.side else None
    default = f"{args.name}-{side.value}.svg" if side else f"{args.name}.svg"
    path = _destination(args.output, default)
    svg = campaign_svg(open_service(args), args.name, side=side, overlay=Overlay(args.overlay))
    return _emit(svg, path, f"map of {args.name} ({side.value if side else 'referee'}'s view, "
                            f"overlay {args.overlay})")


def _data_map(args: argparse.Namespace) -> int:
    from campaign.app.data import data_directory, map_to_draw
    from campaign.render.svg import scene_svg
    from campaign.views.scene import data_scene

    path = _destination(args.output, "")
    star_map, what = map_to_draw(data_directory(args.data), section=args.section,
                                 layout=args.layout, seed=args.seed)
    return _emit(scene_svg(data_scene(star_map, what)), path, what)


def _emit(svg: str, path: Path | None, what: str) -> int:
    from campaign.render.output import save_picture

    if path is None:
        sys.stdout.write(svg)
        return 0
    save_picture(svg, path)
    print(f"{path}: {what}")
    return 0

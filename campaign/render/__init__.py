"""Map pictures: the star map as SVG (and PNG), drawn from what the rules say about a position.

Presentation only, so it lives outside ``campaign.rules``: ``scene`` gathers the facts from the
rules core (control, supply, moves, player views), ``geometry`` places hexes, ``svg`` draws with
drawsvg, ``palette`` holds the colours, ``output`` encodes and writes files atomically.
docs/maps.md explains the symbols and the ``data-`` attributes.
"""

from __future__ import annotations

from campaign.render.output import PictureError, save_picture
from campaign.render.scene import MapScene, Overlay, campaign_scene, data_scene
from campaign.render.svg import scene_svg

__all__ = [
    "MapScene",
    "Overlay",
    "PictureError",
    "campaign_scene",
    "data_scene",
    "save_picture",
    "scene_svg",
]

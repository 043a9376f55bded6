"""Map pictures: the star map as SVG (and PNG), drawn from what the rules say about a position.

Presentation only: the read side (``campaign.views.scene``) gathers what a picture shows for a
viewer (control, supply, moves, counters from the player's view); here ``geometry`` places
hexes, ``svg`` draws with drawsvg, ``palette`` holds the colours, ``output`` encodes and writes
files atomically. No service and no store: a picture of a stored campaign is a use case of the
write side's application layer (``campaign.app.pictures``).
docs/maps.md explains the symbols and the ``data-`` attributes.
"""

from __future__ import annotations

from campaign.render.output import PictureError, save_picture
from campaign.render.svg import scene_svg
from campaign.views.scene import MapScene, Overlay, campaign_scene, data_scene

__all__ = [
    "MapScene",
    "Overlay",
    "PictureError",
    "campaign_scene",
    "data_scene",
    "save_picture",
    "scene_svg",
]

"""Pictures of a stored campaign, a use case of the write side's application layer: the CLI
(`campaign map`, `campaign export --map`) and the TUI ask for one; it loads the campaign, finds
the last battle in its log, builds the viewer's scene (``campaign.views.scene``) and draws it
(``campaign.render``).
"""

from __future__ import annotations

import re
from pathlib import Path

from platformdirs import user_data_dir

from campaign.app import CampaignService, Loaded, parse_stored
from campaign.render.output import save_picture
from campaign.render.svg import cycle_collector_paused, scene_svg
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.views import see
from campaign.store.places import APP_NAME
from campaign.views.scene import Overlay, campaign_scene, last_battle_system


def loaded_campaign_svg(
    loaded: Loaded,
    *,
    side: Side | None = None,
    overlay: Overlay = Overlay.SUPPLY,
) -> str:
    """The SVG of an already loaded campaign (the TUI keeps one open)."""
    name = loaded.row.name
    events = parse_stored(loaded.rows, name)
    return position_svg(
        name,
        loaded.state,
        loaded.ruleset,
        side=side,
        overlay=overlay,
        last_battle=last_battle_system(events),
    )


def position_svg(
    name: str,
    state: CampaignState,
    ruleset: Ruleset,
    *,
    side: Side | None = None,
    overlay: Overlay = Overlay.SUPPLY,
    last_battle: str | None = None,
) -> str:
    """The SVG of campaign ``name`` in ``state``: the scene from the rules, then the drawing
    (what `campaign map` spends its time on after loading, ``benchmarks/bench_map.py``). Both
    allocate many long-lived objects, so the cyclic collector is paused for both
    (``cycle_collector_paused``)."""
    with cycle_collector_paused():
        return scene_svg(
            campaign_scene(
                name, see(state, side), ruleset, overlay=overlay, last_battle=last_battle
            )
        )


def campaign_svg(
    service: CampaignService,
    name: str,
    *,
    side: Side | None = None,
    overlay: Overlay = Overlay.SUPPLY,
) -> str:
    """The SVG of campaign ``name`` (``CampaignError`` for an unknown or damaged campaign)."""
    return loaded_campaign_svg(service.load(name), side=side, overlay=overlay)


def write_campaign_map(
    service: CampaignService,
    name: str,
    path: Path,
    *,
    side: Side | None = None,
    overlay: Overlay = Overlay.SUPPLY,
) -> Path:
    """Draw campaign ``name`` into ``path`` (``.svg`` or ``.png``, written atomically)."""
    save_picture(campaign_svg(service, name, side=side, overlay=overlay), path)
    return path


def picture_beside(turn_file: Path) -> Path:
    """Where ``campaign export --map`` puts the picture: the turn file's name with ``.svg``."""
    if turn_file.suffix.lower() == ".svg":
        return turn_file.with_suffix(".map.svg")
    return turn_file.with_suffix(".svg")


def pictures_dir() -> Path:
    """Where the TUI puts map pictures: ``maps/`` in the user's data directory."""
    return Path(user_data_dir(APP_NAME)) / "maps"


def save_view_picture(
    loaded: Loaded,
    *,
    overlay: Overlay = Overlay.SUPPLY,
    directory: Path | None = None,
    side: Side | None = None,
) -> Path:
    """Write ``side``'s picture of ``loaded`` (the referee's when None) to
    ``NAME-turnT-eventN.svg`` (``NAME-SIDE-…`` for a side) in ``directory`` (default
    ``pictures_dir()``, created if needed); the path written."""
    directory = directory if directory is not None else pictures_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"{directory}: cannot create: {error.strerror or error}") from None
    stem = re.sub(r"[^\w.-]+", "-", loaded.row.name).strip("-.") or "campaign"
    whose = f"-{side.value}" if side is not None else ""
    path = directory / f"{stem}{whose}-turn{loaded.state.turn}-event{loaded.head.seq}.svg"
    save_picture(loaded_campaign_svg(loaded, side=side, overlay=overlay), path)
    return path

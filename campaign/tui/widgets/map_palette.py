"""The colours of the text map, the forces table and the legend, made for the Textual theme in
use (issue 31 item 8: in ``textual-light`` the neutral names were grey 248 on 253).

The side colours are those of the map pictures (``campaign.render.palette``: Okabe–Ito orange
for the Aslan, blue for the Solomani, grey for the neutrals), darkened on a light background
and lightened on a dark one until they read as well as body text (contrast at least 4.5:1,
WCAG AA); the other colours come from the theme itself (foreground, success, error). Pure
computation, no Textual: the map tab passes the theme's variables.
"""

from __future__ import annotations

from msgspec import Struct
from rich.color import Color
from rich.style import Style

from campaign.render.palette import SIDE_COLOUR
from campaign.rules.ids import Side

#: The contrast every text colour keeps against the background (WCAG AA for body text).
MIN_CONTRAST = 4.5
#: Routes and other lines: large, thin marks (WCAG's contrast for graphics).
LINE_CONTRAST = 3.0
#: The theme used when none is given (Textual's default).
DEFAULT_THEME = {
    "foreground": "#E0E0E0",
    "background": "#121212",
    "success": "#4EBF71",
    "error": "#BA3C5B",
}
#: Unexplored routes: Okabe–Ito reddish purple, apart from both sides' colours.
UNEXPLORED = "#CC79A7"


def _rgb(colour: str) -> tuple[int, int, int]:
    triplet = Color.parse(colour[:7] if colour.startswith("#") else colour).get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0, min(255, c))):02x}" for c in rgb)


def _mix(
    start: tuple[int, int, int], target: tuple[int, int, int], amount: float
) -> tuple[float, float, float]:
    """The colour ``amount`` (0..1) of the way from ``start`` to ``target``."""
    r, g, b = (s + (t - s) * amount for s, t in zip(start, target, strict=True))
    return r, g, b


def luminance(colour: str) -> float:
    """Relative luminance of ``colour`` (WCAG 2)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable(colour: str, background: str, needed: float = MIN_CONTRAST) -> str:
    """``colour`` mixed towards black (on a light background) or white (on a dark one) just
    enough to reach ``needed`` contrast against ``background``."""
    target: tuple[int, int, int] = (0, 0, 0) if luminance(background) > 0.4 else (255, 255, 255)
    start = _rgb(colour)
    for step in range(0, 21):
        mix = step / 20
        candidate = _hex(_mix(start, target, mix))
        if contrast(candidate, background) >= needed:
            return candidate
    return _hex(target)


def blend(colour: str, background: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``background``."""
    a, b = _rgb(colour), _rgb(background)
    return _hex(_mix(a, b, amount))


class MapPalette(Struct, frozen=True):
    """Every style the text map, its legend and the forces table use."""

    background: str
    side: dict[Side, Style]
    label: Style  # a system no side controls
    route: Style
    route_highlight: Style
    unexplored: Style
    destination: Style
    path: Style
    selected: Style
    cut_off: Style


def map_palette(theme: dict[str, str] | None = None) -> MapPalette:
    """The palette for a Textual theme given by its CSS variables (``App.get_css_variables``:
    ``foreground``, ``background``, ``success``, ``error``)."""
    variables = {**DEFAULT_THEME, **(theme or {})}
    background = variables["background"][:7]
    foreground = readable(variables["foreground"][:7], background)
    sides = {
        side: Style(color=readable(colour, background), bold=side is not Side.NEUTRAL)
        for side, colour in SIDE_COLOUR.items()
    }
    success = readable(variables["success"][:7], background, LINE_CONTRAST)
    return MapPalette(
        background=background,
        side=sides,
        label=Style(color=readable(blend(foreground, background, 0.25), background)),
        route=Style(color=readable(blend(foreground, background, 0.55), background, LINE_CONTRAST)),
        route_highlight=Style(color=foreground, bold=True),
        unexplored=Style(color=readable(UNEXPLORED, background, LINE_CONTRAST)),
        destination=Style(color=background, bgcolor=success, bold=True),
        path=Style(color=success, bold=True),
        selected=Style(reverse=True),
        cut_off=Style(color=readable(variables["error"][:7], background), underline=True),
    )


#: The palette of Textual's default (dark) theme.
DEFAULT_PALETTE = map_palette()

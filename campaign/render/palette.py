"""Colours and sizes of the map picture.

Side colours come from the Okabe–Ito palette, which stays distinguishable under the common
forms of colour blindness; every colour-coded thing also has a shape or a letter (counters carry
the side's letter, cut-off boxes a dashed ring, cutting systems a cross), so nothing depends on
colour alone. docs/maps.md explains the symbols.
"""

from __future__ import annotations

from campaign.rules.ids import Side

SIDE_COLOUR: dict[Side, str] = {
    Side.ASLAN: "#E69F00",  # orange
    Side.SOLOMANI: "#0072B2",  # blue
    Side.NEUTRAL: "#999999",  # grey
}
SIDE_LETTER: dict[Side, str] = {Side.ASLAN: "A", Side.SOLOMANI: "S", Side.NEUTRAL: "N"}
#: Text colour on a counter of each side (enough contrast on the side colour).
COUNTER_TEXT: dict[Side, str] = {
    Side.ASLAN: "#000000",
    Side.SOLOMANI: "#FFFFFF",
    Side.NEUTRAL: "#000000",
}

BACKGROUND = "#FFFFFF"
HEX_LINE = "#C8C8C8"
SECTION_LINE = "#404040"
NEBULA_FILL = "#E4DCEE"
ROUTE = "#505050"
UNCONTROLLED_FILL = "#FFFFFF"
SYSTEM_LINE = "#202020"
TEXT = "#101010"
MUTED_TEXT = "#707070"
CUT_OFF = "#D55E00"  # vermillion: boxes cut off from their capital and what cuts them
DESTINATION = "#009E73"  # bluish green: legal move destinations
BATTLE = "#CC79A7"  # reddish purple: open battles and the last battle

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
NAME_SIZE = 9.0
SMALL_SIZE = 7.0
TITLE_SIZE = 15.0

"""Read-only lookups for shell completion: the campaigns a database holds and who may type an
order there, without creating a database or a data directory when none is there (completion
only reads)."""

from __future__ import annotations

import os
from pathlib import Path

from campaign.app import authority
from campaign.bundled import chosen_data_dir
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.seats import Seat
from campaign.rules.suggest import by_beginning
from campaign.store import names
from campaign.store.database import SQLITE_PREFIX, uses_sqlite_driver
from campaign.store.places import DB_URL_ENV, data_dir
from campaign.views import verbs


def _readable(url: str | None) -> str | None:
    """The database URL a command line means (``url``, ``$CAMPAIGN_DB_URL`` or the user's),
    or None for an SQLite file that is not there (never created by a lookup)."""
    url = url or os.environ.get(DB_URL_ENV) or f"{SQLITE_PREFIX}{data_dir() / 'campaigns.db'}"
    if uses_sqlite_driver(url) and not Path(url[len(SQLITE_PREFIX) :]).is_file():
        return None
    return url


def campaign_names(url: str | None) -> list[str]:
    """The campaigns in the database (``url``, ``$CAMPAIGN_DB_URL`` or the user's); nothing
    when it cannot be read. A missing SQLite file is not created."""
    readable = _readable(url)
    if readable is None:
        return []
    try:
        return names.campaign_names(readable)
    except Exception:
        return []


def order_givers(url: str | None, name: str | None, side: str | None) -> list[str]:
    """Whose orders (``aslan``, ``solomani``, ``referee``) the command line may give in
    campaign ``name`` of the database at ``url``: the seat is player ``side`` (``--side``, any
    beginning of a side's name, as every command reads it) or the referee's, and a database
    that plays a side by e-mail gives no order of the other side (``authority.order_givers``
    decides; docs/seats.md). A database or campaign that cannot be read plays no side."""
    player = by_beginning(side, [s.value for s in PLAYER_SIDES]) if side else None
    seat = Seat.of(player)
    readable = _readable(url)
    plays = None
    if readable is not None and name:
        try:
            plays = names.played_side(readable, name)
        except Exception:
            plays = None
    return authority.order_givers(seat, Side(plays) if plays in {"aslan", "solomani"} else None)


def order_words(url: str | None, name: str | None, side: str | None) -> list[str]:
    """What Tab offers for the order of ``campaign order NAME``: ``GIVER VERB`` for every
    order giver the seat on the line may type for (``order_givers``) and every verb a person
    types (not the fair-play orders the machines give, ``authority.MACHINE_ORDERS``)."""
    typed = tuple(verb for verb in verbs.PLAYER_VERBS if verb not in authority.MACHINE_ORDERS)
    return verbs.order_words(typed, typists=order_givers(url, name, side))


def layout_names(data: str | None) -> list[str]:
    """The layouts ``--layout`` takes: the layout files of the data directory (``data``, the
    ``--data`` on the line, else ``$CAMPAIGN_DATA_DIR``, else the shipped data), then
    ``random``. Read without the loaders (``maps/layouts/*.toml``, docs/data-formats.md)."""
    directory = Path(data) if data else chosen_data_dir()
    return [
        *sorted(path.stem for path in (directory / "maps" / "layouts").glob("*.toml")),
        "random",
    ]

"""Orders given in bulk from a file (``campaign orders NAME FILE``): the whole file is read and
checked before anything is applied — its size, UTF-8, line length, number of orders and the
notation of every line — so a malformed file changes nothing and the message names
``FILE:LINE``."""

from __future__ import annotations

from pathlib import Path

from campaign.rules.errors import CampaignError
from campaign.rules.notation import parse_order
from campaign.userfiles import read_text_bounded

MAX_FILE_BYTES = 256 * 1024
MAX_LINE_CHARS = 1_000
MAX_ORDERS = 2_000


def read_order_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, order text) of every order in ``path``; ``ValueError`` naming
    ``FILE:LINE`` for a file that is too big, not UTF-8, has a too long line or a line that is
    not order notation."""
    text = read_text_bounded(path, MAX_FILE_BYTES, "order file")  # FileRefusedError: one line
    orders: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE_CHARS:
            raise ValueError(
                f"{path}:{number}: line of {len(line)} characters; at most {MAX_LINE_CHARS}"
            )
        order = line.strip()
        if not order or order.startswith("#"):
            continue
        try:
            parse_order(order)
        except CampaignError as error:
            raise ValueError(f"{path}:{number}: {error.message}") from None
        orders.append((number, order))
        if len(orders) > MAX_ORDERS:
            raise ValueError(f"{path}:{number}: more than {MAX_ORDERS} orders in one file")
    if not orders:
        raise ValueError(f"{path}: no orders in the file")
    return orders

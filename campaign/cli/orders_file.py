"""`campaign orders NAME FILE`: give many orders from a file, one per line.

Blank lines and lines starting with ``#`` are skipped. The whole file is checked before anything
is applied: its size (at most ``MAX_FILE_BYTES``), UTF-8, line length (``MAX_LINE_CHARS``), line
count (``MAX_ORDERS``) and the notation of every line; a malformed file changes nothing and the
message names ``FILE:LINE``. The orders are then given one by one, each its own logged order
with its sentences printed; at the first refusal the command stops, names the line, and applies
nothing after it (the lines before it stay applied, as if typed one by one).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, fail, guard, open_service
from campaign.cli.helptext import add_command
from campaign.cli.report import add_side_option, indent, side_of

MAX_FILE_BYTES = 256 * 1024
MAX_LINE_CHARS = 1_000
MAX_ORDERS = 2_000


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``orders`` command."""
    parser = add_command(
        subparsers, "orders",
        summary="give the orders of a file, one per line; stops at the first refusal",
        description="Give many orders from a file, one per line (blank lines and # comments "
                    "skipped). The whole file is read and checked first; the orders are then "
                    "given one by one and the command stops at the first refusal, naming its "
                    "line.",
        examples=["campaign orders war aslan-deployment.txt",
                  "campaign orders war turn-2.txt --side aslan"])
    parser.add_argument("name", help="campaign name")
    parser.add_argument("file", type=Path, help="order notation, one per line (# comments)")
    add_side_option(parser)
    add_db_option(parser)
    parser.set_defaults(func=guard(_orders))


def read_order_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, order text) of every order in ``path``; ``ValueError`` naming
    ``FILE:LINE`` for a file that is too big, not UTF-8, has a too long line or a line that is
    not order notation."""
    from campaign.rules.errors import CampaignError
    from campaign.rules.notation import parse_order
    from campaign.userfiles import read_text_bounded

    text = read_text_bounded(path, MAX_FILE_BYTES, "order file")  # FileRefusedError: one line
    orders: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE_CHARS:
            raise ValueError(f"{path}:{number}: line of {len(line)} characters; at most "
                             f"{MAX_LINE_CHARS}")
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


def _orders(args: argparse.Namespace) -> int:
    from campaign.rules import narration
    from campaign.rules.acting import acting_sentence
    from campaign.rules.errors import CampaignError

    try:
        lines = read_order_lines(args.file)
    except ValueError as error:
        return fail(f"{error} (nothing applied)")
    service = open_service(args)
    loaded = service.load(args.name)
    viewer = side_of(args)
    for done, (number, text) in enumerate(lines):
        before = loaded.state.clone()
        try:
            events = service.submit(loaded, text, viewer=viewer)
        except CampaignError as error:
            return fail(f"{args.file}:{number}: {error.message} ({done} order(s) before it "
                        "applied, nothing after it)")
        print(f"{args.file}:{number}: {text}")
        narrated = narration.narrate(events, before, viewer=viewer, ruleset=loaded.ruleset)
        for sentence in narration.condense(narrated):
            print(indent(sentence, "    "))
    print(f"{len(lines)} order(s) applied; now: {acting_sentence(loaded.state, loaded.ruleset)}")
    return 0

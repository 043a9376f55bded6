"""Dice rolled at the table and typed as they are due (issue 45 item 2).

In a campaign created with ``--dice physical``, ``campaign order`` on a terminal and without
``--dice`` asks for every die the order rolls, when the rules reach it, naming what it is for
(``fire marrow round 1 A-CL-1>S-DD-1``), including the dice of the automatic steps the order
runs on into (the ground combat after the last PD fire, a range roll of a battle that opens).
A die that is not typed (an empty line, end of input) gives up the order: nothing is stored.
Ctrl+C at a prompt gives it up too, and its ``interrupted`` line names the die it stopped at and
says that nothing changed (found by use, December 7, evening: a bare ``interrupted`` left the
referee to wonder whether the dice typed so far were stored).
"""

from __future__ import annotations

from campaign.app import RollContext
from campaign.rules.errors import CampaignError

#: A typed line longer than this is not a die (bounds the input, DN-ERR-1).
LINE_MAX = 20


def ask_die(ctx: RollContext) -> int:
    """Ask for one die of ``ctx`` until a face of the die is typed."""
    while True:
        try:
            line = input(f"  die for {ctx.purpose} (1-{ctx.sides}): ")
        except EOFError:  # Ctrl+D: the prompt's line is ended before the refusal
            print()
            line = ""
        except KeyboardInterrupt:  # Ctrl+C: likewise, and "interrupted" says what it stopped
            print()
            raise KeyboardInterrupt(
                f"at the die for {ctx.purpose}: the order is not given, nothing changed"
            ) from None
        text = line.strip()[:LINE_MAX]
        if not text:
            raise CampaignError(
                f"no die typed for {ctx.purpose}: the order is not given, nothing changed"
            )
        if text.isascii() and text.isdigit() and 1 <= int(text) <= ctx.sides:
            return int(text)
        print(f"  {text!r} is not a face of the die: type the value rolled, 1 to {ctx.sides}")

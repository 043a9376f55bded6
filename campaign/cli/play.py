"""`campaign new|list|delete|status|order|log|undo|verify|repin|replay`: play a campaign from
the shell.

This module registers the commands (argparse only); their handlers are in
``campaign.cli.handlers.play`` and ``campaign.cli.handlers.seeds`` (ADR 0030). Every command
takes ``--db URL`` (default ``$CAMPAIGN_DB_URL`` or SQLite in the user's data
directory). Expected failures print ``campaign: RULE-ID: sentence`` (or the problem) to stderr
and exit with status 1 (2 for usage problems); never a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from campaign.cli.errors import (
    GIVER_CHOICES,
    add_db_option,
    add_side_argument,
    add_side_option,
    add_turn_file_options,
    game_turn,
    lazy,
)
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.play"
SEED_HANDLERS = "campaign.cli.handlers.seeds"


def register(subparsers: argparse._SubParsersAction, only: str | None = None) -> None:
    """Add the campaign commands, in the order ``campaign --help`` lists them; with ``only``,
    that command alone (a quick command's parser, ``campaign.cli.QUICK_HOMES``: building the
    other ten cost a fifth of what parsing `campaign status` took, issue 47 item 2)."""
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(subparsers)


def _add_new(subparsers: argparse._SubParsersAction) -> None:
    new = add_command(
        subparsers,
        "new",
        summary="start a new campaign",
        description="Start a campaign: assemble the map (DN-MAP-5), shuffle the neutral "
        "counters and stop at neutral placement, the first step of the set-up "
        "(DN-SET-1). Prints the status, with the orders legal now.",
        examples=[
            "campaign new war",
            "campaign new war --seed 7",
            "campaign new duel --fair --as aslan",
            "campaign new duel --layout random --seed 3 --dice physical",
            "campaign new boxed --dice physical --neutrals table --manual-steps",
        ],
    )
    new.add_argument(
        "name", help="campaign name (printable text without '/' or '\\'; quote one with blanks)"
    )
    new.add_argument(
        "--layout", default="standard", help="standard, demo or random (DN-MAP-5; default standard)"
    )
    new.add_argument(
        "--seed",
        type=int,
        help="seed for random assembly AND the dice (reproducible games; omit for real play); "
        "the dice, the neutral draw included, depend on the campaign name too",
    )
    new.add_argument(
        "--manual-steps",
        action="store_true",
        help="keep every step until end-phase (default: a step with no order to give ends by "
        "itself); logged as 'referee stepping manual'",
    )
    new.add_argument(
        "--neutrals",
        choices=["tool", "table"],
        default="tool",
        help="who draws the neutral counters: tool (its seeded shuffle, default) or table "
        "(the boxed game's pile; each place-neutral names the counter drawn, checked "
        "against the pile); logged as 'referee neutral-draw table'",
    )
    new.add_argument(
        "--dice",
        choices=["seeded", "physical", "commit-reveal", "strict"],
        default=None,
        help="who rolls: seeded (the tool, default), physical (typed at the table: asked for "
        "each die on a terminal, or given with order --dice), "
        "commit-reveal (play by e-mail; both players choose the same) or strict (play "
        "by e-mail, dice nobody can preview: the other side's machine rolls every order "
        "that rolls, which may cost extra files; the default with --fair, which refuses "
        "seeded and physical; docs/turn-files.md)",
    )
    new.add_argument(
        "--fair",
        action="store_true",
        help="play by e-mail without a referee: the two machines shuffle the face-down "
        "neutrals jointly, so neither database knows a kind before the rules reveal it "
        "(both players choose it; needs the 'fair' extra, docs/turn-files.md)",
    )
    add_side_argument(
        new,
        "--as",
        dest="as_side",
        help="play by e-mail: the side YOU play, recorded in this database; "
        "turn files from your own side are then refused",
    )
    add_db_option(new)
    new.set_defaults(func=lazy(HANDLERS, "new"))


def _add_list(subparsers: argparse._SubParsersAction) -> None:
    listing = add_command(
        subparsers,
        "list",
        summary="the campaigns of the database and where each stands",
        description="List the campaigns of the database by name: layout, dice mode, game turn, "
        "step, who acts and the number of events; a campaign that cannot be "
        "opened (changed data files, a damaged log) says why.",
        examples=["campaign list", "campaign list --db sqlite:////tmp/practice.db"],
    )
    add_db_option(listing)
    listing.set_defaults(func=lazy(HANDLERS, "list_campaigns"))


def _add_delete(subparsers: argparse._SubParsersAction) -> None:
    delete = add_command(
        subparsers,
        "delete",
        summary="delete a campaign with its whole log (asks first)",
        description="Delete a campaign with its whole log, snapshots and play-by-e-mail "
        "records. It asks for confirmation on a terminal; --yes deletes without "
        "asking (for scripts). This cannot be undone.",
        examples=["campaign delete practice", "campaign delete practice --yes"],
    )
    delete.add_argument("name", help="campaign name")
    delete.add_argument("--yes", action="store_true", help="delete without asking")
    add_db_option(delete)
    delete.set_defaults(func=lazy(HANDLERS, "delete"))


def _add_status(subparsers: argparse._SubParsersAction) -> None:
    status = add_command(
        subparsers,
        "status",
        summary="turn, phase, who must act now, RU, orders",
        description="Where the campaign stands: game turn, step, who must act now and why, "
        "RU and units per side, and every order legal now with its rule id.",
        examples=["campaign status war", "campaign status war --side aslan --json"],
    )
    status.add_argument("name", help="campaign name")
    add_side_option(status)
    status.add_argument("--json", action="store_true", help="print the status report as JSON")
    add_db_option(status)
    status.set_defaults(func=lazy(HANDLERS, "status"))


def _add_log(subparsers: argparse._SubParsersAction) -> None:
    log = add_command(
        subparsers,
        "log",
        summary="what happened, one entry per order, with dice",
        description="The campaign's verified log: one entry per order, with the sentences "
        "that say what happened and the dice rolled (and who rolled them).",
        examples=[
            "campaign log war",
            "campaign log war --turn 1 --type round-fought",
            "campaign log war --by solomani --side solomani",
        ],
    )
    log.add_argument("name", help="campaign name")
    log.add_argument(
        "--turn",
        type=game_turn,
        metavar="N",
        help="only orders given in this game turn (0: the set-up)",
    )
    add_side_argument(
        log, "--by", names=GIVER_CHOICES, metavar="WHO", help="only orders given by WHO"
    )
    log.add_argument(
        "--type",
        dest="event_type",
        metavar="EVENT",
        help="only orders whose events include this type (e.g. round-fought)",
    )
    add_side_option(log)
    log.add_argument("--raw", action="store_true", help="event types instead of sentences")
    add_db_option(log)
    log.set_defaults(func=lazy(HANDLERS, "log"))


def _add_verify(subparsers: argparse._SubParsersAction) -> None:
    verify = add_command(
        subparsers,
        "verify",
        summary="check a campaign (hash chain, replay, snapshots, dice) or a turn file",
        description="Check a campaign: its hash chain, a replay from the first event against "
        "every snapshot, the seeded dice and the pinned data files; or check a turn "
        "file (a path) without storing anything: every check of an import (exit status 0) "
        "when this database holds its campaign, else only its form, checksum and signature "
        "(exit status 3; 1 for a problem). With --rebuild the campaign's "
        "snapshots are first made anew from the log alone.",
        examples=[
            "campaign verify war",
            "campaign verify war --anchor",
            "campaign verify war --rebuild",
            "campaign verify ./turn-3.json --keys keys/",
        ],
    )
    verify.add_argument("name", help="campaign name, or a turn file (a path)")
    verify.add_argument(
        "--anchor",
        nargs="?",
        const="",
        metavar="COUNT:HASH",
        help="print the chain's head as an anchor to keep elsewhere; with a previously printed "
        "anchor, also prove that nothing up to it changed",
    )
    verify.add_argument(
        "--rebuild",
        action="store_true",
        help="first rebuild the campaign from its log alone: replay every event without "
        "snapshots, drop the old snapshots and write a fresh one (the log is not changed)",
    )
    add_db_option(verify)
    add_turn_file_options(verify)
    verify.set_defaults(func=lazy(HANDLERS, "verify"))


def _add_order(subparsers: argparse._SubParsersAction) -> None:
    order = add_command(
        subparsers,
        "order",
        summary='give one order, e.g. "aslan buy CL 2"',
        description="Give one order in notation: SIDE VERB ARGUMENTS (docs/engine.md). It is "
        "checked against the rules, logged with its dice, and what happened is "
        "printed; a refused order changes nothing. `campaign status NAME` lists "
        "the orders legal now.",
        examples=[
            "campaign order war 'solomani place-neutral keystone'",
            "campaign order war 'aslan buy CL 2'",
            "campaign order war 'aslan jump strike hlirakh,ftahr'",
            "campaign order war 'aslan fire b1' --dice 3,5,1 --referee 'table dice'",
        ],
    )
    order.add_argument("name", help="campaign name")
    # nargs "+": an order typed without quotes is caught with its own advice (issue 45)
    order.add_argument("order", nargs="+", help="order notation, quoted (see docs/engine.md)")
    order.add_argument(
        "--dice",
        help="dice values typed in, comma-separated (physical-dice "
        "campaigns, or a referee override with --referee); in a "
        "physical-dice campaign on a terminal, without --dice, "
        "each die is asked for when it is due",
    )
    order.add_argument(
        "--referee",
        metavar="REASON",
        help="referee override: typed dice in a seeded campaign, logged",
    )
    add_side_option(order)
    add_db_option(order)
    order.set_defaults(func=lazy(HANDLERS, "order"))


def _add_undo(subparsers: argparse._SubParsersAction) -> None:
    undo = add_command(
        subparsers,
        "undo",
        summary="take back the last order of the current phase",
        description="Take back the last order, if it rolled no dice and stays in the current "
        "phase; with --referee REASON, any last order (logged as an override). A referee undo "
        "right after a referee undo reverts the order before. A plain undo of a referee undo "
        "puts the order it reverted back in force: it asks first on a terminal, --yes does it "
        "without asking.",
        examples=[
            "campaign undo war",
            "campaign undo war --referee 'misread the map'",
            "campaign undo war --side aslan",
            "campaign undo war --yes",
        ],
    )
    undo.add_argument("name", help="campaign name")
    undo.add_argument("--referee", metavar="REASON", help="override past dice/phase, logged")
    undo.add_argument(
        "--yes",
        action="store_true",
        help="take back a referee undo without asking (its order is in force again)",
    )
    add_side_option(undo)
    add_db_option(undo)
    undo.set_defaults(func=lazy(HANDLERS, "undo"))


def _add_repin(subparsers: argparse._SubParsersAction) -> None:
    repin = add_command(
        subparsers,
        "repin",
        summary="accept changed data files (DN-DATA-4), logged",
        description="A campaign is pinned to the data files it started with (DN-DATA-4); after "
        "an intended change to them (e.g. the official tables entered), accept the "
        "new files for this campaign. The reason is logged.",
        examples=["campaign repin war 'official space combat table entered'"],
    )
    repin.add_argument("name", help="campaign name")
    repin.add_argument("reason", help="why the data changed, quoted (kept in the log)")
    add_db_option(repin)
    repin.set_defaults(func=lazy(HANDLERS, "repin"))


def _add_replay(subparsers: argparse._SubParsersAction) -> None:
    replay = add_command(
        subparsers,
        "replay",
        summary="replay a seed game and check every digest",
        description="Replay a seed game (a set-up, orders and a dice seed) and check the state "
        "digest after every step; prints what each step did.",
        examples=[
            "campaign replay standard-turn1",
            "campaign replay my-game.json",
            "campaign replay seeds/standard-turn1.json --record",
        ],
    )
    replay.add_argument(
        "file",
        metavar="SEED",
        help="a seed game shipped with the tool (see `campaign seeds`), or a seed game file",
    )
    replay.add_argument(
        "--record",
        action="store_true",
        help="rewrite the file's digests from this run (after an intended rules change)",
    )
    replay.set_defaults(func=lazy(SEED_HANDLERS, "replay"))


def _add_seeds(subparsers: argparse._SubParsersAction) -> None:
    seeds = add_command(
        subparsers,
        "seeds",
        summary="the seed games shipped with the tool",
        description="List the seed games shipped with the tool, with what each one plays; "
        "`campaign replay NAME` replays one.",
        examples=["campaign seeds"],
    )
    seeds.set_defaults(func=lazy(SEED_HANDLERS, "seeds"))


#: Each command of this module and the function that adds it, in ``--help`` order.
COMMANDS: dict[str, Callable[[argparse._SubParsersAction], None]] = {
    "new": _add_new,
    "list": _add_list,
    "delete": _add_delete,
    "status": _add_status,
    "log": _add_log,
    "verify": _add_verify,
    "order": _add_order,
    "undo": _add_undo,
    "repin": _add_repin,
    "replay": _add_replay,
    "seeds": _add_seeds,
}

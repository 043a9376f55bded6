"""Handler of `campaign serve NAME` (registered by ``campaign.cli.tui``): check the campaign,
make the links, print them (with QR codes), then serve until Ctrl+C (issue 43, docs/table.md).
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import TextIO

from campaign.cli.errors import EXIT_ERROR
from campaign.cli.handlers.common import open_service
from campaign.extras import install_hint
from campaign.rules.errors import CampaignError
from campaign.serve.links import SeatLink, SeatLinks

#: Addresses that mean "every network interface".
EVERY_INTERFACE = frozenset({"0.0.0.0", "::", ""})
#: What listening beyond this machine means, said before the links.
NETWORK_WARNING = (
    "listening on {host}:{port}: every device that can reach this machine on the network can "
    "ask for a screen. Each link is the only key to its seat (the referee's shows every hidden "
    "counter), and the links travel unencrypted (http): serve this way on a network you trust "
    "(your home or club), never a public one, and give each player only his own link."
)


def serve(args: argparse.Namespace) -> int:
    try:
        # the optional extra `serve` (textual-serve, segno): said when missing
        from campaign.serve.server import COMMANDS_HELP, TableServer
    except ImportError:
        print(
            f"campaign: serving to browsers needs the serve extra: {install_hint('serve')}",
            file=sys.stderr,
        )
        return EXIT_ERROR
    try:
        service = open_service(args)
        # opened, not only found: a campaign that cannot be opened (its data files changed,
        # DN-DATA-4) is refused here, before any link is printed, rather than on every page
        service.load(args.name)
        plays = service.reader(args.name, None)  # a player's own database by e-mail
    except CampaignError as error:
        print(f"campaign: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    problem = port_problem(args.host, args.port)
    if problem:
        print(f"campaign: cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return EXIT_ERROR
    public = args.public_host or (network_address() if args.host in EVERY_INTERFACE else args.host)
    links = SeatLinks(plays=plays.value if plays is not None else None)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(NETWORK_WARNING.format(host=args.host, port=args.port), file=sys.stderr)
    print_links(sys.stdout, args.name, f"http://{public}:{args.port}", links, qr=not args.no_qr)
    base = f"http://{public}:{args.port}"
    print(COMMANDS_HELP.format(seats=", ".join(links.seats)), flush=True)
    server = TableServer(
        args.name,
        service.store.url,
        links,
        host=args.host,
        port=args.port,
        public_host=public,
        announce=lambda link: print_link(sys.stdout, base, link, qr=not args.no_qr),
    )
    service.store.dispose()
    server.serve()
    return 0


def print_links(out: TextIO, name: str, base: str, links: SeatLinks, *, qr: bool) -> None:
    """Each seat's link, what it opens, and its QR code for a phone's camera."""
    print(f"campaign {name} served at {base} (Ctrl+C stops it and revokes every link)", file=out)
    for link in links.links:
        print_link(out, base, link, qr=qr)


def print_link(out: TextIO, base: str, link: SeatLink, *, qr: bool) -> None:
    """One seat's link, what it opens, and its QR code for a phone's camera."""
    url = base + link.path
    print(f"\n{link.title()}:\n  {url}", file=out)
    if qr:
        # the optional extra `serve` (checked by `serve` before the links are printed)
        import segno

        segno.make(url, error="l").terminal(out=out, compact=True)
    out.flush()


def port_problem(host: str, port: int) -> str | None:
    """Why ``host``:``port`` cannot be listened on (taken, no such address), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            return error.strerror or str(error)
    return None


def network_address() -> str:
    """This machine's address on its network (the one a phone on the same Wi-Fi reaches): the
    source address the system would use for an outside address. A UDP socket's ``connect``
    sends nothing; no network is used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"

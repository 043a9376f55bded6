"""Handlers of `campaign systems` and `campaign data systems` (registered by
``campaign.cli.systems``): the systems and their jump routes as text or JSON (DN-MAP-2..4)."""

from __future__ import annotations

import argparse

from campaign.app.data import data_directory, ruleset_of
from campaign.cli.handlers.common import print_json, read
from campaign.views.systems import SystemsReport, systems_report


def campaign_systems(args: argparse.Namespace) -> int:
    sight = read(args)
    return _print(systems_report(sight.name, sight.state, sight.ruleset), args.json)


def data_systems(args: argparse.Namespace) -> int:
    ruleset = ruleset_of(data_directory(args.data), args.layout, args.seed)
    return _print(systems_report(None, None, ruleset), args.json)


def _print(report: SystemsReport, as_json: bool) -> int:
    if as_json:
        return print_json(report)
    seed = f" (seed {report.seed})" if report.seed is not None else ""
    where = f"{report.campaign}: " if report.campaign else ""
    print(
        f"{where}{report.layout} layout{seed}: {len(report.sections)} sections, "
        f"{len(report.systems)} systems, {report.routes} routes ({report.unexplored} still "
        "unexplored, DN-NEB-1)"
    )
    section = None
    for system in report.systems:
        if system.section != section:
            section = system.section
            print(section)
        marks = ", ".join(
            part
            for part in ("capital" if system.capital else "", system.mark, system.owner)
            if part
        )
        routes = ", ".join(
            route.to
            + (" (unexplored)" if route.unexplored else " (explored)" if route.explored else "")
            for route in system.routes
        )
        print(
            f"  {system.id:12} {system.name:14} {system.hex}  type {system.type}  "
            f"{marks:22} → {routes}"
        )
    return 0

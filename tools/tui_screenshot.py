"""Draw the README's picture of the terminal UI: the demo campaign's map tab at 120x36.

    python -m tools.tui_screenshot docs/images/tui-demo.svg     (``make pictures`` runs it)
    python -m tools.tui_screenshot --check docs/images/tui-demo.svg

The picture is Textual's own SVG screenshot of the real app, run headless on a fresh demo
campaign (the bundled seed game, fixed dice) in a temporary database, with the wall clock pinned,
so the same code draws the same picture byte for byte. ``--check`` draws it and exits 1 when the
file differs (tests/tui/test_readme_screenshot.py does the same).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

SIZE = (120, 36)
#: The wall clock the picture is drawn at (anything shown with a time is the same every run).
CLOCK = "2026-11-30 09:00:00"
TITLE = "campaign demo"


def screenshot() -> str:
    """The SVG of the demo campaign's first screen."""
    from freezegun import freeze_time

    from campaign.app import CampaignService
    from campaign.tui.app import create_app
    from campaign.tui.demo import DEMO_NAME, ensure_demo

    with tempfile.TemporaryDirectory() as work:
        service = CampaignService(db_url=f"sqlite:///{Path(work) / 'campaigns.db'}")
        ensure_demo(service)
        app = create_app(Path(work) / "no-keymap.toml", service=service, open_campaign=DEMO_NAME)

        async def run() -> str:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.wait_for_scheduled_animations()
                await pilot.pause()
                return app.export_screenshot(title=TITLE)

        with freeze_time(CLOCK, tick=True):
            svg = asyncio.run(run())
        service.store.dispose()
    return svg


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the picture; the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.tui_screenshot", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("output", type=Path, help="the SVG file")
    parser.add_argument(
        "--check", action="store_true", help="compare with the file instead of writing it"
    )
    args = parser.parse_args(argv)
    svg = screenshot()
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != svg:
            print(f"{args.output} is stale: run `make pictures`", file=sys.stderr)
            return 1
        return 0
    from campaign.userfiles import StagedFile

    StagedFile.write(args.output, svg.encode("utf-8")).commit()
    print(f"{args.output}: the demo campaign at {SIZE[0]}x{SIZE[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

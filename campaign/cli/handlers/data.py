"""Handler of `campaign data check` (registered by ``campaign.cli.data``): load every data file,
print a summary and the profile hash, or the first problem as ``FILE:LINE: reason``
(DN-DATA-5)."""

from __future__ import annotations

import argparse
import sys

from campaign.app.data import DataFileError, checked_profile, data_directory, data_origin
from campaign.views.data import profile_summary


def check(args: argparse.Namespace) -> int:
    directory = data_directory(args.data)
    try:
        ruleset, catalog_layouts = checked_profile(directory, args.layout, args.seed)
    except DataFileError as error:
        print(str(error), file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"campaign data check: {error}", file=sys.stderr)
        return 2
    origin = f"{directory} ({data_origin(args.data)})"
    for line in profile_summary(ruleset, catalog_layouts, origin):
        print(line)
    return 0

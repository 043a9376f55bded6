"""Handler of `campaign docs` (registered by ``campaign.cli.docs``)."""

from __future__ import annotations

import argparse
import sys

from campaign.bundled import doc_names, docs_dir, find_doc
from campaign.cli.errors import EXIT_ERROR
from campaign.rules.suggest import did_you_mean

#: Longest document name accepted (the longest shipped is about 60 characters).
MAX_NAME = 200


def docs(args: argparse.Namespace) -> int:
    """List the documents, or print one (its path with ``--path``)."""
    if args.name is None:
        print(f"documents in {docs_dir()}:")
        for name in doc_names():
            print(f"  {name}")
        print("show one with: campaign docs NAME (e.g. campaign docs tutorial)")
        return 0
    name = str(args.name)
    found = find_doc(name) if len(name) <= MAX_NAME else None
    if found is None:
        shown = name if len(name) <= 60 else name[:57] + "..."
        hint = did_you_mean(name.removeprefix("docs/").removesuffix(".md"), doc_names())
        print(
            f"campaign: no document {shown!r}{hint}; `campaign docs` lists them",
            file=sys.stderr,
        )
        return EXIT_ERROR
    if args.path:
        print(found)
        return 0
    sys.stdout.write(found.read_text(encoding="utf-8"))
    return 0

"""Handler of `campaign docs` (registered by ``campaign.cli.docs``)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from campaign.bundled import doc_names, docs_dir, find_doc
from campaign.cli.errors import EXIT_ERROR
from campaign.rules.suggest import did_you_mean

#: Longest document name accepted (the longest shipped is about 60 characters).
MAX_NAME = 200
#: A rule id as refusals print it: ``DN-DATA-4``, ``IMP-11``, ``SHO-10``, ``INV-1``.
RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z]+)?-[0-9]+")
#: The line that starts a rule of the catalogue (``- **DN-DATA-3 [X]** Table 2, ...``).
RULE_LINE = re.compile(r"- \*\*(?P<id>[A-Z]+(?:-[A-Z]+)?-[0-9]+)[ *\[]")


def docs(args: argparse.Namespace) -> int:
    """List the documents, or print one (its path with ``--path``)."""
    if args.name is None:
        print(f"documents in {docs_dir()}:")
        for name in doc_names():
            print(f"  {name}")
        print("show one with: campaign docs NAME (e.g. tutorial), a rule with its id (DN-DATA-4)")
        return 0
    name = str(args.name)
    if RULE_ID.fullmatch(name.strip().upper()):
        return _print_rule(name.strip().upper())
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


def _print_rule(rule: str) -> int:
    """Print rule ``rule`` of the catalogue (``docs/rules/*.md``): the document and section it
    is in, then its text. Every refusal names its rule (DN-ERR-1); `campaign docs DN-DATA-4`
    said "no document" (found by use, December 8), and the rule could be read only by paging
    through the whole catalogue."""
    for path in sorted((docs_dir() / "rules").glob("*.md")):
        entry = _rule_entry(path, rule)
        if entry is not None:
            section, text = entry
            where = f"rules/{path.stem}" + (f", {section}" if section else "")
            print(f"{rule} ({where}; the whole catalogue: campaign docs rules/{path.stem})")
            print(text)
            return 0
    print(
        f"campaign: no rule {rule!r} in the rules catalogue (docs/rules/); "
        "`campaign docs rules/dark-nebula` lists the campaign's rules",
        file=sys.stderr,
    )
    return EXIT_ERROR


def _rule_entry(path: Path, rule: str) -> tuple[str, str] | None:
    """The heading above rule ``rule`` in the catalogue file ``path`` and the rule's lines (its
    bullet and the indented lines under it), or None when the file has no such rule."""
    section = ""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        found = RULE_LINE.match(line)
        if found is not None and found["id"] == rule:
            body = [line]
            for following in lines[number + 1 :]:
                if not following.startswith("  "):
                    break
                body.append(following)
            return section, "\n".join(body)
    return None

"""The README and the documentation send the reader only to files inside the repository.

A clone on its own must be complete: no link may point outside the checkout (for instance to the
team's workbench beside it) or to a file that does not exist.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO_ROOT

DOCUMENTS = sorted(
    [REPO_ROOT / "README.md", REPO_ROOT / "seeds" / "README.md", *REPO_ROOT.glob("docs/**/*.md")]
)
LINK = re.compile(r"\]\(([^)\s]+)\)")
OUTSIDE = re.compile(r"\.\./shared|shared/(?:spec|design|seeds)")


def _local_targets(text: str) -> list[str]:
    targets = (match.split("#", 1)[0] for match in LINK.findall(text))
    return [t for t in targets if t and not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_links_resolve_inside_the_repository(document):
    text = document.read_text(encoding="utf-8")
    for target in _local_targets(text):
        resolved = (document.parent / target).resolve()
        assert resolved.is_relative_to(REPO_ROOT), f"{target} leaves the repository"
        assert resolved.exists(), f"{target} does not exist"
    assert not OUTSIDE.search(text), f"refers to the workbench outside the repository: {document}"

"""`campaign docs`: the documents the help texts name, readable without the source.

Found by use (December 7, night): the wheel carried no `docs/`, yet `campaign data --help`
sends a referee to docs/data-formats.md to write his own section files, and `export`, `new`,
`withdraw` and `dispute` to docs/turn-files.md. The documents now ship as ``campaign.docs``
and `campaign docs NAME` prints one (DN-DATA-5: the data formats a referee's copy must follow).
"""

from __future__ import annotations

import argparse
import re

import pytest

from campaign import bundled
from campaign.cli import build_parser, main
from tests.conftest import OTHER_CHECKOUT, REPO_ROOT

#: A document named in a help text: ``docs/`` and a path ending in .md or .json.
NAMED = re.compile(r"docs/[\w./-]+?\.(?:md|json)")


def _help_texts(parser: argparse.ArgumentParser) -> list[str]:
    """The help of ``parser`` and of every command below it, as ``--help`` prints them."""
    texts = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                texts.extend(_help_texts(child))
    return texts


def test_the_shipped_documents_are_the_repositorys_docs_folder():
    found = bundled.docs_dir()
    assert found == REPO_ROOT / "docs", OTHER_CHECKOUT.format(found=found, expected=REPO_ROOT)


def test_every_document_a_help_text_names_is_shipped():  # DN-DATA-5
    named = {name for text in _help_texts(build_parser()) for name in NAMED.findall(text)}
    named.discard("docs/NAME.md")  # `campaign --help` explains the command with it
    assert "docs/data-formats.md" in named and "docs/turn-files.md" in named
    missing = sorted(name for name in named if bundled.find_doc(name) is None)
    assert not missing, f"help texts name documents that `campaign docs` cannot show: {missing}"


def test_the_list_starts_with_the_top_folder_and_names_where_it_is(capsys):
    assert main(["docs"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"documents in {bundled.docs_dir()}:"
    names = [line.strip() for line in out[1:-1]]
    assert names == bundled.doc_names()
    assert names.index("tutorial") < names.index("adr/0013-pack-packaged-data")
    assert "schemas/status.schema.json" in names and "__init__" not in names


@pytest.mark.parametrize(
    "typed", ["docs/data-formats.md", "data-formats.md", "data-formats", " data-formats "]
)
def test_a_document_is_printed_as_the_help_texts_name_it(typed, capsys):  # DN-DATA-5
    assert main(["docs", typed]) == 0
    assert capsys.readouterr().out == (REPO_ROOT / "docs" / "data-formats.md").read_text()


def test_a_decision_record_is_found_by_its_number(capsys):
    assert main(["docs", "adr/13", "--path"]) == 0
    assert capsys.readouterr().out.strip() == str(
        bundled.docs_dir() / "adr" / "0013-pack-packaged-data.md"
    )


@pytest.mark.parametrize("typed", ["turn-file", "../README", "x" * 5000, "adr/9999"])
def test_an_unknown_document_is_refused_with_a_hint_and_prints_nothing(typed, capsys):
    assert main(["docs", typed]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no document" in captured.err and "`campaign docs` lists them" in captured.err
    assert len(captured.err) < 300
    if typed == "turn-file":
        assert "did you mean 'turn-files'" in captured.err


@pytest.mark.parametrize("typed", ["DN-DATA-4", "dn-data-4"])
def test_a_rule_id_prints_that_rule(typed, capsys):
    """DN-ERR-1 (found by use, December 8): every refusal names its rule, but `campaign docs
    DN-DATA-4` said "no document": it prints the rule, with its catalogue and section."""
    assert main(["docs", typed]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DN-DATA-4 (rules/dark-nebula, 1. Data; the whole catalogue: ")
    assert "- **DN-DATA-4** The combat tables" in out and "on purpose to go on." in out
    assert "DN-DATA-5" not in out  # the next rule is not part of it


def test_an_unknown_rule_id_is_refused(capsys):
    assert main(["docs", "DN-FOO-9"]) == 1
    assert "no rule 'DN-FOO-9' in the rules catalogue" in capsys.readouterr().err

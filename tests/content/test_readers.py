"""The line-keeping CSV and TOML readers behind every `file:line: reason` (DN-DATA-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.content.csv_lines import read_csv
from campaign.content.errors import DataFileError
from campaign.content.toml_lines import read_toml, scan_positions


def test_csv_rows_keep_their_file_line_numbers(tmp_path: Path):
    # DN-DATA-5: comments and blank lines do not shift the reported line
    path = tmp_path / "t.csv"
    path.write_bytes(b"\xef\xbb\xbf# label: house\n\nA,B\n# note\n1,2\n\n3,4\n")
    document = read_csv(path, ("a", "b"))
    assert document.header_line == 3
    assert [row.line for row in document.rows] == [5, 7]
    assert document.rows[1].cells == {"a": "3", "b": "4"}
    assert document.meta["label"] == (1, "house")


def test_csv_unknown_and_repeated_columns(tmp_path: Path):
    # DN-DATA-5: a misspelt or doubled column is an error at the header line
    path = tmp_path / "t.csv"
    path.write_text("# c\na,b,c\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:2: 1 unknown column: c"):
        read_csv(path, ("a", "b"))
    path.write_text("a,b,b\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:1: 1 repeated column: b"):
        read_csv(path, ("a", "b"), exact=False)
    path.write_text("a\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:1: 2 missing columns: b, c$"):
        read_csv(path, ("a", "b", "c"))


def test_an_unclosed_quote_is_named(tmp_path: Path):
    # DN-DATA-5 (found by use, December 8): a row with an unclosed quote was refused as
    # "expected 9 fields, found 3", which sent the referee counting commas
    path = tmp_path / "t.csv"
    path.write_text('a,b\n"x, y",2\n"x, y,2\n', encoding="utf-8")
    with pytest.raises(DataFileError, match='t.csv:3: a quote \\("\\) is not closed'):
        read_csv(path, ("a", "b"))
    path.write_text('a,b\n12" gun,"say ""hi"""\n"ab"c,2\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:3: a quoted field is not as CSV writes it"):
        read_csv(path, ("a", "b"))


def test_a_file_saved_by_a_spreadsheet_reads_as_it_shows(tmp_path: Path):
    """DN-DATA-5 (found by use, December 8): a table saved by a spreadsheet pads every line
    with empty cells ("# label: official,,,,", "die,1:2,,"), quotes a comment that holds a
    comma and writes blank rows as ",,,": each was refused ("1 repeated column: ",
    "label: unknown value 'official,,,,'", "side: unknown value ''"). They read as they show;
    a column with no name between named ones is named."""
    path = tmp_path / "t.csv"
    path.write_text(
        '# label: official,,\n"# note: a, b",,\na,b,,\n1,,,\n,,,\n3,4,,\n', encoding="utf-8"
    )
    document = read_csv(path, ("a", "b"))
    assert document.meta["label"] == (1, "official")
    assert document.meta["note"] == (2, "a, b")
    assert document.header == ("a", "b")
    assert [(row.line, row.cells) for row in document.rows] == [
        (4, {"a": "1", "b": ""}),
        (6, {"a": "3", "b": "4"}),
    ]
    path.write_text("a,b,,\n1,2,,3\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:2: expected 2 fields, found 4"):
        read_csv(path, ("a", "b"))
    path.write_text("a,,b\n1,2,3\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="t.csv:1: column 2 has no name"):
        read_csv(path, ("a", "b"))
    path.write_text("a;b\n1;2\n", encoding="utf-8")  # was "1 missing column: a"
    with pytest.raises(DataFileError, match="t.csv:1: the columns are separated by ';'"):
        read_csv(path, ("a", "b"))


def test_empty_and_missing_files(tmp_path: Path):
    # DN-DATA-5: an empty file has no header; a missing file names only the path
    path = tmp_path / "t.csv"
    path.write_text("# only a comment\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="no header line"):
        read_csv(path, ("a",))
    with pytest.raises(DataFileError) as caught:
        read_csv(tmp_path / "gone.csv", ("a",))
    assert caught.value.line is None and str(caught.value).endswith("gone.csv: file is missing")


def test_non_utf8_file_is_rejected(tmp_path: Path):
    # DN-DATA-5: data files are UTF-8; the refusal names the line where the file stops being
    # UTF-8 (found by use, December 8: it named no line)
    path = tmp_path / "t.toml"
    path.write_bytes(b'label = "house"\nname = "\xff"\n')
    with pytest.raises(DataFileError, match="not UTF-8") as caught:
        read_toml(path)
    assert caught.value.line == 2


def test_toml_positions_of_tables_and_keys():
    # DN-DATA-5: keys of the n-th [[table]] are found on their own lines
    text = (
        'top = 1\n\n[section]\nname = "x"\n\n[[system]]\nhex = "0101"\n\n[[system]]\nhex = "0202"\n'
    )
    positions = scan_positions(text)
    assert positions.line(key="top") == 1
    assert positions.line("section", 0, "name") == 4
    assert positions.line("system", 1, "hex") == 10
    assert positions.line("system", 1, "type") == 9  # missing key: the table header
    assert positions.line("route", 0) == 1  # unknown table: line 1


def test_toml_syntax_error_reports_the_parser_line(tmp_path: Path):
    # DN-DATA-5: malformed TOML names the line the parser stopped at
    path = tmp_path / "t.toml"
    path.write_text('a = 1\nb = "open\n', encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_toml(path)
    assert caught.value.line == 2 and "malformed TOML" in caught.value.reason

"""Fuzz tests (hypothesis, bounded: a fixed number of examples, no deadline per example) over
turn files and data files (issue 20 item 10, DN-ERR-1, DN-DATA-5).

Whatever the input, the tool answers with its own error (``CampaignError``: one line in the
CLI) or accepts it; never another exception, and a refused turn file changes nothing."""

from __future__ import annotations

import contextlib
import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.content import DataFileError, load_ruleset
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from tests.conftest import DATA_DIR
from tests.pbem.conftest import database_image
from tests.pbem.helpers import CAMPAIGN, Table
from tests.pbem.test_messages import plain

FUZZ = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.text(max_size=20)
    | st.sampled_from(["0" * 64, "f" * 64, "aslan", "solomani", "seeded", "\udc80"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@cache
def _exchange(tmp: str) -> tuple[Table, str]:
    """One table for every example (made once): solomani's file 1, not yet imported."""
    table = Table(Path(tmp), armoured=False)
    sender = table.players[Side.SOLOMANI]
    sender.order('referee set-ru solomani 80 "bonus"')
    sender.order("solomani place-neutral lantern")
    return table, sender.export().json_text


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (keys and list indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replace(data: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    data[path[0]] = _replace(data[path[0]], path[1:], new)
    return data


def _check_refused_or_fine(text: str | bytes, tmp_path_factory) -> None:
    table, _ = _exchange(str(tmp_path_factory.getbasetemp() / "fuzz-exchange"))
    receiver = table.players[Side.ASLAN]
    receiver.pbem.allow_referee = True
    report = receiver.pbem.verify_file(text)  # never raises, never stores
    if report.ok:
        return  # a harmless change (e.g. app_version) that would import: nothing to check
    assert all(plain(problem) for problem in report.problems), report.problems
    before = database_image(receiver)
    try:
        receiver.pbem.import_turn(CAMPAIGN, text, source="fuzz.json")
    except CampaignError as error:
        # one line in plain words (issue 33 item 8: no "Value error, ..." from pydantic)
        assert error.message.strip() and plain(error.message), error.message
    else:  # pragma: no cover - verify found a problem, so the import must refuse
        raise AssertionError("verify_file found a problem but import_turn accepted the file")
    assert database_image(receiver) == before


@FUZZ
@given(data=st.data(), reseal=st.booleans())
def test_fuzzed_turn_files_are_refused_cleanly(tmp_path_factory, data, reseal):
    """A valid file with one value replaced anywhere (re-sealed or not)."""
    _, good = _exchange(str(tmp_path_factory.getbasetemp() / "fuzz-exchange"))
    document = json.loads(good)
    path = data.draw(st.sampled_from(_paths(document)))
    document = _replace(document, path, data.draw(json_values))
    if reseal and isinstance(document, dict) and isinstance(document.get("body"), dict):
        with contextlib.suppress(TypeError, ValueError):  # unhashable forgery: sent as it is
            document["body_sha256"] = sha256_hex(canonical_json(document["body"]))
    text = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8", "surrogatepass")
    _check_refused_or_fine(text, tmp_path_factory)


@FUZZ
@given(
    blob=st.binary(max_size=300)
    | st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))
)
def test_random_bytes_are_refused_cleanly(tmp_path_factory, blob):  # DN-ERR-1
    _check_refused_or_fine(blob, tmp_path_factory)


DATA_FILES = (
    "units.csv",
    "tables/space_crt.csv",
    "tables/house_rules.toml",
    "maps/layouts/standard.toml",
    "maps/sections/vecinos.toml",
)


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_fuzzed_data_files_load_or_name_the_problem(tmp_path_factory, data):  # DN-DATA-5
    """One line of a data file replaced, cut or inserted: a ruleset or a ``DataFileError``."""
    root = tmp_path_factory.mktemp("fuzz-data") / "data"
    shutil.copytree(DATA_DIR, root)
    name = data.draw(st.sampled_from(DATA_FILES))
    path = root / name
    lines = path.read_text(encoding="utf-8").splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    junk = data.draw(
        st.text(max_size=40)
        | st.sampled_from(
            [
                "9" * 30,
                "\u0661\u0662",
                "1_000",
                "-1",
                "[[place]]",
                "x = 1e400",
                "neutral,M,monitor,monitor,10,,99-0-99[99],99,",
            ]
        )
    )
    how = data.draw(st.sampled_from(["replace", "insert", "cut"]))
    if how == "replace":
        lines[index] = junk
    elif how == "insert":
        lines.insert(index, junk)
    else:
        lines[index] = lines[index][: data.draw(st.integers(0, len(lines[index])))]
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
    try:
        load_ruleset(root)
    except DataFileError as error:
        assert str(error).startswith(str(root)) and "\n" not in str(error)
    shutil.rmtree(root.parent)

"""Built rulesets kept between processes (``campaign.content.built``; issue 47 item 2: `status`
and `order` at most 0.15 s CPU). A later process reads the ruleset an earlier one built from the
same files with the same code; an edited data file (DN-DATA-4), a broken one (DN-DATA-5), other
code, or a damaged cache file each mean building from the files again."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pytest

from campaign.content import built, load_ruleset, loader
from campaign.content.errors import DataFileError
from campaign.rules.ruleset import Ruleset
from tests.content.helpers import copy_data

TROOPS = "solomani,RT,regular troops,ground,2,,3,3,"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own cache directory."""
    monkeypatch.setenv(built.CACHE_DIR_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / "rulesets"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[Ruleset]:
    """The rulesets built from the files from now on (each load as in a new process: the
    rulesets this process built are forgotten before every load)."""
    made: list[Ruleset] = []
    real = loader._build

    def counted(*args: object) -> Ruleset:
        made.append(real(*args))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(loader, "_build", counted)
    return made


def _fresh_load(monkeypatch: pytest.MonkeyPatch, data: Path, **kwargs: object) -> Ruleset:
    monkeypatch.setattr(loader, "_BUILT", OrderedDict())
    return load_ruleset(data, **kwargs)  # type: ignore[arg-type]


def test_a_later_process_reads_the_ruleset_built_before(tmp_path, cache, builds, monkeypatch):
    """issue 47 item 2: the second load reads the kept ruleset, equal to the one built."""
    data = copy_data(tmp_path / "data")
    first = _fresh_load(monkeypatch, data)
    assert len(builds) == 1 and len(list(cache.glob("*.pickle"))) == 1
    second = _fresh_load(monkeypatch, data)
    assert len(builds) == 1
    assert second == first and second is not first
    assert second.unit_type("solomani:RT-3") == first.unit_type("solomani:RT-3")
    assert second.star_map.systems == first.star_map.systems
    third = _fresh_load(monkeypatch, data, seed=3)  # another assembly: built, kept apart
    assert len(builds) == 2 and third != first
    assert len(list(cache.glob("*.pickle"))) == 2


def test_an_edited_data_file_is_read_again(tmp_path, cache, builds, monkeypatch):
    """DN-DATA-4 / issue 47 item 2: a referee who edits a data file gets the edit."""
    data = copy_data(tmp_path / "data")
    before = _fresh_load(monkeypatch, data)
    units = data / "units.csv"
    text = units.read_text(encoding="utf-8")
    units.write_text(text.replace(TROOPS, TROOPS.replace(",2,,3,3,", ",5,,3,3,")), "utf-8")
    after = _fresh_load(monkeypatch, data)
    assert len(builds) == 2
    assert after.unit_type("solomani:RT-3").cost == 5 != before.unit_type("solomani:RT-3").cost
    units.write_text(text.replace(TROOPS, TROOPS.replace(",2,", ",two,")), "utf-8")
    with pytest.raises(DataFileError, match=r"units\.csv:\d+"):  # DN-DATA-5: never served
        _fresh_load(monkeypatch, data)


@pytest.mark.parametrize("damage", ["truncated", "other code", "not a pickle"])
def test_a_damaged_or_foreign_cache_file_is_built_again(
    tmp_path, cache, builds, monkeypatch, damage
):
    """issue 47 item 2: a cache file that does not match is never read as a ruleset."""
    data = copy_data(tmp_path / "data")
    first = _fresh_load(monkeypatch, data)
    (kept,) = cache.glob("*.pickle")
    if damage == "truncated":
        kept.write_bytes(kept.read_bytes()[:-100])
    elif damage == "other code":  # as if the content package's source had changed
        monkeypatch.setattr(built, "_source_digest", lambda module: "another build")
    else:
        kept.write_bytes(b"not a pickle")
    again = _fresh_load(monkeypatch, data)
    assert len(builds) == 2 and again == first
    if damage != "other code":  # written anew, read by the next process
        assert _fresh_load(monkeypatch, data) == first and len(builds) == 2


def test_an_empty_cache_dir_keeps_nothing(tmp_path, monkeypatch, builds):
    """issue 47 item 2: ``CAMPAIGN_CACHE_DIR=""`` builds every time, writing nothing."""
    monkeypatch.setenv(built.CACHE_DIR_ENV, "")
    monkeypatch.chdir(tmp_path)
    data = copy_data(tmp_path / "data")
    _fresh_load(monkeypatch, data)
    _fresh_load(monkeypatch, data)
    assert len(builds) == 2
    assert list(tmp_path.rglob("*.pickle")) == []

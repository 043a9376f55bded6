"""Bad input to `campaign map` / `campaign data map` gets one clear line and changes nothing;
`campaign data map` draws sections before any campaign exists."""

from __future__ import annotations

import shutil
import sys

import pytest

from campaign.cli import main
from tests.conftest import DATA_DIR
from tests.render.svgdoc import of_class, parse

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_unknown_campaign_is_named_and_nothing_is_written(alpha_db, tmp_path, capsys):  # DN-ERR-1
    target = tmp_path / "keep.svg"
    target.write_text("old picture")
    assert main(["map", "nope", "--db", alpha_db, "-o", str(target)]) == 1
    assert "no campaign named 'nope'" in capsys.readouterr().err
    assert target.read_text() == "old picture"


def test_unwritable_path_is_a_clear_error(alpha_db, tmp_path, capsys):  # DN-ERR-1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["map", "alpha", "--db", alpha_db, "-o", str(blocker / "map.svg")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("campaign: ") and "cannot write" in err and "Traceback" not in err
    folder = tmp_path / "folder.svg"
    folder.mkdir()
    assert main(["map", "alpha", "--db", alpha_db, "-o", str(folder)]) == 1
    assert "it is a directory" in capsys.readouterr().err and folder.is_dir()


def test_unknown_overlay_is_refused_with_the_choices(alpha_db, capsys):  # DN-ERR-1
    with pytest.raises(SystemExit) as stop:
        main(["map", "alpha", "--db", alpha_db, "--overlay", "weather"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "weather" in err and "supply" in err and "moves" in err


def test_unknown_picture_format_is_refused_before_any_work(alpha_db, tmp_path, capsys):  # DN-ERR-1
    assert main(["map", "alpha", "--db", alpha_db, "-o", str(tmp_path / "map.txt")]) == 1
    assert "name the file .svg or .png" in capsys.readouterr().err
    assert not list(tmp_path.glob("map*"))


def test_png_without_the_extra_says_how_to_install_it(alpha_db, tmp_path, capsys, monkeypatch):
    """DN-ERR-1: cairosvg missing (simulated by hiding the module) -> the extra is named."""
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    target = tmp_path / "map.png"
    assert main(["map", "alpha", "--db", alpha_db, "-o", str(target)]) == 1
    assert "pip install '.[png]'" in capsys.readouterr().err  # a checkout install (issue 32)
    assert not target.exists() and not list(tmp_path.glob(".map.png*"))


def test_png_output_when_cairosvg_is_installed(alpha_db, tmp_path, capsys):  # DN-MAP-1
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):  # OSError: the cairo system library is missing
        pytest.skip("the optional png extra (cairosvg + libcairo) is not installed")
    target = tmp_path / "map.png"
    assert main(["map", "alpha", "--db", alpha_db, "--side", "aslan", "-o", str(target)]) == 0
    assert target.read_bytes().startswith(PNG_SIGNATURE)
    assert "aslan's view" in capsys.readouterr().out


def test_default_file_name_is_the_campaign_and_side(alpha_db, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["map", "alpha", "--db", alpha_db, "--side", "solomani"]) == 0
    assert (tmp_path / "alpha-solomani.svg").is_file()
    assert "alpha-solomani.svg" in capsys.readouterr().out


def test_data_map_of_one_section(tmp_path, capsys):  # DN-MAP-1, DN-DATA-5
    target = tmp_path / "nebula.svg"
    assert main(["data", "map", "--section", "Dark Nebula", "-o", str(target)]) == 0
    root = parse(target.read_bytes())
    ids = {e.get("data-id") for e in of_class(root, "system")}
    assert {"lantern", "umbra-gate", "cinder"} <= ids
    assert {e.get("data-section") for e in of_class(root, "system")} == {"Dark Nebula"}
    hexes = {e.get("data-id"): e.get("data-hex") for e in of_class(root, "system")}
    assert hexes["lantern"] == "0203" and hexes["umbra-gate"] == "0102"  # as in the file


def test_data_map_of_a_misspelt_section_suggests_the_key(tmp_path, capsys):  # DN-ERR-1
    """Found by use, December 8: `--section vecinso` listed the keys but named none; the
    closest key is suggested, as for a misspelt layout, and nothing is written."""
    target = tmp_path / "v.svg"
    assert main(["data", "map", "--section", "vecinso", "-o", str(target)]) == 1
    assert "no section 'vecinso' in " in (err := capsys.readouterr().err)
    assert "; did you mean 'vecinos'?; known: aslan_hierate" in err
    assert not target.exists()


def test_data_map_error_names_file_and_line_and_writes_nothing(tmp_path, capsys):  # DN-DATA-5
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    section = data / "maps" / "sections" / "dark_nebula.toml"
    lines = section.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith('hex = "0203"'))
    lines[index] = 'hex = "0909"'
    section.write_text("\n".join(lines) + "\n", encoding="utf-8")
    target = tmp_path / "out.svg"
    assert (
        main(["data", "map", "--data", str(data), "--layout", "standard", "-o", str(target)]) == 1
    )
    err = capsys.readouterr().err
    assert f"dark_nebula.toml:{index + 1}:" in err and "outside" in err
    assert not target.exists()


def test_names_with_xml_characters_are_escaped_in_attributes(tmp_path, capsys):  # DN-DATA-5
    """A system or section name may hold ``&``, ``<`` or a quote: it appears in ``data-name``
    and ``data-section`` attributes, which drawsvg writes as given, so the renderer escapes
    them; the file must stay well-formed and give the names back unchanged."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    section = data / "maps" / "sections" / "dark_nebula.toml"
    odd_system, odd_section = 'Umbra & "Gate" <1>', "Dark & <Nebula>"
    text = section.read_text(encoding="utf-8")
    text = text.replace('name = "Umbra Gate"', f"name = '{odd_system}'", 1)
    text = text.replace('name = "Dark Nebula"', f"name = '{odd_section}'", 1)
    section.write_text(text, encoding="utf-8")
    target = tmp_path / "odd.svg"
    assert (
        main(["data", "map", "--data", str(data), "--section", "dark_nebula", "-o", str(target)])
        == 0
    ), capsys.readouterr().err
    root = parse(target.read_bytes())
    (system,) = [e for e in of_class(root, "system") if e.get("data-id") == "umbra-gate-1"]
    assert system.get("data-name") == system.text == odd_system
    assert {e.get("data-section") for e in of_class(root, "system")} == {odd_section}
    assert [e.get("data-name") for e in of_class(root, "section")] == [odd_section]


def test_data_map_layout_and_section_exclude_each_other(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["data", "map", "--layout", "demo", "--section", "vecinos", "-o", "x.svg"])
    assert stop.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_data_map_unknown_section_lists_the_known_ones(tmp_path, capsys):  # DN-DATA-5
    assert main(["data", "map", "--section", "zork", "-o", str(tmp_path / "z.svg")]) == 1
    assert "known: aslan_hierate" in capsys.readouterr().err

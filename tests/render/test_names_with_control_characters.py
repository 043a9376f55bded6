"""Issue 33 item 6: a system name with a control character is refused by the data check
(DN-DATA-5), and wherever a name comes from, the SVG stays well-formed and the PNG export works
(DN-ERR-1)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest

from campaign.cli import main
from campaign.content import load_ruleset
from campaign.content.maps import load_section
from campaign.render.output import svg_to_png
from campaign.render.svg import scene_svg
from campaign.rules.map_assembly import single_section_map
from campaign.views.scene import data_scene
from tests.conftest import DATA_DIR


@pytest.mark.parametrize("name", ["Ala\\u0001meda", "Ala\\u0000meda", "Ala\\u001bmeda"])
def test_the_data_check_refuses_control_characters_in_names(tmp_path, capsys, name):
    # DN-DATA-5: refused with file:line, not passed on to break the SVG later
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    section = root / "maps" / "sections" / "vecinos.toml"
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace('name = "Alameda"', f'name = "{name}"'), encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "check", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert f"{section}:" in err and "control character U+00" in err and "Traceback" not in err


def test_a_control_character_in_a_csv_data_file_is_refused(tmp_path):  # DN-DATA-5
    from campaign.content import DataFileError

    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    units = root / "units.csv"
    lines = units.read_text(encoding="utf-8").splitlines()
    last = len(lines)
    lines[-1] = lines[-1] + "\x07"
    units.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=f"units.csv:{last}: holds the control character"):
        load_ruleset(root)


def test_svg_and_png_stay_well_formed_whatever_a_name_holds():  # DN-ERR-1
    """Names that did not come through the data check (an older log, a changed file) are
    written as U+FFFD instead of breaking the XML."""
    section = load_section(DATA_DIR / "maps" / "sections" / "vecinos.toml")
    odd = section.model_copy(
        update={
            "name": "Vec\x00inos & <co>",
            "systems": tuple(
                s.model_copy(update={"name": f"{s.name}\x01\x1b[31m"}) for s in section.systems
            ),
        }
    )
    svg = scene_svg(data_scene(single_section_map(odd), "odd names"))
    root = ET.fromstring(svg)  # well-formed: the parser accepts it
    texts = " ".join(t for t in root.itertext())
    assert "Alameda\ufffd\ufffd[31m" in texts and "Vec\ufffdinos & <co>" in svg.replace(
        "&amp;", "&"
    ).replace("&lt;", "<").replace("&gt;", ">")
    png = svg_to_png(svg)
    assert png.startswith(b"\x89PNG")

"""Where the files shipped with the tool live: the rules data, the seed games and the documents.

The repository keeps them at its top level (``data/``, ``seeds/``, ``docs/``) because they are
part of the design and a referee reads and copies them. ``pyproject.toml`` maps the folders to the
packages ``campaign.data``, ``campaign.seeds`` and ``campaign.docs``, so an editable install
(pointing at the checkout) and a wheel (carrying copies) are found the same way (ADR 0013): as the
folder the import system finds for the package (``importlib.util.find_spec``;
``importlib.resources`` gave the same folder and imported its readers and ``zipfile`` with it,
0.001 s of every command, issue 47).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

DATA_PACKAGE = "campaign.data"
SEEDS_PACKAGE = "campaign.seeds"
#: A referee's own data directory, read instead of the shipped one (docs/data-formats.md).
DATA_DIR_ENV = "CAMPAIGN_DATA_DIR"


class BundledFilesMissing(FileNotFoundError):
    """The shipped data or seed games cannot be found; the message says how to fix the install."""


def package_dir(package: str) -> Path:
    """The folder of the resource package ``package`` as a file-system path.

    The loaders read folders (globs, hashes, line numbers in errors), so the package must be
    installed as plain files, which is what pip and pipx do; a zipped install is refused clearly.
    """
    try:
        spec = importlib.util.find_spec(package)
    except ModuleNotFoundError:
        spec = None
    if spec is None or not spec.submodule_search_locations:
        # e.g. an editable install made before the mapping existed
        raise BundledFilesMissing(
            f"{package} is not installed; reinstall the tool (pip install -e . in a checkout)"
        )
    root = Path(next(iter(spec.submodule_search_locations)))
    if not root.is_dir():
        raise BundledFilesMissing(
            f"{package} is not installed as plain files ({root}); reinstall with pip or pipx"
        )
    return root


def bundled_data_dir() -> Path:
    """The rules data shipped with the tool (``data/`` of the repository)."""
    return package_dir(DATA_PACKAGE)


def chosen_data_dir() -> Path:
    """The data directory: ``$CAMPAIGN_DATA_DIR`` if set, else the data shipped with the tool.
    Here, with the shipped one, so that shell completion lists its layouts without the
    loaders (``campaign.content.loader.default_data_dir`` is this)."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else bundled_data_dir()


def seed_file(name: str) -> Path:
    """The seed game ``name`` shipped with the tool (``seeds/NAME`` of the repository)."""
    return package_dir(SEEDS_PACKAGE) / name


def seed_names() -> list[str]:
    """The names of the seed games shipped with the tool (``standard-turn1``, ...), sorted."""
    return sorted(path.stem for path in package_dir(SEEDS_PACKAGE).glob("*.json"))


def find_seed(name: str) -> Path | None:
    """The shipped seed game called ``name`` (with or without ``.json``), or None."""
    stem = name.removesuffix(".json")
    return seed_file(f"{stem}.json") if stem in seed_names() else None


DOCS_PACKAGE = "campaign.docs"
#: The kinds of file ``campaign docs`` shows (the pictures are named, not printed).
DOC_SUFFIXES = (".md", ".json")


def docs_dir() -> Path:
    """The documentation shipped with the tool (``docs/`` of the repository): the help texts
    name its files as ``docs/NAME.md``."""
    return package_dir(DOCS_PACKAGE)


def doc_names() -> list[str]:
    """Every shipped document by the name ``campaign docs`` takes: its path under ``docs/``
    without ``.md`` (``turn-files``, ``adr/0013-pack-packaged-data``,
    ``schemas/status.schema.json``): the top folder's first, then each folder's, sorted."""
    root = docs_dir()
    names = (
        str(
            path.relative_to(root).with_suffix("")
            if path.suffix == ".md"
            else path.relative_to(root)
        )
        for path in root.rglob("*")
        if path.suffix in DOC_SUFFIXES and "__pycache__" not in path.parts
    )
    return sorted(names, key=lambda name: (name.count("/"), name))


def find_doc(name: str) -> Path | None:
    """The shipped document ``name`` means, or None: a name of ``doc_names``, written as the
    help texts write it or not (``docs/turn-files.md``, ``turn-files.md``, ``turn-files``), or
    an ADR by its number (``adr/0013``, ``0013``)."""
    bare = name.strip().removeprefix("docs/").removesuffix(".md")
    names = doc_names()
    if bare in names:
        return docs_dir() / (bare if bare.endswith(DOC_SUFFIXES[1:]) else f"{bare}.md")
    number = bare.removeprefix("adr/")
    if number.isdigit():
        records = [n for n in names if n.startswith(f"adr/{int(number):04d}-")]
        if len(records) == 1:
            return docs_dir() / f"{records[0]}.md"
    return None

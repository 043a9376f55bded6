"""Built rulesets kept between processes, in the user's cache directory (issue 47 item 2).

Reading the data files and building the ``Ruleset`` from them (TOML and CSV parsing, every map
model validated) was about a tenth of a `campaign status`. The files are hashed on every load
anyway (DN-DATA-4), so a ruleset built once is kept as a pickle under a name made of everything
it was built from:

- the data directory, the map assembly (layout, seed) and the hash of every profile file: a
  referee who replaces or edits a data file changes its hash, and the ruleset is built again
  from the files (and checked, as always);
- the tool's version and the SHA-256 of the source of every module of ``campaign.content``
  (how the files are read) and of every module whose classes the pickle holds (what a ruleset
  is): an edited or upgraded tool never reads a ruleset an older one built.

The file is read only when all of that matches, and only as far as its header until then; a
file that is missing, unreadable, truncated or from another build is simply built again and
written anew (temporary name, fsync, rename). Nothing here is ever the only copy of anything.
A pickle runs code when read: this one lives in the user's own cache directory, which only
that user can write (a file there is trusted like the user's own shell start-up files).
``CAMPAIGN_CACHE_DIR`` moves the directory; set it to an empty string to keep nothing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import pickle
import sys
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

from campaign import APP_NAME, __version__
from campaign.rules.model import Model
from campaign.rules.ruleset import Ruleset
from campaign.userfiles import FileRefusedError, StagedFile, read_bounded

#: Environment variable naming the cache directory ("" keeps no built ruleset).
CACHE_DIR_ENV = "CAMPAIGN_CACHE_DIR"
#: Bump when the layout of a cache file changes.
FORMAT = 1
#: The largest cache file read (the standard map's ruleset is about 40 KB).
CACHE_LIMIT = 16 * 1024 * 1024
#: The package whose code turns data files into a ruleset.
CONTENT_PACKAGE = "campaign.content"


def cache_dir() -> Path | None:
    """Where built rulesets are kept; None when ``$CAMPAIGN_CACHE_DIR`` is set empty."""
    override = os.environ.get(CACHE_DIR_ENV)
    if override is not None:
        return Path(override) / "rulesets" if override else None
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME)) / "rulesets"


def cache_name(key: tuple[object, ...]) -> str:
    """The file name of the ruleset built under ``key`` (``loader._built_key``)."""
    text = json.dumps([FORMAT, __version__, *map(str, key)], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] + ".pickle"


def load_built(key: tuple[object, ...]) -> Ruleset | None:
    """The ruleset kept under ``key``, or None (nothing kept, or kept by other code)."""
    directory = cache_dir()
    if directory is None:
        return None
    try:
        stream = io.BytesIO(read_bounded(directory / cache_name(key), CACHE_LIMIT, "cache file"))
        header = pickle.load(stream)
        if not isinstance(header, dict) or header != _header(header.get("modules")):
            return None
        ruleset = pickle.load(stream)
    except Exception:  # unreadable, truncated, or classes that changed shape: built again
        return None
    return ruleset if isinstance(ruleset, Ruleset) else None


def keep_built(key: tuple[object, ...], ruleset: Ruleset) -> None:
    """Keep ``ruleset``, built under ``key``, for the next process; a cache directory that
    cannot be written keeps nothing (the next load builds it again)."""
    directory = cache_dir()
    if directory is None:
        return
    modules = sorted({CONTENT_PACKAGE, *_modules_of(ruleset)})
    data = pickle.dumps(_header(modules), protocol=5) + pickle.dumps(ruleset, protocol=5)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        StagedFile.write(directory / cache_name(key), data).commit()
    except (FileRefusedError, OSError):
        return


def _header(modules: object) -> dict[str, Any]:
    """What a kept ruleset must match: the format, the tool's version and the source digest of
    each module named (the content package stands for all its modules)."""
    names = modules if isinstance(modules, list) else []
    return {
        "format": FORMAT,
        "version": __version__,
        "modules": names,
        "sources": [_source_digest(name) for name in names],
    }


def _source_digest(module: str) -> str:
    """SHA-256 of ``module``'s source (of every module, for a package); "" when not found."""
    digest = hashlib.sha256()
    for path in _source_files(module):
        digest.update(path.name.encode("utf-8") + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            return ""
    return digest.hexdigest()


def _source_files(module: str) -> list[Path]:
    loaded = sys.modules.get(module)
    origin = getattr(loaded, "__file__", None)
    if origin is None:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
    if origin is None:
        return []
    path = Path(origin)
    if path.name == "__init__.py":
        return sorted(path.parent.glob("*.py"))
    return [path]


def _modules_of(value: object) -> Iterator[str]:
    """The modules of every model and enum class inside ``value`` (what its pickle names)."""
    if isinstance(value, Model | Enum):
        yield type(value).__module__
    if isinstance(value, Model):
        for name in type(value).model_fields:
            yield from _modules_of(getattr(value, name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _modules_of(key)
            yield from _modules_of(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _modules_of(item)

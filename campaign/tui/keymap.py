"""User key remapping: a TOML file mapping binding ids to keys.

Every binding in the app has an id (``screen.action``-style, e.g. ``launcher.open``). A user
remaps keys by writing, in ``keymap.toml`` in the user's config directory::

    "launcher.open" = "o"
    "campaign.palette" = "ctrl+k"

Unknown ids are reported (not silently ignored) so a typo is visible; the file is optional.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from msgspec import Struct, field
from platformdirs import user_config_dir

APP_DIR_NAME = "dark-nebula-campaign"


def default_keymap_path() -> Path:
    """Where the keymap file lives for this user."""
    return Path(user_config_dir(APP_DIR_NAME)) / "keymap.toml"


class LoadedKeymap(Struct, frozen=True):
    """The keymap read from a file, with the problems found in it."""

    bindings: dict[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()


#: The largest keymap file read (a full one is a few KiB).
MAX_KEYMAP_BYTES = 64 * 1024


def load_keymap(path: Path | None = None) -> LoadedKeymap:
    """Read the keymap file; a missing file is an empty keymap, a malformed one is reported."""
    path = path or default_keymap_path()
    if not path.exists() and not path.is_symlink():
        return LoadedKeymap()
    from campaign.userfiles import FileRefusedError, read_text_bounded

    try:
        raw = tomllib.loads(read_text_bounded(path, MAX_KEYMAP_BYTES, "keymap file"))
    except FileRefusedError as error:
        return LoadedKeymap(problems=(str(error),))
    except tomllib.TOMLDecodeError as error:
        return LoadedKeymap(problems=(f"{path}: not valid TOML: {error}",))
    bindings: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in raw.items():
        if isinstance(keys, str) and keys.strip():
            bindings[binding_id] = keys.strip()
        else:
            problems.append(f"{path}: {binding_id}: keys must be a non-empty string")
    return LoadedKeymap(bindings=bindings, problems=tuple(problems))


def unknown_ids(keymap: LoadedKeymap, known_ids: set[str]) -> list[str]:
    """Binding ids in the keymap that no screen defines."""
    return sorted(set(keymap.bindings) - known_ids)

"""Seed games (``seeds/*.json``, shipped as ``campaign.seeds``): find one by path or name, read
it through the bounded reader, replay it against its digests, record it again after an intended
rules change, and list the shipped ones (``campaign replay``, ``campaign seeds``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from msgspec import Struct

from campaign.bundled import find_seed, seed_file, seed_names
from campaign.content import load_ruleset
from campaign.rules.model import ModelError
from campaign.rules.ruleset import Ruleset
from campaign.rules.seedgame import SeedGame, StepResult, record, replay
from campaign.rules.struct_errors import field_problem
from campaign.rules.suggest import did_you_mean
from campaign.userfiles import StagedFile, parse_json, read_text_bounded

#: The largest seed game file read (the bundled ones are below 20 KiB).
MAX_SEED_GAME_BYTES = 16 * 1024 * 1024


class ShippedSeed(Struct, frozen=True):
    """A seed game shipped with the tool, as ``campaign seeds`` lists it."""

    name: str
    layout: str
    steps: int
    description: str


def seed_path(text: str, *, record: bool = False) -> Path:
    """The seed game file ``text`` names: a file, or else the name of a seed game shipped with
    the tool (``standard-turn1``). ``--record`` rewrites a file, so it needs a path: the shipped
    copies are not the user's to change."""
    path = Path(text)
    if path.is_file() or os.sep in text or "/" in text:
        return path
    shipped = find_seed(text)
    if shipped is None and (path.exists() or path.is_symlink()):
        return path  # a FIFO, a directory, a dangling link: the reader says which (issue 46)
    if shipped is None:
        names = seed_names()
        raise ValueError(
            f"{text}: no such file, and no seed game of that name"
            f"{did_you_mean(text, names)} (seed games: {', '.join(names)}); a campaign's own "
            f"log is replayed and checked by `campaign verify {text}`"
        )
    if record:
        raise ValueError(
            f"--record rewrites a file: give the path of a seed game file, not the "
            f"name of a shipped one ({text})"
        )
    return shipped


def read_seed_game(path: Path) -> SeedGame:
    """The seed game in ``path``, read through the bounded reader; ``ValueError`` with one line
    naming the file and the problem (no validator's wording)."""
    text = read_text_bounded(path, MAX_SEED_GAME_BYTES, "seed game file")
    try:
        return SeedGame.model_validate(parse_json(text))
    except json.JSONDecodeError as error:
        raise ValueError(
            f"{path}:{error.lineno}: not a seed game: JSON error at column "
            f"{error.colno}: {error.msg}"
        ) from None
    except ModelError as error:
        raise ValueError(f"{path}: not a seed game: {field_problem(error)}") from None
    except ValueError as error:  # a number too long or too deep: parse_json says which
        raise ValueError(f"{path}: not a seed game: {error}") from None


def ruleset_of(game: SeedGame) -> Ruleset:
    """The shipped rules profile on the seed game's layout."""
    return load_ruleset(None, game.layout, game.seed if game.layout == "random" else None)


def replay_seed(game: SeedGame) -> list[StepResult]:
    """Every step of ``game`` given again, each digest compared (with its sentences)."""
    return replay(game, ruleset_of(game), narrate=True)


def step_note(game: SeedGame, result: StepResult) -> str:
    """What the replay says of one step besides its sentences: why it failed, or, for a step
    the seed game expects to be refused, that it was (without that, its line read like that of
    an order that applied and said nothing: found by use, December 7)."""
    if result.message or not result.ok or result.index == 0:
        return result.message
    reject = game.steps[result.index - 1].reject
    return f"refused, as the seed game expects ({reject})" if reject else ""


def record_seed(game: SeedGame, path: Path) -> SeedGame:
    """Record ``game``'s digests again and write it to ``path`` (staged, then renamed)."""
    recorded = record(game, ruleset_of(game))
    StagedFile.write(path, (recorded.model_dump_json(indent=2) + "\n").encode("utf-8")).commit()
    return recorded


def shipped_seeds() -> list[ShippedSeed]:
    """The seed games shipped with the tool."""
    out = []
    for name in seed_names():
        game = SeedGame.model_validate_json(seed_file(f"{name}.json").read_text(encoding="utf-8"))
        out.append(ShippedSeed(name, game.layout, len(game.steps), game.description))
    return out

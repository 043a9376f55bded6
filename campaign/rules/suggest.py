"""'Did you mean' and short lists of legal choices, for refusals a person reads (issue 32 item 6).

Pure text helpers: the caller decides which names a reader may see (a player's suggestions and
lists come only from that player's view, DN-NEU-1) and passes them in. Matching ignores case;
the suggestions are returned in the spelling of ``choices``, closest first, ties sorted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: A list of legal choices is printed in full only up to this many names.
SHORT_LIST = 12
#: How similar (difflib ratio) a name must be to be suggested.
CUTOFF = 0.6


def close_matches(
    word: str, choices: Iterable[str], limit: int = 3, cutoff: float = CUTOFF
) -> list[str]:
    """The names of ``choices`` closest to ``word`` (case-insensitive), at most ``limit``, each
    at least ``cutoff`` alike (difflib ratio)."""
    # deliberate lazy import: only a refusal needs difflib, and every command imports this
    import difflib

    by_key: dict[str, str] = {}
    for choice in sorted(set(choices)):
        by_key.setdefault(choice.lower(), choice)
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word.lower())
    scored = []
    for key in by_key:
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            score = matcher.ratio()
            if score >= cutoff:
                scored.append((-score, key))
    return [by_key[key] for _score, key in sorted(scored)[:limit]]


def by_beginning(word: str, names: Sequence[str]) -> str | None:
    """The one name of ``names`` that ``word`` begins, in any case (``sol`` and ``S`` are
    ``solomani``); None when no name or several begin so, or ``word`` is empty. How every
    command reads a side's name (found by use, December 7: ``--side sol`` was refused where
    ``--by sol`` was read)."""
    given = word.strip().lower()
    found = [name for name in names if name.startswith(given)] if given else []
    return found[0] if len(found) == 1 else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` (or ``'x' or 'y'``) when ``word`` is close to a choice,
    else ``""``; ready to append to a refusal."""
    return suggestion(close_matches(word, choices))


def suggestion(names: Sequence[str]) -> str:
    """``"; did you mean 'x' or 'y'?"`` for ``names`` in their order (``""`` for none)."""
    if not names:
        return ""
    return "; did you mean " + " or ".join(repr(name) for name in names) + "?"


def loose_matches(word: str, choices: Iterable[str]) -> list[str]:
    """The choices that are ``word`` once case and hyphens are left aside (``rt5`` is
    ``RT-5``, ``m807`` is ``M-8-0-7``), sorted: one is the name meant; two or more are
    ambiguous, and none may be taken for the word (the caller suggests them)."""
    key = loose_key(word)
    return sorted({choice for choice in choices if loose_key(choice) == key})


def loose_key(word: str) -> str:
    """``word`` in lower case without hyphens: how a name typed without them is compared
    (``RT-5`` and ``rt5`` both give ``rt5``)."""
    return word.replace("-", "").lower()


def short_list(choices: Iterable[str], *, limit: int = SHORT_LIST) -> str | None:
    """The choices sorted and comma-separated when there are at most ``limit``, else None."""
    names = sorted(set(choices))
    if not names or len(names) > limit:
        return None
    return ", ".join(names)

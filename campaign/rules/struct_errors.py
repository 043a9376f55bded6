"""msgspec's validation errors in pydantic's shape (placeholder; the s60/errors branch completes
it): a ``Detail`` with the error's kind, location, context and input, so that
``field_errors.sentence`` words it."""

from __future__ import annotations

import re
from typing import Any, TypedDict

import msgspec

from campaign.rules.model import TAG_MISSING, TAG_UNKNOWN


class Detail(TypedDict, total=False):
    """One error as pydantic's ``ErrorDetails`` held it."""

    type: str
    loc: tuple[str | int, ...]
    ctx: dict[str, Any]
    input: Any


_AT = re.compile(r"^(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\[([^\]]*)\]")


def _location(path: str) -> tuple[str | int, ...]:
    steps: list[str | int] = []
    for name, index, key in _STEP.findall(path):
        if name:
            steps.append(name)
        elif index:
            steps.append(int(index))
        else:
            steps.append(key.strip("'\""))
    return tuple(steps)


def struct_details(error: msgspec.ValidationError, root: Any) -> Detail:
    """The first (only) problem of ``error`` in pydantic's shape."""
    matched = _AT.match(str(error))
    message = matched["message"] if matched else str(error)
    location = _location(matched["path"] or "") if matched else ()
    if message == TAG_MISSING:
        return {"type": "union_tag_not_found", "loc": location, "ctx": {}}
    if message == TAG_UNKNOWN:
        return {"type": "union_tag_invalid", "loc": location, "ctx": {}}
    missing = re.fullmatch(r"Object missing required field `(.+)`", message)
    if missing:
        return {"type": "missing", "loc": (*location, missing[1]), "ctx": {}}
    extra = re.fullmatch(r"Object contains unknown field `(.+)`", message)
    if extra:
        return {"type": "extra_forbidden", "loc": (*location, extra[1]), "ctx": {}}
    return {"type": "value_error", "loc": location, "ctx": {"error": message}}


def struct_problem(error: msgspec.ValidationError, root: Any) -> str:
    """``FIELD: what is wrong`` for ``error``."""
    from campaign.rules.field_errors import field_path, sentence

    detail = struct_details(error, root)
    where = field_path(detail.get("loc", ()))
    text = sentence(detail).replace("\n", " ").strip()  # type: ignore[arg-type]
    return f"{where}: {text}" if where else text

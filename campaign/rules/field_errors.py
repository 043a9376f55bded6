"""The words of a refusal: which field (its path), and what is wrong with it.

Refusals reach players (a turn file, an order, a seed game, a stored event); a validator's own
wording and Python's (``repr`` of the input) must not. Only the first error is described: one
line, naming the field by its path (``body.batches.0.order``). The kinds of error and their
context are pydantic's (the tool's models were pydantic models until ADR 0055, and every
refusal kept its words): ``struct_errors`` turns msgspec's errors into them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from campaign.rules.wording import plural

#: Error types whose sentence needs no value from the error's context.
_FIXED = {
    "missing": "is missing",
    "extra_forbidden": "is not a field here",
    "string_type": "must be text",
    "string_unicode": "must be text",
    "string_sub_type": "must be text",
    "bytes_type": "must be text",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "int_parsing_size": "is too large a number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "dict_type": "must be an object (a JSON {...})",
    "model_type": "must be an object (a JSON {...})",
    "model_attributes_type": "must be an object (a JSON {...})",
    "list_type": "must be a list (a JSON [...])",
    "tuple_type": "must be a list (a JSON [...])",
    "set_type": "must be a list (a JSON [...])",
    "none_required": "must be left out",
    "string_pattern_mismatch": "does not have the expected form",
    "union_tag_invalid": "names an unknown type",
    "union_tag_not_found": "has no type",
    "frozen_instance": "cannot be changed",
    "recursion_loop": "refers to itself",
}

#: Error types whose bound counts characters or items: ``1 character``, ``64 characters``
#: (found by use, December 7, late night: "must have at least 1 character(s)").
_COUNTED: dict[str, Callable[[Any], str]] = {
    "string_too_short": lambda n: plural(int(n), "character"),
    "string_too_long": lambda n: plural(int(n), "character"),
    "too_short": lambda n: plural(int(n), "item"),
    "too_long": lambda n: plural(int(n), "item"),
}
#: Error types whose sentence takes one value of the error's context.
_BOUNDED = {
    "string_too_short": ("min_length", "must have at least {}"),
    "string_too_long": ("max_length", "must have at most {}"),
    "too_short": ("min_length", "must have at least {}"),
    "too_long": ("max_length", "must have at most {}"),
    "greater_than": ("gt", "must be more than {}"),
    "greater_than_equal": ("ge", "must be at least {}"),
    "less_than": ("lt", "must be less than {}"),
    "less_than_equal": ("le", "must be at most {}"),
    "multiple_of": ("multiple_of", "must be a multiple of {}"),
    "literal_error": ("expected", "must be {}"),
    "enum": ("expected", "must be {}"),
}


def field_path(location: tuple[Any, ...]) -> str:
    """``body.batches.0.order`` from an error location, without pydantic's internal steps
    (validator and union member names such as ``function-after[...]``)."""
    parts = [
        str(part)
        for part in location
        if isinstance(part, int) or not any(c in str(part) for c in "[](), ")
    ]
    return ".".join(parts)


def sentence(detail: Mapping[str, Any]) -> str:
    """What is wrong, for one error: its ``type`` and context (``ctx``), as pydantic's
    ``ValidationError.errors()`` held them."""
    return wording(detail["type"], detail.get("ctx") or {})


def wording(kind: str, context: Mapping[str, Any]) -> str:
    """What is wrong, for an error of pydantic's type ``kind`` with its context values (shared
    by ``struct_errors``, which words msgspec's errors as pydantic's equivalent ones)."""
    if kind in ("value_error", "assertion_error") and "error" in context:
        return str(context["error"])  # our own validators' sentences
    if kind in _FIXED:
        return _FIXED[kind]
    if kind in _BOUNDED:
        key, form = _BOUNDED[kind]
        if key in context:
            return form.format(_COUNTED.get(kind, str)(context[key]))
    return "is not valid"

"""A pydantic model instance made from values that already have its fields' types.

The one place that knows how pydantic lays out an instance (its field dict, the set of fields
given, no extra fields, no private attributes). For hot paths that build thousands of
instances from values the rules themselves made (a copy of a unit for each order decided):
validating them again cost more than the work, and ``model_construct`` loops over the fields in
Python (issue 47). The income report's rows were built here too until they became msgspec
Structs (ADR 0053). Only for models without extra fields (``extra="forbid"``) and without
private attributes; the callers' tests validate what they build and compare it with what they
built.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any, TypeVar

from pydantic import BaseModel

Model = TypeVar("Model", bound=BaseModel)

_set = object.__setattr__


def unvalidated(cls: type[Model], values: dict[str, Any], fields_set: Set[str]) -> Model:
    """An instance of ``cls`` holding ``values`` (taken as its field dict, not copied) with
    ``fields_set`` as the fields given (shared as it is: pass a set of its own where the
    instance may be changed)."""
    made = cls.__new__(cls)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", fields_set)
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made

"""Event payloads across versions: a field added to an event after its first release is
upcast on read and left out on write while it holds the value the older rules gave.

The event payload format is ``EVENT_FORMAT``. Format 1 is what version 0.1.0 wrote; format 2
added the fields declared in the ``added_fields`` of the classes below (``docs/compatibility.md``
lists them). An event class that gains a field derives from ``VersionedEvent`` and names the
field in ``added_fields`` with the format that added it and the value the older rules gave:

- **read** (upcast): a payload without the field gets that value, stated here rather than left
  to the field's default (the default may differ: it is what the *new* rules give);
- **write** (downcast): the field is left out while it holds that value, so an event the old
  rules could have produced is written byte for byte as the old version wrote it. Its hash,
  its seal and the chain after it are the same on both versions, which is what lets a game in
  flight go on after one player upgrades (``tests/compat/``).

A field holding any other value is written: a version that does not know it refuses the event,
as it must (it cannot apply what it does not know).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import msgspec
from msgspec import Struct

from campaign.rules.base import Event
from campaign.rules.model import decoded_json, validated

#: The event payload format this version writes (bump when an event gains a field whose value
#: can differ from what the older rules gave, and declare the field in ``added_fields``).
EVENT_FORMAT = 2


class AddedField(Struct, frozen=True):
    """A field an event gained in format ``since``; ``old`` is the value (in its JSON form)
    that every event of an older format implies, and ``why`` says why the older rules gave it."""

    since: int
    old: Any
    why: str


class VersionedEvent(Event, frozen=True, kw_only=True):
    """An event with fields added after format 1 (see the module docstring)."""

    #: Field name -> when it was added and the value older payloads imply.
    added_fields: ClassVar[Mapping[str, AddedField]] = {}

    @classmethod
    def upcast(cls, data: Any) -> Any:
        """An older payload with each added field it lacks, with the older rules' value."""
        if not isinstance(data, dict):
            return data
        missing = [name for name in cls.added_fields if name not in data]
        if not missing:
            return data
        return {**data, **{name: copy.deepcopy(cls.added_fields[name].old) for name in missing}}

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """The event from a payload of any format (upcast first)."""
        if isinstance(data, cls):
            return data
        made: Self = validated(cls.upcast(data), cls)
        return made

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """The event from the JSON text of a payload of any format (upcast first)."""
        return cls.model_validate(decoded_json(text, cls))

    def model_dump(self, *, mode: str = "python", exclude_none: bool = False) -> dict[str, Any]:
        """The payload without the added fields that hold the older rules' value."""
        data = super().model_dump(mode=mode, exclude_none=exclude_none)
        for name, added in self.added_fields.items():
            if name in data and msgspec.to_builtins(data[name]) == added.old:
                del data[name]
        return data

"""msgspec imported without ``typing_extensions`` in a quick command (issue 47 item 2).

msgspec tries ``typing_extensions`` first for two helpers (``get_type_hints``, ``Required`` and
``NotRequired``) and falls back to ``typing``'s own when the import fails; on Python 3.11 both
are the same for the types the tool declares (it never uses ``typing_extensions``). Importing
it costs more than the fallback saves: ``typing_extensions`` brings ``inspect``, ``ast``,
``dis``, ``tokenize`` and ``socket`` along, about 28 million of the 520 million instructions of
``campaign status`` (callgrind, 2026-12-07; docs/engine.md, "Start-up latency").

``install()`` puts a finder in front of ``sys.meta_path`` that answers for ``msgspec`` alone:
it finds the package as the path finder would and wraps its loader, so that while the package
runs its ``__init__`` (which imports all of msgspec's own modules), ``typing_extensions`` is
marked absent (``sys.modules[...] = None``, which makes its import fail as a missing module
does). The mark is removed right after, so a later ``import typing_extensions`` (pydantic's, in
the same process) loads it as usual; the finder removes itself once it has answered. Nothing is
done when ``typing_extensions`` or msgspec is already imported. Only the quick commands install
it (``campaign.cli.main``), which run on one thread: no other import can meet the mark.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

#: The package imported lean, and the optional dependency it is imported without.
LEAN_PACKAGE = "msgspec"
SKIPPED = "typing_extensions"


class _LoaderWithoutSkipped:
    """The package's own loader, run with ``SKIPPED`` marked absent; anything else asked of the
    loader (resources, source) is the wrapped loader's."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)  # type: ignore[no-any-return]

    def exec_module(self, module: ModuleType) -> None:
        marked = SKIPPED not in sys.modules
        if marked:
            sys.modules[SKIPPED] = None  # type: ignore[assignment]
        try:
            self._loader.exec_module(module)
        finally:
            if marked and SKIPPED in sys.modules and sys.modules[SKIPPED] is None:
                del sys.modules[SKIPPED]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


class LeanMsgspecFinder:
    """A meta path finder for ``LEAN_PACKAGE`` alone (see the module's docstring)."""

    @classmethod
    def find_spec(
        cls, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != LEAN_PACKAGE:
            return None
        uninstall()
        if SKIPPED in sys.modules:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _LoaderWithoutSkipped(spec.loader)  # type: ignore[assignment]
        return spec


def install() -> None:
    """Put the finder first on ``sys.meta_path``, unless msgspec or ``typing_extensions`` is
    imported already (then there is nothing to save) or it is there."""
    if LEAN_PACKAGE in sys.modules or SKIPPED in sys.modules:
        return
    if LeanMsgspecFinder not in sys.meta_path:
        sys.meta_path.insert(0, LeanMsgspecFinder)  # type: ignore[arg-type]


def uninstall() -> None:
    """Take the finder off ``sys.meta_path`` (it answers once)."""
    while LeanMsgspecFinder in sys.meta_path:
        sys.meta_path.remove(LeanMsgspecFinder)  # type: ignore[arg-type]

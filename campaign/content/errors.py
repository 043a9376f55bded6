"""The one error every data loader raises (DN-DATA-5)."""

from __future__ import annotations

from pathlib import Path

from campaign.rules.errors import CampaignError


class DataFileError(CampaignError):
    """A data file that cannot be used: names the file, the line (1-based) and the reason.

    ``str(error)`` is ``path:line: reason`` (or ``path: reason`` when no single line is to blame,
    e.g. a missing file), the form editors and CI logs link to.
    """

    def __init__(self, path: Path | str, line: int | None, reason: str) -> None:
        self.path = Path(path)
        self.line = line
        self.reason = reason
        where = f"{self.path}:{line}" if line is not None else f"{self.path}"
        super().__init__(f"{where}: {reason}")

"""Play by e-mail from the TUI: the checks and messages of ``campaign export``/``import``.

After a turn file is written or read, the session folds in only what the file's exchange
stored (``SessionCore.fold_stored``: an import's orders, the fair-play orders an export may
store first), never the whole campaign again (issue 48 item 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from campaign.app import authority
from campaign.rules.errors import InvalidOrderError
from campaign.rules.ids import Side
from campaign.tui.session_core import SessionCore

if TYPE_CHECKING:
    from campaign.app.mail import PbemService


class SessionMail(SessionCore):
    """The turn-file part of ``CampaignSession`` (see the module)."""

    def _pbem(self, side: Side | None = None, *, allow_referee: bool = False) -> PbemService:
        from campaign.app.mail import PbemService, keys_dir

        return PbemService(self.service, keys_dir(), side=side, allow_referee=allow_referee)

    def own_side(self) -> Side | None:
        """The side this database plays by e-mail (recorded with the first file), if known."""
        return self._pbem().own_side(self.name)

    def playing_sides(self) -> list[Side]:
        """The sides this screen's seat acts for (``app.authority.playing_sides``)."""
        return authority.playing_sides(self.seat)

    def check_exchange(self) -> None:
        """Refuse (``SeatError``) when this screen's seat may not write or read turn files of
        this database (``PbemService.check_exchange``): the forms are not even opened."""
        self._pbem().check_exchange(self.name, self.seat)

    def check_export(
        self, side: Side, path: str, key: str | None = None, *, record_side: bool = False
    ) -> None:
        """Refuse, as ``export_turn`` would, an export that cannot be made; writes, stores and
        records nothing (``PbemService.export_file``'s dry run): asked before a question
        whose answer only matters when the export succeeds (``record_side``: as
        ``export_turn``'s)."""
        self._pbem(side if record_side else None).export_file(
            self.name,
            side,
            turn_path(path),
            sign_with=turn_path(key) if key else None,
            seat=self.seat,
            dry_run=True,
        )

    def export_turn(
        self, side: Side, path: str, key: str | None = None, *, record_side: bool = False
    ) -> str:
        """Write ``side``'s turn file to ``path`` (armoured text for ``.txt``/``.asc``, else
        JSON), signed with the private ``key`` file if given, recorded only once written
        (``PbemService.export_file``); the line the CLI prints. ``record_side``: the user
        agreed that this first file records the database as ``side``'s, as `campaign export
        --as SIDE` does (without it, a database playing no side yet refuses). ``CampaignError`` or
        ``FileRefusedError`` (a ``ValueError``) when it cannot be written (nothing recorded).
        In fair mode the export may first store the side's own seal/share orders: they are
        folded in, so the screen shows the game as it now stands."""
        target = turn_path(path)
        made = self._pbem(side if record_side else None).export_file(
            self.name, side, target, sign_with=turn_path(key) if key else None, seat=self.seat
        )
        self.fold_stored()
        return made.line(str(target))

    def import_turn(
        self, path: str, side: Side | None = None, *, allow_referee: bool = False
    ) -> str:
        """Check and apply the other player's turn file (``side``: the side this database
        plays, needed with the first file, like `campaign import --as`; ``allow_referee``:
        its referee orders were agreed to, `--allow-referee`); the lines the CLI prints: what
        the file brought, then its notes (``note: …``, e.g. which shares or reveals this
        machine gave in fair mode), one per line."""
        from campaign.app.mail import FairPlayFileError, read_turn_file

        target, pbem = turn_path(path), self._pbem(side, allow_referee=allow_referee)
        pbem.check_exchange(self.name, self.seat)  # before the file is read: nothing probed
        data = read_turn_file(target)
        try:
            done = pbem.import_turn(self.name, data, source=str(target), seat=self.seat)
        except FairPlayFileError as error:  # fair mode: a signed complaint beside the file
            raise pbem.complained(self.name, data, error, str(target)) from None
        self.fold_stored()
        return "\n".join([done.line(str(target)), *(f"note: {note}" for note in done.notes)])

    def exchange_lines(self) -> list[str]:
        """Every turn file sent or received, then the decisions (`campaign exchanges`)."""
        return self._pbem().exchange_lines(self.name)


def turn_path(path: str) -> Path:
    """A turn file path typed by the user, made absolute (``~`` expanded), so every message
    names the file in full (issue 31 item 12); ``InvalidOrderError`` if empty."""
    if not path.strip():
        raise InvalidOrderError("DN-ERR-1: give the turn file's path")
    return Path(path.strip()).expanduser().absolute()

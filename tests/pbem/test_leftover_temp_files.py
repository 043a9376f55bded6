"""Issue 33 item 9 and issue 46 item 5: an export killed before it renamed its temporary file
leaves nothing beside the target where the system has unnamed files (Linux ``O_TMPFILE``);
elsewhere it leaves ``.NAME.dnPID.*.tmp``, and the next export into that directory removes what
killed processes left, and nothing else (DN-ERR-1)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from campaign.cli import main
from campaign.userfiles import StagedFile

NAME = "nebula"

#: A writer killed (SIGKILL) after staging its file and before the rename, as `kill -9` during
#: `campaign export` does it.
KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from campaign.userfiles import StagedFile
StagedFile.write(Path(sys.argv[1]), b"half of a turn file")
os.kill(os.getpid(), signal.SIGKILL)
"""


def _killed_writer(target: Path) -> None:
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(target)], check=False)
    assert done.returncode == -signal.SIGKILL


def _dead_pid() -> int:
    """The process id of a process that has ended."""
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout)


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="no unnamed files on this system")
def test_a_killed_writer_leaves_nothing(tmp_path):  # DN-ERR-1
    """Issue 46 item 5: `kill -9` between writing and renaming leaves no `.tmp` file."""
    mail = tmp_path / "mail"
    mail.mkdir()
    for target in ("t1.txt", "other.json"):
        _killed_writer(mail / target)
    assert list(mail.iterdir()) == []


def test_the_next_export_removes_what_killed_exports_left(tmp_path, capsys):  # DN-ERR-1
    """Where a staged file has a name from the start, what a killed writer left (a dead
    writer's ``.NAME.dnPID.*.tmp``) goes with the next export into the directory."""
    db = ["--db", f"sqlite:///{tmp_path / 's.db'}"]
    assert (
        main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", "solomani", *db]) == 0
    )
    assert main(["order", NAME, "solomani place-neutral lantern", *db]) == 0
    mail = tmp_path / "mail"
    mail.mkdir()
    left = [mail / f".{target}.dn{_dead_pid()}.abcd1234.tmp" for target in ("t1.txt", "o.json")]
    for path in left:
        path.write_text("half of a turn file")
    # what is not ours, or belongs to a running process, stays
    running = mail / f".t1.txt.dn{os.getppid()}.abcd1234.tmp"
    running.write_text("a writer still at work")
    foreign = mail / ".t1.txt.notes.tmp"
    foreign.write_text("somebody else's file")
    capsys.readouterr()
    assert main(["export", NAME, "-o", str(mail / "t1.txt"), *db]) == 0
    assert sorted(p.name for p in mail.iterdir()) == sorted(["t1.txt", running.name, foreign.name])


def test_a_staged_file_is_named_after_its_writer(tmp_path):  # DN-ERR-1
    staged = StagedFile.write(tmp_path / "t.json", b"{}")
    assert staged.temporary.name.startswith(f".t.json.dn{os.getpid()}.")
    staged.commit()
    assert (tmp_path / "t.json").read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]

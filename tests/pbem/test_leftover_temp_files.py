"""Issue 33 item 9: an export killed before it renamed its temporary file leaves
``.NAME.dnPID.*.tmp`` beside the target; the next export into that directory removes what
killed processes left, and nothing else (DN-ERR-1)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

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


def test_the_next_export_removes_what_killed_exports_left(tmp_path, capsys):  # DN-ERR-1
    db = ["--db", f"sqlite:///{tmp_path / 's.db'}"]
    assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", "solomani",
                 *db]) == 0
    assert main(["order", NAME, "solomani place-neutral lantern", *db]) == 0
    mail = tmp_path / "mail"
    mail.mkdir()
    for target in ("t1.txt", "other.json"):  # each killed writer also cleaned the one before
        _killed_writer(mail / target)
        (left,) = mail.iterdir()
        assert left.name.startswith(f".{target}.dn") and left.name.endswith(".tmp")
    # what is not ours, or belongs to a running process, stays
    running = mail / f".t1.txt.dn{os.getppid()}.abcd1234.tmp"
    running.write_text("a writer still at work")
    foreign = mail / ".t1.txt.notes.tmp"
    foreign.write_text("somebody else's file")
    capsys.readouterr()
    assert main(["export", NAME, "-o", str(mail / "t1.txt"), *db]) == 0
    assert sorted(p.name for p in mail.iterdir()) == sorted(
        ["t1.txt", running.name, foreign.name])


def test_a_staged_file_is_named_after_its_writer(tmp_path):  # DN-ERR-1
    staged = StagedFile.write(tmp_path / "t.json", b"{}")
    assert staged.temporary.name.startswith(f".t.json.dn{os.getpid()}.")
    staged.commit()
    assert (tmp_path / "t.json").read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]

"""Shell completion (issue 32 item 7, ADR 0024): the candidates `campaign completion --complete`
prints for a command line, and the bash script run by a real bash."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.cli.completion import FILES, candidates


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    service = CampaignService(db_url=url)
    service.create("war", seed=7)
    service.create("duel", seed=8)
    return url


def test_commands_and_verbs():
    assert candidates([], "st") == ["status"]
    assert "seeds" in candidates([], "")
    assert candidates(["data"], "") == ["check", "map", "systems"]
    assert candidates(["scenario", "solve"], "inv") == ["invector"]


def test_options_and_their_choices():
    assert "--layout" in candidates(["new", "x"], "--")
    assert candidates(["map", "war", "--side"], "") == ["aslan", "solomani"]
    assert candidates(["new", "x", "--dice"], "p") == ["physical"]
    assert candidates(["keygen"], "") == ["aslan", "solomani"]
    assert candidates(["completion"], "") == ["bash", "fish", "zsh"]


def test_campaign_names_come_from_the_database_named_on_the_line(db_url):
    assert candidates(["status", "--db", db_url], "") == ["duel", "war"]
    assert candidates(["log", f"--db={db_url}"], "w") == ["war"]


def test_a_missing_database_file_gives_no_names_and_is_not_created(tmp_path: Path):
    missing = tmp_path / "none.db"
    assert candidates(["status", "--db", f"sqlite:///{missing}"], "") == []
    assert not missing.exists()


def test_order_words_sides_then_verbs(db_url):
    words = candidates(["order", "--db", db_url, "war"], "aslan b")
    # a quote is opened: the order is one argument; the same with a space keeps bash from
    # closing the quote after a single match (the order's arguments follow)
    assert words == ["'aslan buy", "'aslan buy "]
    assert candidates(["order", "war"], "'solomani place-n") == [
        "'solomani place-neutral",
        "'solomani place-neutral ",
    ]
    assert candidates(["order", "war"], '"referee adj') == [
        '"referee adjust-unit',
        '"referee adjust-unit ',
    ]
    assert candidates(["order", "war"], "'aslan end-p") == ["'aslan end-phase"]  # complete
    assert candidates(["order", "war"], "'aslan j") == ["'aslan join-battle", "'aslan jump"]
    fish = candidates(["order", "war"], "aslan ju", quote=False)
    assert fish == ["aslan jump"]


def test_a_listing_tab_shows_each_candidate_once(db_url):
    """Found by use (December 7): Tab twice listed ``'aslan buy   'aslan buy``: the second
    candidate, the same with a space, keeps bash from closing the quote when it inserts, and
    bash listed both. A Tab that only lists (bash's COMP_TYPE 63, '?') gets each once; a Tab
    that inserts and lists at once (33 '!', show-all-if-ambiguous; 64 '@',
    show-all-if-unmodified) still needs two: the order so far and its usage."""
    words = ["order", "--db", db_url, "war"]
    assert candidates(words, "'aslan buy", listing=63) == ["'aslan buy"]
    assert candidates(words, "'aslan bu", listing=63) == ["'aslan buy"]
    assert candidates(words, "'aslan j", listing=63) == ["'aslan join-battle", "'aslan jump"]
    for both in (33, 64):
        assert candidates(words, "'aslan bu", listing=both) == [
            "'aslan buy ",
            "'aslan buy KIND [COUNT]",
        ]
        assert candidates(words, "'referee set-r", listing=both) == [
            "'referee set-ru ",
            '\'referee set-ru SIDE RU "REASON"',
        ]
        assert candidates(words, "'aslan end-p", listing=both) == ["'aslan end-phase"]
    assert candidates(words, "'aslan bu", listing=9) == ["'aslan buy", "'aslan buy "]


def test_docs_completes_document_names_not_campaigns(db_url):
    """DN-ERR-1 (found by use, December 8): `campaign docs <Tab>` offered the database's
    campaigns ("war", "duel"), which `campaign docs` refuses; it offers the documents."""
    offered = candidates(["docs", "--db", db_url], "")
    assert "war" not in offered and "duel" not in offered
    assert candidates(["docs"], "tuto") == ["tutorial"]
    assert "adr/0024-shell-completion-without-a-dependency" in candidates(["docs"], "adr/0024")


def test_layout_completes_the_layouts_of_the_data_directory(tmp_path: Path, monkeypatch):
    """DN-MAP-5 (found by use, December 8): `--layout <Tab>` offered nothing; it offers the
    layout files of the data directory (``--data`` on the line, else ``$CAMPAIGN_DATA_DIR``,
    else the shipped data), then ``random``."""
    monkeypatch.delenv("CAMPAIGN_DATA_DIR", raising=False)
    assert candidates(["new", "war", "--layout"], "") == ["demo", "random", "standard"]
    own = tmp_path / "own"
    (own / "maps" / "layouts").mkdir(parents=True)
    (own / "maps" / "layouts" / "ring.toml").write_text("", encoding="utf-8")
    assert candidates(["data", "check", "--data", str(own), "--layout"], "") == ["random", "ring"]
    monkeypatch.setenv("CAMPAIGN_DATA_DIR", str(own))
    assert candidates(["new", "war", "--layout"], "r") == ["random", "ring"]


def test_seed_games_and_files():
    assert candidates(["replay"], "standard-t") == ["standard-turn1"]
    assert candidates(["orders", "war"], "") == [FILES]
    assert candidates(["map", "war", "-o"], "") == [FILES]


def test_completion_prints_each_script(capsys):
    for shell, marker in (
        ("bash", "complete -F"),
        ("zsh", "bashcompinit"),
        ("fish", "complete -c campaign"),
    ):
        assert main(["completion", shell]) == 0
        assert marker in capsys.readouterr().out


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (["data", "check", "--"], "--data\n--help\n--layout\n--seed\n"),
        (["--"], "--help\n--version\n"),
        (["completion", "--"], "--complete\n--help\n--listing\n"),
    ],
)
def test_a_double_dash_typed_is_the_word_completed(words, offered, capsys):
    """DN-ERR-1 (found by use, December 8): `campaign data check --` + Tab offered "check"
    (the word before it) and bash put it over the "--": the shim's words reached the handler
    without the "--" the user typed. Every word the shell passes is the user's, verbatim."""
    assert main(["completion", "--complete", "bash", "--", *words]) == 0
    assert capsys.readouterr().out == offered


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_script_completes_in_a_real_bash(db_url, tmp_path: Path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "campaign"
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} -m campaign "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    script = subprocess.run(
        [str(shim), "completion", "bash"], capture_output=True, text=True, check=True
    ).stdout
    probe = script + (
        't() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); '
        '_campaign_complete; printf "[%s]" "${COMPREPLY[@]}"; echo; }\n'
        "t campaign sta\n"
        f"t campaign status --db {db_url} w\n"
        't campaign order war "\'aslan bu"\n'
        'COMP_TYPE=63 t campaign order war "\'aslan buy"\n'
        'COMP_TYPE=33 t campaign order war "\'aslan bu"\n'
    )
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    out = subprocess.run(
        ["bash", "-c", probe], capture_output=True, text=True, env=env, check=True
    ).stdout.splitlines()
    assert out == [
        "[status ]",
        "[war ]",
        "['aslan buy]['aslan buy ]",
        "['aslan buy]",  # a second Tab lists: once
        "['aslan buy ]['aslan buy KIND [COUNT]]",  # show-all-if-ambiguous: the usage
    ]


def test_a_tab_loads_neither_the_rules_engine_nor_pydantic(db_url):
    """issue 47 item 2: campaign names and order words come without the engine (0.2 s a Tab);
    the seat that decides which order words (``campaign.rules.seats``, with the ids) is no
    part of it, nor msgspec: the seat is a plain value, and importing msgspec (with
    typing_extensions) was about a tenth of a Tab's CPU (found on 2026-12-07: 0.083-0.091 s
    a Tab against 0.054-0.063 s before the seat decided the order words)."""
    script = "\n".join(
        [
            "import sys",
            "from campaign.cli.completion import candidates",
            f"assert candidates(['status', '--db', {db_url!r}], '') == ['duel', 'war']",
            f"assert candidates(['order', '--db', {db_url!r}, 'war'], 'aslan b')"
            " == ['\\'aslan buy', '\\'aslan buy ']",
            "print(sorted(m for m in sys.modules if m in ('pydantic', 'msgspec')"
            " or m.startswith('campaign.rules.') and m not in"
            " ('campaign.rules.errors', 'campaign.rules.ids', 'campaign.rules.seats',"
            " 'campaign.rules.suggest')))",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_every_name_campaign_app_exports_is_there_when_asked_for():
    """issue 47 item 2: ``campaign.app`` loads its names lazily; each one still resolves."""
    import campaign.app

    missing = [name for name in campaign.app.__all__ if getattr(campaign.app, name, None) is None]
    assert missing == []


def _sides_offered(words: list[str]) -> list[str]:
    """The order givers Tab offers after ``campaign WORDS '``: the first word of each."""
    return sorted({word.lstrip("'").split()[0] for word in candidates(words, "'")})


def test_order_words_are_the_seats_own(db_url, tmp_path: Path):
    """DN-SEQ-2 (docs/seats.md, a seat decides once): Tab offers only the orders the seat on
    the line may give. Found by use (December 7): `campaign order war --side aslan '` and Tab
    on the Aslan player's own database by e-mail offered every `'solomani …` verb and the
    referee's, which that seat is refused every time (`you play aslan: solomani's orders are
    given from solomani's seat`, `this database plays aslan by e-mail: …`)."""
    assert _sides_offered(["order", "--db", db_url, "war"]) == ["aslan", "referee", "solomani"]
    assert _sides_offered(["order", "--db", db_url, "war", "--side", "aslan"]) == ["aslan"]
    assert _sides_offered(["order", "--db", db_url, "--side", "sol", "war"]) == ["solomani"]
    assert candidates(["order", "--db", db_url, "war", "--side", "aslan"], "'solomani b") == []
    own = f"sqlite:///{tmp_path / 'aslan.db'}"
    assert main(["new", "war", "--seed", "7", "--dice", "commit-reveal", "--as", "aslan",
                 "--db", own]) == 0  # fmt: skip
    # the owner acts from the referee's seat (agreed overrides), never for solomani
    assert _sides_offered(["order", "--db", own, "war"]) == ["aslan", "referee"]
    assert _sides_offered(["order", "--db", own, "war", "--side", "aslan"]) == ["aslan"]
    assert _sides_offered(["order", "--db", own, "war", "--side", "solomani"]) == []
    # a campaign this database does not hold, or no database: the referee's seat
    assert _sides_offered(["order", "--db", own, "other"]) == ["aslan", "referee", "solomani"]


def test_the_machines_orders_are_not_offered(db_url):
    """DN-NEU-1 (ADR 0028): the seal, the shares and the reveals of fair mode are given by
    the player's machine, and refused when typed: Tab offers none of them (found by use,
    December 7: `'aslan sh` and Tab offered `'aslan share`)."""
    assert candidates(["order", "--db", db_url, "war"], "'aslan sh") == []
    words = candidates(["order", "--db", db_url, "war"], "'")
    assert not [word for word in words if word.split()[1] in ("seal-deck", "share", "reveal")]

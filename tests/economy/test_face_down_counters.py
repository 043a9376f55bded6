"""A face-down neutral counter in space counts as a warship for connections until it is turned
face up (DN-ECO-3 with DN-NEU-1, house reading in docs/rules-economy.md): income, supply and
production places never depend on a kind nobody has seen."""

from __future__ import annotations

from campaign.rules.economy.adapter import income_report_for
from campaign.rules.ids import Side, SystemType
from tests.economy.game import Game


def _aslan_income(kind: str, *, face_down: bool) -> int:
    """Aslan's income with a neutral counter of ``kind`` in the stellar hex of every type 1
    system but the two capitals (face down or face up): some of them lie on Aslan's
    connections."""
    game = Game(ru=10)
    for n, system in enumerate(game.ruleset.star_map.systems, start=1):
        if system.type is SystemType.PRIMARY and system.id not in ("hlirakh", "concord"):
            game.put(f"N-Q-{n}", kind, f"hex:{system.id}", face_down=face_down)
    return income_report_for(game.state, game.ruleset, Side.ASLAN).income


def test_a_face_down_transport_cuts_like_a_monitor_until_revealed():  # DN-ECO-3, DN-NEU-1
    monitor, transport = "neutral:M-8-0-7", "neutral:TR"
    assert _aslan_income(monitor, face_down=True) == _aslan_income(transport, face_down=True)
    # face up, a transport cuts nothing (DN-ECO-3 excepts transports): the income rises
    assert _aslan_income(transport, face_down=False) > _aslan_income(monitor, face_down=False)
    assert _aslan_income(monitor, face_down=False) == _aslan_income(monitor, face_down=True)


def test_a_cut_by_a_face_down_counter_says_why_it_counts():  # DN-ECO-3, DN-NEU-1
    """Found by use (December 7, evening): Khtaoi's cut read "Alameda: enemy starships other
    than tankers/transports there: neutral face-down counter (stellar hex)" while the referee
    knew the counter to be a transport, which DN-ECO-3 excepts. The reason now says that a
    face-down counter counts as a warship until it is turned face up; the kind stays hidden."""
    game = Game(
        counters="""
        N-TR-1 neutral:TR hex:marrow face-down home=marrow
    """
    )
    report = income_report_for(game.state, game.ruleset, Side.SOLOMANI)
    (halden,) = [box for box in report.boxes if box.system_id == "halden"]
    assert not halden.connected
    (marrow,) = [cut for cut in halden.cut_by if cut.system_id == "marrow"]
    assert "neutral face-down counter (stellar hex)" in marrow.reason
    assert "a face-down counter counts as a warship until it is turned face up" in marrow.reason
    assert "N-TR-1" not in marrow.reason and "transport" not in marrow.reason.split(":")[-1]

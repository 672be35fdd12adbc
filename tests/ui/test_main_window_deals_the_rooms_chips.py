"""The window deals every wager in the room's chips, as the site file's [chips] names them
(issue 22, item 2): a room without the $2.50 and $25 chips never sees one bet."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from pytestqt.qtbot import QtBot

from trainer.engine.chips import Rack, RoomChips
from trainer.site_config import SiteConfig
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow

ROOM = Rack.of_values([Decimal(v) for v in ("1", "5", "20", "100", "500")])


def test_the_window_bets_in_the_sites_rack(qtbot: QtBot, tmp_path: Path) -> None:
    site = SiteConfig(path=tmp_path / "site.toml", chips=RoomChips(rack=ROOM))
    window = MainWindow(TrainingSettings(rules="ny-2018", options={}, seats=6, seed=3),
                        site=site)
    qtbot.addWidget(window)
    assert window.session.rack == ROOM
    chips = set()
    for _ in range(5):
        state = window.session.next_round()
        chips |= {chip for seat in state.round.seats for stack in seat.chips.values()
                  for chip in stack}
    assert chips and chips <= set(ROOM.values)
    window.close()

"""The room's lines read in Spanish from the catalogue (issue 24): the status bar's
"Room: not connected — …", the records refused with its plural, and the instructor
area's line of stations not heard from, each station's answers waiting in plural forms;
English (the default) as before. No room server needed: the line reads a stub."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from trainer.room.admin import QuietStation
from trainer.room.worker import RoomState, RoomSyncStatus
from trainer.ui.room_status import QuietStationsLine, RoomPresence, status_sentence

QUIET = (QuietStation("quiet0011", 15, 7), QuietStation("quiet0022", 40, 1),
         QuietStation("quiet0033", 12, 0))


def _line(qtbot: QtBot) -> QuietStationsLine:
    line = QuietStationsLine(lambda: QUIET, every=60, poll_ms=10)
    qtbot.addWidget(line)
    qtbot.waitUntil(lambda: "quiet" in line.text(), timeout=5000)
    line.stop()
    return line


def test_the_room_lines_read_in_spanish(qtbot: QtBot, spanish: None) -> None:
    presence = RoomPresence(None, None, "sin archivo de credenciales")
    assert presence.sentence() == "Sala: no conectada \u2014 sin archivo de credenciales"
    assert presence.label.text() == presence.sentence()
    presence.stop()
    refused = RoomSyncStatus(RoomState.CONNECTED, None, refused=3)
    assert status_sentence(refused).endswith(
        " \u2014 3 registros rechazados (no enviados: no superan las comprobaciones;"
        " inform\u00e1tica los encuentra en los registros rechazados de la sala)")
    assert _line(qtbot).text() == (
        "Puestos sin noticias desde hace 10 minutos o m\u00e1s: quiet001 (visto por \u00faltima"
        " vez hace 15 min, con 7 respuestas en espera entonces); quiet002 (visto por \u00faltima"
        " vez hace 40 min, con 1 respuesta en espera entonces); quiet003 (visto por \u00faltima"
        " vez hace 12 min).")


def test_the_room_lines_still_read_in_english(qtbot: QtBot) -> None:
    refused = RoomSyncStatus(RoomState.CONNECTED, None, refused=1)
    assert status_sentence(refused) == (
        "Room: connected \u2014 1 record refused (not sent: it fails the checks; IT finds it"
        " in the room's refused records)")
    assert _line(qtbot).text() == (
        "Stations not heard from for 10 minutes or more: quiet001 (last seen 15 min ago,"
        " 7 answers waiting then); quiet002 (last seen 40 min ago, 1 answer waiting then);"
        " quiet003 (last seen 12 min ago).")

"""The status bar's sentence on the room in the trainee's language (issue 24), with the
Spanish plural forms of the answers waiting; English unchanged. No server needed: the
sentence is read from a status snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.room.outbox import Waiting
from trainer.room.worker import RoomState, RoomSyncStatus


def _offline(answers: int) -> RoomSyncStatus:
    return RoomSyncStatus(RoomState.OFFLINE, Waiting(answers=answers, records=answers + 2))


def test_offline_with_answers_waiting_in_spanish_one_and_many() -> None:
    set_language("es")
    assert _offline(1).sentence() == "Sala: sin conexión — 1 respuesta en espera"
    assert _offline(12).sentence() == "Sala: sin conexión — 12 respuestas en espera"
    assert _offline(0).sentence() == "Sala: sin conexión"
    assert RoomSyncStatus(RoomState.CONNECTED, Waiting(0, 0)).sentence() == "Sala: conectada"


def test_not_sending_names_the_count_and_the_reason_in_spanish() -> None:
    set_language("es")
    status = RoomSyncStatus(RoomState.REFUSED, Waiting(answers=3, records=3), error="why")
    assert status.sentence() == "Sala: sin enviar — 3 respuestas en espera (why)"


def test_the_same_sentences_in_english_are_unchanged() -> None:
    assert _offline(1).sentence() == "Room: offline — 1 answer waiting"
    assert _offline(12).sentence() == "Room: offline — 12 answers waiting"
    status = RoomSyncStatus(RoomState.REFUSED, Waiting(answers=3, records=3), error="why")
    assert status.sentence() == "Room: not sending — 3 answers waiting (why)"
    assert RoomSyncStatus(RoomState.STARTING, None).sentence() == "Room: connecting…"


def test_an_unreachable_room_is_said_in_spanish(tmp_path: Path) -> None:
    from trainer.room.outbox import RoomOffline, sync_once
    from trainer.room.target import RoomTarget
    from trainer.storage import open_database
    from trainer.storage.outbox_reads import StationOutbox

    path = tmp_path / "trainer.sqlite3"
    open_database(path, backup_on_session=False).close()
    outbox = StationOutbox.open(path)
    set_language("es")
    try:
        with pytest.raises(RoomOffline) as offline:
            sync_once(outbox, RoomTarget("postgresql://station@127.0.0.1:9/room", None),
                      connect_timeout=2)
    finally:
        outbox.close()
    assert str(offline.value).startswith("no se pudo llegar al servidor de la sala (")


def test_it_is_told_in_spanish_what_is_wrong_with_a_key_or_a_credentials_file(
        tmp_path: Path) -> None:
    from trainer.room.credentials import CredentialsError, read_credentials
    from trainer.room.keys import key_problem

    path = tmp_path / "room.credentials"
    path.write_text("user = \n", "utf-8")
    path.chmod(0o600)
    set_language("es")
    assert key_problem("", "AAAA") == "NAME: el nombre del instructor está vacío"
    with pytest.raises(CredentialsError) as refused:
        read_credentials(path)
    assert str(refused.value).startswith(f"archivo de credenciales {path}: no es TOML (")
    set_language("en")
    assert key_problem("", "AAAA") == "NAME: the instructor's name is empty"

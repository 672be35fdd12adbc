"""Merging a station file and checking the records, in the trainee's language (issue 24):
a tampered file refused in Spanish naming it, the public default key's warning in
Spanish, an altered answer named in Spanish by `check_records` (what `hhe-trainer
verify` and the instructor area show); the station's records themselves are unchanged by
the language, and English is unchanged."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import answer, new_round

from trainer.i18n import set_language
from trainer.storage import MergeError, TrainerDB, open_database
from trainer.storage.exchange import DEFAULT_KEY_WARNING


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        answer(db, new_round(db, ana), correct=False, given="5.00")
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        yield db


def test_a_tampered_file_is_refused_in_spanish(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "puesto-1.hhe")
    data = exported.read_bytes()
    exported.write_bytes(data.replace(b"false", b"true", 1))
    set_language("es")
    with pytest.raises(MergeError) as refused:
        instructor.merge_station(exported, allow_default_key=True)
    assert str(refused.value) == (
        "puesto-1.hhe se dañó o se alteró después de exportarse (o se exportó con otra clave"
        " de sala); no se ha fusionado nada")


def test_the_default_keys_refusal_and_warning_in_spanish(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "puesto-1.hhe")
    set_language("es")
    with pytest.raises(MergeError) as refused:
        instructor.merge_station(exported)
    assert str(refused.value).startswith(
        "puesto-1.hhe se firmó con la clave de sala pública por defecto")
    assert str(refused.value).endswith("; no se ha fusionado nada")
    report = instructor.merge_station(exported, allow_default_key=True)
    assert report.answers == 1
    assert report.warning is not None and report.warning.startswith(
        "Este archivo se firmó con la clave de sala pública por defecto")
    set_language("en")
    assert instructor.merge_station(exported, allow_default_key=True).warning == (
        DEFAULT_KEY_WARNING)


def test_an_altered_answer_is_named_in_spanish(station: TrainerDB) -> None:
    with sqlite3.connect(station.path) as conn:
        conn.execute("UPDATE answers SET seconds = 0.5")
    conn.close()
    set_language("es")
    [finding] = station.check_records().altered
    assert finding.what == ("respuesta n.º 1: se alteró, se añadió o se eliminó un registro"
                            " anterior fuera del entrenador")
    set_language("en")
    [finding] = station.check_records().altered
    assert finding.what == ("answer #1 was altered, added or had a record before it removed"
                            " outside the trainer")

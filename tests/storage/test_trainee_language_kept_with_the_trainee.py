"""Each trainee's language is kept with the trainee in the station's database (issue 24):
every trainee at a station shares the computer's account, so the settings file cannot
hold a person's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.storage import open_database
from trainer.storage.models import StorageError
from trainer.storage.trainee_language import LANGUAGE_KEY


def test_two_trainees_keep_their_own_languages_across_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with open_database(path, backup_on_session=False) as db:
        ana, ben, carla = (db.create_trainee(name) for name in ("Ana", "Ben", "Carla"))
        db.set_trainee_language(ana, "es")
        db.set_trainee_language(ben, "en")
        uid = db.get_trainee(ana).uid  # type: ignore[union-attr]
    with open_database(path, backup_on_session=False) as db:  # the trainer started again
        assert db.trainee_language(ana) == "es"
        assert db.trainee_language(ben) == "en"
        assert db.trainee_language(carla) is None  # never chose: the room's
        # Kept by the trainee's uid, the name the room and station files use.
        assert db.conn.execute("SELECT value FROM meta WHERE key = ?",
                               (LANGUAGE_KEY + uid,)).fetchone()[0] == "es"


def test_choosing_the_rooms_language_again_forgets_the_trainees_own(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        db.set_trainee_language(ana, "es")
        db.set_trainee_language(ana, "en")  # changed, not added twice
        assert db.trainee_language(ana) == "en"
        db.set_trainee_language(ana, None)
        assert db.trainee_language(ana) is None
        assert db.conn.execute("SELECT count(*) FROM meta WHERE key LIKE ?",
                               (LANGUAGE_KEY + "%",)).fetchone()[0] == 0


def test_a_language_without_a_catalogue_is_refused_and_nothing_kept(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        db.set_trainee_language(ana, "es")
        with pytest.raises(StorageError) as refused:
            db.set_trainee_language(ana, "klingon")
        assert refused.value.field == "language"
        assert "'klingon' is not a language code" in refused.value.reason
        with pytest.raises(StorageError) as pseudo:
            db.set_trainee_language(ana, "qps")  # the test pseudo-language is no one's
        assert pseudo.value.field == "language"
        assert db.trainee_language(ana) == "es"


def test_no_such_trainee_is_refused_in_the_persons_language(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as db:
        with pytest.raises(StorageError) as refused:
            db.set_trainee_language(99, "es")
        assert str(refused.value) == "trainee_id: no trainee 99"
        set_language("es")
        try:
            with pytest.raises(StorageError) as spanish:
                db.trainee_language(99)
        finally:
            set_language("en")
        assert spanish.value.field == "trainee_id"
        assert spanish.value.reason != "no trainee 99"
        assert "99" in spanish.value.reason

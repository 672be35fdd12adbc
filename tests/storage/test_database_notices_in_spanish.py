"""What a person is told at start about a database that cannot be used, in their
language (issue 24): a file too short to be a database, a file of another program, a
file of a newer trainer; English unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.storage import open_database


def test_a_ten_byte_file_is_set_aside_said_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    path.write_bytes(b"0123456789")
    set_language("es")
    with open_database(path, backup_on_session=False) as db:
        assert db.notice is not None
        assert db.notice.startswith(
            f"La base de datos {path} no es una base de datos SQLite (solo 10 bytes)."
            " Se guardó como ")
        assert (" No hay ninguna copia de seguridad buena, así que se empezó una base de"
                " datos nueva") in db.notice


def test_another_programs_database_is_left_untouched_said_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.close()
    set_language("es")
    with open_database(path, backup_on_session=False) as db:
        assert db.notice is not None
        assert db.notice.startswith(
            f"El archivo {path} no es una base de datos del entrenador: contiene las tablas"
            " de otro programa (recipes). Se ha dejado intacto. Muévalo a otro sitio y el"
            " entrenador empezará allí su propia base de datos. Los resultados de esta"
            " sesión se guardan en ")
    set_language("en")
    with open_database(path, backup_on_session=False) as db:
        assert db.notice is not None
        assert db.notice.startswith(
            f"The file {path} is not a trainer database: it holds another program's tables"
            " (recipes). It was left untouched.")


def test_a_database_with_no_records_cannot_be_checked_said_in_spanish(tmp_path: Path) -> None:
    from trainer.storage.database import CannotCheck, open_for_checking

    path = tmp_path / "vacia.sqlite3"
    sqlite3.connect(path).close()
    path.write_bytes(b"")  # an empty file: SQLite reads it as a database of no tables
    set_language("es")
    with pytest.raises(CannotCheck) as refused:
        open_for_checking(path)
    assert str(refused.value) == f"La base de datos {path} aún no contiene registros."


def test_a_pinned_key_of_the_wrong_length_is_named_in_spanish() -> None:
    from trainer.storage.signing import public_key_problem

    set_language("es")
    assert public_key_problem("AAAA") == (
        "una clave pública Ed25519 tiene 32 bytes, esta tiene 3")
    set_language("en")
    assert public_key_problem("AAAA") == "an Ed25519 public key is 32 bytes, this one is 3"

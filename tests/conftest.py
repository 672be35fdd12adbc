"""Suite-wide fixtures: every test gets its own data folder, Qt runs offscreen."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.storage import TrainerDB, open_database

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing a test does reaches the real user's data folder."""
    folder = tmp_path / "hhe-data"
    monkeypatch.setenv("HHE_TRAINER_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test ends in English, the trainer's words and Qt's own alike: a test that
    chose Spanish (or the pseudo-language) leaves nothing of it to the next, whose
    expected texts are English (Qt's key names were left in Spanish once)."""
    yield
    from trainer.i18n import DEFAULT_NUMBER_FORMAT, ENGLISH, set_language, set_number_format

    set_language(ENGLISH)
    set_number_format(DEFAULT_NUMBER_FORMAT)
    if "trainer.ui.qt_language" in sys.modules:  # never imports Qt for a headless test
        sys.modules["trainer.ui.qt_language"].follow_language(ENGLISH)


@pytest.fixture
def spanish() -> None:
    """The test runs in Spanish (the trainer's words; :func:`english_after` puts English
    and the default number format back after it)."""
    from trainer.i18n import set_language

    set_language("es")


@pytest.fixture
def pseudo() -> None:
    """The test runs in the pseudo-language ``qps``, every translated message marked
    ``[[ ]]`` (English again after it: :func:`english_after`)."""
    from trainer.i18n import PSEUDO, set_language

    set_language(PSEUDO)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """A database of the test's own in its folder (no backup at a session's start),
    closed at the end. A module that needs another kind (a station file, a busy
    timeout) defines its own ``db``, which takes this one's place there."""
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()

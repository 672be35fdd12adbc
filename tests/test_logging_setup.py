"""The log goes to a small rotating file in the data folder, never into the installation."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

import trainer
from trainer.logging_setup import BACKUPS, MAX_BYTES, setup_logging, stop_logging
from trainer.paths import is_inside_installation


@pytest.fixture
def logging_on() -> Iterator[Path | None]:
    path = setup_logging()
    yield path
    stop_logging()


def test_the_log_is_written_in_the_data_folder(
    logging_on: Path | None, private_data_dir: Path
) -> None:
    assert logging_on == private_data_dir / "logs" / "hhe-trainer.log"
    logging.getLogger("trainer.test").warning("seat 3 paid twice")
    text = logging_on.read_text("utf-8")
    assert "started" in text and "seat 3 paid twice" in text


def test_the_log_is_not_inside_the_installation(logging_on: Path | None) -> None:
    assert logging_on is not None
    install = Path(trainer.__file__).resolve().parent
    assert not logging_on.resolve().is_relative_to(install)
    assert not is_inside_installation(logging_on)
    assert is_inside_installation(install / "cli.py")


def test_the_log_rotates_and_stays_small(logging_on: Path | None) -> None:
    assert logging_on is not None
    log = logging.getLogger("trainer.test")
    for number in range(MAX_BYTES * (BACKUPS + 2) // 1000):
        log.info("%05d %s", number, "x" * 1000)
    files = sorted(logging_on.parent.glob("hhe-trainer.log*"))
    assert len(files) == BACKUPS + 1
    assert all(f.stat().st_size <= MAX_BYTES + 2000 for f in files)


def test_the_log_follows_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, logging_on: Path | None
) -> None:
    monkeypatch.setenv("HHE_TRAINER_HOME", str(tmp_path / "room"))
    moved = setup_logging()
    assert moved == tmp_path / "room" / "logs" / "hhe-trainer.log"
    logging.getLogger("trainer.test").info("after the move")
    assert "after the move" in moved.read_text("utf-8")

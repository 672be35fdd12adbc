"""``hhe-trainer instructor reset NAME``: IT's recovery of a forgotten instructor password."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.storage_support import instructor_wait, verify_instructor
from trainer.cli import main
from trainer.storage import open_database
from trainer.storage.passwords import hash_password


@pytest.fixture
def station(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A station with instructor Maria (password 'correct horse'), no site file."""
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Maria", "correct horse")
        for _ in range(6):
            db.check_instructor("Maria", "guess")
    yield private_data_dir


def typed(monkeypatch: pytest.MonkeyPatch, *answers: str) -> list[str]:
    """getpass answers, in order; returns the prompts shown."""
    prompts: list[str] = []
    queue = list(answers)

    def fake(prompt: str = "") -> str:
        prompts.append(prompt)
        return queue.pop(0)

    monkeypatch.setattr("getpass.getpass", fake)
    return prompts


def test_reset_asks_twice_sets_the_password_and_clears_the_wait(
    station: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = typed(monkeypatch, "battery staple", "battery staple")
    assert main(["instructor", "reset", "maria"]) == 0
    assert prompts == ["New password for instructor Maria: ", "Again: "]
    assert "The password of instructor Maria is reset" in capsys.readouterr().out
    with open_database() as db:
        assert instructor_wait(db, "Maria") == 0
        assert db.check_instructor("Maria", "battery staple").accepted
        assert not verify_instructor(db, "Maria", "correct horse")


def test_two_different_typings_change_nothing(
    station: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed(monkeypatch, "battery staple", "battery stapel")
    with pytest.raises(SystemExit) as stopped:
        main(["instructor", "reset", "Maria"])
    assert stopped.value.code == "hhe-trainer instructor reset: the two passwords differ;" \
        " nothing written"
    with open_database() as db:
        assert verify_instructor(db, "Maria", "correct horse")


def test_an_unknown_name_is_refused_naming_the_instructors_there(
    station: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = typed(monkeypatch)
    assert main(["instructor", "reset", "Mario"]) == 1
    assert prompts == []  # no password asked for a name that is not there
    error = capsys.readouterr().err
    assert "no instructor named 'Mario' here (instructors: Maria)" in error
    assert "nothing changed" in error


def test_a_short_password_from_stdin_is_refused(
    station: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    with pytest.raises(SystemExit) as stopped:
        main(["instructor", "reset", "Maria", "--password-stdin"])
    assert "a password needs at least 6 characters" in str(stopped.value.code)


def test_list_prints_the_instructors(
    station: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["instructor", "list"]) == 0
    assert capsys.readouterr().out == "Maria\n"


def test_reset_runs_as_a_command_with_the_password_on_stdin(
    station: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site.toml"  # the site file's data folder is the one reset
    other = tmp_path / "room-data"
    site.write_text(f"[data]\nfolder = '{other}'\n", "utf-8")
    other.mkdir()
    env_site = {"HHE_TRAINER_SITE": str(site)}
    with open_database(other / "trainer.sqlite3") as db:
        db.create_instructor("Pat Lee", "old password")
    env = {k: v for k, v in os.environ.items() if k != "HHE_TRAINER_HOME"} | env_site
    done = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "instructor", "reset", "Pat Lee",
         "--password-stdin"],
        input="new password\n", capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    with open_database(other / "trainer.sqlite3") as db:
        assert verify_instructor(db, "Pat Lee", "new password")
    unknown = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "instructor", "reset", "Nobody",
         "--password-stdin"],
        input="new password\n", capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )
    assert unknown.returncode == 1
    assert "no instructor named 'Nobody'" in unknown.stderr


def test_a_site_hash_made_by_hash_password_is_strong_enough() -> None:
    from trainer.storage.passwords import hash_weakness

    assert hash_weakness(hash_password("correct horse")) is None

"""An instructor's lesson reusing a shipped lesson's id, and a lesson file that is
skipped, are both said: in ``--self-check``'s lessons line (which file is used, which
is left out) and in a notice at the window's start (issue 19, item 4)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from trainer.selfcheck import check_lessons, run_checks
from trainer.training.lessons import LESSONS_ENV, load_course, shipped_lessons_dir
from trainer.ui import app as app_module
from trainer.ui.first_run import WelcomeDialog

SHIPPED = "06-ties.toml"  # line 1 a comment, line 2 id = "ties"


@pytest.fixture
def drop_ins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The instructor's folder (HHE_TRAINER_LESSONS) holding a copy of the shipped
    "ties" lesson under another file name: same id, so it replaces the shipped one."""
    folder = tmp_path / "instructor"
    folder.mkdir()
    shutil.copy(shipped_lessons_dir() / SHIPPED, folder / "90-our-ties.toml")
    monkeypatch.setenv(LESSONS_ENV, str(folder))
    return folder


def _bad(folder: Path) -> Path:
    bad = folder / "91-broken.toml"
    bad.write_text('id = "broken"\ntitle = "Broken"\norder = 91\ntarget_seconds = -3\n',
                   "utf-8")
    return bad


def test_self_check_names_the_drop_in_used_instead_of_the_shipped_lesson(
    drop_ins: Path,
) -> None:
    (result,) = run_checks([("lessons", check_lessons)])
    assert result.ok
    assert "1 replaced by the instructor's" in result.detail
    assert (f"{drop_ins / '90-our-ties.toml'}:2: lesson 'ties' replaces the one in"
            f" {shipped_lessons_dir() / SHIPPED}: this file is used (same id)") in result.detail


def test_self_check_with_a_bad_file_names_it_and_still_the_replacement(drop_ins: Path) -> None:
    bad = _bad(drop_ins)
    (result,) = run_checks([("lessons", check_lessons)])
    assert not result.ok
    assert f"{bad}:4: target_seconds" in result.detail
    assert "lesson 'ties' replaces the one in" in result.detail


def test_the_start_notice_lists_the_skipped_file_and_the_file_used(drop_ins: Path) -> None:
    bad = _bad(drop_ins)
    notice = load_course().start_notice()
    assert notice is not None
    skipped, replaced = notice.split("\n\n")
    assert skipped.startswith("Left out of the course")
    assert f"- {bad}:4: target_seconds" in skipped
    assert replaced.splitlines() == [
        "Replaced by an instructor's lesson of the same id:",
        f"- {drop_ins / '90-our-ties.toml'}:2: lesson 'ties' replaces the one in"
        f" {shipped_lessons_dir() / SHIPPED}: this file is used (same id)",
    ]


def test_no_notice_when_only_the_shipped_lessons_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    assert load_course().start_notice() is None


def test_the_window_start_tells_of_skipped_and_replaced_lessons(
    qtbot: QtBot, drop_ins: Path, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *a: shown.append((title, text)))
    monkeypatch.setattr(WelcomeDialog, "exec", lambda _d: int(QDialog.DialogCode.Rejected))
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    bad = _bad(drop_ins)
    assert app_module.run_app() == 0
    [text] = [text for title, text in shown if title == "Lessons"]
    assert str(bad) in text and "Left out of the course" in text
    assert "lesson 'ties' replaces the one in" in text

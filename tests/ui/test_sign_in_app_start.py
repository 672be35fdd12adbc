"""A start with a broken site file hands the station to nobody: no instructor set-up is
offered; the site's instructor is created at the first start after the file is mended."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import verify_instructor
from trainer.site_config import PinPolicy
from trainer.storage import open_database
from trainer.storage.passwords import hash_password
from trainer.ui import app as app_module
from trainer.ui.first_run import WelcomeDialog
from trainer.ui.profile_dialog import ProfileDialog


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: shown.append(text))
    return shown


def test_a_broken_site_file_offers_no_instructor_set_up_and_a_mended_one_creates_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quiet: list[str]
) -> None:
    site = tmp_path / "site.toml"
    good = (f"[instructor]\nname = 'Pat Lee'\npassword_hash = '{hash_password('site pw')}'\n"
            "[security]\ntrainee_pin = 'required'\n")
    site.write_text(good.replace("'required'", "'always'"), "utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    offered: list[bool] = []

    def welcome(dialog: WelcomeDialog) -> int:
        offered.append(dialog.offers_instructor_setup)
        assert dialog.instructor_area_button.isHidden()
        assert str(site) in dialog.instructor_status.text()
        dialog.db.create_trainee("Ana")  # the station is used while the file is broken
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(WelcomeDialog, "exec", welcome)
    assert app_module.run_app() == 0
    assert offered == [False]
    assert any("line 5, security.trainee_pin" in text for text in quiet)
    with open_database() as db:
        assert db.list_instructors() == []

    site.write_text(good, "utf-8")  # IT mends the file
    policies: list[PinPolicy] = []

    def who(dialog: ProfileDialog) -> int:
        policies.append(dialog.policy)
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(ProfileDialog, "exec", who)
    assert app_module.run_app() == 0
    assert policies == [PinPolicy.REQUIRED]  # the site's policy reaches Who is training?
    with open_database() as db:
        assert db.list_instructors() == ["Pat Lee"]
        assert verify_instructor(db, "Pat Lee", "site pw")

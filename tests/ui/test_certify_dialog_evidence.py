"""The sign-off dialog shows the chosen exam's evidence and its flags in red; a flagged
exam can still be signed off, after the instructor ticks that they looked."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, find_trainee
from trainer.exam_setup import ExamSetup
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.certify import CertifyDialog

PW = "correct horse battery"
ROOM_KEY = "our room's key"


def sit(db: TrainerDB, trainee: int, config: int, seconds: list[float], *, right: int,
        hours: float, minutes_long: float = 10) -> int:
    when = T0 + timedelta(hours=hours)
    exam = db.start_exam(trainee, config, at=when)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number, taken in enumerate(seconds):
        good = number < right
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10" if good else "20", good, taken), at=when)
    db.finish_exam(exam.id, at=when + timedelta(minutes=minutes_long))
    return exam.id


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """The instructor's station: Ana failed attempt 1 of the one-attempt "Audition" here;
    another station's file brings her attempt 1 there, passed with two payouts answered
    in 0.3 s and 0.5 s (five payouts, 5.8 s in all: under the 10 s five need) in 40 s."""
    setup = ExamSetup("Audition", 1, 80.0, None, RULES, max_attempts=1)
    with open_database(tmp_path / "other" / "t.sqlite3", backup_on_session=False) as other:
        ana = other.create_trainee("Ana", at=T0)
        sit(other, ana, other.create_exam_setup(setup), [0.3, 0.5, 1.5, 1.5, 2.0], right=5,
            hours=3, minutes_long=40 / 60)
        exported = other.export_station(tmp_path / "other.hhe", ROOM_KEY)
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        database.create_instructor("Pat", PW)
        ana = database.create_trainee("Ana", at=T0)
        sit(database, ana, database.create_exam_setup(setup), [4.0] * 5, right=2, hours=1)
        report = database.merge_station(exported, ROOM_KEY)
        assert report.warning is not None and report.warning.startswith(
            "Ana has two attempt 1 of the exam \u201cAudition\u201d")
        yield database


def test_the_sign_off_shows_the_flags_and_signs_only_after_they_are_ticked_as_seen(
    qtbot: QtBot, db: TrainerDB
) -> None:
    ana = find_trainee(db, "Ana")
    assert ana is not None
    dialog = CertifyDialog(db, ana.id, "Pat", today=date(2026, 3, 2))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    (passed,) = dialog.signable_exam_ids()
    evidence = dialog.evidence.text()
    assert "Sat at station " in evidence and " (merged)." in evidence
    assert "Attempts of \u201cAudition\u201d known here:" in evidence
    assert f"this exam: attempt 1, exam #{passed}," in evidence
    assert ("Answer times: 5 questions in 5.8 s of answering, 40.0 s from start to finish;"
            " 5 payouts, 2 under a second.") in evidence
    flags = dialog.flags.text().split("\n")
    assert flags[0].startswith("\u26a0 Two attempt 1 of \u201cAudition\u201d (exam #1 at"
                               f" this station ({db.station[:8]}), exam #{passed} at station")
    assert flags[1] == ("\u26a0 2 attempts of \u201cAudition\u201d are known; the set-up"
                        " allows 1 attempt.")
    assert flags[2] == "\u26a0 2 of 5 payouts answered in under 1 second (0.30 s, 0.50 s)."
    assert flags[3] == ("\u26a0 5 questions answered faster than a person can read them: its"
                        " answers took 5.8 s, under 10.0 s (2 s a question).")
    assert dialog.flags.isVisible() and dialog.flags_seen.isVisible()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.password.setText(PW)
    assert not dialog.sign_off()
    assert dialog.message.text() == ("Look at the flags above first: tick that you have, to"
                                     " sign off anyway.")
    assert db.certifications() == []
    dialog.flags_seen.setChecked(True)
    assert ok.isEnabled()
    assert dialog.sign_off()
    (signed,) = db.certifications()
    assert signed.exam_id == passed


def test_an_exam_without_flags_shows_its_evidence_and_no_confirmation(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with open_database(tmp_path / "clean.sqlite3", backup_on_session=False) as clean:
        clean.create_instructor("Pat", PW)
        ben = clean.create_trainee("Ben", at=T0)
        config = clean.create_exam_setup(ExamSetup("Audition", 1, 80.0, None, RULES))
        exam = sit(clean, ben, config, [4.0] * 5, right=5, hours=1)
        dialog = CertifyDialog(clean, ben, "Pat", today=date(2026, 3, 2))
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.signable_exam_ids() == [exam]
        assert dialog.evidence.text().startswith(
            f"Sat at this station ({clean.station[:8]}).\n")
        assert not dialog.flags.isVisible() and not dialog.flags_seen.isVisible()
        assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        dialog.close()

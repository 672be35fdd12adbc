"""The evidence a sign-off shows (trainer.storage.evidence), from hand-made exams whose
answer times are worked out by hand: payouts under a second, an exam faster than a
person can read it (2 s a question), the attempts of the same set-up, and where it
was sat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.storage import NewAnswer, StorageError, TrainerDB, open_database
from trainer.storage.evidence import STATION_KEY, FlagKind


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        yield database


def exam_of(db: TrainerDB, config: int, answers: list[tuple[str, float]], *,
            seconds_long: float, trainee: int | None = None) -> int:
    """A finished exam of one round: one right answer per (kind, seconds), finished
    ``seconds_long`` after it started."""
    who = trainee if trainee is not None else db.create_trainee("Ana", at=T0)
    exam = db.start_exam(who, config, at=T0)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=T0)
    for number, (kind, seconds) in enumerate(answers):
        db.record_answer(NewAnswer(round_id, f"q{number}", kind, "ante", 1, "ante",
                                   "$10.00", "10", True, seconds), at=T0)
    db.finish_exam(exam.id, at=T0 + timedelta(seconds=seconds_long))
    return exam.id


def test_a_payout_answered_in_under_a_second_is_flagged_and_one_second_is_not(
    db: TrainerDB,
) -> None:
    config = create_exam_config(db, "Final", 1, RULES, 80)
    # Payouts 0.4 s, 1.0 s, 7.0 s and a dealer's hand 0.5 s: 8.9 s of answers for four
    # questions (the floor is 4 x 2 = 8 s), 10 minutes from start to finish.
    exam = exam_of(db, config, [("payout", 0.4), ("payout", 1.0), ("payout", 7.0),
                                ("dealer_hand", 0.5)], seconds_long=600)
    seen = db.exam_evidence(exam)
    assert (seen.questions, seen.payouts, seen.fast_payouts) == (4, 3, (0.4,))
    assert seen.answer_seconds == pytest.approx(8.9)
    assert seen.reading_floor_seconds == 8.0
    assert [(flag.kind, flag.text) for flag in seen.flags] == [
        (FlagKind.FAST_PAYOUT, "1 of 3 payouts answered in under 1 second (0.40 s).")]


def test_an_exam_whose_answers_add_to_less_than_two_seconds_a_question_is_flagged(
    db: TrainerDB,
) -> None:
    config = create_exam_config(db, "Final", 1, RULES, 80)
    # Ten payouts of 1.5 s: 15 s of answers, 12 s start to finish; a person needs 20 s.
    exam = exam_of(db, config, [("payout", 1.5)] * 10, seconds_long=12)
    (flag,) = db.exam_evidence(exam).flags
    assert flag.kind is FlagKind.FAST_EXAM
    assert flag.text == ("10 questions answered faster than a person can read them: its"
                         " answers took 15.0 s and it ran 12.0 s from start to finish,"
                         " under 20.0 s (2 s a question).")


def test_an_exam_run_faster_than_its_answers_claim_is_flagged_by_its_start_and_finish(
    db: TrainerDB,
) -> None:
    """Answers that say 3 s each (30 s for ten) in an exam that ran 15 s: what a script
    writing plausible times would leave."""
    config = create_exam_config(db, "Final", 1, RULES, 80)
    exam = exam_of(db, config, [("payout", 3.0)] * 10, seconds_long=15)
    (flag,) = db.exam_evidence(exam).flags
    assert flag.text == ("10 questions answered faster than a person can read them: it ran"
                         " 15.0 s from start to finish, under 20.0 s (2 s a question).")


def test_an_exam_at_exactly_two_seconds_a_question_is_not_flagged(db: TrainerDB) -> None:
    config = create_exam_config(db, "Final", 1, RULES, 80)
    exam = exam_of(db, config, [("payout", 2.0)] * 10, seconds_long=20)
    seen = db.exam_evidence(exam)
    assert seen.flags == ()
    assert (seen.answer_seconds, seen.elapsed_seconds) == (20.0, 20.0)


def test_the_attempts_shown_are_the_trainees_of_that_set_up_oldest_first(
    db: TrainerDB,
) -> None:
    final = create_exam_config(db, "Final", 1, RULES, 80)
    refresher = create_exam_config(db, "Refresher", 1, RULES, 80)
    ana = db.create_trainee("Ana", at=T0)
    ben = db.create_trainee("Ben", at=T0)
    slow = [("payout", 5.0)] * 3
    first = exam_of(db, final, slow, seconds_long=600, trainee=ana)
    exam_of(db, refresher, slow, seconds_long=600, trainee=ana)
    exam_of(db, final, slow, seconds_long=600, trainee=ben)
    second = exam_of(db, final, slow, seconds_long=600, trainee=ana)
    seen = db.exam_evidence(second)
    assert seen.setup_name == "Final"
    assert [(a.exam.id, a.exam.attempt) for a in seen.attempts] == [(first, 1), (second, 2)]
    assert all(a.sat_at.here for a in seen.attempts)
    assert seen.sat_at.label == f"this station ({db.station[:8]})"
    assert seen.flags == ()  # two attempts, numbered 1 and 2, no limit set


def test_a_merged_exam_whose_station_was_not_recorded_says_so(db: TrainerDB) -> None:
    """Merged before stations were recorded (or salvaged: meta is not copied)."""
    config = create_exam_config(db, "Final", 1, RULES, 80)
    exam = exam_of(db, config, [("payout", 5.0)], seconds_long=600)
    db.conn.execute("UPDATE exams SET config_id = NULL WHERE id = ?", (exam,))
    seen = db.exam_evidence(exam)
    assert seen.sat_at.station is None and not seen.sat_at.here
    assert seen.sat_at.label == ("another station (merged from a station file; which was"
                                 " not recorded)")
    db.conn.execute("INSERT INTO meta (key, value) SELECT ? || uid, 'abcdef0123456789'"
                    " FROM exams WHERE id = ?", (STATION_KEY, exam))
    assert db.exam_evidence(exam).sat_at.label == "station abcdef01 (merged)"


def test_the_evidence_of_no_exam_is_refused_by_name(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="exam_id: no exam 99"):
        db.exam_evidence(99)

"""``hhe-trainer room import`` brings a station's instructor records into the room too:
classes and their members, assignments, exam set-ups and signed certificates, sent
after the history by the shared pass's send half, never writing the imported file
(issue 20, item 7), on a real PostgreSQL server."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import psycopg
import pytest
from stations import room_import, station_target

from tests.storage.storage_support import ROUND, RULES, T0
from trainer.exam_setup import ExamSetup
from trainer.room.worker import RoomState, RoomWorker
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import AssignmentKind, NewAnswer, SignatureState

PW = "correct horse battery"
SHARED_TABLES = ("classes", "class_member_changes", "assignments", "exam_setups",
                 "certifications")




def take_exam(db: TrainerDB, trainee: int, config: int) -> int:
    """One round, five answers, four right: 80 %, a pass at pass mark 80."""
    exam = db.start_exam(trainee, config, at=T0)
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=T0)
    for index in range(5):
        right = index < 4
        db.record_answer(NewAnswer(
            round_id, f"q{index}", QuestionKind.PAYOUT, Skill.ANTE, 1, "ante", "10.00",
            "10.00" if right else "20.00", right, 3.0), at=T0 + timedelta(seconds=30))
    return db.finish_exam(exam.id, at=T0 + timedelta(minutes=1)).id


def old_station(data_folder: Path) -> tuple[Path, str, dict[str, list[str]]]:
    """A retired station's database in the data folder (its seals made with the secret
    beside it): Pat the instructor; Ana and Ben in the class Morning; the exam set-up
    Final assigned to the class; Ana passed it and Pat signed her certificate. Its
    path, the certificate's code and Pat's key as a site file pins it."""
    data_folder.mkdir(parents=True, exist_ok=True)
    path = data_folder / "trainer.sqlite3"
    db = open_database(path, backup_on_session=False)
    try:
        db.create_instructor("Pat", PW)
        pinned = {"Pat": [db.instructor_public_key("Pat", PW)[1]]}
        ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
        morning = db.create_class("Morning", date(2026, 3, 2))
        db.add_class_member(morning, ana)
        db.add_class_member(morning, ben)
        final = db.create_exam_setup(ExamSetup("Final", 1, 80, None, RULES))
        db.assign("exam", final, assigned_by="Pat", class_id=morning, due=date(2026, 3, 20))
        exam = take_exam(db, ana, final)
        signed = db.certify(ana, exam, "Pat", password=PW, expires=date(2027, 3, 2),
                            at=T0 + timedelta(hours=1))
    finally:
        db.close()
    return path, signed.code, pinned


def fingerprint(path: Path) -> tuple[str, int]:
    """The database file's bytes (SHA-256) and how many bytes its write-ahead log holds:
    none, so the database reads as its file's bytes say. (SQLite makes an empty log and
    its index beside a WAL database that a read-only connection opens.)"""
    log = path.with_name(path.name + "-wal")
    return (hashlib.sha256(path.read_bytes()).hexdigest(),
            log.stat().st_size if log.exists() else 0)


def room_counts(room_url: str) -> dict[str, int]:
    with psycopg.connect(room_url) as conn:
        return {table: int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                for table in SHARED_TABLES}


def one_worker_pass(path: Path, room_url: str) -> None:
    """Another station's room worker, for one whole pass (send, receive, share)."""
    worker = RoomWorker(path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        status = worker.wait_for(lambda s: s.last_sent is not None, timeout=60)
    finally:
        assert worker.stop()
    assert status is not None
    assert (status.state, status.not_received, status.not_shared) == (
        RoomState.CONNECTED, None, ())


def test_room_import_brings_classes_members_set_ups_assignments_and_certificates(
        room_url: str, credentials: Path, private_data_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, code, pinned = old_station(private_data_dir)
    before = fingerprint(path)

    assert room_import(room_url, credentials, path) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert ": exam set-ups 1, classes 1, membership changes 2, assignments 1," \
        " certificates 1." in captured.out, captured.out
    assert "Instructor's records imported from station" in captured.out
    assert fingerprint(path) == before  # the person's file is only read
    assert room_counts(room_url) == {"classes": 1, "class_member_changes": 2,
                                     "assignments": 1, "exam_setups": 1,
                                     "certifications": 1}

    # Another station of the room receives all of it at its worker's next pass.
    other = open_database(tmp_path / "other.sqlite3", backup_on_session=False)
    try:
        one_worker_pass(other.path, room_url)
        (morning,) = other.list_classes()
        assert (morning.name, morning.starts) == ("Morning", date(2026, 3, 2))
        assert [person.name for person in other.class_members(morning.id)] == ["Ana", "Ben"]
        (final,) = other.list_exam_configs()
        assert (final.name, final.version, final.setup.rounds, final.setup.pass_mark) == (
            "Final", 1, 1, 80)
        assert [(x.kind, x.target, x.due, x.assigned_by)
                for x in other.class_assignments(morning.id)] == [
            (AssignmentKind.EXAM, str(final.id), date(2026, 3, 20), "Pat")]
        certificate = other.find_certification(code)
        assert certificate is not None
        assert (certificate.signed_by, certificate.expires) == ("Pat", date(2027, 3, 2))
        check = other.check_signature(certificate.id, pinned)
        assert (check.state, check.signer, check.problems) == (
            SignatureState.SIGNED, "Pat", ())
    finally:
        other.close()


def test_a_second_room_import_of_the_same_file_adds_no_instructor_record(
        room_url: str, credentials: Path, private_data_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _code, _pinned = old_station(private_data_dir)
    assert room_import(room_url, credentials, path) == 0
    first = room_counts(room_url)
    capsys.readouterr()
    before = fingerprint(path)

    assert room_import(room_url, credentials, path) == 0

    out = capsys.readouterr().out
    assert "Nothing new: the room already holds every record of station" in out
    assert "Instructor's records imported" not in out
    assert room_counts(room_url) == first
    assert fingerprint(path) == before


def test_room_import_refuses_a_certificate_whose_statement_was_edited_and_imports_the_rest(
        room_url: str, credentials: Path, private_data_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, code, _pinned = old_station(private_data_dir)
    # Two years more, said alike in the row and in its signed statement: only the
    # signature can tell.
    conn = sqlite3.connect(path)
    with conn:
        (uid, statement) = conn.execute(
            "SELECT uid, statement FROM certifications WHERE code = ?", (code,)).fetchone()
        edited = statement.replace('"expires":"2027-03-02"', '"expires":"2029-03-02"')
        assert edited != statement
        conn.execute("UPDATE certifications SET statement = ?, expires = '2029-03-02'"
                     " WHERE uid = ?", (edited, uid))
    conn.close()
    before = fingerprint(path)

    assert room_import(room_url, credentials, path) == 1

    captured = capsys.readouterr()
    assert (f"hhe-trainer room: refused: this station's certification {uid} was not sent:"
            " signature: is not the signature of this statement by the key it names (the"
            " statement or the signature was changed after signing)\n") in captured.err
    assert "1 record refused (not imported; everything else was)" in captured.err
    assert "Traceback" not in captured.err
    assert ": exam set-ups 1, classes 1, membership changes 2, assignments 1." in (
        captured.out), captured.out
    assert room_counts(room_url) == {"classes": 1, "class_member_changes": 2,
                                     "assignments": 1, "exam_setups": 1,
                                     "certifications": 0}
    assert fingerprint(path) == before


def test_room_import_counts_the_instructor_records_in_the_sites_language(
        room_url: str, credentials: Path, private_data_dir: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path, _code, _pinned = old_station(private_data_dir)
    monkeypatch.setenv("HHE_TRAINER_LANGUAGE", "es")

    assert room_import(room_url, credentials, path) == 0

    out = capsys.readouterr().out
    assert "Registros del instructor importados del puesto " in out, out
    assert (": configuraciones de examen 1, grupos 1, cambios de miembros 2, tareas 1,"
            " certificados 1.\n") in out

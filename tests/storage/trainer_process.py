"""A real trainer process for the tests of other programs opening its files (issue 19).

Run as ``python tests/storage/trainer_process.py`` with ``HHE_TRAINER_HOME`` set: it
starts the trainer the way ``hhe-trainer`` does (the site file, the data folder's
database through ``open_database()``, the window with a dealt hand; offscreen
unless a display is set), prints ``ready <pid>``, then obeys one command a line on
standard input and answers each with one line, printed only once the work is done
(and, for writes, committed):

- ``answer``: answers the question on the table as a trainee would (the next hand
  first when the round is over); prints ``answer <id>``, the answer's row id;
- ``backup``: the session-start backup; ``export <path>``: a station file;
- ``instructor``: the instructor area of the site's instructor opened;
- ``class <name>`` / ``setup <name>`` / ``certify``: an instructor's writes, a
  class, an exam set-up, and a certification of a passed exam sat for it; print
  ``class <id>`` / ``setup <id>`` / ``certification <id>``;
- ``quit``: closes the window like Game ▸ Quit.

With ``--loop`` it opens no window and reads no command: the trainer's storage,
opened the same way, answers as fast as it can, with an instructor's write (a
class, an exam set-up, a certification) every tenth answer, printing each
acknowledgement as above until it is killed.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path
from uuid import uuid4

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.storage.storage_support import (  # noqa: E402
    ROUND,
    RULES,
    answer,
    create_exam_config,
)
from trainer.site_config import apply_data_folder, load_site_config  # noqa: E402
from trainer.storage.database import TrainerDB, open_database  # noqa: E402

INSTRUCTOR = "Irene"


def main() -> int:
    site = load_site_config()
    apply_data_folder(site)
    if sys.argv[1:] == ["--loop"]:
        return answer_until_killed()
    # The window's modules only here: --loop starts without Qt, many times a test.
    from PySide6.QtWidgets import QApplication

    from tests.ui.test_practice_loop import typed_form
    from trainer.training.session import TrainingSettings
    from trainer.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    opened = open_station()
    if opened is None:
        return 1
    db, trainee = opened
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee, site=site)
    window.show()
    window.next_hand()
    app.processEvents()
    print(f"ready {os.getpid()}", flush=True)
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        if command == "answer":
            state = window.state
            if state is None or state.current is None:
                window.next_hand()
                state = window.state
            assert state is not None and state.current is not None
            window.submit_answer(typed_form(state.current.kind, state.current.expected))
            (newest,) = db.conn.execute("SELECT MAX(id) FROM answers").fetchone()
            print(f"answer {newest}", flush=True)
        elif command == "backup":
            print(f"backup {db.backup()}", flush=True)
        elif command == "export":
            print(f"export {db.export_station(argument)}", flush=True)
        elif command == "instructor":
            window.show_instructor_area(INSTRUCTOR)
            print("instructor", flush=True)
        elif command == "class":
            print(f"class {db.create_class(argument, date(2026, 11, 2))}", flush=True)
        elif command == "setup":
            print(f"setup {create_exam_config(db, argument, 1, RULES, 80)}", flush=True)
        elif command == "certify":
            print(f"certification {certify_a_pass(db, trainee)}", flush=True)
        elif command == "quit":
            window.close()
            app.processEvents()
            print("quit", flush=True)
            return 0
        app.processEvents()
    return 0


def open_station() -> tuple[TrainerDB, int] | None:
    """The data folder's database opened as the trainer opens it, a new trainee, and the
    instructor; None (said on stdout) when the file was not opened as it is."""
    db = open_database()
    if db.notice:
        print(f"notice {db.notice}", flush=True)
        return None
    trainee = db.create_trainee(f"Trainee {uuid4().hex[:8]}")
    if INSTRUCTOR not in db.list_instructors():
        db.create_instructor(INSTRUCTOR, "a long password")
    return db, trainee


def answer_until_killed() -> int:
    """The trainer's storage answering and doing an instructor's writes, acknowledging
    each only once the call that commits it has returned."""
    opened = open_station()
    if opened is None:
        return 1
    db, trainee = opened
    session = db.start_session(trainee, "practice", RULES)
    print(f"ready {os.getpid()}", flush=True)
    number = 0
    while True:
        if number % 8 == 0:
            round_id = db.record_round(session, ROUND, RULES, 3)
        print(f"answer {answer(db, round_id, question_id=f'q{number}')}", flush=True)
        if number % 10 == 3:
            print(f"class {db.create_class(f'Class {uuid4().hex[:8]}', date(2026, 11, 2))}",
                  flush=True)
        elif number % 10 == 6:
            setup = create_exam_config(db, f"Set-up {uuid4().hex[:8]}", 1, RULES, 80)
            print(f"setup {setup}", flush=True)
        elif number % 10 == 9:
            print(f"certification {certify_a_pass(db, trainee)}", flush=True)
        number += 1


def certify_a_pass(db: TrainerDB, trainee: int) -> int:
    """A one-round exam with one right answer sat and finished, then signed off."""
    setup = create_exam_config(db, f"Sign-off {os.getpid()}-{uuid4().hex[:8]}", 1, RULES, 80)
    exam = db.start_exam(trainee, setup)
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3)
    answer(db, round_id, question_id="q0", correct=True, given="10.00")
    db.finish_exam(exam.id)
    return db.certify(trainee, exam.id, INSTRUCTOR, password="a long password").id


if __name__ == "__main__":
    sys.exit(main())

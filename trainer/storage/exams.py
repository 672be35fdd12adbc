"""Exams: the instructor's set-ups, and starting, scoring and listing exams (no Qt).

An exam copies its set-up's figures when it starts (later edits of the set-up
do not change it) and runs as an exam-mode session; finishing scores it from
that session's answers.
"""

from __future__ import annotations

from datetime import datetime

from trainer.exam_setup import stored_exam_problem
from trainer.storage import fields, rows
from trainer.storage.fields import MAX_NAME_LENGTH
from trainer.storage.models import Exam, ExamConfig, Mode, StorageError
from trainer.storage.writes import Writes


class Exams(Writes):
    """Exam set-ups and exams."""

    def create_exam_config(
        self,
        name: str,
        rounds: int,
        ruleset_id: str,
        pass_mark: float,
        time_limit_seconds: int | None = None,
    ) -> int:
        """The instructor's exam set-up; ``pass_mark`` is a percentage (0-100)."""
        clean = fields.text(name, "name", max_length=MAX_NAME_LENGTH)
        problem = stored_exam_problem(rounds, pass_mark, time_limit_seconds)
        if problem is not None:
            raise StorageError(problem)
        ruleset = fields.text(ruleset_id, "ruleset_id")
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM exam_configs WHERE name = ?", (clean,)).fetchone():
                raise StorageError(f"name: an exam set-up named {clean!r} already exists")
            cursor = conn.execute(
                "INSERT INTO exam_configs (name, rounds, ruleset_id, pass_mark,"
                " time_limit_seconds, created) VALUES (?, ?, ?, ?, ?, ?)",
                (clean, rounds, ruleset, float(pass_mark), time_limit_seconds, fields.now()),
            )
        return int(cursor.lastrowid or 0)

    def list_exam_configs(self) -> list[ExamConfig]:
        """Every exam set-up, by name."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.EXAM_CONFIG_COLUMNS} FROM exam_configs ORDER BY name COLLATE NOCASE",
        )
        return [rows.exam_config(row) for row in found]

    def start_exam(self, trainee_id: int, config_id: int, *, at: datetime | None = None) -> Exam:
        """Start an exam from a set-up: an exam-mode session plus the exam record
        (the set-up's figures are copied, so later edits do not change it)."""
        trainee_id = fields.integer(trainee_id, "trainee_id")
        started = fields.stamp(at)
        self._automatic_backup()
        with self._write() as conn:
            config = rows.fetch_one(
                conn,
                "SELECT rounds, ruleset_id, pass_mark, time_limit_seconds FROM exam_configs"
                " WHERE id = ?",
                (config_id,),
            )
            if config is None:
                raise StorageError(f"config_id: no exam set-up {config_id}")
            session_id = self._insert_session(
                conn, trainee_id, Mode.EXAM, config["ruleset_id"], started
            )
            cursor = conn.execute(
                "INSERT INTO exams (uid, trainee_id, session_id, config_id, rounds, ruleset_id,"
                " pass_mark, time_limit_seconds, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    fields.uid(),
                    trainee_id,
                    session_id,
                    config_id,
                    config["rounds"],
                    config["ruleset_id"],
                    config["pass_mark"],
                    config["time_limit_seconds"],
                    started,
                ),
            )
            exam_id = int(cursor.lastrowid or 0)
        return self._get_exam(exam_id)

    def finish_exam(self, exam_id: int, *, at: datetime | None = None) -> Exam:
        """Score an exam from its session's answers, decide pass or fail, end the session.

        The score is the share of right answers. Passing also needs every round
        the exam set answered in full: an exam left early (the time limit
        reached, the window closed) keeps its score but does not pass.
        """
        finished = fields.stamp(at)
        with self._write() as conn:
            exam = rows.fetch_one(
                conn,
                "SELECT session_id, pass_mark, finished, rounds FROM exams WHERE id = ?",
                (exam_id,),
            )
            if exam is None:
                raise StorageError(f"exam_id: no exam {exam_id}")
            session_id = exam["session_id"]
            if exam["finished"] is not None:
                raise StorageError(
                    f"exam_id: exam {exam_id} already finished at {exam['finished']}"
                )
            answers, correct = conn.execute(
                "SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM rounds r"
                " JOIN answers a ON a.round_id = r.id WHERE r.session_id = ?",
                (session_id,),
            ).fetchone()
            # A round is complete when it has answers and none left unanswered.
            (rounds_complete,) = conn.execute(
                "SELECT COUNT(*) FROM rounds r WHERE r.session_id = ?"
                " AND EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id)"
                " AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id"
                " AND a.given IS NULL)",
                (session_id,),
            ).fetchone()
            score = 100.0 * correct / answers if answers else 0.0
            passed = score >= exam["pass_mark"] and rounds_complete >= exam["rounds"]
            conn.execute(
                "UPDATE exams SET finished = ?, score = ?, passed = ? WHERE id = ?",
                (finished, score, int(passed), exam_id),
            )
            conn.execute(
                "UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL",
                (finished, session_id),
            )
        return self._get_exam(exam_id)

    def _get_exam(self, exam_id: int) -> Exam:
        row = rows.fetch_one(
            self.conn, f"SELECT {rows.EXAM_COLUMNS} FROM exams WHERE id = ?", (exam_id,)
        )
        if row is None:
            raise StorageError(f"exam_id: no exam {exam_id}")
        return rows.exam(row)

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]:
        """Exams, newest first: one trainee's, or everyone's."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.EXAM_COLUMNS} FROM exams WHERE ?1 IS NULL OR trainee_id = ?1"
            " ORDER BY started DESC, id DESC",
            (trainee_id,),
        )
        return [rows.exam(row) for row in found]

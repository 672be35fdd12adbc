"""Reading: trainees, instructors, progress, the roster, mistakes and skill totals (no Qt).

Every method is one read; the rows become models in :mod:`trainer.storage.rows`.
The roster and the skill table read the running totals the schema's trigger
keeps (a few hundred rows, not every answer).

Seals (:mod:`trainer.storage.seal`) are checked as records are read, at a cost
that keeps these reads quick: every exam's seal wherever exams are shown (the
roster's latest exam included: a few hundred HMACs), and one trainee's answers,
course answers and exams when their page opens (:meth:`Queries.record_seals`).
The whole database, each chain's end included, is checked by ``hhe-trainer
verify`` (:func:`trainer.storage.seal.check_database`).
"""

from __future__ import annotations

from dataclasses import replace

from trainer.storage import rows, seal
from trainer.storage.models import (
    AnswerRecord,
    CourseAnswer,
    DayStat,
    Exam,
    ExamStatus,
    Mistake,
    RosterColumn,
    RosterRow,
    SealState,
    SealSummary,
    SkillStat,
    StorageError,
    Streak,
    Trainee,
)
from trainer.storage.writes import Area

_TRAINEE_ANSWERS = (
    "FROM sessions s JOIN rounds r ON r.session_id = s.id JOIN answers a ON a.round_id = r.id"
    " WHERE s.trainee_id = ?"
)
_LATEST_EXAM = (
    "(SELECT e.id FROM exams e WHERE e.trainee_id = t.id ORDER BY e.started DESC, e.id DESC"
    " LIMIT 1)"
)
_SEALED_STATUS = {SealState.ALTERED: ExamStatus.ALTERED,
                  SealState.UNCHECKABLE: ExamStatus.UNCHECKABLE}
_STATUS_RANK = {ExamStatus.NONE: 0, ExamStatus.IN_PROGRESS: 1, ExamStatus.FAILED: 2,
                ExamStatus.PASSED: 3, ExamStatus.UNCHECKABLE: 4, ExamStatus.ALTERED: 5}
_EXAM_STATUS = (
    "(SELECT CASE WHEN e.finished IS NULL THEN 'in_progress'"
    " WHEN e.passed THEN 'passed' ELSE 'failed' END"
    " FROM exams e WHERE e.trainee_id = t.id ORDER BY e.started DESC, e.id DESC LIMIT 1)"
)
_ROSTER_ORDER = {
    RosterColumn.NAME: "t.name COLLATE NOCASE",
    RosterColumn.ACCURACY: "accuracy",
    RosterColumn.SECONDS_PER_ROUND: "seconds_per_round",
    RosterColumn.ROUNDS_PLAYED: "rounds_played",
    RosterColumn.LAST_ACTIVE: "t.last_active",
    RosterColumn.EXAM_STATUS: (
        "CASE exam_status WHEN 'in_progress' THEN 1 WHEN 'failed' THEN 2"
        " WHEN 'passed' THEN 3 ELSE 0 END"
    ),
}


class Queries(Area):
    """What trainees and instructors read."""

    # -- seals

    def exam_seal_states(self) -> dict[int, SealState]:
        """Every exam's seal, checked: its state by exam id."""
        return seal.check_rows(self.conn, self.secret, "exams")

    def with_seal_states(self, exams: list[Exam]) -> list[Exam]:
        """The exams with their seal's state and verification code filled in."""
        if not exams:
            return exams
        states = self.exam_seal_states()
        seals = dict(self.conn.execute("SELECT id, seal FROM exams").fetchall())
        return [
            replace(exam, seal_state=states.get(exam.id, SealState.ALTERED),
                    verification_code=seal.verification_code(seals.get(exam.id)))
            for exam in exams
        ]

    def chain_ends_altered(self) -> list[str]:
        """The sealed tables (``answers``, ``exams``...) whose chain no longer ends where the
        trainer last sealed it: records removed from its end (a few indexed reads)."""
        return [table for table in seal.SPECS
                if seal.head_state(self.conn, self.secret, table) is SealState.ALTERED]

    def seal_states(self, table: str, trainee_id: int) -> dict[int, SealState]:
        """One trainee's ``answers``, ``course_answers`` or ``exams``: each row's seal
        state by id."""
        where = {"answers": "s.trainee_id = ?", "course_answers": "c.trainee_id = ?",
                 "exams": "e.trainee_id = ?"}[table]
        return seal.check_rows(self.conn, self.secret, table, where, (trainee_id,))

    def record_seals(self, trainee_id: int) -> SealSummary:
        """One trainee's answers, course answers and exams, each seal checked."""
        checked, altered, uncheckable = 0, [], 0
        kinds = []
        for table in ("answers", "course_answers", "exams"):
            states = self.seal_states(table, trainee_id)
            checked += len(states)
            kinds.append((table.replace("_", " "), len(states)))
            for row_id, state in sorted(states.items()):
                if state is SealState.ALTERED:
                    altered.append(seal.record_name(table, row_id))
                elif state is SealState.UNCHECKABLE:
                    uncheckable += 1
        why = seal.uncheckable_sentence(self.secret) if uncheckable else None
        return SealSummary(checked, tuple(altered), uncheckable, why, tuple(kinds))

    def session_answers_state(self, session_id: int) -> SealState:
        """The worst state among one session's answers (an exam's): VALID when all are."""
        states = seal.check_rows(self.conn, self.secret, "answers", "r.session_id = ?",
                                 (session_id,)).values()
        for worst in (SealState.ALTERED, SealState.UNCHECKABLE):
            if worst in states:
                return worst
        return SealState.VALID

    def find_exam_by_code(self, code: str) -> int | None:
        """The id of the exam whose seal gives this verification code, or None."""
        return seal.find_exam_by_code(self.conn, code)

    # -- trainees and instructors

    def list_trainees(self) -> list[Trainee]:
        """Every trainee, by name."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.TRAINEE_COLUMNS} FROM trainees ORDER BY name COLLATE NOCASE",
        )
        return [rows.trainee(row) for row in found]

    def get_trainee(self, trainee_id: int) -> Trainee | None:
        """One trainee, or None."""
        row = rows.fetch_one(
            self.conn, f"SELECT {rows.TRAINEE_COLUMNS} FROM trainees WHERE id = ?", (trainee_id,)
        )
        return None if row is None else rows.trainee(row)

    def list_instructors(self) -> list[str]:
        """Instructor names (the UI offers to create the first one when empty)."""
        found = rows.fetch_all(
            self.conn, "SELECT name FROM instructors ORDER BY name COLLATE NOCASE"
        )
        return [row["name"] for row in found]

    # -- answers

    def course_answers(self, trainee_id: int) -> list[CourseAnswer]:
        """A trainee's rulings and scenario rounds, oldest first."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.COURSE_ANSWER_COLUMNS} FROM course_answers WHERE trainee_id = ?"
            " ORDER BY answered_at, id",
            (trainee_id,),
        )
        return [rows.course_answer(row) for row in found]

    def trainee_answers(self, trainee_id: int, *, wrong_only: bool = False) -> list[AnswerRecord]:
        """A trainee's answers, oldest first (for the CSV report)."""
        where = " AND a.correct = 0" if wrong_only else ""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.ANSWER_COLUMNS} {_TRAINEE_ANSWERS}{where}"
            " ORDER BY a.answered_at, a.id",
            (trainee_id,),
        )
        return [rows.answer_record(row) for row in found]

    def recent_answers(self, trainee_id: int, per_skill: int) -> list[AnswerRecord]:
        """A trainee's latest ``per_skill`` answers of each skill, oldest first: the
        last of :meth:`trainee_answers` (same order) for each skill, and no others."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT * FROM (SELECT {rows.ANSWER_COLUMNS}, ROW_NUMBER() OVER"
            " (PARTITION BY a.skill ORDER BY a.answered_at DESC, a.id DESC) AS latest"
            f" {_TRAINEE_ANSWERS}) WHERE latest <= ? ORDER BY answered_at, id",
            (trainee_id, per_skill),
        )
        return [rows.answer_record(row) for row in found]

    def trainee_mistakes(self, trainee_id: int, *, limit: int | None = None) -> list[Mistake]:
        """Wrong answers, newest first, each with its round exactly as dealt and the
        version of the rule set it was dealt under."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.MISTAKE_COLUMNS} {_TRAINEE_ANSWERS} AND a.correct = 0"
            " ORDER BY a.answered_at DESC, a.id DESC LIMIT ?",
            (trainee_id, -1 if limit is None else limit),
        )
        return [rows.mistake(row) for row in found]

    # -- progress

    def skill_stats(self, trainee_id: int) -> list[SkillStat]:
        """Accuracy and speed per skill, by skill name."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.SKILL_STAT_COLUMNS} FROM skill_totals WHERE trainee_id = ?"
            " ORDER BY skill",
            (trainee_id,),
        )
        return [rows.skill_stat(row) for row in found]

    def roster(
        self,
        sort_by: RosterColumn | str = RosterColumn.NAME,
        *,
        descending: bool = False,
        name_filter: str | None = None,
    ) -> list[RosterRow]:
        """Every trainee's figures for the instructor; sorted by any column
        (empty figures last either way, then by name), optionally only names
        containing ``name_filter`` (any case)."""
        try:
            order = _ROSTER_ORDER[RosterColumn(sort_by)]
        except ValueError:
            allowed = ", ".join(c.value for c in RosterColumn)
            raise StorageError(f"sort_by: {sort_by!r} is not a roster column ({allowed})") from None
        direction = "DESC" if descending else "ASC"
        found = rows.fetch_all(
            self.conn,
            "SELECT t.id AS trainee_id, t.name AS name,"
            " CAST(tt.correct AS REAL) / NULLIF(tt.answers, 0) AS accuracy,"
            " tt.seconds / NULLIF(tt.rounds, 0) AS seconds_per_round,"
            " COALESCE(tt.rounds, 0) AS rounds_played, COALESCE(tt.answers, 0) AS answers,"
            f" t.last_active AS last_active, {_EXAM_STATUS} AS exam_status,"
            f" {_LATEST_EXAM} AS latest_exam"
            " FROM trainees t LEFT JOIN trainee_totals tt ON tt.trainee_id = t.id"
            " WHERE ?1 IS NULL OR instr(lower(t.name), lower(?1)) > 0"
            f" ORDER BY {order} {direction} NULLS LAST, t.name COLLATE NOCASE, t.id",
            (name_filter.strip() if name_filter else None,),
        )
        shown = [rows.roster_row(row) for row in found]
        states = self.exam_seal_states() if any(row["latest_exam"] for row in found) else {}
        for index, row in enumerate(found):
            state = states.get(row["latest_exam"], SealState.VALID)
            if state in _SEALED_STATUS:
                shown[index] = replace(shown[index], exam_status=_SEALED_STATUS[state])
        if RosterColumn(sort_by) is RosterColumn.EXAM_STATUS and states:
            # stable either way: the query's order by name stays within each status
            shown.sort(key=lambda r: _STATUS_RANK[r.exam_status], reverse=descending)
        return shown

    def history(self, trainee_id: int) -> list[DayStat]:
        """Answers, correct answers and time per local calendar day, oldest first."""
        found = rows.fetch_all(
            self.conn,
            "SELECT date(a.answered_at, 'localtime') AS day, COUNT(*) AS answers,"
            f" SUM(a.correct) AS correct, SUM(a.seconds) AS seconds {_TRAINEE_ANSWERS}"
            " GROUP BY day ORDER BY day",
            (trainee_id,),
        )
        return [rows.day_stat(row) for row in found]

    def streak(self, trainee_id: int) -> Streak:
        """Consecutive correct answers: the current run and the best ever."""
        found = self.conn.execute(
            f"SELECT a.correct {_TRAINEE_ANSWERS} ORDER BY a.answered_at, a.id", (trainee_id,)
        )
        current = best = 0
        for (correct,) in found:
            current = current + 1 if correct else 0
            best = max(best, current)
        return Streak(current=current, best=best)

    def rulesets_used(self, trainee_id: int) -> list[tuple[str, int]]:
        """The rule sets a trainee's sessions used, with how many sessions each, most
        used first."""
        found = self.conn.execute(
            "SELECT ruleset_id, COUNT(*) FROM sessions WHERE trainee_id = ?"
            " GROUP BY ruleset_id ORDER BY COUNT(*) DESC, ruleset_id",
            (trainee_id,),
        ).fetchall()
        return [(str(row[0]), int(row[1])) for row in found]

    def session_modes(self, trainee_id: int) -> dict[int, str]:
        """Each of the trainee's sessions' mode (practice, speed or exam), by session id."""
        found = self.conn.execute(
            "SELECT id, mode FROM sessions WHERE trainee_id = ?", (trainee_id,)
        ).fetchall()
        return {int(session): str(mode) for session, mode in found}

"""Exams: the instructor's set-ups, and starting, scoring and listing exams (no Qt).

A set-up (:class:`~trainer.exam_setup.ExamSetup`) fixes everything that shapes
an exam. Editing one keeps its name and adds one to its version; retiring one
stops it being offered for new exams. An exam copies its set-up whole when it
starts (name and version included: later edits do not change it), counts as
the trainee's next attempt at that set-up, and runs as an exam-mode session;
finishing scores it from that session's answers.

Set-ups and exams stored before schema 5 have no stored set-up
(``setup_json`` NULL): they read back as their columns say, with
:data:`~trainer.exam_setup.BEFORE_SETUPS` shown where the rest would be.

Attempts (and the wait after the last) are counted by the set-up's **name** (any
case, the name in each exam's stored set-up), so an exam merged from another station
or received from the room counts; an exam stored before set-ups were copied counts by
its set-up here. With a room database (``room_required``) an exam with an attempt
limit or a wait needs the trainee's records received from the room within
:data:`ROOM_FRESH_SECONDS`: otherwise attempts made elsewhere could be missing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.exam_setup import ExamSetup, setup_problem, setup_to_json
from trainer.i18n import _, ngettext
from trainer.storage import fields, rows, seal
from trainer.storage.models import (
    Exam,
    ExamConfig,
    ExamRefused,
    Mode,
    StationExam,
    StorageError,
)
from trainer.storage.room_cache import received_at
from trainer.storage.writes import Area, Core, insert_session

ROOM_FRESH_SECONDS = 60
"""With a room, how recently the trainee's records must have come from it for an exam
with an attempt limit or a wait to start."""


def setup_name(setup_json: object) -> str | None:
    """The set-up name an exam stored (None: none stored, or not readable)."""
    if not isinstance(setup_json, str):
        return None
    try:
        name = json.loads(setup_json).get("name")
    except (ValueError, AttributeError):
        return None
    return name if isinstance(name, str) else None


def is_of_setup(config: ExamConfig, config_id: object, setup_json: object) -> bool:
    """Whether an exam (its ``config_id`` here and its stored set-up) is one of ``config``'s:
    by the set-up's name, any case, wherever it was sat; by the id when no name was kept."""
    name = setup_name(setup_json)
    if name is None:
        return config_id == config.id
    return name.casefold() == config.name.casefold()


def _attempts(conn: sqlite3.Connection, trainee_id: int, config: ExamConfig
              ) -> tuple[int, datetime | None]:
    """The trainee's attempts at ``config`` (by its name, any case, wherever made) and
    when the last one ended (or started, if unfinished)."""
    made, last = 0, None
    for config_id, setup_json, moment in conn.execute(
            "SELECT config_id, setup_json, COALESCE(finished, started) FROM exams"
            " WHERE trainee_id = ?", (trainee_id,)):
        if not is_of_setup(config, config_id, setup_json):
            continue
        made += 1
        when = datetime.fromisoformat(moment)
        last = when if last is None or when > last else last
    return made, last


def _checked(setup: ExamSetup) -> ExamSetup:
    """The set-up spelled out (:meth:`ExamSetup.complete`), or StorageError naming the field."""
    problem = setup_problem(setup)
    if problem is not None:
        raise StorageError(problem)
    return setup.complete()


def _when(moment: datetime) -> str:
    """A time in a sentence for a person at this station: local ``YYYY-MM-DD HH:MM``."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def finish_exam_in(conn: sqlite3.Connection, secret: seal.StationSecret, exam_id: int,
                   finished: str) -> None:
    """Score exam ``exam_id`` at ``finished`` inside the caller's write transaction (the
    one definition of finishing an exam: :meth:`Exams.finish_exam` and a side file's merge,
    :mod:`trainer.storage.side_files`); refused when there is no such exam or it has
    finished already."""
    exam = rows.fetch_one(
        conn,
        "SELECT session_id, pass_mark, finished, rounds FROM exams WHERE id = ?",
        (exam_id,),
    )
    if exam is None:
        raise StorageError(_("exam_id: no exam {exam}", exam=exam_id))
    session_id = exam["session_id"]
    if exam["finished"] is not None:
        raise StorageError(_("exam_id: exam {exam} already finished at {when}",
                             exam=exam_id, when=exam["finished"]))
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
    seal.reseal_row(conn, secret, "exams", exam_id,
                    {"finished": None, "score": None, "passed": None})


class Exams(Area):
    """Exam set-ups and exams; exams are read back with their seals checked
    (``with_seals``: :meth:`~trainer.storage.queries.Queries.with_seal_states`)."""

    def __init__(self, core: Core, with_seals: Callable[[list[Exam]], list[Exam]], *,
                 room_required: Callable[[], bool] = lambda: False) -> None:
        super().__init__(core)
        self.with_seals = with_seals
        self.room_required = room_required

    def create_exam_setup(self, setup: ExamSetup) -> int:
        """The instructor's (or the site's) exam set-up, version 1; its id."""
        clean = fields.name(setup.name)
        fields.text(setup.ruleset_id, "ruleset_id")
        setup = _checked(replace(setup, name=clean))
        with self._write() as conn:
            taken = rows.fetch_one(
                conn, "SELECT retired FROM exam_configs WHERE name = ?", (clean,)
            )
            if taken is not None:
                if taken["retired"]:
                    raise StorageError(_("name: an exam set-up named {name} (retired) already"
                                         " exists", name=repr(clean)))
                raise StorageError(_("name: an exam set-up named {name} already exists",
                                     name=repr(clean)))
            cursor = conn.execute(
                "INSERT INTO exam_configs (name, rounds, ruleset_id, pass_mark,"
                " time_limit_seconds, created, version, setup_json)"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
                (clean, setup.rounds, setup.ruleset_id, float(setup.pass_mark),
                 setup.time_limit_seconds, fields.now(), setup_to_json(setup)),
            )
        return int(cursor.lastrowid or 0)

    def edit_exam_config(self, config_id: int, setup: ExamSetup) -> ExamConfig:
        """A new version of a set-up (its name stays); exams already taken keep the copy
        they started with. Nothing changed: the same version, unchanged."""
        config = self.get_exam_config(config_id)
        if config is None:
            raise StorageError(_("config_id: no exam set-up {config}", config=config_id))
        if config.retired is not None:
            raise StorageError(_(
                "config_id: the exam set-up {name} is retired; retired set-ups stay as they"
                " were", name=repr(config.name)))
        setup = _checked(replace(setup, name=config.name))
        if setup == config.setup:
            return config
        with self._write() as conn:
            conn.execute(
                "UPDATE exam_configs SET rounds = ?, ruleset_id = ?, pass_mark = ?,"
                " time_limit_seconds = ?, setup_json = ?, version = version + 1"
                " WHERE id = ? AND retired IS NULL",
                (setup.rounds, setup.ruleset_id, float(setup.pass_mark),
                 setup.time_limit_seconds, setup_to_json(setup), config_id),
            )
        edited = self.get_exam_config(config_id)
        assert edited is not None
        return edited

    def retire_exam_config(self, config_id: int, *, at: datetime | None = None) -> ExamConfig:
        """Stop offering a set-up for new exams; its exams keep showing it. Retiring a
        retired set-up changes nothing."""
        with self._write() as conn:
            cursor = conn.execute(
                "UPDATE exam_configs SET retired = COALESCE(retired, ?) WHERE id = ?",
                (fields.stamp(at), config_id),
            )
            if cursor.rowcount == 0:
                raise StorageError(_("config_id: no exam set-up {config}", config=config_id))
        retired = self.get_exam_config(config_id)
        assert retired is not None
        return retired

    def get_exam_config(self, config_id: int) -> ExamConfig | None:
        row = rows.fetch_one(
            self.conn,
            f"SELECT {rows.EXAM_CONFIG_COLUMNS} FROM exam_configs WHERE id = ?",
            (config_id,),
        )
        return None if row is None else rows.exam_config(row)

    def list_exam_configs(self, *, retired: bool = False) -> list[ExamConfig]:
        """The exam set-ups offered for new exams, by name; ``retired``: every one."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.EXAM_CONFIG_COLUMNS} FROM exam_configs"
            " WHERE ?1 OR retired IS NULL ORDER BY name COLLATE NOCASE",
            (retired,),
        )
        return [rows.exam_config(row) for row in found]

    def exam_refusal(
        self, trainee_id: int, config_id: int, *, at: datetime | None = None
    ) -> ExamRefused | None:
        """Why the trainee may not start an exam from this set-up now (None: they may):
        it is retired, its attempts are used, or the wait after the last is not over."""
        return self._refusal(self.conn, trainee_id, config_id,
                             datetime.fromisoformat(fields.stamp(at)))

    def _refusal(self, conn: sqlite3.Connection, trainee_id: int, config_id: int,
                 at: datetime) -> ExamRefused | None:
        config = self.get_exam_config(config_id)
        if config is None:
            raise StorageError(_("config_id: no exam set-up {config}", config=config_id))
        if config.retired is not None:
            return ExamRefused(_(
                "The exam \u201c{name}\u201d was retired on {when}: it is no longer offered."
                " Ask your instructor which exam to sit.", name=config.name,
                when=_when(config.retired)))
        setup = config.for_new_exams
        if self.room_required() and (
                setup.max_attempts is not None or setup.wait_hours is not None):
            refusal = self._room_refusal(conn, trainee_id, config.name, at)
            if refusal is not None:
                return refusal
        made, last = _attempts(conn, trainee_id, config)
        if setup.max_attempts is not None and made >= setup.max_attempts:
            return ExamRefused(ngettext(
                "The exam \u201c{name}\u201d allows {count} attempt, and all {made} have"
                " been made: no further attempt is allowed. Ask your instructor.",
                "The exam \u201c{name}\u201d allows {count} attempts, and all {made} have"
                " been made: no further attempt is allowed. Ask your instructor.",
                setup.max_attempts, name=config.name, made=made))
        if setup.wait_hours is not None and last is not None:
            allowed = last + timedelta(hours=setup.wait_hours)
            if at < allowed:
                return ExamRefused(ngettext(
                    "Attempt {attempt} at the exam \u201c{name}\u201d is allowed from"
                    " {when}: {count} hour after the last attempt ended.",
                    "Attempt {attempt} at the exam \u201c{name}\u201d is allowed from"
                    " {when}: {count} hours after the last attempt ended.",
                    setup.wait_hours, attempt=made + 1, name=config.name,
                    when=_when(allowed)), allowed)
        return None

    def _room_refusal(self, conn: sqlite3.Connection, trainee_id: int, name: str,
                      at: datetime) -> ExamRefused | None:
        """Why an exam counted across stations cannot start: the trainee's records have
        not come from the room recently enough (None: they have)."""
        row = conn.execute("SELECT uid FROM trainees WHERE id = ?", (trainee_id,)).fetchone()
        received = None if row is None else received_at(conn, str(row[0]))
        if received is not None and (
                at - received).total_seconds() <= ROOM_FRESH_SECONDS:
            return None
        connected = _("Room: connected")
        if received is None:
            return ExamRefused(_(
                "The room is offline: this station has not yet received your records from"
                " the room, so attempts at the exam \u201c{name}\u201d made at other stations"
                " cannot be counted and it cannot start here now. Practice works as usual;"
                " try the exam again when the status bar says \u201c{connected}\u201d.",
                name=name, connected=connected))
        return ExamRefused(_(
            "The room is offline: this station has not since {when} received your records"
            " from the room, so attempts at the exam \u201c{name}\u201d made at other"
            " stations cannot be counted and it cannot start here now. Practice works as"
            " usual; try the exam again when the status bar says \u201c{connected}\u201d.",
            when=_when(received), name=name, connected=connected))

    def start_exam(self, trainee_id: int, config_id: int, *, at: datetime | None = None) -> Exam:
        """Start an exam from a set-up: an exam-mode session plus the exam record, the
        trainee's next attempt at it. The whole set-up is copied (with its name and
        version, and the rule set's version), so later edits do not change it.
        :class:`ExamRefused` when the set-up does not allow it now."""
        trainee_id = fields.integer(trainee_id, "trainee_id")
        started = fields.stamp(at)
        config = self.get_exam_config(config_id)
        if config is None:
            raise StorageError(_("config_id: no exam set-up {config}", config=config_id))
        try:
            setup = config.for_new_exams.complete()
            ruleset_version = load_ruleset(setup.ruleset_id).version
        except (ValueError, RuleSetError, OSError) as error:
            raise StorageError(_("config_id: exam set-up {name}: {error}",
                                 name=repr(config.name), error=error)) from None
        copy = setup_to_json(setup, version=config.version, ruleset_version=ruleset_version)
        self.core._automatic_backup()
        with self._write() as conn:
            refusal = self._refusal(conn, trainee_id, config_id,
                                    datetime.fromisoformat(started))
            if refusal is not None:
                raise refusal
            made, _last = _attempts(conn, trainee_id, config)
            session_id = insert_session(
                conn, trainee_id, Mode.EXAM, setup.ruleset_id, started
            )
            cursor = conn.execute(
                "INSERT INTO exams (uid, trainee_id, session_id, config_id, rounds, ruleset_id,"
                " pass_mark, time_limit_seconds, started, setup_json, attempt)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    fields.uid(),
                    trainee_id,
                    session_id,
                    config_id,
                    setup.rounds,
                    setup.ruleset_id,
                    setup.pass_mark,
                    setup.time_limit_seconds,
                    started,
                    copy,
                    made + 1,
                ),
            )
            exam_id = int(cursor.lastrowid or 0)
            seal.seal_row(conn, self.secret, "exams", exam_id)
        return self._get_exam(exam_id)

    def finish_exam(self, exam_id: int, *, at: datetime | None = None) -> Exam:
        """Score an exam from its session's answers, decide pass or fail, end the session.

        The score is the share of right answers. Passing also needs every round
        the exam set answered in full: an exam left early (the time limit
        reached, the window closed) keeps its score but does not pass.
        """
        finished = fields.stamp(at)
        with self._write() as conn:
            finish_exam_in(conn, self.secret, exam_id, finished)
        return self._get_exam(exam_id)

    def _get_exam(self, exam_id: int) -> Exam:
        row = rows.fetch_one(
            self.conn, f"SELECT {rows.EXAM_COLUMNS} FROM exams WHERE id = ?", (exam_id,)
        )
        if row is None:
            raise StorageError(_("exam_id: no exam {exam}", exam=exam_id))
        return self.with_seals([rows.exam(row)])[0]

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]:
        """Exams, newest first: one trainee's, or everyone's; each seal checked."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.EXAM_COLUMNS} FROM exams WHERE ?1 IS NULL OR trainee_id = ?1"
            " ORDER BY started DESC, id DESC",
            (trainee_id,),
        )
        return self.with_seals([rows.exam(row) for row in found])

    # -- a trainee's own exam of the station's Settings (schema 7)

    def start_station_exam(self, trainee_id: int, ruleset_id: str, rounds: int,
                           pass_mark: float, *, at: datetime | None = None) -> int:
        """Begin a station exam: an exam-mode session with its length and pass mark
        (never an ``exams`` row: it cannot be signed off or count for an assignment).
        Returns the session's id."""
        trainee_id = fields.integer(trainee_id, "trainee_id")
        ruleset = fields.text(ruleset_id, "ruleset_id")
        rounds = fields.integer(rounds, "rounds")
        if rounds < 1:
            raise StorageError(_("rounds: {rounds} must be at least 1", rounds=rounds))
        if isinstance(pass_mark, bool) or not isinstance(pass_mark, (int, float)) or not (
                0 <= pass_mark <= 100):
            raise StorageError(_("pass_mark: {value} is not a percentage from 0 to 100",
                                 value=repr(pass_mark)))
        started = fields.stamp(at)
        self.core._automatic_backup()
        with self._write() as conn:
            session_id = insert_session(conn, trainee_id, Mode.EXAM, ruleset, started)
            conn.execute(
                "INSERT INTO station_exams (session_id, rounds, pass_mark) VALUES (?, ?, ?)",
                (session_id, rounds, float(pass_mark)),
            )
        return session_id

    def station_exams(self, trainee_id: int) -> list[StationExam]:
        """A trainee's station exams, newest first, scored from their answers."""
        found = rows.fetch_all(
            self.conn,
            "SELECT s.id, s.trainee_id, s.ruleset_id, x.rounds, x.pass_mark, s.started,"
            " s.ended,"
            " (SELECT COUNT(*) FROM rounds r JOIN answers a ON a.round_id = r.id"
            "  WHERE r.session_id = s.id) AS answers,"
            " (SELECT COALESCE(SUM(a.correct), 0) FROM rounds r JOIN answers a"
            "  ON a.round_id = r.id WHERE r.session_id = s.id) AS correct,"
            " (SELECT COUNT(*) FROM rounds r WHERE r.session_id = s.id"
            "  AND EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id)"
            "  AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id"
            "  AND a.given IS NULL)) AS complete"
            " FROM station_exams x JOIN sessions s ON s.id = x.session_id"
            " WHERE s.trainee_id = ? ORDER BY s.started DESC, s.id DESC",
            (trainee_id,),
        )
        return [rows.station_exam(row) for row in found]

    def station_exam(self, session_id: int) -> StationExam | None:
        """The station exam of this session (None: the session is not one)."""
        row = self.conn.execute("SELECT trainee_id FROM sessions WHERE id = ?",
                                (session_id,)).fetchone()
        if row is None:
            return None
        return next((e for e in self.station_exams(row[0]) if e.session_id == session_id),
                    None)

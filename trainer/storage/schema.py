"""The database schema as numbered migrations (sqlite-utils ``Migrations``).

Each migration is applied once, in order, and recorded in sqlite-utils'
``_sqlite_migrations`` table; each also sets ``PRAGMA user_version`` to its
number, so ``user_version`` is the schema version at a glance (and a file
written by a newer trainer is recognised). Never edit a migration that has
shipped: add the next one.

1. ``base``: trainees, instructors, sessions, rounds, answers, exam set-ups
   and exams. Rows that travel between stations carry a ``uid``.
2. ``round_ruleset_version``: rounds keep the rule set's version, because a
   rule set's pay tables change between versions and a mistake must be
   re-opened under the version that graded it. Older rounds keep NULL
   ("not recorded").
3. ``progress_totals``: per-trainee and per-skill running totals, kept by a
   trigger in the same transaction as each answer, so the roster and the
   skill table read a few hundred rows instead of every answer (the
   benchmark's 1,000,000); plus the index the exam status lookup uses.
4. ``course_answers``: the course's answers that are not a question on a
   dealt round: a ruling of a lesson's irregularities (``kind = 'ruling'``,
   ``lesson`` and ``item`` naming the ruling) and a finished round of a
   scenario drill (``kind = 'scenario'``). Until then the course kept them in
   memory only, and a restart lost the trainee's mastery of the rulings and
   the schedule of those items.
5. ``trusted_records`` (issues 14 and 15): a trainee's own PIN or password
   hash; the sign-in failures a growing delay is counted from; exam set-ups
   that fix everything shaping an exam (``setup_json``), are versioned and
   can be retired, and exams that keep the set-up they ran under and their
   attempt number; a ``seal`` on every answer, course answer, exam result
   and certification (the tamper-evident chain keyed by the station's own
   secret, outside this file); classes, their members and what is assigned
   to a class or a trainee; certifications an instructor signs.
6. ``skill_recent`` (issue 15): each trainee's latest
   :data:`SKILL_RECENT_KEPT` answers on each skill (what mastery is computed
   from), kept by a trigger in the same transaction as each answer, so the
   class's skill grid reads a few thousand rows instead of every answer.
7. ``station_exams`` (issue 19): a trainee's own exam of the station's Settings
   (Game > Exam mode without an instructor's set-up) keeps its length and pass
   mark beside its exam-mode session, so it ends PASSED or FAILED and shows in
   My exams. It is never a row of ``exams``: it cannot be signed off and never
   counts for an assignment, and it stays on its station (station files do not
   carry it).
8. ``signing_keys`` (issue 21): each instructor's Ed25519 public key and the
   private key encrypted under their password (``trainer.storage.signing``;
   NULL until the instructor first signs in or signs off with a password);
   each certification's signed statement and signature, and its revocation's
   (older certifications keep NULL: "not signed").
9. ``account_seals`` (issue 21): no new table; instructors, trainees' PIN hashes
   (and employee ids) and sign-in failures are sealed from now on, in a roster per
   table kept in ``meta`` (``trainer.storage.account_seal``). The open that upgrades a
   file from schema 1-8 seals every account it holds, in the upgrade's transaction
   (the version makes an older trainer, which would not keep the rosters, refuse
   the file).

Before writing a file the trainer asks :func:`examine` whether it may: a
file another program made, or one a newer trainer has written, is never
changed (not even by adding tables or switching it to WAL), and a file whose
tables are not what its migrations say is damaged.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass

from sqlite_utils import Database, Migrations

from trainer.i18n import _

MIGRATIONS = Migrations("hhe-trainer")

MIGRATION_NAMES: tuple[str, ...] = (
    "m001_base",
    "m002_round_ruleset_version",
    "m003_progress_totals",
    "m004_course_answers",
    "m005_trusted_records",
    "m006_skill_recent",
    "m007_station_exams",
    "m008_signing_keys",
    "m009_account_seals",
)
SCHEMA_VERSION = len(MIGRATION_NAMES)
def _run(db: Database, statements: list[str], version: int) -> None:
    for statement in statements:
        db.execute(statement)
    db.execute(f"PRAGMA user_version = {version}")


_BASE = [
    """CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    "INSERT INTO meta (key, value) VALUES ('station', lower(hex(randomblob(16))))",
    """CREATE TABLE trainees (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        created TEXT NOT NULL,
        last_active TEXT
    )""",
    """CREATE TABLE instructors (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        password_hash TEXT NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
        created TEXT NOT NULL
    )""",
    """CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        mode TEXT NOT NULL CHECK (mode IN ('practice', 'speed', 'exam')),
        ruleset_id TEXT NOT NULL,
        started TEXT NOT NULL,
        ended TEXT
    )""",
    "CREATE INDEX sessions_trainee ON sessions (trainee_id, started)",
    """CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        ruleset_id TEXT NOT NULL,
        round_json TEXT NOT NULL CHECK (json_valid(round_json)),
        dealt_at TEXT NOT NULL
    )""",
    "CREATE INDEX rounds_session ON rounds (session_id)",
    # answers.seat: BETWEEN 1 AND 6 is trainer.engine.round.SEAT_NUMBERS, spelled in SQL (a
    # schema never changes once shipped; writes.record_answer checks against SEAT_NUMBERS).
    """CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        round_id INTEGER NOT NULL REFERENCES rounds(id),
        question_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        skill TEXT NOT NULL,
        seat INTEGER CHECK (seat IS NULL OR (typeof(seat) = 'integer' AND seat BETWEEN 1 AND 6)),
        wager TEXT,
        expected TEXT NOT NULL,
        given TEXT,
        correct INTEGER NOT NULL CHECK (typeof(correct) = 'integer' AND correct IN (0, 1)),
        seconds REAL NOT NULL CHECK (typeof(seconds) = 'real' AND seconds >= 0),
        answered_at TEXT NOT NULL
    )""",
    "CREATE INDEX answers_round ON answers (round_id)",
    """CREATE TABLE exam_configs (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        rounds INTEGER NOT NULL CHECK (rounds > 0),
        ruleset_id TEXT NOT NULL,
        pass_mark REAL NOT NULL CHECK (pass_mark BETWEEN 0 AND 100),
        time_limit_seconds INTEGER CHECK (time_limit_seconds IS NULL OR time_limit_seconds > 0),
        created TEXT NOT NULL
    )""",
    """CREATE TABLE exams (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        session_id INTEGER REFERENCES sessions(id),
        config_id INTEGER REFERENCES exam_configs(id),
        rounds INTEGER NOT NULL CHECK (rounds > 0),
        ruleset_id TEXT NOT NULL,
        pass_mark REAL NOT NULL CHECK (pass_mark BETWEEN 0 AND 100),
        time_limit_seconds INTEGER,
        started TEXT NOT NULL,
        finished TEXT,
        score REAL,
        passed INTEGER CHECK (passed IS NULL OR passed IN (0, 1))
    )""",
    "CREATE INDEX exams_trainee ON exams (trainee_id)",
]


@MIGRATIONS(name="m001_base")
def m001_base(db: Database) -> None:
    _run(db, _BASE, 1)


@MIGRATIONS(name="m002_round_ruleset_version")
def m002_round_ruleset_version(db: Database) -> None:
    db["rounds"].add_column("ruleset_version", int)  # type: ignore[union-attr]
    db.execute("PRAGMA user_version = 2")


# The trainee an answer belongs to: answer -> round -> session -> trainee. As a
# FROM clause, so that an answer to a missing round inserts no totals and fails
# on its foreign key, which names the real problem.
_FROM_TRAINEE_OF_NEW = (
    "FROM rounds r JOIN sessions s ON s.id = r.session_id WHERE r.id = NEW.round_id"
)

# The same totals computed from every answer: the backfill, and the tests that check
# the trigger against a full recount (their rebuild_totals, tests/storage/storage_support.py).
REBUILD_TOTALS = [
    "DELETE FROM trainee_totals",
    "DELETE FROM skill_totals",
    """INSERT INTO trainee_totals (trainee_id, rounds, answers, correct, seconds)
       SELECT s.trainee_id, COUNT(DISTINCT a.round_id), COUNT(*), SUM(a.correct), SUM(a.seconds)
       FROM answers a JOIN rounds r ON r.id = a.round_id JOIN sessions s ON s.id = r.session_id
       GROUP BY s.trainee_id""",
    """INSERT INTO skill_totals (trainee_id, skill, answers, correct, seconds)
       SELECT s.trainee_id, a.skill, COUNT(*), SUM(a.correct), SUM(a.seconds)
       FROM answers a JOIN rounds r ON r.id = a.round_id JOIN sessions s ON s.id = r.session_id
       GROUP BY s.trainee_id, a.skill""",
    """UPDATE trainees SET last_active = (
           SELECT MAX(a.answered_at) FROM answers a JOIN rounds r ON r.id = a.round_id
           JOIN sessions s ON s.id = r.session_id WHERE s.trainee_id = trainees.id)
       WHERE EXISTS (
           SELECT 1 FROM answers a JOIN rounds r ON r.id = a.round_id
           JOIN sessions s ON s.id = r.session_id
           WHERE s.trainee_id = trainees.id
             AND (trainees.last_active IS NULL OR a.answered_at > trainees.last_active))""",
]

_TOTALS = [
    """CREATE TABLE trainee_totals (
        trainee_id INTEGER PRIMARY KEY REFERENCES trainees(id),
        rounds INTEGER NOT NULL,
        answers INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        seconds REAL NOT NULL
    )""",
    """CREATE TABLE skill_totals (
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        skill TEXT NOT NULL,
        answers INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        seconds REAL NOT NULL,
        PRIMARY KEY (trainee_id, skill)
    ) WITHOUT ROWID""",
    # Answers are append-only: nothing updates or deletes one, so counting on
    # insert keeps the totals exact. "rounds" counts rounds with an answer:
    # the first answer of a round adds one.
    f"""CREATE TRIGGER answers_keep_totals AFTER INSERT ON answers
    BEGIN
        INSERT INTO trainee_totals (trainee_id, rounds, answers, correct, seconds)
        SELECT s.trainee_id,
               NOT EXISTS (SELECT 1 FROM answers a
                           WHERE a.round_id = NEW.round_id AND a.id <> NEW.id),
               1, NEW.correct, NEW.seconds
        {_FROM_TRAINEE_OF_NEW}
        ON CONFLICT (trainee_id) DO UPDATE SET
            rounds = rounds + excluded.rounds,
            answers = answers + 1,
            correct = correct + excluded.correct,
            seconds = seconds + excluded.seconds;
        INSERT INTO skill_totals (trainee_id, skill, answers, correct, seconds)
        SELECT s.trainee_id, NEW.skill, 1, NEW.correct, NEW.seconds
        {_FROM_TRAINEE_OF_NEW}
        ON CONFLICT (trainee_id, skill) DO UPDATE SET
            answers = answers + 1,
            correct = correct + excluded.correct,
            seconds = seconds + excluded.seconds;
        UPDATE trainees SET last_active = NEW.answered_at
        WHERE id = (SELECT s.trainee_id {_FROM_TRAINEE_OF_NEW})
          AND (last_active IS NULL OR last_active < NEW.answered_at);
    END""",
    "DROP INDEX exams_trainee",
    "CREATE INDEX exams_trainee ON exams (trainee_id, started)",
    *REBUILD_TOTALS,
]


@MIGRATIONS(name="m003_progress_totals")
def m003_progress_totals(db: Database) -> None:
    _run(db, _TOTALS, 3)


COURSE_ANSWER_KINDS: tuple[str, ...] = ("ruling", "scenario")

_COURSE_ANSWERS = [
    # Append-only like answers. A ruling names its lesson, a scenario round its
    # scenario kind; ``item`` is what the course finds the ruling (or scenario)
    # by again, so "work my mistakes" can re-deal it.
    """CREATE TABLE course_answers (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        kind TEXT NOT NULL CHECK (kind IN ('ruling', 'scenario')),
        lesson TEXT CHECK (lesson IS NULL OR length(trim(lesson)) > 0),
        scenario TEXT CHECK (scenario IS NULL OR length(trim(scenario)) > 0),
        item TEXT NOT NULL CHECK (length(trim(item)) > 0),
        correct INTEGER NOT NULL CHECK (typeof(correct) = 'integer' AND correct IN (0, 1)),
        seconds REAL NOT NULL CHECK (typeof(seconds) = 'real' AND seconds >= 0),
        answered_at TEXT NOT NULL,
        CHECK (kind <> 'ruling' OR lesson IS NOT NULL),
        CHECK (kind <> 'scenario' OR scenario IS NOT NULL)
    )""",
    "CREATE INDEX course_answers_trainee ON course_answers (trainee_id, answered_at)",
]


@MIGRATIONS(name="m004_course_answers")
def m004_course_answers(db: Database) -> None:
    _run(db, _COURSE_ANSWERS, 4)


_TRUSTED_RECORDS = [
    # A trainee's PIN or password: the same salted scrypt as an instructor's
    # (storage.passwords); NULL for none.
    "ALTER TABLE trainees ADD COLUMN pin_hash TEXT"
    " CHECK (pin_hash IS NULL OR pin_hash LIKE 'scrypt$%')",
    "ALTER TABLE trainees ADD COLUMN employee_id TEXT"
    " CHECK (employee_id IS NULL OR length(trim(employee_id)) > 0)",
    # Wrong passwords in a row, per person ('trainee:<uid>', 'instructor:<name>'),
    # for the growing delay; a right one clears the row.
    """CREATE TABLE sign_in_failures (
        who TEXT PRIMARY KEY,
        failures INTEGER NOT NULL CHECK (failures > 0),
        last_failure TEXT NOT NULL
    ) WITHOUT ROWID""",
    # An exam set-up's whole content beyond the first figures (table letters,
    # seats, side bets, seed, attempts, wait) as JSON; editing one raises its
    # version, retiring it hides it from new exams.
    "ALTER TABLE exam_configs ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version > 0)",
    "ALTER TABLE exam_configs ADD COLUMN setup_json TEXT"
    " CHECK (setup_json IS NULL OR json_valid(setup_json))",
    "ALTER TABLE exam_configs ADD COLUMN retired TEXT",
    # What an exam ran under, copied when it starts (set-up name and version included).
    "ALTER TABLE exams ADD COLUMN setup_json TEXT"
    " CHECK (setup_json IS NULL OR json_valid(setup_json))",
    "ALTER TABLE exams ADD COLUMN attempt INTEGER CHECK (attempt IS NULL OR attempt > 0)",
    "ALTER TABLE answers ADD COLUMN seal TEXT",
    "ALTER TABLE course_answers ADD COLUMN seal TEXT",
    "ALTER TABLE exams ADD COLUMN seal TEXT",
    """CREATE TABLE classes (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        starts TEXT NOT NULL,
        created TEXT NOT NULL,
        archived TEXT
    )""",
    """CREATE TABLE class_members (
        class_id INTEGER NOT NULL REFERENCES classes(id),
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        added TEXT NOT NULL,
        PRIMARY KEY (class_id, trainee_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX class_members_trainee ON class_members (trainee_id)",
    # A lesson (target: the lesson's id) or an exam (target: the set-up's id)
    # assigned to a whole class or to one trainee, with an optional due date.
    """CREATE TABLE assignments (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        class_id INTEGER REFERENCES classes(id),
        trainee_id INTEGER REFERENCES trainees(id),
        kind TEXT NOT NULL CHECK (kind IN ('lesson', 'exam')),
        target TEXT NOT NULL CHECK (length(trim(target)) > 0),
        due TEXT,
        assigned_by TEXT NOT NULL,
        created TEXT NOT NULL,
        CHECK ((class_id IS NULL) <> (trainee_id IS NULL))
    )""",
    "CREATE INDEX assignments_class ON assignments (class_id)",
    "CREATE INDEX assignments_trainee ON assignments (trainee_id)",
    """CREATE TABLE certifications (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        exam_id INTEGER NOT NULL REFERENCES exams(id),
        signed_by TEXT NOT NULL CHECK (length(trim(signed_by)) > 0),
        signed_at TEXT NOT NULL,
        expires TEXT,
        code TEXT NOT NULL UNIQUE,
        revoked TEXT,
        seal TEXT
    )""",
    "CREATE INDEX certifications_trainee ON certifications (trainee_id)",
]


@MIGRATIONS(name="m005_trusted_records")
def m005_trusted_records(db: Database) -> None:
    _run(db, _TRUSTED_RECORDS, 5)


SKILL_RECENT_KEPT = 20
"""Answers per trainee and skill that ``skill_recent`` keeps (the latest by
``answered_at``, then id): mastery's window (``trainer.training.mastery.WINDOW``,
which storage may not import; a test holds them equal). Spelled into the trigger:
a larger window needs a new migration."""

# The same rows computed from every answer: the backfill, and the tests that check the
# trigger against a full recount (their rebuild_skill_recent, in storage_support.py).
REBUILD_SKILL_RECENT = [
    "DELETE FROM skill_recent",
    f"""INSERT INTO skill_recent (trainee_id, skill, answered_at, answer_id, correct, seconds)
       SELECT trainee_id, skill, answered_at, id, correct, seconds FROM (
           SELECT s.trainee_id, a.skill, a.answered_at, a.id, a.correct, a.seconds,
                  ROW_NUMBER() OVER (PARTITION BY s.trainee_id, a.skill
                                     ORDER BY a.answered_at DESC, a.id DESC) AS latest
           FROM answers a JOIN rounds r ON r.id = a.round_id
           JOIN sessions s ON s.id = r.session_id)
       WHERE latest <= {SKILL_RECENT_KEPT}""",
]

_TRAINEE_OF_NEW = f"(SELECT s.trainee_id {_FROM_TRAINEE_OF_NEW})"

_SKILL_RECENT = [
    """CREATE TABLE skill_recent (
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        skill TEXT NOT NULL,
        answered_at TEXT NOT NULL,
        answer_id INTEGER NOT NULL REFERENCES answers(id),
        correct INTEGER NOT NULL,
        seconds REAL NOT NULL,
        PRIMARY KEY (trainee_id, skill, answered_at, answer_id)
    ) WITHOUT ROWID""",
    # Answers are append-only; one given late (a station's merged answers) may be
    # older than those kept: it goes in, and whichever answer is now the
    # (KEPT + 1)-th latest goes out (the new one itself, when it is the oldest).
    f"""CREATE TRIGGER answers_keep_skill_recent AFTER INSERT ON answers
    BEGIN
        INSERT INTO skill_recent (trainee_id, skill, answered_at, answer_id, correct, seconds)
        SELECT s.trainee_id, NEW.skill, NEW.answered_at, NEW.id, NEW.correct, NEW.seconds
        {_FROM_TRAINEE_OF_NEW};
        DELETE FROM skill_recent
        WHERE trainee_id = {_TRAINEE_OF_NEW} AND skill = NEW.skill
          AND (answered_at, answer_id) <= (
              SELECT k.answered_at, k.answer_id FROM skill_recent k
              WHERE k.trainee_id = {_TRAINEE_OF_NEW} AND k.skill = NEW.skill
              ORDER BY k.answered_at DESC, k.answer_id DESC
              LIMIT 1 OFFSET {SKILL_RECENT_KEPT});
    END""",
    *REBUILD_SKILL_RECENT,
]


@MIGRATIONS(name="m006_skill_recent")
def m006_skill_recent(db: Database) -> None:
    _run(db, _SKILL_RECENT, 6)


_STATION_EXAMS = [
    """CREATE TABLE station_exams (
        session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
        rounds INTEGER NOT NULL CHECK (rounds > 0),
        pass_mark REAL NOT NULL CHECK (pass_mark BETWEEN 0 AND 100)
    )""",
]


@MIGRATIONS(name="m007_station_exams")
def m007_station_exams(db: Database) -> None:
    _run(db, _STATION_EXAMS, 7)


_SIGNING_KEYS = [
    "ALTER TABLE instructors ADD COLUMN public_key TEXT",
    "ALTER TABLE instructors ADD COLUMN private_key TEXT",
    "ALTER TABLE certifications ADD COLUMN statement TEXT",
    "ALTER TABLE certifications ADD COLUMN signature TEXT",
    "ALTER TABLE certifications ADD COLUMN revocation TEXT",
    "ALTER TABLE certifications ADD COLUMN revocation_signature TEXT",
]


@MIGRATIONS(name="m008_signing_keys")
def m008_signing_keys(db: Database) -> None:
    _run(db, _SIGNING_KEYS, 8)


@MIGRATIONS(name="m009_account_seals")
def m009_account_seals(db: Database) -> None:
    # The accounts are sealed by the open that applies this (it holds the secret).
    _run(db, [], 9)


# --------------------------------------------------------------------------- examining a file

_SHOWN_TABLES = 5


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the trainer leaves a healthy SQLite file untouched, and what a person can do."""

    why: str
    """The end of a sentence starting "The file <path> ..."."""
    advice: str
    """A sentence."""


class SchemaDamage(Exception):
    """The file's tables are not what its own record of migrations says; the
    message ends a sentence starting "The database <path> ..."."""


def examine(conn: sqlite3.Connection) -> Refusal | None:
    """Whether this trainer may write the SQLite file behind ``conn`` (reads only).

    None: a new file (nothing in it yet) or the trainer's file at this or an
    earlier version. A :class:`Refusal`: another program's file (sqlite-utils'
    migrations table records no migration of this set), or one written by a
    newer trainer (``user_version`` above :data:`SCHEMA_VERSION`), which an
    older version could break. :class:`SchemaDamage`: the record of migrations
    disagrees with ``user_version`` (each migration sets both) or is missing
    beside at least half of the trainer's first tables, or a table, column,
    index or trigger of that version is missing.
    """
    if conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is None:
        return None
    applied = _applied(conn)
    if not applied:
        tables = sorted(
            (row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")),
            key=str.casefold,
        )
        base = {name for kind, name, _sql in _shape(1) if kind == "table"}
        if 2 * len(base.intersection(tables)) >= len(base):
            raise SchemaDamage(_(
                "is damaged: it has the trainer's tables but no record of migrations"))
        shown = ", ".join(tables[:_SHOWN_TABLES]) + (", ..." if len(tables) > _SHOWN_TABLES else "")
        advice = _("Move it elsewhere, and the trainer will start its own database there.")
        if tables:
            return Refusal(_("is not a trainer database: it holds another program's tables"
                             " ({tables})", tables=shown), advice)
        return Refusal(_("is not a trainer database: it holds another program's schema"),
                       advice)
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    known = min(len(applied), SCHEMA_VERSION)
    if len(applied) != version or tuple(applied[:known]) != MIGRATION_NAMES[:known]:
        raise SchemaDamage(_(
            "is damaged: its record of migrations ({count}) does not match its schema"
            " version ({version})", count=len(applied), version=version))
    if version > SCHEMA_VERSION:
        return Refusal(
            _("was written by a newer version of the trainer (schema {version}; this version"
              " knows schema {known}), which this version could damage", version=version,
              known=SCHEMA_VERSION),
            _("Use it with the newer version of the trainer."),
        )
    missing = sorted(_shape(version) - _shape_of(conn))
    if missing:
        shown = ", ".join(f"{kind} {name}" for kind, name, _sql in missing[:3])
        raise SchemaDamage(_("is damaged: {parts} of schema {version} is missing or changed",
                             parts=shown, version=version))
    return None


def _applied(conn: sqlite3.Connection) -> list[str]:
    """The names of this set's migrations applied to the file, in order; [] for none."""
    try:
        rows = conn.execute(
            f"SELECT name FROM [{Migrations.migrations_table}] WHERE migration_set = ?"
            " ORDER BY rowid",
            (MIGRATIONS.name,),
        ).fetchall()
    except sqlite3.OperationalError:  # no such table, or one without those columns
        return []
    return [str(row[0]) for row in rows]


Shape = frozenset[tuple[str, str, tuple[str, ...]]]


def _shape_of(conn: sqlite3.Connection) -> Shape:
    """The trainer's tables (with their columns), indexes and triggers in a file;
    sqlite-utils' own table and SQLite's internal objects left out."""
    objects = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite%'"
        " AND tbl_name <> ?",
        (Migrations.migrations_table,),
    ).fetchall()
    return frozenset(
        (
            kind,
            name,
            tuple(row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?)", (name,)))
            if kind == "table"
            else (),
        )
        for kind, name in objects
    )


@functools.cache
def _shape(version: int) -> Shape:
    """What :func:`_shape_of` finds in a file at schema ``version`` (built in memory once)."""
    db = Database(memory=True)
    try:
        if version < SCHEMA_VERSION:
            MIGRATIONS.apply(db, stop_before=MIGRATION_NAMES[version])
        else:
            MIGRATIONS.apply(db)
        return _shape_of(db.conn)
    finally:
        db.close()

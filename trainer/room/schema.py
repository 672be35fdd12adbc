"""The room database's schema on PostgreSQL: numbered migrations and the roles (no Qt).

A training room's server keeps what every station records, **append-only by the
database's own rules**: the station role may insert and read records, never
change or remove them (no UPDATE, DELETE or TRUNCATE grant, and a trigger that
refuses them whoever asks, the owner included); the server stamps when each
record arrived (``arrived``, set by a trigger whatever the station sent). What
changes later in a station's database (a session's end, an exam's result) is a
record of its own here (``session_ends``, ``exam_finishes``), so nothing is ever
updated. Rows keep the station files' uids (:mod:`trainer.storage.exchange`), and
each row sent by a station carries its station id and the row's sequence number
on that station: sending a row twice adds nothing.

Roles (made by ``hhe-trainer room init``, run once by IT with the server's admin
account):

- ``hhe_room_owner`` (no login): owns the schema; migrations run as it;
- ``hhe_station`` (login, password in the stations' credentials file): inserts
  and reads records, says when it was last seen and how much it has waiting;
- ``hhe_instructor`` (no login, a group): reads the whole room; an instructor's
  own login role is made a member of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

OWNER_ROLE = "hhe_room_owner"
STATION_ROLE = "hhe_station"
INSTRUCTOR_ROLE = "hhe_instructor"
ARRIVAL_SETTLES = timedelta(minutes=2)
"""How long after a row's ``arrived`` it may still come into sight. The server stamps
``arrived`` when the sending transaction starts (``now()``), and a reader sees the row
when that transaction commits: a row stamped earlier than the newest one read can
still commit after the read. Readers that go by ``arrived`` look again this far back
(a station's sending transaction is far shorter)."""

RECORD_TABLES = (
    "trainees",
    "sessions",
    "session_ends",
    "rounds",
    "answers",
    "exams",
    "exam_finishes",
    "course_answers",
)
"""The records stations send: inserted once, never updated or deleted."""

_STAMPED = """
    station text NOT NULL REFERENCES stations (station),
    station_seq bigint NOT NULL CHECK (station_seq > 0),
    arrived timestamptz NOT NULL DEFAULT now()"""

_UID = "text PRIMARY KEY CHECK (uid ~ '^[A-Za-z0-9_-]{1,64}$')"
_TIME = "text NOT NULL CHECK (length({0}) BETWEEN 19 AND 40)"


def _time(column: str) -> str:
    return f"{column} {_TIME.format(column)}"


_MIGRATION_1 = f"""
CREATE TABLE stations (
    station text PRIMARY KEY CHECK (station ~ '^[A-Za-z0-9_-]{{1,64}}$'),
    first_seen timestamptz NOT NULL DEFAULT now(),
    last_seen timestamptz NOT NULL DEFAULT now(),
    waiting integer NOT NULL DEFAULT 0 CHECK (waiting >= 0)
);
CREATE TABLE trainees (
    uid {_UID},
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    {_time("created")},{_STAMPED}
);
CREATE TABLE sessions (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    mode text NOT NULL CHECK (length(mode) BETWEEN 1 AND 40),
    ruleset_id text NOT NULL CHECK (length(ruleset_id) BETWEEN 1 AND 200),
    {_time("started")},{_STAMPED}
);
CREATE TABLE session_ends (
    session text PRIMARY KEY REFERENCES sessions (uid),
    {_time("ended")},{_STAMPED}
);
CREATE TABLE rounds (
    uid {_UID},
    session text NOT NULL REFERENCES sessions (uid),
    ruleset_id text NOT NULL CHECK (length(ruleset_id) BETWEEN 1 AND 200),
    ruleset_version integer CHECK (ruleset_version > 0),
    round_json text NOT NULL CHECK (length(round_json) <= 65536),
    {_time("dealt_at")},{_STAMPED}
);
CREATE TABLE answers (
    uid {_UID},
    round text NOT NULL REFERENCES rounds (uid),
    question_id text NOT NULL CHECK (length(question_id) BETWEEN 1 AND 200),
    kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
    skill text NOT NULL CHECK (length(skill) BETWEEN 1 AND 40),
    seat integer CHECK (seat BETWEEN 1 AND 6),
    wager text CHECK (length(wager) BETWEEN 1 AND 40),
    expected text NOT NULL CHECK (length(expected) <= 200),
    given text CHECK (length(given) <= 200),
    correct boolean NOT NULL,
    seconds double precision NOT NULL CHECK (seconds >= 0 AND seconds <= 86400),
    {_time("answered_at")},{_STAMPED}
);
CREATE TABLE exams (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    session text REFERENCES sessions (uid),
    rounds integer NOT NULL CHECK (rounds BETWEEN 1 AND 1000),
    ruleset_id text NOT NULL CHECK (length(ruleset_id) BETWEEN 1 AND 200),
    pass_mark double precision NOT NULL CHECK (pass_mark BETWEEN 0 AND 100),
    time_limit_seconds integer CHECK (time_limit_seconds > 0),
    {_time("started")},
    setup_json text CHECK (length(setup_json) <= 4096),
    attempt integer CHECK (attempt > 0),{_STAMPED}
);
CREATE TABLE exam_finishes (
    exam text PRIMARY KEY REFERENCES exams (uid),
    {_time("finished")},
    score double precision NOT NULL CHECK (score BETWEEN 0 AND 100),
    passed boolean NOT NULL,{_STAMPED}
);
CREATE TABLE course_answers (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
    lesson text CHECK (length(lesson) <= 200),
    scenario text CHECK (length(scenario) <= 200),
    item text NOT NULL CHECK (length(item) BETWEEN 1 AND 200),
    correct boolean NOT NULL,
    seconds double precision NOT NULL CHECK (seconds >= 0 AND seconds <= 86400),
    {_time("answered_at")},{_STAMPED}
);
CREATE UNIQUE INDEX answers_station_seq ON answers (station, station_seq);
CREATE INDEX answers_round ON answers (round);
CREATE INDEX answers_arrived ON answers (arrived);
CREATE INDEX rounds_session ON rounds (session);
CREATE INDEX sessions_trainee ON sessions (trainee);
CREATE INDEX exams_trainee ON exams (trainee);
CREATE INDEX course_answers_trainee ON course_answers (trainee);

CREATE FUNCTION room_stamp_arrival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.arrived := now();  -- the server's clock, whatever the station sent
    RETURN NEW;
END $$;

CREATE FUNCTION room_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the room''s % are append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END $$;
"""


def _append_only(tables: tuple[str, ...]) -> str:
    statements = []
    for table in tables:
        statements.append(
            f"CREATE TRIGGER {table}_arrival BEFORE INSERT ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION room_stamp_arrival();")
        statements.append(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION room_refuse_change();")
        statements.append(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}"
            " FOR EACH STATEMENT EXECUTE FUNCTION room_refuse_change();")
    return "\n".join(statements)


def _record_triggers() -> str:
    return _append_only(RECORD_TABLES)


def _grants() -> str:
    records = ", ".join(RECORD_TABLES)
    return f"""
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT SELECT, INSERT ON {records} TO {STATION_ROLE};
GRANT SELECT, INSERT, UPDATE ON stations TO {STATION_ROLE};
GRANT SELECT ON {records}, stations TO {INSTRUCTOR_ROLE};
"""


_RECORD_TABLE_NAMES = ", ".join(f"'{table}'" for table in RECORD_TABLES)

_MIGRATION_2 = f"""
CREATE TABLE station_marks (
    station text NOT NULL REFERENCES stations (station),
    record_table text NOT NULL CHECK (record_table IN ({_RECORD_TABLE_NAMES})),
    sent_through bigint NOT NULL CHECK (sent_through >= 0),
    last_uid text CHECK (length(last_uid) BETWEEN 1 AND 64),
    PRIMARY KEY (station, record_table)
);
CREATE TABLE refused_records (
    station text NOT NULL REFERENCES stations (station),
    record_table text NOT NULL CHECK (record_table IN ({_RECORD_TABLE_NAMES})),
    station_seq bigint NOT NULL CHECK (station_seq > 0),
    uid text NOT NULL CHECK (length(uid) BETWEEN 1 AND 200),
    problem text NOT NULL CHECK (length(problem) BETWEEN 1 AND 1000),
    arrived timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (station, record_table, station_seq)
);
CREATE TRIGGER refused_records_arrival BEFORE INSERT ON refused_records
    FOR EACH ROW EXECUTE FUNCTION room_stamp_arrival();
CREATE TRIGGER refused_records_append_only BEFORE UPDATE OR DELETE ON refused_records
    FOR EACH ROW EXECUTE FUNCTION room_refuse_change();
CREATE TRIGGER refused_records_no_truncate BEFORE TRUNCATE ON refused_records
    FOR EACH STATEMENT EXECUTE FUNCTION room_refuse_change();
{"".join(f"CREATE UNIQUE INDEX {table}_station_seq ON {table} (station, station_seq);"
         for table in RECORD_TABLES if table != "answers")}
ALTER TABLE answers DROP CONSTRAINT answers_seconds_check,
    ADD CONSTRAINT answers_seconds_check CHECK (seconds >= 0 AND seconds <= 604800);
ALTER TABLE course_answers DROP CONSTRAINT course_answers_seconds_check,
    ADD CONSTRAINT course_answers_seconds_check CHECK (seconds >= 0 AND seconds <= 604800);
GRANT SELECT, INSERT, UPDATE ON station_marks TO {STATION_ROLE};
GRANT SELECT, INSERT ON refused_records TO {STATION_ROLE};
GRANT SELECT ON station_marks, refused_records TO {INSTRUCTOR_ROLE};
"""
"""Migration 2 (the sending station, :mod:`trainer.room.outbox`): ``station_marks``, how
far each station's sender has gone in each table (its SQLite ids; written in the same
transaction as the rows, so the room itself is the high-water mark, and rows already
there from another station or refused do not wait for ever); ``refused_records``, the
rows a station did not send because they fail the station-file checks or the room's
(append-only, stamped, so a refused row is never silently dropped); every record table
gets answers' unique (station, station_seq); and an answer's ``seconds`` may reach the
station's own limit (:data:`trainer.storage.fields.MAX_SECONDS`, 7 days), not 1 day."""

SKILL_RECENT_KEPT = 20
"""Answers per trainee and skill the room's ``skill_recent`` keeps: the station's
:data:`trainer.storage.schema.SKILL_RECENT_KEPT` (a test holds them equal)."""

_TRAINEE_OF_NEW = """
    FROM new_answers n JOIN rounds r ON r.uid = n.round JOIN sessions s ON s.uid = r.session
    JOIN trainees t ON t.uid = s.trainee"""

_MIGRATION_3 = f"""
ALTER TABLE trainees ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE trainees ADD CONSTRAINT trainees_id_key UNIQUE (id);
CREATE TABLE skill_recent (
    trainee_id bigint NOT NULL REFERENCES trainees (id),
    skill text NOT NULL,
    answered_at text COLLATE "C" NOT NULL,
    answer_id text COLLATE "C" NOT NULL REFERENCES answers (uid),
    correct boolean NOT NULL,
    seconds double precision NOT NULL,
    PRIMARY KEY (trainee_id, skill, answered_at, answer_id)
);
CREATE FUNCTION room_keep_skill_recent() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    INSERT INTO skill_recent (trainee_id, skill, answered_at, answer_id, correct, seconds)
    SELECT t.id, n.skill, n.answered_at, n.uid, n.correct, n.seconds {_TRAINEE_OF_NEW};
    DELETE FROM skill_recent k USING (
        SELECT ranked.trainee_id, ranked.skill, ranked.answered_at, ranked.answer_id FROM (
            SELECT x.trainee_id, x.skill, x.answered_at, x.answer_id, row_number() OVER (
                PARTITION BY x.trainee_id, x.skill
                ORDER BY x.answered_at DESC, x.answer_id DESC) AS latest
            FROM skill_recent x
            WHERE (x.trainee_id, x.skill) IN (SELECT DISTINCT t.id, n.skill {_TRAINEE_OF_NEW})
        ) ranked WHERE ranked.latest > {SKILL_RECENT_KEPT}
    ) gone
    WHERE k.trainee_id = gone.trainee_id AND k.skill = gone.skill
      AND k.answered_at = gone.answered_at AND k.answer_id = gone.answer_id;
    RETURN NULL;
END $$;
CREATE TRIGGER answers_keep_skill_recent AFTER INSERT ON answers
    REFERENCING NEW TABLE AS new_answers
    FOR EACH STATEMENT EXECUTE FUNCTION room_keep_skill_recent();
INSERT INTO skill_recent (trainee_id, skill, answered_at, answer_id, correct, seconds)
SELECT trainee_id, skill, answered_at, uid, correct, seconds FROM (
    SELECT t.id AS trainee_id, a.skill, a.answered_at, a.uid, a.correct, a.seconds,
           row_number() OVER (PARTITION BY t.id, a.skill
                              ORDER BY a.answered_at COLLATE "C" DESC, a.uid COLLATE "C" DESC)
               AS latest
    FROM answers a JOIN rounds r ON r.uid = a.round JOIN sessions s ON s.uid = r.session
    JOIN trainees t ON t.uid = s.trainee
) ranked WHERE latest <= {SKILL_RECENT_KEPT};
REVOKE ALL ON FUNCTION room_keep_skill_recent() FROM PUBLIC;
GRANT SELECT ON skill_recent TO {STATION_ROLE}, {INSTRUCTOR_ROLE};
"""
"""Migration 3 (the instructor's class view, :mod:`trainer.room.reads`): each trainee a
number (``id``, given by the server) as the station's views know a trainee by, and
``skill_recent``, each trainee's latest :data:`SKILL_RECENT_KEPT` answers on each skill,
kept by a trigger on each INSERT into ``answers`` (one pass per statement, so a COPY of
a million answers is one pass too), as the station's SQLite keeps its own: the class
grid reads a few thousand rows, not every answer. Nobody but the trigger writes it (no
INSERT grant; the function runs as the owner); stations and instructors read it."""

ROOM_OF_RECORD_TABLES = (
    "trainee_pins",
    "exam_setups",
    "exam_setup_retirements",
    "classes",
    "class_archives",
    "class_member_changes",
    "assignments",
    "assignment_removals",
    "certifications",
    "certificate_revocations",
)
"""Migration 4's records (what a station sends besides answers and exams so that the
room is the record of accounts, set-ups, classes and certificates): append-only and
stamped like :data:`RECORD_TABLES`; each row's ``uid`` is its key, so a row sent twice
is stored once."""

_SENT_BY = """
    station text NOT NULL REFERENCES stations (station),
    arrived timestamptz NOT NULL DEFAULT now()"""

_MIGRATION_4 = f"""
CREATE TABLE trainee_pins (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    pin_hash text CHECK (
        pin_hash IS NULL OR (pin_hash LIKE 'scrypt$%' AND length(pin_hash) <= 400)),
    employee_id text CHECK (employee_id IS NULL OR length(employee_id) BETWEEN 1 AND 80),
    {_time("set_at")},{_SENT_BY}
);
CREATE INDEX trainee_pins_trainee ON trainee_pins (trainee, arrived);
CREATE TABLE exam_setups (
    uid {_UID},
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    version integer NOT NULL CHECK (version > 0),
    setup_json text NOT NULL CHECK (length(setup_json) <= 4096),
    {_time("created")},{_SENT_BY},
    UNIQUE (name, version)
);
CREATE TABLE exam_setup_retirements (
    setup text PRIMARY KEY REFERENCES exam_setups (uid),
    {_time("retired")},{_SENT_BY}
);
CREATE TABLE classes (
    uid {_UID},
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    starts text NOT NULL CHECK (length(starts) = 10),
    {_time("created")},{_SENT_BY}
);
CREATE TABLE class_archives (
    class text PRIMARY KEY REFERENCES classes (uid),
    {_time("archived")},{_SENT_BY}
);
CREATE TABLE class_member_changes (
    uid {_UID},
    class text NOT NULL REFERENCES classes (uid),
    trainee text NOT NULL REFERENCES trainees (uid),
    member boolean NOT NULL,
    {_time("changed_at")},{_SENT_BY}
);
CREATE INDEX class_member_changes_class ON class_member_changes (class, arrived);
CREATE TABLE assignments (
    uid {_UID},
    class text REFERENCES classes (uid),
    trainee text REFERENCES trainees (uid),
    kind text NOT NULL CHECK (kind IN ('lesson', 'exam')),
    target text NOT NULL CHECK (length(target) BETWEEN 1 AND 200),
    due text CHECK (due IS NULL OR length(due) = 10),
    assigned_by text NOT NULL CHECK (length(assigned_by) BETWEEN 1 AND 80),
    {_time("created")},{_SENT_BY},
    CHECK ((class IS NULL) <> (trainee IS NULL))
);
CREATE TABLE assignment_removals (
    assignment text PRIMARY KEY REFERENCES assignments (uid),
    {_time("removed")},{_SENT_BY}
);
CREATE TABLE certifications (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    exam text NOT NULL REFERENCES exams (uid),
    code text NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 64),
    signed_by text NOT NULL CHECK (length(signed_by) BETWEEN 1 AND 80),
    {_time("signed_at")},
    expires text CHECK (expires IS NULL OR length(expires) BETWEEN 10 AND 40),
    statement text NOT NULL CHECK (length(statement) <= 8192),
    signature text NOT NULL CHECK (length(signature) <= 200),{_SENT_BY}
);
CREATE INDEX certifications_trainee ON certifications (trainee);
CREATE TABLE certificate_revocations (
    certification text PRIMARY KEY REFERENCES certifications (uid),
    {_time("revoked")},
    revocation text NOT NULL CHECK (length(revocation) <= 8192),
    signature text NOT NULL CHECK (length(signature) <= 200),{_SENT_BY}
);
CREATE TABLE instructor_keys (
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    public_key text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9+/]{{43}}=$'),
    pinned boolean NOT NULL,
    changed timestamptz NOT NULL DEFAULT now(),
    changed_by text NOT NULL DEFAULT session_user,
    PRIMARY KEY (name, public_key, changed)
);
CREATE UNIQUE INDEX exams_one_attempt ON exams (
    trainee, lower((setup_json::jsonb) ->> 'name'), attempt)
    WHERE attempt IS NOT NULL AND setup_json IS NOT NULL;
CREATE TABLE trainee_totals (
    trainee_id bigint PRIMARY KEY REFERENCES trainees (id),
    answers bigint NOT NULL,
    correct bigint NOT NULL,
    seconds double precision NOT NULL,
    last_answered text COLLATE "C" NOT NULL
);
CREATE FUNCTION room_keep_trainee_totals() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    INSERT INTO trainee_totals AS k (trainee_id, answers, correct, seconds, last_answered)
    SELECT t.id, count(*), count(*) FILTER (WHERE n.correct), sum(n.seconds),
           max(n.answered_at COLLATE "C") {_TRAINEE_OF_NEW}
    GROUP BY t.id
    ON CONFLICT (trainee_id) DO UPDATE SET
        answers = k.answers + excluded.answers,
        correct = k.correct + excluded.correct,
        seconds = k.seconds + excluded.seconds,
        last_answered = greatest(k.last_answered, excluded.last_answered);
    RETURN NULL;
END $$;
CREATE TRIGGER answers_keep_trainee_totals AFTER INSERT ON answers
    REFERENCING NEW TABLE AS new_answers
    FOR EACH STATEMENT EXECUTE FUNCTION room_keep_trainee_totals();
INSERT INTO trainee_totals (trainee_id, answers, correct, seconds, last_answered)
SELECT t.id, count(*), count(*) FILTER (WHERE a.correct), sum(a.seconds),
       max(a.answered_at COLLATE "C")
FROM answers a JOIN rounds r ON r.uid = a.round JOIN sessions s ON s.uid = r.session
JOIN trainees t ON t.uid = s.trainee GROUP BY t.id;
REVOKE ALL ON FUNCTION room_keep_trainee_totals() FROM PUBLIC;
GRANT SELECT ON trainee_totals TO {STATION_ROLE}, {INSTRUCTOR_ROLE};
GRANT SELECT ON instructor_keys TO {STATION_ROLE}, {INSTRUCTOR_ROLE};
GRANT SELECT, INSERT ON {", ".join(ROOM_OF_RECORD_TABLES)} TO {STATION_ROLE};
GRANT SELECT ON {", ".join(ROOM_OF_RECORD_TABLES)} TO {INSTRUCTOR_ROLE};
"""


_INSTRUCTOR_KEYS_APPEND_ONLY = """
CREATE TRIGGER instructor_keys_append_only BEFORE UPDATE OR DELETE ON instructor_keys
    FOR EACH ROW EXECUTE FUNCTION room_refuse_change();
CREATE TRIGGER instructor_keys_no_truncate BEFORE TRUNCATE ON instructor_keys
    FOR EACH STATEMENT EXECUTE FUNCTION room_refuse_change();
"""

_MIGRATION_5 = """
ALTER TABLE trainee_totals ADD COLUMN rounds bigint NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION room_keep_trainee_totals() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    INSERT INTO trainee_totals AS k (trainee_id, rounds, answers, correct, seconds,
                                     last_answered)
    SELECT t.id, sum(g.first_round), sum(g.answers), sum(g.correct), sum(g.seconds),
           max(g.last)
    FROM (
        SELECT n.round, count(*) AS answers, count(*) FILTER (WHERE n.correct) AS correct,
               sum(n.seconds) AS seconds, max(n.answered_at COLLATE "C") AS last,
               -- the round's first answers: every answer it has is one of these
               (count(*) = (SELECT count(*) FROM answers o WHERE o.round = n.round))::int
                   AS first_round
        FROM new_answers n GROUP BY n.round
    ) g JOIN rounds r ON r.uid = g.round JOIN sessions s ON s.uid = r.session
    JOIN trainees t ON t.uid = s.trainee
    GROUP BY t.id
    ON CONFLICT (trainee_id) DO UPDATE SET
        rounds = k.rounds + excluded.rounds,
        answers = k.answers + excluded.answers,
        correct = k.correct + excluded.correct,
        seconds = k.seconds + excluded.seconds,
        last_answered = greatest(k.last_answered, excluded.last_answered);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION room_keep_trainee_totals() FROM PUBLIC;
UPDATE trainee_totals k SET rounds = x.rounds FROM (
    SELECT t.id, count(DISTINCT a.round) AS rounds
    FROM answers a JOIN rounds r ON r.uid = a.round JOIN sessions s ON s.uid = r.session
    JOIN trainees t ON t.uid = s.trainee GROUP BY t.id
) x WHERE x.id = k.trainee_id;
"""
"""Migration 5 (the roster from the room, issue 20 item 5): ``trainee_totals`` also counts
each trainee's rounds with an answer, as the station's own totals do (a round counts
when the first of its answers arrives: one of the statement's new answers whose round
had no answer before), so the roster's rounds played and seconds per round need no
count of distinct rounds over every answer."""

LANGUAGE_TABLES = ("trainee_languages",)
"""Migration 6's records: append-only and stamped like :data:`ROOM_OF_RECORD_TABLES`."""

_MIGRATION_6 = f"""
CREATE TABLE trainee_languages (
    uid {_UID},
    trainee text NOT NULL REFERENCES trainees (uid),
    language text CHECK (language IS NULL OR language ~ '^[A-Za-z0-9_-]{{2,35}}$'),
    chosen_at timestamptz NOT NULL,{_SENT_BY},
    CHECK (chosen_at <= arrived + interval '1 day')
);
CREATE INDEX trainee_languages_newest ON trainee_languages (trainee, chosen_at DESC, uid DESC);
CREATE INDEX trainee_languages_arrived ON trainee_languages (arrived);
GRANT SELECT, INSERT ON trainee_languages TO {STATION_ROLE};
GRANT SELECT ON trainee_languages TO {INSTRUCTOR_ROLE};
"""
"""Migration 6 (a trainee's language follows them, issues 20 and 24): ``trainee_languages``,
each language a trainee chose at a station (NULL: back to the room's default) and when
(``chosen_at``, the station's clock; a choice dated more than a day after it arrived is
refused, so a station whose clock runs far ahead cannot outrank every later choice). The
newest ``chosen_at`` counts (then the greater uid), found by ``trainee_languages_newest``;
append-only and stamped like :data:`ROOM_OF_RECORD_TABLES`. The room checks only the
code's outline (letters, digits, ``_``, ``-``): a station holds a code to its own rule
and refuses one that fails it (:mod:`trainer.room.inbox`)."""

MIGRATIONS: tuple[str, ...] = (_MIGRATION_1 + _record_triggers() + _grants(), _MIGRATION_2,
                               _MIGRATION_3,
                               _MIGRATION_4 + _append_only(ROOM_OF_RECORD_TABLES)
                               + _INSTRUCTOR_KEYS_APPEND_ONLY,
                               _MIGRATION_5,
                               _MIGRATION_6 + _append_only(LANGUAGE_TABLES))
"""Migration N is ``MIGRATIONS[N - 1]``; each runs once, in one transaction, as the owner.

Migration 4 (the room is the record, issue 20 item 3; keys pinned on the server, issue
21): the records of :data:`ROOM_OF_RECORD_TABLES` (a trainee's PIN and employee id as
set at a station, the newest arrived counting; instructors' exam set-ups by name and
version, and their retirement; classes, their archiving and membership changes;
assignments and their removal; signed certificates and signed revocations), each
append-only and stamped; ``instructor_keys``, the instructors' public keys that count
for certificates in this room, written only by IT's owner role (``room pin-key``; a
station can read them, never add one: a key "unpinned" is a row of its own);
``exams_one_attempt``, one exam per trainee, set-up name and attempt number (a second
"attempt 1" from a rolled-back or another station is refused and lands in
``refused_records``); ``trainee_totals``, each trainee's running answer totals kept by
a trigger like ``skill_recent``, so the roster does not count a million answers."""
ROOM_SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True, slots=True)
class Migrated:
    """What ``room init`` did: the schema version before and after."""

    before: int
    after: int

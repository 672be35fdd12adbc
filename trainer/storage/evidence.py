"""What an instructor sees before signing an exam off: its evidence (no Qt).

:func:`exam_evidence` reads, for one exam:

- **the station it was sat at**: an exam started here has this station's set-up
  (``config_id``); one merged from a station file has none, and the merge
  records the file's station for it (:func:`record_merged_exams`, one ``meta``
  row ``exam_station:<exam uid>`` each: no schema change). A file carries, for
  exams it had itself merged, the station they were sat at
  (:data:`~trainer.storage.exchange.EXAM_STATIONS`), so a relayed exam keeps its
  first station. An exam merged before stations were recorded (or after a
  salvage, which copies no ``meta``) says "not recorded". The row is not
  sealed: it is what the merged file said, shown to a person, not a proof.
- **every attempt of the same set-up** by this trainee known here, sat here
  or merged from station files, matched by the set-up's name in any case;
  two exams with the same attempt number are flagged ("two attempt 1": a
  station's data folder rolled back or replaced, or the exam sat at two
  stations), and so are more attempts than the set-up allows.
- **answer times**: a payout (or a capped total) answered in under
  :data:`MIN_PAYOUT_SECONDS` is flagged, and so is an exam whose answers' own
  times, or whose time from start to finish, add to less than
  :data:`MIN_SECONDS_PER_QUESTION` for every question answered (faster than a
  person can read the questions).

Flags do not refuse a sign-off; the dialog shows them first and asks the
instructor to confirm they looked (:mod:`trainer.ui.progress.certify`).
:func:`duplicate_attempts` is the same check for the merge's warning.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from trainer.i18n import N_, _, ngettext
from trainer.skills import QuestionKind
from trainer.storage import rows
from trainer.storage.models import Exam, StorageError

MIN_PAYOUT_SECONDS = 1.0
"""A payout answered faster than this is flagged: reading the seat's hand and wager,
working out the amount and typing it takes a person more than a second."""
MIN_SECONDS_PER_QUESTION = 2.0
"""An exam answered in less than this many seconds a question (by its answers' own
times, or from start to finish) is flagged: every question shows a table of cards
to read before even a one-key answer, so a person averages well above two seconds,
while a script answers in hundredths of a second."""
PAYOUT_KINDS = frozenset({QuestionKind.PAYOUT.value, QuestionKind.CAPPED_TOTAL.value})
STATION_KEY = "exam_station:"
"""``meta`` key prefix: the station an exam merged from a station file was sat at."""
SHORT_STATION = 8
"""A station's id is shown by its first characters, like a short commit hash."""


def record_merged_exams(conn: sqlite3.Connection, after: int,
                        stations: Mapping[str, str]) -> list[DuplicateAttempt]:
    """Inside a merge's transaction: record the station each exam the merge added (ids
    above ``after``) was sat at (``stations`` by exam uid; an exam already recorded
    keeps its first station), and return the duplicate attempt numbers they make."""
    added = dict(conn.execute("SELECT uid, id FROM exams WHERE id > ?", (after,)).fetchall())
    record_exam_stations(conn, {uid: stations[uid] for uid in added if uid in stations})
    return duplicate_attempts(conn, added.values())


def record_exam_stations(conn: sqlite3.Connection, stations: Mapping[str, str]) -> None:
    """Inside a write transaction: record the station each exam (by uid) was sat at, as
    its station file or the room said (an exam already recorded keeps its first)."""
    conn.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        [(STATION_KEY + uid, station) for uid, station in stations.items()],
    )


def merged_exam_stations(conn: sqlite3.Connection) -> dict[str, str]:
    """Every recorded station of a merged exam, by exam uid (what an export carries)."""
    found = conn.execute(
        "SELECT e.uid, m.value FROM exams e JOIN meta m ON m.key = ? || e.uid",
        (STATION_KEY,),
    ).fetchall()
    return {str(uid): str(station) for uid, station in found}


class FlagKind(StrEnum):
    """What an evidence flag is about."""

    DUPLICATE_ATTEMPT = "duplicate attempt"
    ATTEMPTS_OVER_LIMIT = "attempts over the limit"
    FAST_PAYOUT = "fast payout"
    FAST_EXAM = "fast exam"


@dataclass(frozen=True, slots=True)
class EvidenceFlag:
    """Something the instructor should look at before signing; ``text`` is a sentence."""

    kind: FlagKind
    text: str


@dataclass(frozen=True, slots=True)
class SatAt:
    """Where an exam was sat."""

    station: str | None
    """The station's id; None: merged before the trainer recorded stations."""
    here: bool
    """Sat at this station (or merged back from a file of this station)."""

    @property
    def label(self) -> str:
        if self.station is None:
            return _("another station (merged from a station file; which was not recorded)")
        short = self.station[:SHORT_STATION]
        if self.here:
            return _("this station ({station})", station=short)
        return _("station {station} (merged)", station=short)


@dataclass(frozen=True, slots=True)
class AttemptSeen:
    """One exam of the same set-up by the same trainee."""

    exam: Exam
    sat_at: SatAt


@dataclass(frozen=True, slots=True)
class ExamEvidence:
    """An exam's evidence for the one who signs it off (see the module's docstring)."""

    exam_id: int
    setup_name: str
    sat_at: SatAt
    attempts: tuple[AttemptSeen, ...]
    """Every exam of this trainee with the same set-up name, oldest first (this one too)."""
    questions: int
    """Questions answered (an unanswered one, left when time ran out, not counted)."""
    answer_seconds: float
    """The answers' own times added up."""
    elapsed_seconds: float | None
    """From the exam's start to its finish; None while it runs."""
    payouts: int
    fast_payouts: tuple[float, ...]
    """The times of payouts answered in under :data:`MIN_PAYOUT_SECONDS`, as answered."""
    flags: tuple[EvidenceFlag, ...]

    @property
    def reading_floor_seconds(self) -> float:
        """The least time a person needs for the questions answered."""
        return self.questions * MIN_SECONDS_PER_QUESTION


def _seconds(value: float) -> str:
    return f"{value:.1f} s" if value < 600 else f"{value / 60:.0f} min"


_COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}


def count_word(count: int) -> str:
    return _(_COUNT_WORDS[count]) if count in _COUNT_WORDS else str(count)


def _capitalized(sentence: str) -> str:
    """A sentence that may start with a placeholder's word (``two``), capitalized."""
    return sentence[:1].upper() + sentence[1:]


def _setup_name(exam: Exam, configs: Mapping[int, str]) -> str:
    if exam.setup is not None:
        return exam.setup.name
    return configs.get(exam.config_id or -1, "")


def _sat_at(exam: Exam, uid: str, recorded: Mapping[str, str], this_station: str) -> SatAt:
    if exam.config_id is not None:
        return SatAt(this_station, True)
    station = recorded.get(uid)
    return SatAt(station, station == this_station)


def _trainee_exams(conn: sqlite3.Connection, trainee_id: int) -> list[tuple[Exam, str]]:
    found = rows.fetch_all(
        conn,
        f"SELECT {rows.EXAM_COLUMNS}, uid FROM exams WHERE trainee_id = ?"
        " ORDER BY started, id",
        (trainee_id,),
    )
    return [(rows.exam(row), str(row["uid"])) for row in found]


def _configs(conn: sqlite3.Connection) -> dict[int, str]:
    return {int(i): str(n) for i, n in conn.execute("SELECT id, name FROM exam_configs")}


def _attempt_flags(setup_name: str, attempts: list[AttemptSeen],
                   max_attempts: int | None) -> list[EvidenceFlag]:
    flags = []
    numbers = Counter(seen.exam.attempt for seen in attempts if seen.exam.attempt is not None)
    for number, count in sorted(numbers.items()):
        if count < 2:
            continue
        which = ", ".join(_("exam #{number} at {station}", number=seen.exam.id,
                            station=seen.sat_at.label) for seen in attempts
                          if seen.exam.attempt == number)
        flags.append(EvidenceFlag(FlagKind.DUPLICATE_ATTEMPT, _capitalized(_(
            "{count} attempt {number} of \u201c{setup}\u201d ({exams}): a station's data may"
            " have been rolled back or replaced, or the exam sat at more than one station.",
            count=count_word(count), number=number, setup=setup_name, exams=which))))
    if max_attempts is not None and len(attempts) > max_attempts:
        flags.append(EvidenceFlag(FlagKind.ATTEMPTS_OVER_LIMIT, ngettext(
            "{known} attempts of \u201c{setup}\u201d are known; the set-up allows {count}"
            " attempt.",
            "{known} attempts of \u201c{setup}\u201d are known; the set-up allows {count}"
            " attempts.", max_attempts, known=len(attempts), setup=setup_name)))
    return flags


def _time_flags(questions: int, answer_seconds: float, elapsed: float | None,
                payouts: int, fast: list[float]) -> list[EvidenceFlag]:
    flags = []
    if fast:
        times = ", ".join(f"{seconds:.2f} s" for seconds in fast)
        flags.append(EvidenceFlag(FlagKind.FAST_PAYOUT, _(
            "{fast} of {payouts} payouts answered in under {limit} second ({times}).",
            fast=len(fast), payouts=payouts, limit=format(MIN_PAYOUT_SECONDS, "g"),
            times=times)))
    floor = questions * MIN_SECONDS_PER_QUESTION
    too_fast = ([_("its answers took {time}", time=_seconds(answer_seconds))]
                if answer_seconds < floor else [])
    if elapsed is not None and elapsed < floor:
        too_fast.append(_("it ran {time} from start to finish", time=_seconds(elapsed)))
    if too_fast:
        why = (too_fast[0] if len(too_fast) == 1
               else _("{items} and {last}", items=too_fast[0], last=too_fast[1]))
        flags.append(EvidenceFlag(FlagKind.FAST_EXAM, _(
            "{count} questions answered faster than a person can read them: {why}, under"
            " {floor} ({per} s a question).", count=questions, why=why,
            floor=_seconds(floor), per=format(MIN_SECONDS_PER_QUESTION, "g"))))
    return flags


def exam_evidence(conn: sqlite3.Connection, exam_id: int, this_station: str,
                  with_seals: Callable[[list[Exam]], list[Exam]] | None = None) -> ExamEvidence:
    """The evidence of one exam (see the module's docstring); StorageError: no such exam.
    ``with_seals`` fills in each attempt's seal state (so an altered one reads so)."""
    owner = conn.execute("SELECT trainee_id FROM exams WHERE id = ?", (exam_id,)).fetchone()
    if owner is None:
        raise StorageError(_("exam_id: no exam {exam}", exam=exam_id))
    configs = _configs(conn)
    recorded = merged_exam_stations(conn)
    everything = _trainee_exams(conn, int(owner[0]))
    exam, uid = next((e, u) for e, u in everything if e.id == exam_id)
    name = _setup_name(exam, configs)
    attempts = [
        AttemptSeen(other, _sat_at(other, other_uid, recorded, this_station))
        for other, other_uid in everything
        if _setup_name(other, configs).casefold() == name.casefold()
    ]
    if with_seals is not None:
        sealed = with_seals([seen.exam for seen in attempts])
        attempts = [AttemptSeen(exam, seen.sat_at) for exam, seen in zip(sealed, attempts,
                                                                           strict=True)]
    answered = conn.execute(
        "SELECT a.kind, a.seconds FROM rounds r JOIN answers a ON a.round_id = r.id"
        " WHERE r.session_id = ? AND a.given IS NOT NULL ORDER BY a.answered_at, a.id",
        (exam.session_id,),
    ).fetchall()
    seconds = [float(row[1]) for row in answered]
    payout_times = [float(row[1]) for row in answered if row[0] in PAYOUT_KINDS]
    fast = [value for value in payout_times if value < MIN_PAYOUT_SECONDS]
    elapsed = (None if exam.finished is None
               else (exam.finished - exam.started).total_seconds())
    limit = None if exam.setup is None else exam.setup.max_attempts
    flags = (_attempt_flags(name, attempts, limit)
             + _time_flags(len(seconds), sum(seconds), elapsed, len(payout_times), fast))
    return ExamEvidence(
        exam_id=exam_id,
        setup_name=name,
        sat_at=_sat_at(exam, uid, recorded, this_station),
        attempts=tuple(attempts),
        questions=len(seconds),
        answer_seconds=sum(seconds),
        elapsed_seconds=elapsed,
        payouts=len(payout_times),
        fast_payouts=tuple(fast),
        flags=tuple(flags),
    )


@dataclass(frozen=True, slots=True)
class DuplicateAttempt:
    """Several exams of one trainee, one set-up (by name) and one attempt number."""

    trainee: str
    setup_name: str
    attempt: int
    count: int

    @property
    def sentence(self) -> str:
        return _("{trainee} has {count} attempt {number} of the exam \u201c{setup}\u201d",
                 trainee=self.trainee, count=count_word(self.count), number=self.attempt,
                 setup=self.setup_name)


def duplicate_attempts(conn: sqlite3.Connection, exam_ids: Iterable[int]) -> list[DuplicateAttempt]:
    """The duplicate attempt numbers that include one of ``exam_ids`` (the exams a
    merge just added), each once, by trainee name then set-up."""
    wanted = set(exam_ids)
    if not wanted:
        return []
    marks = ", ".join("?" * len(wanted))
    trainees = conn.execute(
        f"SELECT DISTINCT e.trainee_id, t.name FROM exams e JOIN trainees t"
        f" ON t.id = e.trainee_id WHERE e.id IN ({marks})",
        sorted(wanted),
    ).fetchall()
    configs = _configs(conn)
    found = []
    for trainee_id, trainee in trainees:
        groups: dict[tuple[str, int], list[Exam]] = {}
        names: dict[str, str] = {}
        for exam, _config in _trainee_exams(conn, int(trainee_id)):
            if exam.attempt is None:
                continue
            name = _setup_name(exam, configs)
            names.setdefault(name.casefold(), name)
            groups.setdefault((name.casefold(), exam.attempt), []).append(exam)
        for (folded, attempt), exams in groups.items():
            if len(exams) > 1 and any(exam.id in wanted for exam in exams):
                found.append(DuplicateAttempt(str(trainee), names[folded], attempt, len(exams)))
    return sorted(found, key=lambda d: (d.trainee.casefold(), d.setup_name.casefold(),
                                        d.attempt))

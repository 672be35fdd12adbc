"""A training session: rounds dealt by the engine, asked, answered and graded.

Storage-agnostic: nothing here writes anywhere. The session announces what
happens to its listeners: :attr:`TrainingSession.round_listeners` hear of
every round dealt, :attr:`TrainingSession.listeners` (or ``on_grade``) of
every grade the moment it is recorded, so that a
:class:`~trainer.training.recorder.SessionRecorder` subscribed to both keeps
each round and commits each answer as it is given, whichever window deals.
A listener's exception reaches the caller of ``next_round``/``answer`` after
the round or grade is kept in the session. The clock is injectable so tests
never sleep.

Timing: a question's seconds run from when it became current (the round's
start for the first, the previous answer for the others) to its answer. A UI
that shows feedback between questions calls :meth:`RoundState.mark_shown`
when it puts the next question up, so reading feedback is not counted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from trainer.engine.chips import DEFAULT_CHIPS, DEFAULT_RACK, Rack, RoomChips
from trainer.engine.generator import generate_round
from trainer.engine.round import SIDE_WAGERS, Round, Wager, is_seat_count, offered_side_wagers
from trainer.engine.rulesets import DEFAULT_RULES, RuleSet, RuleSetError, load_ruleset
from trainer.engine.settlement import Settlement, settle
from trainer.exam_setup import ExamSetup
from trainer.i18n import _, ngettext
from trainer.storage.models import Mode as Mode  # the one definition, re-exported here
from trainer.training.answers import coerce_answer
from trainer.training.chip_grading import ChipPayout, chip_answer
from trainer.training.grading import Grade, grade
from trainer.training.progressive_meter import ProgressiveMeter
from trainer.training.questions import Question, Skill, build_questions

Clock = Callable[[], float]


class SessionError(ValueError):
    """Something the session's state does not allow: dealing while an exam round
    is unfinished or after the exam is over, answering a finished round. The
    message is a sentence for the person."""


@dataclass
class TrainingSettings:
    rules: str = DEFAULT_RULES
    """A preset name or a path to a rule-set file."""
    options: dict[str, str] = field(default_factory=dict)
    """Table letters, e.g. ``{"trips_plus_table": "B"}``."""
    side_bets: tuple[Wager, ...] = SIDE_WAGERS
    """Side bets that may appear (those the rule set does not offer never do)."""
    seats: int | None = None
    """Occupied seats per round; None deals 1 to 6 at random."""
    four_colour: bool = False
    sound: bool = True
    exam_rounds: int = 10
    seed: int | None = None
    chip_mode: bool = False
    """Pay with chips: each payout is built from the rack (typed amounts are the default)."""
    chip_total: bool = False
    """Chip mode in practice: show the running total of the stack being built (never in
    speed or exam mode: a dealer counts)."""
    language: str | None = None
    """The trainee's language (``"es"``); None: the room's (site file ``[language]
    default``), else English. Takes effect at the next start (trainer.i18n)."""

    def __post_init__(self) -> None:
        if self.seats is not None and not is_seat_count(self.seats):
            raise ValueError(f"seats: {self.seats} occupied seats is not 1 to 6")
        if self.exam_rounds < 1:
            raise ValueError(f"exam_rounds: {self.exam_rounds} must be at least 1")
        for wager in self.side_bets:
            if wager not in SIDE_WAGERS:
                raise ValueError(f"side_bets: {wager!r} is not a side wager")


def exam_settings(setup: ExamSetup, station: TrainingSettings) -> TrainingSettings:
    """The settings an exam from ``setup`` runs under: the set-up fixes the rule set,
    table letters, seats, side bets, rounds, hands (its seed) and whether payouts are built
    in chips (its ``chips``, whatever the station's Pay with chips); the station keeps
    only how the table looks and sounds (deck colours, sound)."""
    setup = setup.complete()
    return TrainingSettings(
        rules=setup.ruleset_id,
        options=setup.options,
        side_bets=setup.side_bets or (),
        seats=setup.seats,
        four_colour=station.four_colour,
        sound=station.sound,
        exam_rounds=setup.rounds,
        seed=setup.seed,
        chip_mode=setup.chips,
    )


def deals_alike(before: TrainingSettings, after: TrainingSettings) -> bool:
    """Whether two settings deal rounds the same way: the same rule set (id and version),
    the same pay tables in force, the same side bets that can appear, seats, exam length
    and hands. Table letters left to the rule set's default and spelled out are alike;
    side bets the rule set does not offer never appear either way. The deck's colours and
    the sound do not shape a round."""
    def dealt(settings: TrainingSettings) -> tuple[object, ...]:
        ruleset = load_ruleset(settings.rules)
        tables = ruleset.choose_tables(settings.options)
        bets = tuple(w for w in offered_side_wagers(ruleset) if w in settings.side_bets)
        return (ruleset.id, ruleset.version, tables.bad_beat_name, tables.trips_plus_letter,
                tables.pocket_bonus_letter, tables.progressive_letter, bets, settings.seats,
                settings.exam_rounds, settings.seed)
    try:
        return dealt(before) == dealt(after)
    except (RuleSetError, OSError, ValueError):
        return False  # one cannot be read: treat it as a change, never as the same


def focused_questions(settlement: Settlement,
                      skills: tuple[Skill, ...] = ()) -> tuple[Question, ...]:
    """The round's questions in the dealer's order; with ``skills``, only theirs."""
    questions = build_questions(settlement)
    return tuple(question for question in questions if not skills or question.skill in skills)


GradeListener = Callable[["RoundState", Grade], None]
RoundListener = Callable[["RoundState"], None]


class RoundState:
    """One round being asked: its questions, the current one, the grades so far."""

    def __init__(self, settlement: Settlement, *, number: int = 1, clock: Clock = time.monotonic,
                 listeners: list[GradeListener] | None = None,
                 skills: tuple[Skill, ...] = ()) -> None:
        self.settlement = settlement
        self.round: Round = settlement.round
        self.skills = skills
        """The skills asked (a drill on one skill); empty: every question of the round."""
        self.questions: tuple[Question, ...] = focused_questions(settlement, skills)
        self.number = number
        """1 for the session's first round."""
        self.index = 0
        """Index of the current question (== len(questions) once finished)."""
        self.grades: list[Grade] = []
        self._clock = clock
        self._listeners = listeners if listeners is not None else []
        self.started_at = clock()
        self.finished_at: float | None = None
        self._shown_at = self.started_at
        if not self.questions:  # pragma: no cover - every round has the dealer's questions
            self.finished_at = self.started_at

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def correct(self) -> int:
        return sum(grade.correct for grade in self.grades)

    @property
    def score(self) -> float:
        """Fraction of the answers so far that were right (0.0 before any)."""
        return self.correct / len(self.grades) if self.grades else 0.0

    @property
    def elapsed(self) -> float:
        """Seconds from the deal to the last answer (or to now, while unfinished)."""
        end = self.finished_at if self.finished_at is not None else self._clock()
        return end - self.started_at

    def mark_shown(self) -> None:
        """Restart the current question's timer (call when it is actually displayed)."""
        self._shown_at = self._clock()

    @property
    def waiting(self) -> float:
        """Seconds since the current question was shown."""
        return self._clock() - self._shown_at

    def answer(self, given: object, *, seconds: float | None = None) -> Grade:
        """Grade an answer to the current question, record it and move on.

        ``given`` is the typed text or an answer object. Text that cannot be
        read raises :class:`~trainer.training.answers.AnswerError`; then nothing
        is recorded and the same question stays current. ``seconds`` replaces the
        time since the question was shown (the answers of one expert line share
        the line's time, :attr:`waiting` when it was entered).
        """
        question = self.current
        if question is None:
            raise SessionError(_("The round is finished: there is no question to answer"))
        parsed = coerce_answer(question.kind, given)
        now = self._clock()
        result = grade(question, parsed, now - self._shown_at if seconds is None else seconds)
        return self._keep(result, now)

    def answer_chips(self, given: ChipPayout, room: RoomChips = DEFAULT_CHIPS, *,
                     seconds: float | None = None) -> Grade:
        """Grade a payout built in chips (chip mode) like :meth:`answer`: the amount
        first, then the chips by ``room``'s procedure
        (:func:`~trainer.training.chip_grading.chip_answer`). A
        :class:`~trainer.training.chip_grading.ChipAnswerError` (a question that asks no
        payout, a chip not of the rack) records nothing."""
        question = self.current
        if question is None:
            raise SessionError(_("The round is finished: there is no question to answer"))
        now = self._clock()
        result = chip_answer(question, self.settlement, given, room,
                             now - self._shown_at if seconds is None else seconds)
        return self._keep(result, now)

    def _keep(self, result: Grade, now: float) -> Grade:
        self.grades.append(result)
        self.index += 1
        self._shown_at = now
        if self.finished:
            self.finished_at = now
        for listener in list(self._listeners):
            listener(self, result)
        return result


@dataclass(frozen=True)
class SessionSummary:
    mode: Mode
    rounds: int
    """Rounds finished."""
    questions: int
    """Questions answered (in finished and unfinished rounds)."""
    correct: int
    percent: float
    """0-100; 0.0 before any answer."""
    mean_round_seconds: float
    """Mean time per finished round; 0.0 before any."""
    per_skill: dict[Skill, float]
    """Fraction correct per skill that was asked."""
    per_skill_counts: dict[Skill, tuple[int, int]]
    """(correct, asked) per skill."""


@dataclass
class _RoundTotals:
    """Totals of rounds for the summary: kept for the rounds a practice session
    no longer holds in full, and added up with the rounds it does hold."""

    rounds: int = 0
    finished: int = 0
    finished_seconds: float = 0.0
    per_skill: dict[Skill, list[int]] = field(default_factory=dict)
    """[correct, asked] per skill."""

    def copy(self) -> _RoundTotals:
        return replace(self, per_skill={skill: list(tally) for skill, tally
                                        in self.per_skill.items()})

    def add(self, state: RoundState) -> None:
        self.rounds += 1
        if state.finished:
            self.finished += 1
            self.finished_seconds += state.elapsed
        for result in state.grades:
            tally = self.per_skill.setdefault(result.question.skill, [0, 0])
            tally[0] += result.correct
            tally[1] += 1
            if result.chips is not None:  # paid in chips: the procedure counts too
                for skill, right in result.chips.skill_results()[1:]:
                    tally = self.per_skill.setdefault(skill, [0, 0])
                    tally[0] += right
                    tally[1] += 1


class TrainingSession:
    """Deals rounds in one mode and keeps their grades.

    An exam keeps every round. Practice and speed sessions keep the last
    :attr:`KEPT_ROUNDS` rounds in full and only the totals of earlier ones, so
    an afternoon of practice does not grow without bound (every answer is in
    the database the moment it is given; the session is not the record).
    """

    KEPT_ROUNDS = 25

    def __init__(self, settings: TrainingSettings | None = None, mode: Mode = Mode.PRACTICE,
                 clock: Clock = time.monotonic, *,
                 on_grade: GradeListener | None = None,
                 meter: ProgressiveMeter | None = None, rack: Rack = DEFAULT_RACK) -> None:
        self.settings = settings if settings is not None else TrainingSettings()
        self.rack = rack
        """The room's chips (the site file's ``[chips]``): every wager is bet in them."""
        self.mode = Mode(mode)
        self.clock = clock
        self.ruleset: RuleSet = load_ruleset(self.settings.rules)
        self.ruleset.choose_tables(self.settings.options)  # refuse unknown tables now
        self.rng = random.Random(self.settings.seed)
        self.listeners: list[GradeListener] = []
        """Called with every grade, as it is given."""
        if on_grade is not None:
            self.listeners.append(on_grade)
        self.round_listeners: list[RoundListener] = []
        """Called with every round dealt, before its first question is asked."""
        self.rounds: list[RoundState] = []
        """The rounds kept in full, oldest first (every round of an exam)."""
        self._earlier = _RoundTotals()
        self.meter = meter
        """The station's progressive meter random rounds are played against (None: each
        round has its own pool, as in an exam)."""

    @property
    def feedback_now(self) -> bool:
        """Whether each grade is shown as soon as it is given (practice only)."""
        return self.mode is Mode.PRACTICE

    @property
    def feedback_after_round(self) -> bool:
        """Whether a round's grades are shown when it finishes (not in an exam)."""
        return self.mode is not Mode.EXAM

    @property
    def history(self) -> tuple[RoundState, ...]:
        """The rounds kept in full, oldest first (same as ``rounds``)."""
        return tuple(self.rounds)

    @property
    def current_round(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def rounds_played(self) -> int:
        """Rounds whose every question has been answered."""
        return self._totals().finished

    @property
    def exam_finished(self) -> bool:
        return self.mode is Mode.EXAM and self.rounds_played >= self.settings.exam_rounds

    def next_round(self) -> RoundState:
        """Deal, settle and ask a new random round."""
        self._check_can_deal()
        round_ = generate_round(self.rng, self.ruleset, seats=self.settings.seats,
                                side_bets=self.settings.side_bets, options=self.settings.options,
                                rack=self.rack)
        if self.meter is None:
            return self._start(settle(round_))
        settlement = settle(self.meter.deal(round_))
        self.meter.pay(settlement)
        return self._start(settlement)

    def start_round(self, round_: Round, skills: tuple[Skill, ...] = (), *,
                    on_meter: bool = False) -> RoundState:
        """Ask a given round (a lesson's or a test's) instead of a random one; with
        ``skills``, only the questions of those skills (the rest is shown settled).
        ``on_meter``: a round dealt fresh for this session (a drill's) is played against
        the session's meter like a random one; a round re-dealt as it was keeps its pool."""
        self._check_can_deal()
        if not on_meter or self.meter is None:
            return self._start(settle(round_), skills)
        settlement = settle(self.meter.deal(round_))
        self.meter.pay(settlement)
        return self._start(settlement, skills)

    def _check_can_deal(self) -> None:
        if self.mode is not Mode.EXAM:
            return
        if self.exam_finished:
            raise SessionError(ngettext("The exam is over: {count} round played",
                                        "The exam is over: {count} rounds played",
                                        self.settings.exam_rounds))
        current = self.current_round
        if current is not None and not current.finished:
            raise SessionError(_("Finish the exam round before dealing the next"))

    def _start(self, settlement: Settlement, skills: tuple[Skill, ...] = ()) -> RoundState:
        state = RoundState(settlement, number=self._earlier.rounds + len(self.rounds) + 1,
                           clock=self.clock, listeners=self.listeners, skills=skills)
        self.rounds.append(state)
        if self.mode is not Mode.EXAM:
            while len(self.rounds) > self.KEPT_ROUNDS:
                self._earlier.add(self.rounds.pop(0))
        for listener in list(self.round_listeners):
            listener(state)
        return state

    def visible_grades(self) -> tuple[Grade, ...]:
        """The grades the trainee may see now: in practice every one; in speed mode
        those of finished rounds; in an exam none until the exam is over."""
        if self.mode is Mode.PRACTICE:
            return tuple(grade for state in self.rounds for grade in state.grades)
        if self.mode is Mode.SPEED or self.exam_finished:
            return tuple(grade for state in self.rounds if state.finished
                         for grade in state.grades)
        return ()

    def _totals(self) -> _RoundTotals:
        """Every round of the session: the earlier totals plus the rounds kept."""
        totals = self._earlier.copy()
        for state in self.rounds:
            totals.add(state)
        return totals

    def summary(self) -> SessionSummary:
        totals = self._totals()
        ordered = {skill: totals.per_skill[skill] for skill in Skill if skill in totals.per_skill}
        questions = sum(asked for _, asked in ordered.values())
        correct = sum(right for right, _ in ordered.values())
        rounds = totals.finished
        seconds = totals.finished_seconds
        return SessionSummary(
            mode=self.mode,
            rounds=rounds,
            questions=questions,
            correct=correct,
            percent=100.0 * correct / questions if questions else 0.0,
            mean_round_seconds=seconds / rounds if rounds else 0.0,
            per_skill={skill: right / asked for skill, (right, asked) in ordered.items()},
            per_skill_counts={skill: (right, asked) for skill, (right, asked) in ordered.items()},
        )

"""What the course screens show and deal, without Qt.

Mastery comes from the trainee's answers through :mod:`trainer.training.mastery`;
the next drill from :class:`~trainer.training.scheduler.PracticeScheduler`,
rebuilt by replaying those answers (fuzzing is off, so the replay gives the
same schedule every time); a "work my mistakes" session from the rounds of the
stored wrong answers. Nothing here imports PySide6: the course window
(:mod:`trainer.ui.course`) shows what this decides.

Storage keeps a skill with every answer to a question on a dealt round; the
course's other answers (a ruling picked, a finished round of a scenario drill)
go to its course answers (:meth:`CourseProgress.record_ruling`,
:meth:`CourseProgress.record_scenario`), so the mastery of the irregularities
lesson, the schedule of rulings and scenarios and the rulings to work again
survive a restart. Only without a trainee's database, or when saving fails,
are answers kept for the run of the program alone (:attr:`CourseProgress.extra`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from trainer.engine.chips import DEFAULT_CHIPS, RoomChips
from trainer.engine.round import Round, RoundError
from trainer.engine.rulesets import RuleSetError
from trainer.engine.scenarios import SCENARIOS
from trainer.engine.settlement import settle
from trainer.i18n import N_, _
from trainer.storage.interfaces import CourseAnswerStore
from trainer.storage.models import CourseAnswer, CourseAnswerKind, Mistake
from trainer.training.chip_drills import ChipTask, chip_drill_kind, deal_task
from trainer.training.chip_grading import CHIP_QUESTION_KINDS
from trainer.training.chip_records import CHIPS_SUFFIX, parse_chips_text
from trainer.training.lessons import (
    RANDOM,
    ChipDrill,
    Drill,
    Lesson,
    Ruling,
    course_items,
    drill_rounds,
    lessons_for_skill,
    practice_rounds,
)
from trainer.training.mastery import (
    DEFAULT_TARGET_SECONDS,
    LessonMastery,
    Mastery,
    Scored,
    UnsavedAnswer,
    course_mastery,
    lesson_mastery,
    skill_mastery,
    skill_of,
    skill_targets,
)
from trainer.training.questions import QuestionKind, Skill, build_questions
from trainer.training.review import reopen_mistake
from trainer.training.scheduler import (
    RULING,
    SCENARIO,
    SKILL,
    PracticeScheduler,
    ruling_item,
    scenario_item,
    skill_item,
    split_item,
)
from trainer.training.session import focused_questions

DUE_ROUNDS = 5
"""Rounds in a "practise what's due" drill."""

MISTAKE_ROUNDS = 10
"""Rounds (at most) in a "work my mistakes" session."""

DRILL_SECONDS = 600
"""A lesson's drill fits about ten minutes: its rounds' questions at the lesson's target
time add up to at most this (at least one round is always dealt)."""


# --- what a drill deals -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStep:
    """A round to settle, asked question by question."""

    round: Round
    label: str
    scenario: str | None = None
    """The scenario kind it was generated for (None: random or a stored round)."""
    target_seconds: float = DEFAULT_TARGET_SECONDS
    skills: tuple[Skill, ...] = ()
    """The skills asked; the rest of the round is shown settled. Empty: every question."""
    fresh: bool = False
    """Dealt for this drill (played against the station's meter, as at the table); False:
    a round re-dealt exactly as it was (a mistake), its own pool kept."""
    situation: str | None = None
    """What the round was dealt to show (a scenario's description, which names the
    answers: "The dealer does not qualify ..."), said only once it is answered."""
    chips: bool = False
    """Its payouts are built in chips whatever the trainee's setting: a mistake made
    paying in chips is worked paying in chips (docs/rules.md §10)."""


@dataclass(frozen=True, slots=True)
class RulingStep:
    """An irregularity: the trainee picks the ruling."""

    ruling: Ruling
    lesson_id: str
    label: str
    target_seconds: float = DEFAULT_TARGET_SECONDS


@dataclass(frozen=True, slots=True)
class ChipStep:
    """A chip task (cut and size): built from the rack or answered with an amount."""

    task: ChipTask
    lesson_id: str
    label: str
    target_seconds: float = DEFAULT_TARGET_SECONDS

    @property
    def item(self) -> str:
        """The name its answer is kept under (a scenario name: ``chips-cut``)."""
        return self.task.kind.item


Step = RoundStep | RulingStep | ChipStep


@dataclass(frozen=True, slots=True)
class Plan:
    """A drill: its steps in order and the lessons whose mastery it moves."""

    title: str
    steps: tuple[Step, ...]
    lessons: tuple[Lesson, ...] = ()
    skills: tuple[Skill, ...] = ()
    """Skills whose mastery is shown before and after (besides the lessons')."""
    skipped: tuple[str, ...] = ()
    """Sentences for the person: rounds that could not be dealt, and why."""

    @property
    def rounds(self) -> int:
        return sum(isinstance(step, RoundStep) for step in self.steps)

    @property
    def rulings(self) -> int:
        return sum(isinstance(step, RulingStep) for step in self.steps)

    @property
    def chip_tasks(self) -> int:
        return sum(isinstance(step, ChipStep) for step in self.steps)


def _round_steps(drill: Drill, rounds: Sequence[Round], target: float) -> list[RoundStep]:
    """One step per round. The label shown while it is asked never gives the answers
    away: the lesson's own title for the drill (a question, "Qualify or not?") or a
    plain "Drill round"; what the round shows is said after it (``situation``)."""
    scenario = None if drill.scenario == RANDOM else drill.scenario
    name = drill.title or _("Drill round")
    situation = None if scenario is None else SCENARIOS[scenario].shown
    return [RoundStep(round_, _("{name} ({number} of {count})", name=name, number=index,
                                count=len(rounds)), scenario, target,
                      fresh=True, situation=situation)
            for index, round_ in enumerate(rounds, start=1)]


def ruling_key(ruling: Ruling) -> str:
    """What a ruling's stored answers name it by: a digest of its situation's words.

    Rulings have no id in the lesson files; the digest stays the same when the
    rulings are reordered or their choices reworded, and changes only with the
    situation itself (an edited situation is a new ruling).
    """
    words = " ".join(ruling.situation.split())
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]


def _ruling_steps(lesson: Lesson) -> list[RulingStep]:
    total = len(lesson.rulings)
    return [RulingStep(ruling, lesson.id,
                       _("Ruling {number} of {count}", number=index, count=total),
                       lesson.target_seconds)
            for index, ruling in enumerate(lesson.rulings, start=1)]


def _chip_steps(lesson: Lesson, rng: random.Random, room: RoomChips,
                drills: Sequence[ChipDrill] | None = None) -> list[ChipStep]:
    """Each chip drill's tasks, dealt from the room's rack, drill by drill."""
    steps = []
    for drill in lesson.chip_drills if drills is None else drills:
        for index in range(1, drill.count + 1):
            label = _("{name} ({number} of {count})", name=drill.description, number=index,
                      count=drill.count)
            steps.append(ChipStep(deal_task(drill.kind, rng, room), lesson.id, label,
                                  lesson.target_seconds))
    return steps


def lesson_plan(lesson: Lesson, rng: random.Random, *, whole_rounds: bool = False,
                room: RoomChips = DEFAULT_CHIPS) -> Plan:
    """The lesson's drill rounds (in the file's order), its chip drills (dealt from
    ``room``'s rack, answered by its procedure), then its rulings.

    By default each round asks only the questions of the skills the lesson trains,
    and the rounds stop when their questions at the lesson's target time would pass
    :data:`DRILL_SECONDS` (rounds that ask none of those questions are left out).
    ``whole_rounds`` asks every question of every drill round, as before.
    """
    steps: list[Step] = []
    skipped: list[str] = []
    skills = () if whole_rounds else lesson.skills
    budget = float(DRILL_SECONDS)
    for drill in lesson.drills:
        if budget <= 0:
            break
        try:
            rounds = drill_rounds(drill, rng)
        except (ValueError, RoundError, RuleSetError) as error:
            skipped.append(_("{drill}: cannot deal these rounds ({error})",
                             drill=drill.description, error=error))
            continue
        for step in _round_steps(drill, rounds, lesson.target_seconds):
            if whole_rounds:
                steps.append(step)
                continue
            asked = len(focused_questions(settle(step.round), skills))
            if not asked:
                continue
            cost = asked * lesson.target_seconds
            if cost > budget and any(isinstance(s, RoundStep) for s in steps):
                budget = 0.0  # the drill is full: no later drill's rounds either
                break
            budget -= cost
            steps.append(replace(step, skills=skills))
    steps.extend(_chip_steps(lesson, rng, room))
    steps.extend(_ruling_steps(lesson))
    return Plan(lesson.title, tuple(steps), (lesson,), _skills_asked(steps, lesson.skills),
                tuple(skipped))


def _skills_asked(steps: Sequence[Step], skills: tuple[Skill, ...]) -> tuple[Skill, ...]:
    """Those of ``skills`` that the plan's rounds ask: a skill its rule sets do not offer
    (the capped total under a rule set without a cap) shows no mastery before -> after."""
    asked: set[Skill] = set()
    for step in steps:
        if isinstance(step, RoundStep):
            asked.update(question.skill
                         for question in focused_questions(settle(step.round), step.skills))
    return tuple(skill for skill in skills if skill in asked)


def describe_item(item: str, lessons: Sequence[Lesson]) -> str:
    """A person's name for a practice item, e.g. ``Odds on a win`` or ``Ties (scenario)``."""
    kind, name = split_item(item)
    if kind == SKILL:
        return Skill(name).label
    if kind == SCENARIO:
        chip_kind = chip_drill_kind(name)
        if chip_kind is not None:
            return chip_kind.display_name
        scenario = SCENARIOS.get(name)
        return scenario.shown if scenario is not None else name
    for lesson in lessons:
        if lesson.id == name:
            return _("{lesson}: rulings", lesson=lesson.title)
    return _("{lesson}: rulings", lesson=name)


def item_plan(item: str, lessons: Sequence[Lesson], rng: random.Random,
              rounds: int = DUE_ROUNDS, room: RoomChips = DEFAULT_CHIPS) -> Plan:
    """A short drill for one scheduler item: a lesson's rulings, ``rounds`` tasks of a
    chip drill (from ``room``'s rack), or fresh rounds dealt by
    :func:`~trainer.training.lessons.practice_rounds` (its scenario, or the drills of the
    first lesson teaching its skill)."""
    kind, name = split_item(item)
    title = _("Due now: {item}", item=describe_item(item, lessons))
    chip_kind = chip_drill_kind(name) if kind == SCENARIO else None
    if chip_kind is not None:
        for lesson in lessons:
            drill = next((d for d in lesson.chip_drills if d.kind is chip_kind), None)
            if drill is not None:
                tasks = _chip_steps(lesson, rng, room, [replace(drill, count=rounds)])
                return Plan(title, tuple(tasks), (lesson,))
        return Plan(title, (), skipped=(_("No lesson with the chip drill '{drill}' is loaded.",
                                          drill=name),))
    if kind == RULING:
        for lesson in lessons:
            if lesson.id == name and lesson.rulings:
                return Plan(title, tuple(_ruling_steps(lesson)), (lesson,))
        return Plan(title, (), skipped=(_("No lesson '{lesson}' with rulings is loaded.",
                                          lesson=name),))
    if kind == SCENARIO:
        teaching = [lesson for lesson in lessons if name in lesson.scenarios]
        skills: tuple[Skill, ...] = ()
    else:
        teaching = [lesson for lesson in lessons_for_skill(lessons, Skill(name))
                    if lesson.drills]
        skills = (Skill(name),)
    target = course_items(lessons).get(item, DEFAULT_TARGET_SECONDS)
    try:
        dealt = practice_rounds(item, lessons, rng, rounds)
    except KeyError:  # no lesson practises it: ordinary random rounds
        dealt = drill_rounds(Drill(RANDOM, rounds), rng)
    except (ValueError, RoundError, RuleSetError) as error:
        return Plan(title, (), skipped=(_("Cannot deal rounds for this ({error}).",
                                          error=error),))
    what = describe_item(item, lessons)
    situation = None
    if kind == SCENARIO:  # its description names the answers: said after each round
        situation = what
        what = (_("{lesson}: scenario rounds", lesson=teaching[0].title) if teaching
                else _("Scenario rounds"))
        title = _("Due now: {item}", item=what)
    steps = tuple(RoundStep(round_, _("{name} ({number} of {count})", name=what,
                                      number=index, count=len(dealt)),
                            name if kind == SCENARIO else None, target, fresh=True,
                            situation=situation)
                  for index, round_ in enumerate(dealt, start=1))
    return Plan(title, steps, tuple(teaching[:1]), skills)


# --- the trainee's answers -------------------------------------------------------------


@dataclass
class CourseProgress:
    """A trainee's answers as the mastery and scheduler modules read them.

    ``stored`` returns the answers to questions kept in the database
    (``TrainerDB.trainee_answers``). With a ``store`` and
    a ``trainee_id``, rulings and scenario rounds are written there as they are
    answered and :meth:`load` reads the earlier ones back; :attr:`extra` holds
    what could not be kept (no trainee, or saving failed) for this run.
    """

    lessons: Sequence[Lesson]
    stored: Callable[[], Iterable[Scored]] = lambda: ()
    store: CourseAnswerStore | None = None
    trainee_id: int | None = None
    saved: list[CourseAnswer] = field(default_factory=list)
    """Rulings and scenario rounds kept in the store: read by :meth:`load`, then added to."""
    extra: list[UnsavedAnswer] = field(default_factory=list)
    missed_rulings: list[RulingStep] = field(default_factory=list)
    """Rulings whose latest answer was wrong, for "work my mistakes" (oldest miss first)."""

    def load(self) -> None:
        """Read the trainee's stored rulings and scenario rounds (storage errors propagate,
        leaving what was loaded before)."""
        if self.store is None or self.trainee_id is None:
            return
        rows = list(self.store.course_answers(self.trainee_id))
        self.saved = rows
        latest: dict[tuple[str, str], bool] = {}
        for row in sorted(rows, key=lambda row: _aware(row.answered_at)):
            if row.kind is CourseAnswerKind.RULING and row.lesson:
                key = (row.lesson, row.item)
                latest.pop(key, None)  # re-inserted: the dict keeps the latest answer's order
                latest[key] = bool(row.correct)
        steps = self._ruling_steps_by_key()
        self.missed_rulings = [steps[key] for key, right in latest.items()
                               if not right and key in steps]

    def _ruling_steps_by_key(self) -> dict[tuple[str, str], RulingStep]:
        return {(step.lesson_id, ruling_key(step.ruling)): step
                for lesson in self.lessons for step in _ruling_steps(lesson)}

    def records(self) -> list[Scored]:
        return [*self.stored(), *self.saved, *self.extra]

    def lesson_mastery(self, lesson: Lesson,
                       records: Sequence[Scored] | None = None) -> LessonMastery:
        return lesson_mastery(self.records() if records is None else records, lesson)

    def course_mastery(self) -> dict[str, LessonMastery]:
        """Every lesson's mastery, by lesson id."""
        return course_mastery(self.records(), self.lessons)

    def skill_mastery(self, skill: Skill,
                      records: Sequence[Scored] | None = None) -> Mastery:
        target = skill_targets(self.lessons).get(skill, DEFAULT_TARGET_SECONDS)
        return skill_mastery(self.records() if records is None else records, skill, target)

    def snapshot(self, plan: Plan) -> Snapshot:
        """The mastery a drill may move: its lessons' and its skills'."""
        records = self.records()
        return Snapshot(
            {lesson.id: self.lesson_mastery(lesson, records) for lesson in plan.lessons},
            {skill: self.skill_mastery(skill, records) for skill in plan.skills},
        )

    def record_ruling(self, step: RulingStep, correct: bool, seconds: float,
                      when: datetime | None = None) -> None:
        """A ruling picked: kept in the store when there is one, else for this run.

        When saving fails the answer is kept for this run and the storage error
        is raised for the caller to report.
        """
        key = (step.lesson_id, ruling_key(step.ruling))
        missed = [known for known in self.missed_rulings
                  if (known.lesson_id, ruling_key(known.ruling)) == key]
        for known in missed:
            self.missed_rulings.remove(known)
        if not correct:
            self.missed_rulings.append(step)
        self._keep(CourseAnswerKind.RULING, key[1], correct, seconds, when,
                   lesson=step.lesson_id)

    def record_unsaved(self, skill: Skill, correct: bool, seconds: float,
                       when: datetime | None = None) -> None:
        """An answer storage did not keep (no trainee, or saving failed): counted for this run."""
        at = _aware(when) if when is not None else _now()
        self.extra.append(UnsavedAnswer(skill, correct, seconds, at))

    def record_chip_task(self, step: ChipStep, correct: bool, seconds: float,
                         when: datetime | None = None) -> None:
        """One chip task answered: kept like a scenario round, under its drill's name
        (``chips-cut``), which the chip lesson's mastery and the schedule count."""
        self._keep(CourseAnswerKind.SCENARIO, step.item, correct, seconds, when,
                   scenario=step.item)

    def record_scenario(self, scenario: str, correct: bool, seconds: float,
                        when: datetime | None = None) -> None:
        """One finished round of a scenario drill (right only if every answer was); kept
        like :meth:`record_ruling`."""
        self._keep(CourseAnswerKind.SCENARIO, scenario, correct, seconds, when,
                   scenario=scenario)

    def _keep(self, kind: CourseAnswerKind, item: str, correct: bool, seconds: float,
              when: datetime | None, *, lesson: str | None = None,
              scenario: str | None = None) -> None:
        at = _aware(when) if when is not None else _now()
        if self.store is None or self.trainee_id is None:
            self.extra.append(UnsavedAnswer(None, correct, seconds, at, scenario, lesson))
            return
        try:
            kept = self.store.record_course_answer(self.trainee_id, kind, item, correct, seconds,
                                                   lesson=lesson, scenario=scenario, at=at)
        except Exception:
            # nothing answered is lost: counted for this run
            self.extra.append(UnsavedAnswer(None, correct, seconds, at, scenario, lesson))
            raise
        self.saved.append(CourseAnswer(kept, self.trainee_id, kind, lesson, scenario, item,
                                       correct, seconds, at))

    # --- scheduling ----------------------------------------------------------------

    def items(self) -> list[str]:
        """What the course teaches, in course order: skills, scenarios and rulings."""
        return list(course_items(self.lessons))

    def scheduler(self, records: Sequence[Scored] | None = None) -> PracticeScheduler:
        """The schedule the answers so far make (replayed oldest first)."""
        rows = sorted(self.records() if records is None else records,
                      key=lambda record: record.answered_at)
        targets = course_items(self.lessons)
        scheduler = PracticeScheduler(targets)
        for record in rows:
            skill = skill_of(record)
            if skill is not None:
                item = skill_item(skill)
            elif record.scenario is not None:
                item = scenario_item(record.scenario)
            else:
                item = ruling_item(record.lesson or "?")
            target = targets.get(item, DEFAULT_TARGET_SECONDS)
            scheduler.record_answer(skill, record.correct, record.seconds, target,
                                    _aware(record.answered_at), scenario=record.scenario,
                                    lesson=record.lesson)
        return scheduler

    def next_item(self, now: datetime | None = None) -> str | None:
        """The item due now (None when the course teaches nothing)."""
        items = self.items()
        if not items:
            return None
        return self.scheduler().next_drill(now or _now(), items)

    def due_plan(self, rng: random.Random, now: datetime | None = None,
                 room: RoomChips = DEFAULT_CHIPS) -> Plan:
        item = self.next_item(now)
        if item is None:
            return Plan(_("Due now"), (), skipped=(_("No lessons are loaded."),))
        return item_plan(item, self.lessons, rng, room=room)

    def _fresh_round(self, skill: Skill, rng: random.Random) -> Round | None:
        """A newly dealt round that asks ``skill`` (None when no lesson deals one)."""
        for _attempt in range(FRESH_TRIES):
            try:
                (round_,) = practice_rounds(skill_item(skill), self.lessons, rng, count=1)
            except (KeyError, ValueError, RoundError, RuleSetError):
                return None
            if focused_questions(settle(round_), (skill,)):
                return round_
        return None

    def mistakes_plan(self, mistakes: Sequence[Mistake], limit: int = MISTAKE_ROUNDS,
                      rng: random.Random | None = None) -> Plan:
        """The rounds of the stored wrong answers, the item to work on first first.

        ``mistakes`` are storage's (newest first, as it returns them): an
        ``answer`` record and the ``round`` as dealt. Each round is dealt once,
        at most ``limit`` rounds, and asks again only the mistaken skill's
        questions (the rest of the round is settled); then a fresh round of the
        same kind (:func:`~trainer.training.lessons.practice_rounds` for the skill)
        checks that it stuck, when a lesson teaches the skill. A round dealt under
        another version of its rule set says so in its label
        (:func:`~trainer.training.review.rules_note`). The rulings whose latest
        answer was wrong (:attr:`missed_rulings`) come after the rounds.
        """
        rng = rng or random.Random()
        scheduler = self.scheduler()
        answers = [mistake.answer for mistake in mistakes]
        ranked = scheduler.work_my_mistakes(answers)
        rank = {item: index for index, item in enumerate(ranked)}
        by_round: dict[int, tuple[int, int, Mistake]] = {}
        for position, mistake in enumerate(mistakes):
            item_rank = rank.get(skill_item(mistake.answer.skill), len(rank))
            key = mistake.answer.round_id
            best = by_round.get(key)
            if best is None or (item_rank, position) < best[:2]:
                by_round[key] = (item_rank, position, mistake)
        chosen = sorted(by_round.values(), key=lambda entry: entry[:2])[:limit]
        steps: list[Step] = []
        skipped: list[str] = []
        skills: list[Skill] = []
        for _first, _second, mistake in chosen:
            answer = mistake.answer
            when = _when(answer.answered_at)
            if answer.kind is QuestionKind.MISTAKE:  # no question of a round asks it
                skipped.append(_("Your mistake of {when} in Spot the dealer's mistake"
                                 " ({skill}) is worked there: Game \u25b8 Spot the"
                                 " dealer's mistake (Ctrl+Shift+M).", when=when,
                                 skill=answer.skill.label))
                continue
            try:
                reopened = reopen_mistake(mistake)
            except (RoundError, RuleSetError, ValueError) as error:
                skipped.append(_("The round of your mistake of {when} cannot be dealt again:"
                                 " {error}", when=when, error=error))
                continue
            in_chips = parse_chips_text(answer.given) is not None
            asked = answer.skill
            if answer.skill is Skill.CHIP_PROCEDURE:
                # No question asks the chip procedure alone: the payout it was graded
                # on is asked again, in chips (its skill's questions, like any mistake).
                payout = _payout_skill(reopened.round, answer.question_id)
                if payout is None:
                    skipped.append(_("The payout of your chip mistake of {when} is no"
                                     " longer asked on its round; it cannot be worked again.",
                                     when=when))
                    continue
                asked, in_chips = payout, True
            if answer.skill not in skills:
                skills.append(answer.skill)
            if in_chips and answer.skill is not Skill.CHIP_PROCEDURE:
                label = _("Your mistake of {when}: {skill}, paid in chips", when=when,
                          skill=answer.skill.label)
            else:
                label = _("Your mistake of {when}: {skill}", when=when,
                          skill=answer.skill.label)
            if reopened.rules_note is not None:
                label = _("{label}. {note}", label=label, note=reopened.rules_note)
            focus = (asked,)
            steps.append(RoundStep(reopened.round, label, skills=focus, chips=in_chips))
            fresh = self._fresh_round(asked, rng)
            if fresh is not None:
                steps.append(RoundStep(fresh, _("A fresh round: {skill}",
                                                skill=answer.skill.label),
                                       skills=focus, fresh=True, chips=in_chips))
        steps.extend(self.missed_rulings)
        lessons = tuple(lesson for lesson in self.lessons
                        if any(step.lesson_id == lesson.id for step in self.missed_rulings))
        return Plan(_("Work my mistakes"), tuple(steps), lessons, tuple(skills),
                    tuple(skipped))


_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
           N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
"""The months' short names (the reports' own, one catalogue entry each), January first."""


def _when(moment: datetime) -> str:
    """``03 Mar 14:05`` in the trainer's language: the month from the catalogue, never the
    system locale's ``%b``."""
    local = moment.astimezone()
    return _("{day} {month} {time}", day=f"{local.day:02d}", month=_(_MONTHS[local.month - 1]),
             time=local.strftime("%H:%M"))


def _payout_skill(round_: Round, question_id: str) -> Skill | None:
    """The skill of the payout question a chip-procedure answer (``<id>.chips``) was
    graded on, in ``round_`` as it settles now; None when no such payout is asked."""
    base_id = question_id.removesuffix(CHIPS_SUFFIX)
    return next((question.skill for question in build_questions(settle(round_))
                 if question.id == base_id and question.kind in CHIP_QUESTION_KINDS), None)


FRESH_TRIES = 5
"""Rounds dealt at most to find a fresh one that asks the mistaken skill."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Mastery at one moment: of some lessons and some skills."""

    lessons: dict[str, LessonMastery]
    skills: dict[Skill, Mastery]


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Change:
    """One line of a drill's result: a lesson's or a skill's mastery before and after."""

    name: str
    before: int
    before_level: str
    after: int
    after_level: str

    @property
    def rose(self) -> bool:
        return self.after > self.before


def mastery_changes(before: Snapshot, after: Snapshot,
                    lessons: Sequence[Lesson]) -> list[Change]:
    """The lessons' lines first (course order), then the skills'."""
    titles = {lesson.id: lesson.title for lesson in lessons}
    changes = []
    for lesson_id, old in before.lessons.items():
        new = after.lessons.get(lesson_id, old)
        changes.append(Change(_("Lesson: {title}", title=titles.get(lesson_id, lesson_id)),
                              old.score, old.level.value, new.score, new.level.value))
    for skill, old_skill in before.skills.items():
        new_skill = after.skills.get(skill, old_skill)
        changes.append(Change(skill.label, old_skill.score, old_skill.level.value,
                              new_skill.score, new_skill.level.value))
    return changes

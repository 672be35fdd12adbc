"""What to practise next: spaced repetition (the ``fsrs`` package) over skills and scenarios.

Every *item* the trainee can practise has one FSRS card: one per skill
(``skill:odds_win``), one per scenario kind (``scenario:bad-beat``) and one per
lesson of rulings (``ruling:irregularities``). After each graded answer,
:meth:`PracticeScheduler.record` reviews the item's card with a rating drawn
from the answer (:func:`rating_for`):

* wrong: ``Again`` (the item comes back within minutes);
* right but slower than the target time: ``Hard``;
* right: ``Good``;
* right in under half the target time: ``Easy``.

:meth:`PracticeScheduler.next_drill` picks the item to practise: the most
overdue of the items already practised, else one not practised yet (in the
course's order), else the one due soonest. So a situation the trainee missed
comes back sooner than one answered well. :meth:`~PracticeScheduler.work_my_mistakes`
orders the items of the trainee's wrong answers for a "work my mistakes"
session. The whole state is JSON (:meth:`~PracticeScheduler.to_json`) for
storage to keep.

Fuzzing is off: the same answers at the same times always give the same
schedule (and tests need no random numbers).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from fsrs import Card, Rating, Scheduler

from trainer.engine.scenarios import SCENARIOS
from trainer.training.questions import Skill

STATE_VERSION = 1

SKILL = "skill"
SCENARIO = "scenario"
RULING = "ruling"
ITEM_KINDS = (SKILL, SCENARIO, RULING)


def skill_item(skill: Skill | str) -> str:
    return f"{SKILL}:{Skill(skill).value}"


def scenario_item(kind: str) -> str:
    return f"{SCENARIO}:{kind}"


def ruling_item(lesson_id: str) -> str:
    return f"{RULING}:{lesson_id}"


def split_item(item: str) -> tuple[str, str]:
    """``"skill:odds_win"`` -> ``("skill", "odds_win")``; refuses an unknown kind."""
    kind, _, name = item.partition(":")
    if kind not in ITEM_KINDS or not name:
        raise ValueError(f"{item!r} is not a practice item (skill:..., scenario:... or ruling:...)")
    return kind, name


def default_items() -> list[str]:
    """Every skill, then every scenario kind."""
    return [skill_item(skill) for skill in Skill] + [scenario_item(kind) for kind in SCENARIOS]


def rating_for(correct: bool, seconds: float, target_seconds: float) -> Rating:
    """The FSRS rating of one answer (see the module's docstring)."""
    if target_seconds <= 0:
        raise ValueError(f"target_seconds: {target_seconds} must be above 0")
    if not correct:
        return Rating.Again
    if seconds > target_seconds:
        return Rating.Hard
    if seconds < target_seconds / 2:
        return Rating.Easy
    return Rating.Good


def _utc(when: datetime) -> datetime:
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{when.isoformat()}: a time without a time zone is ambiguous;"
                         " pass an aware datetime (e.g. datetime.now(UTC))")
    return when.astimezone(UTC)


def _field(record: object, name: str) -> Any:
    if isinstance(record, Mapping):
        return record.get(name)
    return getattr(record, name, None)


def mistake_items(mistake: object) -> list[str]:
    """The items one wrong answer counts against.

    ``mistake`` is an item string, or an answer record (a mapping or an
    object) with ``skill``, and optionally ``scenario`` and ``lesson``
    (a ruling has no skill: it counts against its lesson's ``ruling:`` item).
    A record whose ``correct`` is true counts against nothing.
    """
    if isinstance(mistake, str):
        split_item(mistake)
        return [mistake]
    if _field(mistake, "correct"):
        return []
    items = []
    skill = _field(mistake, "skill")
    if skill:
        items.append(skill_item(skill))
    scenario = _field(mistake, "scenario")
    if scenario:
        items.append(scenario_item(str(scenario)))
    lesson = _field(mistake, "lesson")
    if not skill and lesson:
        items.append(ruling_item(str(lesson)))
    return items


class PracticeScheduler:
    """FSRS cards for the practice items, and the choice of what comes next."""

    def __init__(self, items: Iterable[str] | None = None, *,
                 scheduler: Scheduler | None = None) -> None:
        self.items: list[str] = []
        """Every item that may be practised, in the course's order (new ones are taken so)."""
        for item in default_items() if items is None else items:
            self.add_item(item)
        self.scheduler = scheduler if scheduler is not None else Scheduler(enable_fuzzing=False)
        self.cards: dict[str, Card] = {}
        """The card of each item practised at least once."""

    def add_item(self, item: str) -> None:
        split_item(item)
        if item not in self.items:
            self.items.append(item)

    def due(self, item: str) -> datetime | None:
        """When the item is next due; None for an item never practised."""
        card = self.cards.get(item)
        return card.due if card is not None else None

    def record(self, item: str, correct: bool, seconds: float, target_seconds: float,
               when: datetime) -> Rating:
        """Review the item's card with the rating of one graded answer; returns the rating."""
        self.add_item(item)
        when = _utc(when)
        rating = rating_for(correct, seconds, target_seconds)
        card = self.cards.get(item)
        if card is None:
            card = Card(card_id=len(self.cards) + 1, due=when)
        self.cards[item], _ = self.scheduler.review_card(
            card, rating, review_datetime=when, review_duration=round(seconds * 1000))
        return rating

    def record_answer(self, skill: Skill | str | None, correct: bool, seconds: float,
                      target_seconds: float, when: datetime, *, scenario: str | None = None,
                      lesson: str | None = None) -> list[str]:
        """Record one answer against its skill and, for a drill round, its scenario kind
        (a ruling, which has no skill, against its lesson). Returns the items reviewed."""
        items = mistake_items({"skill": skill, "scenario": scenario, "lesson": lesson})
        for item in items:
            self.record(item, correct, seconds, target_seconds, when)
        return items

    def next_drill(self, now: datetime, among: Sequence[str] | None = None) -> str:
        """The item to practise now (optionally only among ``among``).

        The most overdue practised item; else the first never practised; else
        the practised item due soonest.
        """
        now = _utc(now)
        candidates = list(self.items if among is None else among)
        if not candidates:
            raise ValueError("there is nothing to practise: no items")
        position = {item: index for index, item in enumerate(candidates)}
        practised = [item for item in candidates if item in self.cards]
        overdue = [item for item in practised if self.cards[item].due <= now]
        if overdue:
            return min(overdue, key=lambda item: (self.cards[item].due, position[item]))
        for item in candidates:
            if item not in self.cards:
                return item
        return min(practised, key=lambda item: (self.cards[item].due, position[item]))

    def work_my_mistakes(self, mistakes: Iterable[object]) -> list[str]:
        """The items of the trainee's wrong answers, the one to work on first first.

        ``mistakes`` are item strings or answer records (see :func:`mistake_items`).
        Order: missed most often first; then the one due earliest (the most
        overdue); then the one missed first. Each item appears once.
        """
        counts: dict[str, int] = {}
        for mistake in mistakes:
            for item in mistake_items(mistake):
                counts[item] = counts.get(item, 0) + 1
        first = {item: index for index, item in enumerate(counts)}
        never = datetime.max.replace(tzinfo=UTC)

        def key(item: str) -> tuple[int, datetime, int]:
            due = self.due(item)
            return (-counts[item], due if due is not None else never, first[item])

        return sorted(counts, key=key)

    # --- JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "scheduler": self.scheduler.to_dict(),
            "items": list(self.items),
            "cards": {item: dict(card.to_dict()) for item, card in self.cards.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PracticeScheduler:
        if not isinstance(data, Mapping) or data.get("version") != STATE_VERSION:
            found = data.get("version") if isinstance(data, Mapping) else None
            raise ValueError(f"version: {found!r} is not a practice schedule this trainer reads"
                             f" (expected {STATE_VERSION})")
        try:
            scheduler = Scheduler.from_dict(data["scheduler"])
            made = cls(data["items"], scheduler=scheduler)
            for item, card in data["cards"].items():
                made.add_item(item)
                made.cards[item] = Card.from_dict(card)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a practice schedule: {error}") from None
        return made

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> PracticeScheduler:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a practice schedule: {error}") from None
        return cls.from_dict(data)

"""What a lesson is: the dataclasses a lesson file is read into (no Qt).

The file format is described in ``lessons/README.md``; reading and checking a
file is :mod:`.parse`, loading folders :mod:`.load`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from trainer.engine.cards import Card
from trainer.engine.evaluator import Category
from trainer.engine.procedure import DealMethod
from trainer.engine.round import Round, Wager
from trainer.engine.rulesets import DEFAULT_RULES
from trainer.engine.scenarios import SCENARIOS
from trainer.engine.settlement import SeatResult
from trainer.i18n import _
from trainer.training.chip_drills import ChipDrillKind
from trainer.training.questions import Skill

RANDOM = "random"
"""The drill "scenario" that deals ordinary random rounds."""

DEFAULT_DRILL_COUNT = 5


@dataclass(frozen=True, slots=True)
class SeatExpect:
    """Facts about one seat that a lesson author worked by hand from docs/rules.md."""

    seat: int
    hand: Category | None = None
    cards: tuple[Card, ...] | None = None
    """Five cards that play (any five making exactly the seat's best hand agree)."""
    result: SeatResult | None = None
    wagers: Mapping[Wager, Decimal] = field(default_factory=dict)
    """Contract amounts: paid (positive), collected (negative) or 0 (push)."""
    total: Decimal | None = None
    capped: bool | None = None


@dataclass(frozen=True, slots=True)
class Expect:
    """An example's checkable facts; None (or no seat entry) where the author stated nothing."""

    dealer_hand: Category | None = None
    dealer_cards: tuple[Card, ...] | None = None
    dealer_qualifies: bool | None = None
    order: tuple[int, ...] | None = None
    seats: tuple[SeatExpect, ...] = ()


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example shown on the table."""

    note: str
    """Markdown: what to see in this round."""
    round: Round
    """The round as the engine read it; its JSON form is ``round_to_json(round)`` (one
    definition of the form, engine/round.py), chips and all."""
    expect: Expect = Expect()
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Drill:
    """Practice rounds: ``count`` rounds of one scenario kind (or random rounds)."""

    scenario: str
    """A kind of :data:`trainer.engine.scenarios.SCENARIOS`, or :data:`RANDOM`."""
    count: int = DEFAULT_DRILL_COUNT
    rules: str | None = None
    """The rule set to deal under; None lets the scenario choose (random: the lesson's)."""
    seats: int | None = None
    """Occupied seats; None lets the generator choose."""
    options: Mapping[str, str] = field(default_factory=dict)
    """Pay-table choices, e.g. ``{"trips_plus_table": "B"}``."""
    title: str | None = None

    @property
    def description(self) -> str:
        if self.title:
            return self.title
        if self.scenario == RANDOM:
            return _("Random rounds")
        return str(getattr(SCENARIOS[self.scenario], "shown", self.scenario))


@dataclass(frozen=True, slots=True)
class ChipDrill:
    """Chip tasks of one kind (cut and size, :mod:`trainer.training.chip_drills`): ``count``
    of them, each dealt from the room's rack, timed against the lesson's target."""

    kind: ChipDrillKind
    count: int = DEFAULT_DRILL_COUNT
    title: str | None = None

    @property
    def description(self) -> str:
        return self.title or self.kind.display_name


@dataclass(frozen=True, slots=True)
class ProcedureDrill:
    """Rounds run step by step (``[[procedure_drills]]``, :mod:`trainer.training.procedure`):
    the wagers, the deal, the decisions, the settlement and clearing the table."""

    count: int = DEFAULT_DRILL_COUNT
    rules: str | None = None
    """The rule set to deal under; None: the room's (or the lesson's)."""
    seats: int | None = None
    """Occupied seats; None lets the generator choose."""
    options: Mapping[str, str] = field(default_factory=dict)
    deal: DealMethod | None = None
    """Manual or shoe; None: the room's (the site file's ``[procedure] deal``)."""
    title: str | None = None

    @property
    def description(self) -> str:
        if self.title:
            return self.title
        rules = self.rules or _("the room rule set")
        if self.deal:
            return _("Run the round ({rules}, {deal})", rules=rules, deal=self.deal.label)
        return _("Run the round ({rules})", rules=rules)


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat of a ruling's table: its cards (any number, even a wrong one) and wagers."""

    seat: int
    hole: tuple[Card, ...]
    wagers: Mapping[Wager, Decimal]


@dataclass(frozen=True, slots=True)
class RulingTable:
    """What the table shows while a ruling is asked: the deal as far as it went.

    Unlike a :class:`~trainer.engine.round.Round` it may be incomplete or
    wrong (a player with three cards, a dealer with one), since that is the
    irregularity. ``exposed`` cards are face up: a dealer's or player's card
    turned over by mistake, or (a card not otherwise on the table) one found
    face up in the deck, shown beside the shoe.
    """

    dealer: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    seats: tuple[TableSeat, ...] = ()
    exposed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Ruling:
    """A procedure question: the trainee picks the right ruling for a situation."""

    situation: str
    """Markdown."""
    choices: tuple[str, ...]
    answer: int
    """0-based index into ``choices`` of the right ruling (the file's 1-based ``answer`` less 1)."""
    citation: str
    """The rule it rests on, e.g. ``New York 2018 (j)(1); rules §8``."""
    rules: str | None = None
    """The rule set (jurisdiction) the ruling is given under, when it matters."""
    explanation: str | None = None
    table: RulingTable | None = None

    @property
    def correct_choice(self) -> str:
        return self.choices[self.answer]

    def is_correct(self, choice_index: int) -> bool:
        return choice_index == self.answer


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    order: int
    skills: tuple[Skill, ...]
    target_seconds: float
    """Target time per question."""
    explanation: str
    """Markdown."""
    examples: tuple[Example, ...] = ()
    drills: tuple[Drill, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    chip_drills: tuple[ChipDrill, ...] = ()
    """Cut-and-size drills (``[[chip_drills]]``): tasks on chips alone, no round."""
    procedure_drills: tuple[ProcedureDrill, ...] = ()
    """Rounds run step by step (``[[procedure_drills]]``): their own mode's."""
    rules: str = DEFAULT_RULES
    """Rule set of the lesson's example rounds and random drills."""
    source: Path | None = None
    """The English file: the lesson (a translation only changes its words)."""
    language: str = "en"
    """The language its text is in: ``en``, or that of the translation read
    (:mod:`.translate`, ``lessons/<language>/``)."""

    @property
    def scenarios(self) -> tuple[str, ...]:
        """The scenario kinds its drills practise (not :data:`RANDOM`), first seen first."""
        return tuple(dict.fromkeys(d.scenario for d in self.drills if d.scenario != RANDOM))

    @property
    def chip_items(self) -> tuple[str, ...]:
        """The course items of its chip drills (``chips-cut`` ...), first seen first: their
        answers are kept, scheduled and counted like a scenario drill's rounds."""
        return tuple(dict.fromkeys(drill.kind.item for drill in self.chip_drills))


@dataclass(frozen=True, slots=True)
class LessonProblem:
    file: Path
    line: int | None
    """1-based; None when the problem concerns the whole file or folder."""
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else str(self.file)
        return f"{where}: {self.message}"

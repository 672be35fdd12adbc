"""The procedure of a round as rule facts (docs/rules.md §2, §5 and §7; no Qt).

What a dealer checks while running a round, before anything is settled:

- :func:`bet_problem`: whether a wager a player put down before the deal may stand
  (ante within the table's limits, odds equal to the ante, a side wager only with an
  ante, within its limits or at the amounts the rule set offers);
- :func:`action_problem`: whether a player's action at a decision point may stand
  (the raise multiples of the street in the rule set in force, a fold only after the
  river, a check only before it);
- :func:`deal_sequence`: who receives each card, in the order of the deal (manual or
  with an automated shoe, §7), and the decisions each part of the deal comes before;
- :func:`clearing_order`: what the dealer clears, in order, once the round is settled.

Each "problem" is a sentence for a person naming the rule (the section of
docs/rules.md, and the rule set with the key of its file where rule sets differ);
None means the wager or action stands. The table's limits are the rule set's
``[limits]`` (docs/rules.md §2: "Table limits are rule-set data"): a room with other
limits writes its own rule set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from trainer.engine.cards import Card
from trainer.engine.money import ZERO
from trainer.engine.round import SIDE_WAGERS, Round, Wager, offered_side_wagers
from trainer.engine.rulesets import PRESETS, RuleSet, load_preset
from trainer.engine.settlement import Settlement
from trainer.i18n import N_, _, in_room_format, local_dollars


class Street(StrEnum):
    """The three decision points of docs/rules.md §2, in the order they come."""

    PREFLOP = "preflop"
    FLOP = "flop"
    RIVER = "river"

    @property
    def label(self) -> str:
        """``before the flop``, ``after the flop``, ``after the river``, in the trainer's
        language (the value is the code)."""
        return _(_STREET_LABELS[self.value])


_STREET_LABELS = {"preflop": N_("before the flop"), "flop": N_("after the flop"),
                  "river": N_("after the river")}


STREETS = (Street.PREFLOP, Street.FLOP, Street.RIVER)


def raise_multiples(ruleset: RuleSet, street: Street) -> tuple[int, ...]:
    """The multiples of the ante a player may raise at ``street`` (largest first)."""
    return {
        Street.PREFLOP: ruleset.raises_preflop,
        Street.FLOP: ruleset.raises_flop,
        Street.RIVER: ruleset.raises_river,
    }[street]


def _multiples_text(multiples: tuple[int, ...]) -> str:
    ordered = sorted(multiples)
    shown = [f"{m}x" for m in ordered]
    if len(shown) == 1:
        return _("{multiple} only", multiple=shown[0])
    return _("{multiples} or {last}", multiples=", ".join(shown[:-1]), last=shown[-1])


# The texts a shipped rule set rests on, for the rules where rule sets differ (docs/rules.md
# §2, §5, §9 and their Sources): the raises, the table's limits, the 6-Card Bonus and the
# progressive. A key with no text (New York's limits are the casino's) cites the file only.
_SOURCES: dict[str, dict[str, str]] = {
    "ny-2018": {"raises": "New York 2018 (e)(1)-(7)", "progressive": "New York 2018 (k)(1)"},
    "massachusetts": {"raises": "Massachusetts §10(b), (d), (f), (h)"},
    "standard": {"raises": N_("the game owner's standard rules")},
    "house": {"raises": N_('casino house rules, "Round of Play"'),
              "limits": N_('casino house rules, "Game and Bonus wagers"'),
              "six_card_bonus": N_('casino house rules, "6 Card Bonus Jackpot Wager"')},
}
"""The regulations are cited by their own names; the descriptions of the house's and the
game owner's texts are marked for the catalogue."""


def source_text(ruleset: RuleSet, key: str) -> str | None:
    """The text a shipped rule set's ``key`` (``raises.flop``, ``limits.ante`` ...) rests
    on; None for a room's own rule set (one that is not a preset as shipped) and where
    the sources say nothing."""
    if ruleset.id not in PRESETS or ruleset != load_preset(ruleset.id):
        return None
    text = _SOURCES.get(ruleset.id, {}).get(key.split(".")[0])
    return None if text is None else _(text)


def _ruleset_source(ruleset: RuleSet, key: str, value: str) -> str:
    """``rule set 'house' (Casino house rules): raises.flop = 2x only``, and the text the
    shipped rule set rests on: ``; casino house rules, "Round of Play"``."""
    cited = _("rule set '{id}' ({name}): {key} = {value}", id=ruleset.id, name=ruleset.name,
                key=key, value=value)
    text = source_text(ruleset, key)
    return f"{cited}; {text}" if text else cited


# --- decisions ------------------------------------------------------------------------


class ActionKind(StrEnum):
    RAISE = "raise"
    CHECK = "check"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action at a decision point: a raise of ``amount``, a check or a fold."""

    kind: ActionKind
    amount: Decimal = ZERO
    """The raise put down (RAISE only)."""

    def text(self, ante: Decimal) -> str:
        """``raises $30.00 (3x the ante)``, ``checks``, ``folds``, in the trainer's
        language."""
        if self.kind is ActionKind.RAISE:
            return _("raises {raise_}", raise_=self.raise_text(ante))
        return _("checks") if self.kind is ActionKind.CHECK else _("folds")

    def raise_text(self, ante: Decimal) -> str:
        """The raise put down: ``$30.00 (3x the ante)``, in the trainer's language and the
        room's number format."""
        multiple = self.amount / ante if ante else Decimal(0)
        if multiple == multiple.to_integral_value():
            times = _("{multiple}x the ante", multiple=int(multiple))
        else:
            times = _("{multiple} times the ante",
                      multiple=in_room_format(f"{multiple.normalize():f}"))
        return _("{amount} ({times})", amount=local_dollars(self.amount), times=times)


def action_problem(ruleset: RuleSet, street: Street, ante: Decimal,
                   action: Action) -> str | None:
    """Why ``action`` may not stand at ``street`` under ``ruleset`` (None: it stands).

    docs/rules.md §2: one raise a round, a multiple of the ante from the street's
    options; a check before the river only; a fold after the river only (exactly 1x
    or fold there)."""
    multiples = raise_multiples(ruleset, street)
    options = _multiples_text(multiples)
    if action.kind is ActionKind.FOLD:
        if street is Street.RIVER:
            return None
        text = source_text(ruleset, "raises")
        cited = _("rules §2; {source}", source=text) if text else _("rules §2")
        return _("No fold is possible {street}: a player folds only after the river"
                 " ({cited}); {street} the player raises ({options}) or checks.",
                 street=street.label, cited=cited, options=options)
    if action.kind is ActionKind.CHECK:
        if street is not Street.RIVER:
            return None
        return _("After the river the player raises exactly 1x the ante or folds: no check"
                 " (rules §2).")
    allowed = [ante * m for m in multiples]
    if action.amount in allowed:
        return None
    choices = ", ".join(f"{m}x = {local_dollars(ante * m)}" for m in sorted(multiples))
    source = _ruleset_source(ruleset, f"raises.{street.value}", options)
    return _("{street} a raise is {options} the ante ({choices} on an ante of {ante}), not"
             " {made} (rules §2; {source}).", street=street.label.capitalize(),
             options=options, choices=choices, ante=local_dollars(ante),
             made=action.raise_text(ante), source=source)


def legal_actions(ruleset: RuleSet, street: Street, ante: Decimal) -> tuple[Action, ...]:
    """Every action that stands at ``street``: each raise multiple, and a check before
    the river or a fold after it."""
    raises = tuple(Action(ActionKind.RAISE, ante * m) for m in sorted(raise_multiples(
        ruleset, street)))
    other = Action(ActionKind.FOLD if street is Street.RIVER else ActionKind.CHECK)
    return (*raises, other)


# --- wagers before the deal -----------------------------------------------------------


def _limit_problem(ruleset: RuleSet, wager: Wager, amount: Decimal,
                   limits: tuple[Decimal, Decimal], key: str) -> str | None:
    low, high = limits
    if low <= amount <= high:
        return None
    source = _ruleset_source(ruleset, f"limits.{key}", _(
        "{low} to {high}", low=local_dollars(low), high=local_dollars(high)))
    if amount > high:
        return _("The {wager} of {amount} is above the table's maximum of {edge} (rules §2:"
                 " table limits are the rule set's; {source}).", wager=wager.display_name,
                 amount=local_dollars(amount), edge=local_dollars(high), source=source)
    return _("The {wager} of {amount} is below the table's minimum of {edge} (rules §2:"
             " table limits are the rule set's; {source}).", wager=wager.display_name,
             amount=local_dollars(amount), edge=local_dollars(low), source=source)


def bet_problem(ruleset: RuleSet, bets: Mapping[Wager, Decimal], wager: Wager) -> str | None:
    """Why the ``wager`` a player put down (among the seat's ``bets``) may not stand
    before the deal (None: it stands).

    - the Ante: within the table's ante limits, and with an Odds wager beside it;
    - the Odds: equal to the Ante (so within the same limits) — an Odds that differs
      is the wager refused, the Ante being checked against the limits;
    - a side wager: only beside an Ante; one the rule set offers; Trips Plus and the
      Pocket Bonus within their limits, the 6-Card Bonus at one of its amounts, the
      progressive at its one wager (rules §2, §5).
    """
    amount = bets[wager]
    ante = bets.get(Wager.ANTE)
    if wager is Wager.RAISE:
        return _("A raise is made at a decision point, never before the deal (rules §2).")
    if wager is Wager.ANTE:
        problem = _limit_problem(ruleset, wager, amount, ruleset.ante_limits, "ante")
        if problem:
            return problem
        if Wager.ODDS not in bets:
            return _("The Ante of {amount} needs an Odds wager of the same amount beside it:"
                     " both are mandatory (rules §2).", amount=local_dollars(amount))
        return None
    if wager is Wager.ODDS:
        if ante is None:
            return _("An Odds wager without an Ante: every player places an Ante and an Odds"
                     " of equal amount (rules §2).")
        if amount != ante:
            return _("The Odds of {amount} must equal the Ante of {ante} (rules §2).",
                     amount=local_dollars(amount), ante=local_dollars(ante))
        return _limit_problem(ruleset, wager, amount, ruleset.ante_limits, "ante")
    assert wager in SIDE_WAGERS
    if ante is None:
        return _("A {wager} wager without an Ante: a side wager is played only beside the"
                 " mandatory Ante and Odds (rules §2).", wager=wager.display_name)
    if wager not in offered_side_wagers(ruleset):
        return _("Rule set '{id}' ({name}) offers no {wager}: there is no such wager at this"
                 " table (rules §2, §9).", id=ruleset.id, name=ruleset.name,
                 wager=wager.display_name)
    if wager is Wager.SIX_CARD_BONUS:
        assert ruleset.six_card_bonus is not None
        amounts = sorted(ruleset.six_card_bonus)
        if amount in amounts:
            return None
        shown = [local_dollars(a) for a in amounts]
        offered = (shown[0] if len(shown) == 1 else
                   _("{amounts} or {last}", amounts=", ".join(shown[:-1]), last=shown[-1]))
        source = _ruleset_source(ruleset, "six_card_bonus.wagers", offered)
        return _("The 6-Card Bonus is a {offered} wager, not {amount} (rules §5; {source}).",
                 offered=offered, amount=local_dollars(amount), source=source)
    if wager is Wager.PROGRESSIVE:
        assert ruleset.progressive is not None
        if amount == ruleset.progressive.wager:
            return None
        only = local_dollars(ruleset.progressive.wager)
        source = _ruleset_source(ruleset, "progressive.wager", only)
        return _("The progressive wager is {only} only, not {amount} (rules §5; {source}).",
                 only=only, amount=local_dollars(amount), source=source)
    return _limit_problem(ruleset, wager, amount, ruleset.side_limits[wager.value],
                          wager.value)


# --- the house's running of the round -------------------------------------------------

DEFAULT_ROUNDS_PER_HOUR = 40
"""The house's pace when its site file names none: table-game pace figures put
house-banked poker games at 30 to 50 hands an hour; 40 is the middle."""


# --- the deal -------------------------------------------------------------------------


class DealMethod(StrEnum):
    """How the cards come out (docs/rules.md §7)."""

    MANUAL = "manual"
    SHOE = "shoe"

    @property
    def label(self) -> str:
        """``manual deal``, ``automated shoe`` in the trainer's language."""
        return _(_METHOD_LABELS[self.value])


_METHOD_LABELS = {"manual": N_("manual deal"), "shoe": N_("automated shoe")}


class TargetKind(StrEnum):
    SEAT = "seat"
    DEALER = "dealer"
    BOARD = "board"
    SIX_CARD_BONUS = "six_card_bonus"


@dataclass(frozen=True, slots=True, order=True)
class Target:
    """Where cards go in the deal (or what is cleared): a seat, the dealer, the board,
    the 6-Card Bonus cards."""

    kind: TargetKind
    seat: int | None = None

    def __str__(self) -> str:
        """The language-neutral name a kept answer holds (:attr:`shown` is for people)."""
        if self.kind is TargetKind.SEAT:
            return f"seat {self.seat}"
        return _TARGET_NAMES[self.kind.value]

    @property
    def shown(self) -> str:
        """``seat 3``, ``the dealer`` ... in the trainer's language."""
        if self.kind is TargetKind.SEAT:
            return _("seat {seat}", seat=self.seat)
        return _(_TARGET_NAMES[self.kind.value])


_TARGET_NAMES = {"dealer": N_("the dealer"), "board": N_("the board"),
                 "six_card_bonus": N_("the 6-Card Bonus cards")}


DEALER = Target(TargetKind.DEALER)
BOARD = Target(TargetKind.BOARD)
SIX_CARD_BONUS = Target(TargetKind.SIX_CARD_BONUS)


def seat_target(number: int) -> Target:
    return Target(TargetKind.SEAT, number)


@dataclass(frozen=True, slots=True)
class DealStep:
    """Cards dealt in one motion: one card (manual), a two-card stack (shoe), the flop,
    the turn and river, the board, the 6-Card Bonus's four."""

    target: Target
    cards: tuple[Card, ...]
    before: Street | None
    """The decisions this part of the deal comes before; None after the last."""
    what: str
    """``first card``, ``the flop`` ...: for a person, in the language of the deal."""


MANUAL_RULE = N_("The manual deal gives one card at a time to each wagering seat from seat 1"
                  " (the dealer's left) up, then one to the dealer, then a second card the same"
                  " way; the flop comes after the decisions before the flop, the turn and river"
                  " together after the flop's decisions (rules §7).")
SHOE_RULE = N_("With an automated shoe the five community cards come first, then a two-card"
                " stack to each wagering seat from seat 1 up, then the dealer's (rules §7).")
SIX_CARD_RULE = N_("The 6-Card Bonus's four cards are dealt face down after the board"
                    " (rules §5).")


def deal_sequence(round_: Round, method: DealMethod) -> tuple[DealStep, ...]:
    """Every part of the deal of ``round_`` in the order of ``method`` (docs/rules.md §7),
    then the 6-Card Bonus cards where the round has them (§5)."""
    seats = [seat for seat in round_.seats]
    steps: list[DealStep] = []
    board = round_.board
    if method is DealMethod.MANUAL:
        for index, what in ((0, _("first card")), (1, _("second card"))):
            for seat in seats:
                steps.append(DealStep(seat_target(seat.seat), (seat.hole[index],),
                                      Street.PREFLOP, what))
            steps.append(DealStep(DEALER, (round_.dealer[index],), Street.PREFLOP, what))
        steps.append(DealStep(BOARD, board[:3], Street.FLOP, _("the flop")))
        steps.append(DealStep(BOARD, board[3:], Street.RIVER, _("the turn and river")))
        bonus_before: Street | None = Street.RIVER
    else:
        steps.append(DealStep(BOARD, board, Street.PREFLOP, _("the five community cards")))
        stack = _("a two-card stack")
        for seat in seats:
            steps.append(DealStep(seat_target(seat.seat), seat.hole, Street.PREFLOP, stack))
        steps.append(DealStep(DEALER, round_.dealer, Street.PREFLOP, stack))
        bonus_before = Street.PREFLOP
    if round_.six_card_bonus_cards:
        steps.append(DealStep(SIX_CARD_BONUS, round_.six_card_bonus_cards, bonus_before,
                              _("four cards face down")))
    return tuple(steps)


def deal_rule(method: DealMethod, target: Target) -> str:
    """The sentence of §7 (or §5) that puts ``target`` where it is in the deal, in the
    trainer's language."""
    if target.kind is TargetKind.SIX_CARD_BONUS:
        return _(SIX_CARD_RULE)
    return _(MANUAL_RULE if method is DealMethod.MANUAL else SHOE_RULE)


# --- clearing the table ---------------------------------------------------------------

CLEARING_RULE = N_("Once the decisions are made, seats that folded holding a side wager are"
                    " settled and cleared first, from the dealer's right (seat 6) toward seat 1,"
                    " then the seats that raised, again from seat 6 toward seat 1; a seat that"
                    " folded with only its ante and odds was cleared when it folded; then the"
                    " dealer's cards and the board are mucked, and last the 6-Card Bonus cards,"
                    " whose wagers are settled after the board is mucked (rules §5, §7).")


def clearing_order(settlement: Settlement) -> tuple[Target, ...]:
    """What the dealer clears once the round is settled, in order (docs/rules.md §7): each
    seat's cards in the settlement order (folded seats holding a side wager from seat 6
    toward seat 1, then the raised seats from seat 6 toward seat 1) but for a folded seat
    with nothing but ante and odds, collected when it folded; then the dealer's cards and
    the board; then the 6-Card Bonus cards (§5: settled after the board is mucked)."""
    round_ = settlement.round
    cleared_at_fold = {seat.seat for seat in round_.seats
                       if seat.folded and not seat.has_side_bet}
    order: list[Target] = [seat_target(n) for n in settlement.order
                           if n not in cleared_at_fold]
    order.append(DEALER)
    if round_.six_card_bonus_cards:
        order.append(SIX_CARD_BONUS)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class RoomProcedure:
    """How a room runs its rounds (the site file's ``[procedure]``): the pace it holds a
    dealer to, and how its tables deal."""

    rounds_per_hour: int = DEFAULT_ROUNDS_PER_HOUR
    deal: DealMethod = DealMethod.MANUAL

    @property
    def summary(self) -> str:
        return f"run the round at {self.rounds_per_hour} rounds an hour, {self.deal.label}"


DEFAULT_PROCEDURE = RoomProcedure()

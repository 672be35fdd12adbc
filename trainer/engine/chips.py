"""Casino chips as data: the room's rack, and the stack a payout is built of.

A payout is built from the rack by one of three house procedures
(docs/rules.md §10):

* ``colour-for-colour``: each colour of the bet is paid in its own colour at the
  wager's odds; what no whole chip of a colour can pay is paid in the fewest chips
  smaller than the largest colour that left such a part;
* ``convert``: the fewest chips for the amount from the room's rack;
* ``colour-for-colour-black-and-up``: colour for colour for the bet's chips of $100
  and above; the rest either way (colour for colour, or converted).

A fixed award (6-Card Bonus, progressive, a capped seat's total) has no bet colours
to follow: it is converted, whatever the procedure. Where the room has no chip for a
payout's odd cents, the payout is rounded *down* to what the rack's chips can make,
as the rule set rounds a fraction of a cent (docs/rules.md §4, money.py): the house
never pays money that is not on the table.

Everything is exact: chip values are :class:`~decimal.Decimal` dollars, the
arithmetic is done in whole cents. No Qt, no storage: the table draws what this
module decides, and training grades with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from math import gcd

from trainer.engine.money import CENT, Odds, dollars, shown
from trainer.i18n import N_, _, in_room_format, local_dollars, ngettext

# --- the table's picture of an amount (used to draw a wager on its spot) --------------

HALF_DOLLAR_CHIP = Decimal("2.50")
DENOMINATIONS: tuple[Decimal, ...] = tuple(
    Decimal(text) for text in ("1000.00", "500.00", "100.00", "25.00", "5.00", "2.50", "1.00")
)
"""The default rack's chip values, largest first (the table draws amounts with them)."""

_WHOLE_DOLLAR_CHIPS = tuple(
    int(value * 100) for value in DENOMINATIONS if value != HALF_DOLLAR_CHIP
)


def chip_breakdown(amount: Decimal) -> list[Decimal]:
    """The chips the table draws for ``amount``, largest first.

    Whole dollars go greedily into $1,000, $500, $100, $25, $5 and $1 chips.
    A pink $2.50 chip is used once, for the half dollar, when the amount has
    50 cents or more over its whole dollars and is at least $2.50 ($7.50 is
    $5 + $2.50; $3 is three $1 chips, not $2.50 and change). Whatever is left
    under a dollar is a single 'cents' chip of that value. This is a picture of
    an amount the round already holds, not a payout procedure (see
    :func:`expected_stack` for that).
    """
    if not isinstance(amount, Decimal):
        raise TypeError(f"chip_breakdown: {amount!r} is not a Decimal amount")
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"chip_breakdown: {amount} is not an amount of money")
    if amount != amount.quantize(CENT):
        raise ValueError(f"chip_breakdown: {amount} has fractions of a cent")
    cents = int(amount * 100)
    chips: list[Decimal] = []
    if cents % 100 >= 50 and cents >= 250:
        chips.append(HALF_DOLLAR_CHIP)
        cents -= 250
    for value in _WHOLE_DOLLAR_CHIPS:
        count, cents = divmod(cents, value)
        chips.extend([(Decimal(value) / 100).quantize(CENT)] * count)
    if cents:
        chips.append((Decimal(cents) / 100).quantize(CENT))
    chips.sort(reverse=True)
    return chips


# --- the rack ---------------------------------------------------------------------------


class ChipError(ValueError):
    """A rack, bet, stack or payout that cannot be read or is not allowed."""


@dataclass(frozen=True, slots=True)
class Chip:
    """One denomination of the rack: its value and its colour (a name a person reads,
    and the face and stripe colours the table draws it with, as ``#rrggbb``)."""

    value: Decimal
    colour: str
    face: str
    stripe: str

    @property
    def label(self) -> str:
        """``$5``, ``$2.50``, ``$1,000``."""
        return value_text(self.value)

    @property
    def name(self) -> str:
        """``red $5``; just ``$7`` for a chip with no colour name."""
        return f"{self.colour} {self.label}" if self.colour else self.label


USUAL_COLOURS: Mapping[Decimal, tuple[str, str, str]] = {
    Decimal("0.50"): ("", "#b8bcc4", "#ffffff"),
    Decimal("1.00"): ("white", "#f3f1ea", "#2a5fb0"),
    Decimal("2.50"): ("pink", "#f08cb5", "#ffffff"),
    Decimal("5.00"): ("red", "#c62a2a", "#f7f7f7"),
    Decimal("20.00"): ("yellow", "#f2d03b", "#3a3a3a"),
    Decimal("25.00"): ("green", "#1d8a3b", "#f4f4f4"),
    Decimal("100.00"): ("black", "#1c1c1f", "#f2f2f2"),
    Decimal("500.00"): ("purple", "#6b2f96", "#f1e4ff"),
    Decimal("1000.00"): ("orange", "#f3a712", "#5a2d0c"),
    Decimal("5000.00"): ("grey", "#8d8f94", "#f0f0f0"),
}
"""The usual US colours (docs/rules.md §10): a rack given by values alone takes these."""

_PLAIN = ("", "#9a9ca1", "#f0f0f0")

NAMED_COLOURS: Mapping[str, tuple[str, str]] = {
    "white": ("#f3f1ea", "#2a5fb0"),
    "blue": ("#2a5fb0", "#f4f4f4"),
    "pink": ("#f08cb5", "#ffffff"),
    "red": ("#c62a2a", "#f7f7f7"),
    "yellow": ("#f2d03b", "#3a3a3a"),
    "green": ("#1d8a3b", "#f4f4f4"),
    "black": ("#1c1c1f", "#f2f2f2"),
    "purple": ("#6b2f96", "#f1e4ff"),
    "orange": ("#f3a712", "#5a2d0c"),
    "grey": ("#8d8f94", "#f0f0f0"),
    "brown": ("#7a4a22", "#f3e6d6"),
}
"""The colours a room may give its chips (the site file's ``[chips] colours``), with the
face and stripe the table draws each in."""

MAX_RACK_CHIPS = 12
"""A rack holds at most this many denominations (real racks hold five to eight)."""
MAX_STACK_CHIPS = 10_000
"""The most chips one bet, built stack or expected payout may hold (500 stacks of 20)."""


@dataclass(frozen=True, slots=True)
class Rack:
    """The room's chips, largest first, each value once."""

    chips: tuple[Chip, ...]

    def __post_init__(self) -> None:
        if not self.chips:
            raise ChipError("rack: no chips; a rack holds at least one denomination")
        if len(self.chips) > MAX_RACK_CHIPS:
            raise ChipError(f"rack: {len(self.chips)} chips; a rack holds at most"
                            f" {MAX_RACK_CHIPS} denominations")
        values = [chip.value for chip in self.chips]
        for value in values:
            if value <= 0 or value != value.quantize(CENT):
                raise ChipError(f"rack: {shown(value)} is not a chip value (dollars above 0,"
                                " at most two decimals)")
        if len(set(values)) != len(values):
            twice = next(value for value in values if values.count(value) > 1)
            raise ChipError(f"rack: {value_text(twice)} is given twice")
        if values != sorted(values, reverse=True):
            raise ChipError("rack: chips must be listed largest first")

    @classmethod
    def of_values(cls, values: Iterable[Decimal],
                  colours: Mapping[Decimal, str] | None = None) -> Rack:
        """A rack of these values (any order) in the usual colours; ``colours`` renames
        some (``{Decimal(1): "blue"}``), drawn in that colour when it is one of
        :data:`NAMED_COLOURS`."""
        chips = []
        for value in sorted(set(values), reverse=True):
            value = value.quantize(CENT)
            name, face, stripe = USUAL_COLOURS.get(value, _PLAIN)
            if colours and value in colours:
                name = colours[value]
                face, stripe = NAMED_COLOURS.get(name, (face, stripe))
            chips.append(Chip(value, name, face, stripe))
        return cls(tuple(chips))

    @property
    def values(self) -> tuple[Decimal, ...]:
        return tuple(chip.value for chip in self.chips)

    def __contains__(self, value: object) -> bool:
        return value in self.values

    def chip(self, value: Decimal) -> Chip:
        for chip in self.chips:
            if chip.value == value:
                return chip
        raise ChipError(f"{value_text(value)} is not a chip of this rack"
                        f" ({rack_text(self)})")


DEFAULT_RACK = Rack.of_values(DENOMINATIONS)
"""The room's rack unless the site says otherwise: $1 white, $2.50 pink, $5 red,
$25 green, $100 black, $500 purple, $1,000 orange (no $0.50 chip)."""


def value_text(value: Decimal) -> str:
    """A chip's value as written on it: ``$5``, ``$2.50``, ``$1,000``."""
    if value == value.to_integral_value():
        return f"${value:,.0f}"
    return f"${value:,.2f}"


def rack_text(rack: Rack) -> str:
    return ", ".join(chip.label for chip in rack.chips)


# --- procedures -------------------------------------------------------------------------


class Procedure(StrEnum):
    """How the house wants a payout built (docs/rules.md §10)."""

    COLOUR_FOR_COLOUR = "colour-for-colour"
    CONVERT = "convert"
    COLOUR_FOR_COLOUR_BLACK_AND_UP = "colour-for-colour-black-and-up"

    @property
    def phrase(self) -> str:
        """The procedure in words, in the trainer's language."""
        return _(_PHRASES[self])


_PHRASES = {
    Procedure.COLOUR_FOR_COLOUR: N_("colour for colour"),
    Procedure.CONVERT: N_("converted to the fewest chips"),
    Procedure.COLOUR_FOR_COLOUR_BLACK_AND_UP: N_("colour for colour from $100 up, the rest"
                                                 " either way"),
}

BLACK = Decimal("100.00")
"""``colour-for-colour-black-and-up`` follows the colours of the bet's chips from here up."""


class OddCents(StrEnum):
    """How a payout's odd cents are paid where the rack has no chip for them (the site
    file's ``[chips] odd_cents``, docs/rules.md §10)."""

    ROUND_DOWN = "round-down"
    """To the most the rack's chips make under the amount, as the rule set rounds a
    fraction of a cent: the house keeps what no chip pays (the default)."""
    ROUND_UP = "round-up"
    """To the least the rack's chips make over the amount: the player gets the benefit."""


@dataclass(frozen=True, slots=True)
class RoomChips:
    """A room's chips and how it pays with them (the site file's ``[chips]``; these
    defaults without one): the rack, the house's procedure, the odd-cents rule."""

    rack: Rack = DEFAULT_RACK
    procedure: Procedure = Procedure.COLOUR_FOR_COLOUR
    """"The preferred choice for break-in dealers" (docs/rules.md §10)."""
    odd_cents: OddCents = OddCents.ROUND_DOWN

    @property
    def summary(self) -> str:
        """``chips $1,000, ..., $1; convert; odd cents round-down`` (``site check``)."""
        return (f"chips {rack_text(self.rack)}; {self.procedure.value}; odd cents"
                f" {self.odd_cents.value}")


DEFAULT_CHIPS = RoomChips()


class Grade(StrEnum):
    RIGHT = "right"
    WRONG_CHIPS = "wrong_chips"
    WRONG_AMOUNT = "wrong_amount"


@dataclass(frozen=True, slots=True)
class _Form:
    """One shape of stack a procedure accepts: ``fixed`` chips (value -> count) exactly,
    plus ``rest`` dollars in the fewest chips among ``allowed``."""

    fixed: tuple[tuple[Decimal, int], ...]
    rest: Decimal
    allowed: tuple[Decimal, ...]
    stack: tuple[Decimal, ...]
    """One stack of this form, largest first."""


@dataclass(frozen=True, slots=True)
class Expected:
    """What a procedure expects for one payout."""

    amount: Decimal
    """The payout paid in chips: the settled amount, rounded down to what the rack makes."""
    settled: Decimal
    """The payout to the cent, as ``settle`` has it (odds times the bet, or the award)."""
    stack: tuple[Decimal, ...]
    """One stack the procedure accepts, largest first."""
    procedure: Procedure
    converted_award: bool
    """A fixed award: converted, whatever the procedure."""
    fell_back: bool
    """The procedure's colours cannot make the amount from this rack: converted."""
    wager: str
    """What is paid, for a person: ``two red $5 at 3 to 2``, ``a fixed award of $1,000.00``."""
    how: str
    """Why this stack: the procedure (and any rounding), for a person."""
    reason: str
    """One sentence: the stack, for what, and ``how``."""
    forms: tuple[_Form, ...]

    def accepts(self, paid: Sequence[Decimal]) -> bool:
        """Whether ``paid`` (the right amount) is built the way the procedure wants."""
        return any(_fits(form, Counter(paid)) for form in self.forms)


@dataclass(frozen=True, slots=True)
class Graded:
    grade: Grade
    reason: str
    expected: Expected
    paid: tuple[Decimal, ...]


def _cents(value: Decimal) -> int:
    return int(value * 100)


def _dollars(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def _bounds(denoms: tuple[int, ...]) -> tuple[int, ...]:
    """For each position i: the most the smaller chips (after i) can add up to in a
    fewest-chips stack. ``d_i / gcd(d_i, d_j)`` chips of d_j are worth ``d_j / gcd`` chips
    of d_i, fewer; so a fewest stack holds fewer than that many of each d_j."""
    return tuple(
        sum((d // gcd(d, small) - 1) * small for small in denoms[i + 1:])
        for i, d in enumerate(denoms)
    )


SEARCH_LIMIT = 300_000
"""The most steps one payout's search for the fewest chips may take (well under a second).
Usual racks need a few hundred; only a rack of irregular values (say $9.97, $9.89, $9.83 ...)
could need more, and is refused for that payout rather than hanging the caller."""


class RackTooIrregular(ChipError):
    """The fewest chips for a payout would take too long to find with this rack."""


class _Budget:
    def __init__(self) -> None:
        self.left = SEARCH_LIMIT

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise RackTooIrregular(
                "rack: its chip values are too irregular to find the fewest chips for this"
                " payout in time (a rack of usual values such as $1, $5, $25, $100 has no"
                " such limit)")


_BUDGET: ContextVar[_Budget | None] = ContextVar("chip_search_budget", default=None)
_FEWEST: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
"""Fewest-chip stacks already found (a table repeats a handful of payouts)."""


def _fewest(cents: int, denoms: tuple[int, ...]) -> tuple[int, ...] | None:
    """The fewest chips of ``denoms`` (cents, largest first) that make ``cents`` exactly,
    as a count per denomination; None when they cannot."""
    key = (cents, denoms)
    if key in _FEWEST:
        return _FEWEST[key]
    budget = _BUDGET.get() or _Budget()
    bounds = _bounds(denoms)
    size = len(denoms)
    memo: dict[tuple[int, int], tuple[int, tuple[int, ...]] | None] = {}

    def search(i: int, rest: int) -> tuple[int, tuple[int, ...]] | None:
        budget.spend()
        if rest == 0:
            return 0, (0,) * (size - i)
        if i == size:
            return None
        key = (i, rest)
        if key in memo:
            return memo[key]
        d = denoms[i]
        top = rest // d
        low = max(0, -(-(rest - bounds[i]) // d))
        best: tuple[int, tuple[int, ...]] | None = None
        for count in range(top, low - 1, -1):
            found = search(i + 1, rest - count * d)
            if found is not None and (best is None or found[0] + count < best[0]):
                best = (found[0] + count, (count, *found[1]))
        memo[key] = best
        return best

    found = search(0, cents)
    result = None if found is None else found[1]
    if len(_FEWEST) < 4096:
        _FEWEST[key] = result
    return result


def fewest_chips(amount: Decimal, values: Sequence[Decimal]) -> list[Decimal] | None:
    """The fewest chips of ``values`` making ``amount`` exactly, largest first; None when
    no stack of them makes it."""
    denoms = tuple(sorted({_cents(value) for value in values}, reverse=True))
    counts = _fewest(_cents(amount), denoms)
    if counts is None:
        return None
    return [_dollars(d) for d, count in zip(denoms, counts, strict=True) for _ in range(count)]


def payable(amount: Decimal, rack: Rack, odd_cents: OddCents = OddCents.ROUND_DOWN) -> Decimal:
    """What the rack's chips pay of ``amount``: ``amount`` itself when a stack makes it,
    else rounded down (no chip for the odd cents: the house keeps them) or, with
    ``OddCents.ROUND_UP``, up to the least amount a stack makes."""
    denoms = tuple(_cents(value) for value in rack.values)
    step = 0
    for d in denoms:
        step = gcd(step, d)
    budget = _BUDGET.get() or _Budget()
    if odd_cents is OddCents.ROUND_UP:
        cents = -(-_cents(amount) // step) * step
        while _fewest(cents, denoms) is None:
            budget.spend()
            cents += step
        return _dollars(cents)
    cents = _cents(amount) // step * step
    while cents > 0 and _fewest(cents, denoms) is None:
        budget.spend()
        cents -= step
    return _dollars(max(cents, 0))


def _fits(form: _Form, paid: Counter[Decimal]) -> bool:
    rest = paid.copy()
    for value, count in form.fixed:
        if rest[value] < count:
            return False
        rest[value] -= count
    chips = list(rest.elements())
    if any(chip not in form.allowed for chip in chips):
        return False
    if sum(chips, Decimal(0)) != form.rest:
        return False
    fewest = fewest_chips(form.rest, form.allowed)
    return fewest is not None and len(fewest) == len(chips)


def _convert_form(amount: Decimal, values: tuple[Decimal, ...],
                  fixed: Mapping[Decimal, int] | None = None) -> _Form | None:
    """``fixed`` chips, and the rest of ``amount`` in the fewest chips of ``values``; None
    when they cannot make it. A ChipError when the stack would be too tall to deal."""
    fixed = {value: count for value, count in (fixed or {}).items() if count}
    rest = amount - sum((value * count for value, count in fixed.items()), Decimal(0))
    if rest < 0:
        return None
    chips = fewest_chips(rest, values)
    if chips is None:
        return None
    if sum(fixed.values()) + len(chips) > MAX_STACK_CHIPS:
        raise ChipError(f"the payout {dollars(amount)} takes more than {MAX_STACK_CHIPS:,}"
                        " chips this way; no stack of it is dealt by hand")
    stack = sorted([*chips, *(v for v, n in fixed.items() for _ in range(n))], reverse=True)
    return _Form(tuple(sorted(fixed.items(), reverse=True)), rest, values, tuple(stack))


def _colour_form(bet: Counter[Decimal], odds: Odds, amount: Decimal, rack: Rack,
                 follow: Iterable[Decimal], all_rest: bool) -> _Form | None:
    """Each followed colour paid in whole chips of its own colour (n chips at X to Y get
    floor(n X / Y) of that colour); the rest in the fewest chips smaller than the largest
    colour that left a part (``all_rest``: in the fewest chips of the whole rack)."""
    fixed: dict[Decimal, int] = {}
    left_over: list[Decimal] = []
    for value in follow:
        whole, part = divmod(bet[value] * odds.to_win, odds.per)
        fixed[value] = whole
        if part:
            left_over.append(value)
    if all_rest:
        return _convert_form(amount, rack.values, fixed)
    smaller = max(left_over) if left_over else min(rack.values)
    allowed = tuple(value for value in rack.values if value < smaller)
    return _convert_form(amount, allowed, fixed)


def _say(count: int) -> str:
    """A count of chips in words (``three``; Spanish ``tres``, ``una``), figures above
    twenty in the room's format."""
    return _(_NUMBERS[count]) if count < len(_NUMBERS) else in_room_format(f"{count:,}")


_NUMBERS = ("no", N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
            N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
            N_("thirteen"), N_("fourteen"), N_("fifteen"), N_("sixteen"), N_("seventeen"),
            N_("eighteen"), N_("nineteen"), N_("twenty"))
"""Counts of chips in words, marked for the catalogue (a chip is feminine in Spanish:
*una ficha*)."""

_COLOUR_NAMES = (N_("white"), N_("blue"), N_("pink"), N_("red"), N_("yellow"), N_("green"),
                 N_("black"), N_("purple"), N_("orange"), N_("grey"))
"""The usual chip colours' names, marked for the catalogue; a room's own colour name (the
site file's) reads as the room wrote it."""


def stack_text(chips: Iterable[Decimal], rack: Rack) -> str:
    """``three red $5 and one pink $2.50``, largest chip first; ``no chips``; in the
    trainer's language (Spanish ``tres fichas de $5 (rojo) y una ficha de $2.50 (rosa)``)."""
    counts = Counter(chips)
    if not counts:
        return _("no chips")
    parts = []
    for value in sorted(counts, reverse=True):
        chip = rack.chip(value) if value in rack else None
        count = counts[value]
        if chip is not None and chip.colour:
            parts.append(ngettext("{number} {colour} {value}", "{number} {colour} {value}",
                                  count, number=_say(count), colour=_(chip.colour),
                                  value=value_text(value)))
        else:
            parts.append(ngettext("{number} {value}", "{number} {value}", count,
                                  number=_say(count), value=value_text(value)))
    if len(parts) == 1:
        return parts[0]
    return _("{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1])


def chips_of(value: Decimal, rack: Rack) -> str:
    """Chips of one value as a person names them: ``red $5 chips`` (Spanish ``fichas de $5
    (rojo)``), ``$7 chips`` for a chip with no colour name."""
    chip = rack.chip(value) if value in rack else None
    if chip is not None and chip.colour:
        return _("{colour} {value} chips", colour=_(chip.colour), value=value_text(value))
    return _("{value} chips", value=value_text(value))


def _odds_text(odds: Odds) -> str:
    return _("{to_win} to {per}", to_win=in_room_format(f"{odds.to_win:,}"), per=odds.per)


def expected_stack(bet: Sequence[Decimal], pays: Odds | Decimal, procedure: Procedure,
                   rack: Rack = DEFAULT_RACK,
                   odd_cents: OddCents = OddCents.ROUND_DOWN) -> Expected:
    """What ``procedure`` expects for a wager of ``bet`` (its chips) paid at ``pays``
    (odds, or a fixed award in dollars), from ``rack``, odd cents no chip pays rounded as
    ``odd_cents`` says. A ChipError names a chip not in the rack, an empty bet or a
    payout too large to stack (or too slow to find)."""
    token = _BUDGET.set(_Budget())
    try:
        return _expected_stack(bet, pays, procedure, rack, odd_cents)
    finally:
        _BUDGET.reset(token)


def _expected_stack(bet: Sequence[Decimal], pays: Odds | Decimal, procedure: Procedure,
                    rack: Rack, odd_cents: OddCents) -> Expected:
    if not bet and isinstance(pays, Odds):  # a fixed award needs no bet colours
        raise ChipError("bet: no chips; a wager is at least one chip")
    if len(bet) > MAX_STACK_CHIPS:
        raise ChipError(f"bet: {len(bet):,} chips; at most {MAX_STACK_CHIPS:,}")
    for chip in bet:
        if chip not in rack:
            raise ChipError(f"bet: {value_text(chip)} is not a chip of the rack"
                            f" ({rack_text(rack)})")
    bet = [rack.chip(chip).value for chip in bet]  # the rack's own values: 5 is 5.00
    counts = Counter(bet)
    total = sum(bet, Decimal(0))
    if isinstance(pays, Odds):
        settled = pays.pay(total)
        what = _("{stack} at {odds}", stack=stack_text(bet, rack), odds=_odds_text(pays))
    else:
        if pays <= 0:
            raise ChipError(f"amount: {dollars(pays)} is no payout; an award is above $0")
        settled = pays.quantize(CENT)
        what = _("a fixed award of {amount}", amount=local_dollars(settled))
    amount = payable(settled, rack, odd_cents)
    converted_award = not isinstance(pays, Odds)
    try:
        _refuse_huge(amount, rack)
        found, fell_back = _forms(counts, pays, procedure, amount, rack)
    except RackTooIrregular:
        raise
    except ChipError as error:
        raise ChipError(f"{'amount' if converted_award else 'pays'}: {error}") from None
    stack = found[0].stack
    if converted_award:
        how = _("a fixed award has no bet colours to follow, so it is converted")
    elif fell_back:
        how = _("{procedure} cannot make this amount from this rack, so it is converted",
                procedure=procedure.phrase)
    else:
        how = procedure.phrase
    if amount < settled:
        how = _("{how}; {cents} of the {amount} has no chip in this rack and is not paid"
                " (rounded down, as the rule set rounds)", how=how,
                cents=local_dollars(settled - amount), amount=local_dollars(settled))
    elif amount > settled:
        how = _("{how}; the {amount} has no chip for its odd cents in this rack and is"
                " rounded up to {paid} (the house rounds up)", how=how,
                amount=local_dollars(settled), paid=local_dollars(amount))
    reason = _("{stack} for {what}: {how}", stack=stack_text(stack, rack), what=what, how=how)
    return Expected(amount, settled, stack, procedure, converted_award, fell_back, what, how,
                    reason, found)


def _forms(counts: Counter[Decimal], pays: Odds | Decimal, procedure: Procedure,
           amount: Decimal, rack: Rack) -> tuple[tuple[_Form, ...], bool]:
    """The stacks ``procedure`` accepts for ``amount``, and whether it fell back to
    converting (an odd rack whose colours cannot make the amount)."""
    values = rack.values
    forms: list[_Form | None]
    if isinstance(pays, Odds) and procedure is not Procedure.CONVERT:
        everything = sorted(counts, reverse=True)
        high = [value for value in everything if value >= BLACK]
        if procedure is Procedure.COLOUR_FOR_COLOUR:
            forms = [_colour_form(counts, pays, amount, rack, everything, all_rest=False)]
        else:
            forms = [_colour_form(counts, pays, amount, rack, high, all_rest=True)]
            with suppress(ChipError):  # the rest colour for colour too, when it stacks
                forms.append(_colour_form(counts, pays, amount, rack, everything,
                                          all_rest=False))
    else:
        forms = [_convert_form(amount, values)]
    found = tuple(form for form in forms if form is not None)
    if found:
        return found, False
    converted = _convert_form(amount, values)  # an odd rack: the fewest chips pay it
    assert converted is not None  # payable() made ``amount`` of the rack's chips
    return (converted,), True


def _refuse_huge(amount: Decimal, rack: Rack) -> None:
    if amount / rack.values[0] > MAX_STACK_CHIPS:
        raise ChipError(
            f"the payout {dollars(amount)} is more than {MAX_STACK_CHIPS:,} of the rack's"
            f" largest chip ({value_text(rack.values[0])}); no stack of it is dealt by hand"
        )


def grade_stack(bet: Sequence[Decimal], pays: Odds | Decimal, procedure: Procedure,
                paid: Sequence[Decimal], rack: Rack = DEFAULT_RACK,
                odd_cents: OddCents = OddCents.ROUND_DOWN) -> Graded:
    """Grade a built stack: first the amount, then the chips by ``procedure``."""
    expected = expected_stack(bet, pays, procedure, rack, odd_cents)
    token = _BUDGET.set(_Budget())
    try:
        return _grade(expected, procedure, paid, rack)
    finally:
        _BUDGET.reset(token)


def _grade(expected: Expected, procedure: Procedure, paid: Sequence[Decimal],
           rack: Rack) -> Graded:
    if len(paid) > MAX_STACK_CHIPS:
        raise ChipError(f"paid: {len(paid):,} chips; at most {MAX_STACK_CHIPS:,}")
    for chip in paid:
        if chip not in rack:
            raise ChipError(f"paid: {value_text(chip)} is not a chip of the rack"
                            f" ({rack_text(rack)})")
    paid = [rack.chip(chip).value for chip in paid]
    paid_total = sum(paid, Decimal(0))
    built = stack_text(paid, rack)
    what = expected.wager
    if paid_total != expected.amount:
        reason = _("{built} is {total}, but {what} pays {amount}", built=built,
                   total=local_dollars(paid_total), what=what,
                   amount=local_dollars(expected.amount))
        return Graded(Grade.WRONG_AMOUNT, reason, expected, tuple(paid))
    if expected.accepts(paid):
        reason = _("{stack} for {what}: {how}", stack=built, what=what, how=expected.how)
        return Graded(Grade.RIGHT, reason, expected, tuple(paid))
    stack = stack_text(expected.stack, rack)
    if expected.converted_award:
        rule = _("a fixed award is converted: the fewest chips for {what} are {stack}",
                 what=what, stack=stack)
    elif expected.fell_back or procedure is Procedure.CONVERT:
        rule = _("the fewest chips for {what} are {stack}", what=what, stack=stack)
    elif procedure is Procedure.COLOUR_FOR_COLOUR:
        rule = _("colour for colour pays {what} with {stack}", what=what, stack=stack)
    else:
        rule = _("colour for colour from $100 up pays {what} with {stack} (the rest either"
                 " way)", what=what, stack=stack)
    reason = _("right amount, wrong chips: {rule}, not {built}", rule=rule, built=built)
    return Graded(Grade.WRONG_CHIPS, reason, expected, tuple(paid))


# --- cutting and sizing (the chip lesson's drills, docs/rules.md §10) ---------------------

STACK_OF = 20
"""A dealer's stack of chips in the rack: twenty of one value."""

CUT_IN_FOURS: frozenset[Decimal] = frozenset(
    Decimal(text) for text in ("0.50", "2.50", "25.00", "500.00", "5000.00"))
"""Chips a stack of twenty is cut of in fours (five stacks of four): four of them make a
round amount ($2, $10, $100, $2,000, $20,000). Every other chip ($1, $5, $100, $1,000, a
$20) is cut in fives (four stacks of five: $5, $25, $500, $5,000, $100)."""


def cut_size(value: Decimal) -> int:
    """How many chips of ``value`` a dealer cuts a stack of twenty into: 4 or 5."""
    return 4 if value.quantize(CENT) in CUT_IN_FOURS else 5


def stack_value(chips: Iterable[Decimal]) -> Decimal:
    """What a stack is worth, to the cent."""
    return sum(chips, Decimal(0)).quantize(CENT)


def cut(value: Decimal, count: int) -> tuple[Decimal, ...]:
    """``count`` chips of ``value`` cut from a stack: what a cut of ``count`` is."""
    if not 1 <= count <= STACK_OF:
        raise ChipError(f"cut: {count} chips; a cut is 1 to {STACK_OF} chips of a stack")
    return (value.quantize(CENT),) * count

"""Reading what the trainee typed (keyboard first), refusing, never coercing.

Every parser returns the answer object the question expects, or raises
:class:`AnswerError` with a sentence for the person that names what is wrong
with what they typed. Nothing is guessed: text that is not clearly one answer
is refused, and a refused answer is never graded.

Payout answers (:func:`parse_payout`):

* an amount (``15``, ``$15``, ``15.00``, ``1,000``, ``7.5``) pays that amount;
* ``0`` (or ``$0.00``), ``push`` or ``p`` is a push;
* ``take``, ``t``, ``lose`` or ``x`` collects the wager. The amount of a
  parsed take is stored as ``0.00``: the dealer takes whatever is on the spot,
  and :func:`~.grading.grade` fills in the stake from the question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from trainer.engine.cards import RANK_NAMES, RANK_PLURALS, Card, CardError, parse_card
from trainer.engine.evaluator import Category, hand_wording, rank_name, rank_plural
from trainer.engine.money import ZERO, AmountError, parse_amount
from trainer.engine.round import Wager, is_seat_number
from trainer.engine.settlement import Outcome, SeatResult
from trainer.i18n import (
    ENGLISH,
    AmountFormatError,
    NumberFormat,
    _,
    amount_to_point_form,
    current_number_format,
    in_room_format,
    local_dollars,
    ngettext,
)
from trainer.training.answer_words import WORDS, AnswerWords, answer_words, category_word
from trainer.training.questions import (
    Answer,
    DealerHandAnswer,
    NamedHand,
    PayoutAnswer,
    Question,
    QuestionKind,
)


class AnswerError(ValueError):
    """An answer that cannot be read; the message is for the person who typed it."""


MAX_ANSWER_LENGTH = 100
"""The longest answer read, in characters. The longest real one, a hand with its five
cards (``full house, kings full of nines Kd Kc Ks 9h 9s``) or a whole seat on one line,
is about 50; anything longer (a paste) is refused with a short message instead of being
quoted back whole."""


def check_length(text: str) -> None:
    """Refuse text longer than :data:`MAX_ANSWER_LENGTH`, saying so in one short line."""
    if len(text.strip()) > MAX_ANSWER_LENGTH:
        raise AnswerError(_(
            "The answer is too long: an answer is at most {most} characters."
            " Nothing was graded; type it again.", most=MAX_ANSWER_LENGTH))


def _clean(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"expected the typed text, got {type(text).__name__}")
    check_length(text)
    return " ".join(text.strip().lower().split())


# --- amounts and payouts ------------------------------------------------------

_DECIMALS = re.compile(r"\.\d{3,}\s*$")


def _words_and_format(stored: bool) -> tuple[AnswerWords, NumberFormat]:
    """The trainee's answer words and the room's number format, or for a ``stored``
    answer (the database's language-neutral text) English and the point form."""
    if stored:
        return WORDS[ENGLISH], NumberFormat.POINT
    return answer_words(), current_number_format()


def _amount(text: str, original: str, *, payout: bool,
            number_format: NumberFormat = NumberFormat.POINT) -> Decimal:
    hint = _("type 'push' or 'take', or an amount such as 15 or {cents}",
             cents=in_room_format("7.50", number_format)) if payout else _(
        "type an amount such as {thousands} or {cents}",
        thousands=in_room_format("3,000", number_format),
        cents=in_room_format("250.50", number_format))
    if text.startswith("-") or text.startswith("$-") or text.startswith("$ -"):
        if payout:
            raise AnswerError(_(
                "'{typed}' is negative: to collect a losing wager type 'take'", typed=original))
        raise AnswerError(_("'{typed}' is negative: the total paid is never below $0",
                            typed=original))
    try:
        text = amount_to_point_form(text, number_format)
    except AmountFormatError as error:
        raise AnswerError(str(error)) from None
    if _DECIMALS.search(text):
        raise AnswerError(_(
            "'{typed}' has more than two decimals: the smallest amount is a cent",
            typed=original))
    try:
        return parse_amount(text, field="answer")
    except AmountError:
        raise AnswerError(_("'{typed}' is not an amount: {hint}", typed=original,
                            hint=hint)) from None


def parse_payout(text: str, *, stored: bool = False) -> PayoutAnswer:
    """Read a payout: an amount, ``push``/``p``/``0``, or ``take``/``t``/``lose``/``x``
    (the trainee's language's words: :mod:`~.answer_words`; amounts in the room's
    number format). ``stored``: the database's language-neutral text."""
    words, number_format = _words_and_format(stored)
    cleaned = _clean(text)
    if not cleaned:
        raise AnswerError(_("Nothing typed: type an amount to pay, 'push' or 'take'"))
    if words.normal(cleaned) in words.push:
        return PayoutAnswer(Outcome.PUSH, ZERO)
    if words.normal(cleaned) in words.take:
        return PayoutAnswer(Outcome.LOSE, ZERO)
    first = words.normal(cleaned.split()[0])
    if first in words.take | words.push | {"pay"} and len(cleaned.split()) > 1:
        raise AnswerError(_(
            "'{typed}': type just the amount to pay, or just 'push' or 'take'",
            typed=text.strip()))
    amount = _amount(cleaned, text.strip(), payout=True, number_format=number_format)
    if amount == 0:
        return PayoutAnswer(Outcome.PUSH, ZERO)
    return PayoutAnswer(Outcome.WIN, amount)


def parse_amount_answer(text: str, *, stored: bool = False) -> Decimal:
    """Read an amount of money (the capped total a seat is paid), in the room's number
    format (``stored``: the database's point form)."""
    words, number_format = _words_and_format(stored)
    cleaned = _clean(text)
    if not cleaned:
        raise AnswerError(_("Nothing typed: type the amount paid, e.g. {thousands}",
                            thousands=in_room_format("3,000", number_format)))
    if words.normal(cleaned) in words.push | words.take:
        raise AnswerError(_("'{typed}': this question asks for an amount, e.g. {thousands}",
                            typed=text.strip(),
                            thousands=in_room_format("3,000", number_format)))
    return _amount(cleaned, text.strip(), payout=False, number_format=number_format)


# --- hands --------------------------------------------------------------------

CATEGORY_WORDS: dict[str, Category] = WORDS[ENGLISH].categories
"""Every English word or phrase :func:`parse_category` accepts, with its category (each
language's: :mod:`~.answer_words`)."""


_RANK_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()}
_RANK_BY_PLURAL = {name: rank for rank, name in RANK_PLURALS.items()}
_ONE = "(" + "|".join(_RANK_BY_NAME) + ")"
_MANY = "(" + "|".join(_RANK_BY_PLURAL) + ")"
_HIGH_CATEGORIES = {"straight flush": Category.STRAIGHT_FLUSH, "straight": Category.STRAIGHT,
                    "flush": Category.FLUSH, "high card": Category.HIGH_CARD}
_HIGH_WORDS = "(" + "|".join(_HIGH_CATEGORIES) + ")"
_HAND_WORDINGS: tuple[tuple[re.Pattern[str], Category | None], ...] = tuple(
    (re.compile(f"^{pattern}$"), category) for pattern, category in (
        # Hand.describe()'s own words first, then the common ways round.
        (f"{_ONE} high", Category.HIGH_CARD),
        (f"(?:high card|high) {_ONE}(?: high)?", Category.HIGH_CARD),
        (f"(?:a |one )?pair (?:of )?{_MANY}", Category.ONE_PAIR),
        (f"(?:two|2) pairs? {_MANY} (?:and|over) {_MANY}", Category.TWO_PAIR),
        (f"(?:three|three of a kind|trips|trip|set of) {_MANY}", Category.THREE_OF_A_KIND),
        (f"(?:full house |full boat |boat )?{_MANY} full(?: of {_MANY})?", Category.FULL_HOUSE),
        (f"(?:full house|full boat|boat) {_MANY} over {_MANY}", Category.FULL_HOUSE),
        (f"(?:four|four of a kind|quads|quad) {_MANY}", Category.FOUR_OF_A_KIND),
        (f"{_HIGH_WORDS} {_ONE} high", None),
        (f"{_ONE} high {_HIGH_WORDS}", None),
    ))
_LOWEST_TOP = {Category.HIGH_CARD: 7, Category.FLUSH: 7, Category.STRAIGHT: 5,
               Category.STRAIGHT_FLUSH: 5}
"""The lowest rank that can top each hand named "... high" (five different ranks, or a
five-high straight, A-2-3-4-5)."""


def _named_ranks(cleaned: str) -> NamedHand | None:
    """A wording that names ranks, or None when ``cleaned`` is not one."""
    for pattern, category in _HAND_WORDINGS:
        match = pattern.match(cleaned)
        if match is None:
            continue
        words = [word for word in match.groups() if word is not None]
        if category is None:  # "straight, nine high" / "nine high straight"
            kind = next(word for word in words if word in _HIGH_CATEGORIES)
            category = _HIGH_CATEGORIES[kind]
            words.remove(kind)
        ranks = tuple(_RANK_BY_NAME.get(word) or _RANK_BY_PLURAL[word] for word in words)
        return NamedHand(category, ranks)
    return None


def _named_in(words: AnswerWords, cleaned: str) -> NamedHand | None:
    """A wording that names ranks in ``words``'s language (Spanish *pareja de reyes*,
    *color al as*), or None when ``cleaned`` (accents left out) is not one."""
    for pattern, category in words.hand_wordings:
        match = pattern.match(cleaned)
        if match is None:
            continue
        found = [word for word in match.groups() if word is not None]
        if category is None:  # "color al as": the category word is the first group
            category = words.top_categories[found.pop(0)]
        return NamedHand(category, tuple(words.ranks[word] for word in found))
    return None


def _check_named(hand: NamedHand, original: str) -> NamedHand:
    """Refuse a wording no five cards make; an ace-high straight flush is the royal."""
    category, ranks = hand.category, hand.ranks
    if not ranks:
        return hand
    if category is Category.STRAIGHT_FLUSH and ranks == (14,):
        return NamedHand(Category.ROYAL_FLUSH, ())
    lowest = _LOWEST_TOP.get(category)
    if lowest is not None and ranks[0] < lowest:
        raise AnswerError(_(
            "'{typed}' is not a hand: no {category} is {rank} high (the lowest is {lowest}"
            " high)", typed=original, category=category.display_name,
            rank=rank_name(ranks[0]), lowest=rank_name(lowest)))
    if len(ranks) == 2 and ranks[0] == ranks[1]:
        raise AnswerError(_(
            "'{typed}' names {rank} twice: a {category} is made of two different ranks",
            typed=original, rank=rank_plural(ranks[0]), category=category.display_name))
    if category is Category.TWO_PAIR:  # the higher pair first, whichever was said first
        return NamedHand(category, tuple(sorted(ranks, reverse=True)))
    return hand


def parse_hand_name(text: str) -> NamedHand:
    """Read a hand as named: a category (the contract's names or common dealer words) or
    a wording that names its ranks, as the trainer's explanations do ("king high", "pair
    of fours", "two pair, sixes and fours", "full house, kings full of nines", "flush, ace
    high", "ace-high flush"). ``ranks`` is empty when none is named."""
    original = text.strip() if isinstance(text, str) else text
    cleaned = re.sub(r"[_,:;-]", " ", _clean(text))
    cleaned = " ".join(cleaned.split())
    if not cleaned:
        raise AnswerError(_("Nothing typed: name the hand, e.g. 'two pair' or 'flush'"))
    words = answer_words()
    category = category_word(cleaned, words)
    if category is not None:
        return NamedHand(category, ())
    named = _named_in(words, words.normal(cleaned)) if words.hand_wordings else None
    if named is None and words.english_hands:
        named = _named_ranks(cleaned)
    if named is None:
        raise AnswerError(_(
            "'{typed}' is not a hand: type e.g. high card, pair, two pair, trips,"
            " straight, flush, full house, quads, straight flush or royal, or name its"
            " ranks: king high, pair of fours, two pair, sixes and fours", typed=original))
    return _check_named(named, str(original))


def parse_category(text: str) -> Category:
    """Read a hand's category from any wording :func:`parse_hand_name` accepts (ranks named
    are read, checked and set aside)."""
    return parse_hand_name(text).category


def parse_seat_hand(text: str) -> Category | NamedHand:
    """A player's hand: its :class:`Category` when only that is named, else the ranks too."""
    named = parse_hand_name(text)
    return named if named.ranks else named.category


_CARD_LIKE = re.compile(r"^(10|[2-9tjqka])[a-z]$")


def parse_dealer_hand(text: str) -> DealerHandAnswer:
    """Read the dealer's hand as the category and the five cards that play.

    ``"two pair Kd Kc 9h 9s As"``, ``"flush: As, Ks, 9s, 7s, 2s"``.
    """
    named, cards = _hand_and_cards(text)
    return validate_dealer_hand(DealerHandAnswer(named.category, tuple(cards), named.ranks))


def _hand_and_cards(text: str) -> tuple[NamedHand, list[Card]]:
    """The hand named and the cards typed, as typed (how many is not checked here)."""
    raw = text.strip() if isinstance(text, str) else text
    tokens = re.split(r"[\s,;:]+", _clean(text))
    cards: list[Card] = []
    words: list[str] = []
    for token in tokens:
        if not token:
            continue
        try:
            cards.append(parse_card(token))
            continue
        except CardError:
            pass
        if _CARD_LIKE.match(token):
            raise AnswerError(_("'{typed}' is not a card: the suits are s, h, d and c",
                                typed=token))
        words.append(token)
    if not words:
        raise AnswerError(_(
            "'{typed}': name the hand as well as the cards, e.g. 'two pair Kd Kc 9h 9s As'",
            typed=raw))
    return parse_hand_name(" ".join(words)), cards


def dealer_hand_from_table(text: str, picked: Sequence[Card],
                           seven: Sequence[Card]) -> DealerHandAnswer:
    """The dealer's hand from what the trainee typed and the cards picked on the table.

    No card picked: the text holds the hand and its cards, the five that play or, as
    with clicks, the two of the seven that do not (``king high 2c 6d``); a typed card
    that is not one of the dealer's seven is a slip of the keyboard (Tc for Td), said
    and not graded. Five picked: they are the cards that play. Two picked: they are the
    two of the dealer's seven that do not play, so the other five do.
    """
    if not picked:
        named, cards = _hand_and_cards(text)
        strangers = [card for card in cards if card not in seven]
        if strangers:
            shown = " ".join(card.label for card in strangers)
            raise AnswerError(ngettext(
                "{cards} is not among the dealer's seven cards ({seven}): check the cards"
                " you typed",
                "{cards} are not among the dealer's seven cards ({seven}): check the cards"
                " you typed", len(strangers), cards=shown,
                seven=" ".join(card.label for card in seven)))
        if len(cards) == 2 and cards[0] != cards[1]:  # the two that do not play
            cards = [card for card in seven if card not in cards]
        return validate_dealer_hand(DealerHandAnswer(named.category, tuple(cards), named.ranks))
    chosen = list(picked)
    if len(chosen) == 2:
        chosen = [card for card in seven if card not in picked]
    if len(chosen) != 5:
        raise AnswerError(_(
            "Select the five cards that play (or the two that do not): {count} selected.",
            count=len(chosen)))
    said = parse_hand_name(text)
    return DealerHandAnswer(said.category, tuple(chosen), said.ranks)


def _check_ranks(category: Category, ranks: object) -> tuple[int, ...]:
    """An answer object's named ranks: a tuple of ranks (2-14), as many as its wording names."""
    if not isinstance(category, Category):
        raise TypeError(f"category must be a Category, got {category!r}")
    if not isinstance(ranks, tuple) or not all(
            type(rank) is int and rank in RANK_NAMES for rank in ranks):
        raise TypeError(f"ranks must be a tuple of ranks 2 to 14, got {ranks!r}")
    most = {Category.ROYAL_FLUSH: 0, Category.TWO_PAIR: 2, Category.FULL_HOUSE: 2}.get(category, 1)
    if len(ranks) > most:
        raise TypeError(f"a {category} names at most {most} ranks, got {ranks!r}")
    return ranks


def validate_dealer_hand(answer: DealerHandAnswer) -> DealerHandAnswer:
    if not isinstance(answer.category, Category):
        raise TypeError(f"category must be a Category, got {answer.category!r}")
    if answer.ranks:
        _check_ranks(answer.category, answer.ranks)
        _check_named(NamedHand(answer.category, answer.ranks),
                     hand_wording(answer.category, answer.ranks))
    if not all(isinstance(card, Card) for card in answer.cards):
        raise TypeError(f"cards must be Card objects, got {answer.cards!r}")
    if len(answer.cards) != 5:
        raise AnswerError(ngettext("Choose the five cards that play: {count} card chosen",
                                   "Choose the five cards that play: {count} cards chosen",
                                   len(answer.cards)))
    seen: set[Card] = set()
    for card in answer.cards:
        if card in seen:
            raise AnswerError(_("{card} is chosen twice: choose five different cards",
                                card=card))
        seen.add(card)
    return answer


# --- yes/no, seats, results -----------------------------------------------------

def parse_yes_no(text: str) -> bool:
    """Yes or no in the trainee's language (``y``/``n``; Spanish ``s``/``n``)."""
    words = answer_words()
    cleaned = words.normal(_clean(text))
    if cleaned in words.yes:
        return True
    if cleaned in words.no:
        return False
    if not cleaned:
        raise AnswerError(_("Nothing typed: type 'y' for yes or 'n' for no"))
    raise AnswerError(_("'{typed}' is neither yes nor no: type 'y' or 'n'",
                        typed=text.strip()))


_SEAT = re.compile(r"^(?:seat|s)?\s*#?\s*(\d+)$")


def parse_seat_number(text: str) -> int:
    """Read a seat number 1-6 (``3``, ``seat 3``, ``s3``)."""
    cleaned = _clean(text)
    if not cleaned:
        raise AnswerError(_("Nothing typed: type a seat number from 1 to 6"))
    match = _SEAT.match(cleaned)
    if not match:
        raise AnswerError(_("'{typed}' is not a seat: type a seat number from 1 to 6",
                            typed=text.strip()))
    number = int(match[1])
    if not is_seat_number(number):
        raise AnswerError(_("'{typed}': the seats are numbered 1 to 6 from the dealer's left",
                            typed=text.strip()))
    return number


def parse_seat_result(text: str) -> SeatResult:
    """Read win/lose/tie (``w``, ``l``, ``t``; a tie may be called ``push`` or ``copy``;
    Spanish ``g``, ``p``, ``e``: :mod:`~.answer_words`)."""
    words = answer_words()
    cleaned = words.normal(_clean(text))
    result = words.results.get(cleaned)
    if result is not None:
        return result
    if not cleaned:
        raise AnswerError(_("Nothing typed: type 'w' (win), 'l' (lose) or 't' (tie)"))
    raise AnswerError(_("'{typed}' is not a result: type 'w' (win), 'l' (lose) or 't' (tie)",
                        typed=text.strip()))


# --- any question ---------------------------------------------------------------

_PARSERS: dict[QuestionKind, Callable[[str], Answer]] = {
    QuestionKind.DEALER_HAND: parse_dealer_hand,
    QuestionKind.QUALIFIES: parse_yes_no,
    QuestionKind.NEXT_SEAT: parse_seat_number,
    QuestionKind.SEAT_HAND: parse_seat_hand,
    QuestionKind.SEAT_RESULT: parse_seat_result,
    QuestionKind.PAYOUT: parse_payout,
    QuestionKind.CAPPED_TOTAL: parse_amount_answer,
}


def parse_answer(kind: QuestionKind, text: str) -> Answer:
    """Parse typed text for a question of ``kind``."""
    return _PARSERS[kind](text)


# --- a whole seat in one line ---------------------------------------------------

_LINE_KINDS = (QuestionKind.PAYOUT, QuestionKind.CAPPED_TOTAL)


def seat_line_questions(remaining: Sequence[Question]) -> list[Question]:
    """The questions an expert line answers: the current seat's result, then each of that
    seat's questions asked straight after it (its wagers' payouts, its capped total).
    Never the 6-Card Bonus, which is settled apart, last (docs/rules.md §5), even when
    it is asked next. Empty when the current question (``remaining[0]``) is not a
    seat's result."""
    if not remaining or remaining[0].kind is not QuestionKind.SEAT_RESULT:
        return []
    first = remaining[0]
    questions = [first]
    for question in remaining[1:]:
        if (question.seat != first.seat or question.kind not in _LINE_KINDS
                or question.wager is Wager.SIX_CARD_BONUS):
            break
        questions.append(question)
    return questions


def _line_question_name(question: Question) -> str:
    if question.kind is QuestionKind.SEAT_RESULT:
        return _("the result (w, l or t)")
    if question.kind is QuestionKind.PAYOUT and question.wager is not None:
        if question.stake is None:
            return _("the {wager}", wager=question.wager.display_name)
        return _("the {wager} {stake}", wager=question.wager.display_name,
                 stake=local_dollars(question.stake))
    return _("the total paid")


def split_seat_line(text: str, remaining: Sequence[Question]) -> list[str] | None:
    """A whole seat typed in one line (``w 20 20 30 t``), split into one answer per question.

    When the current question (``remaining[0]``, the round's questions from the current
    one on) is a seat's result and two or more words are typed, the words answer
    :func:`seat_line_questions` in order: the result, then each wager as it is asked
    (an amount, ``p`` or ``t``). Fewer words than questions answer the first ones; the
    rest are asked as usual. Returns None when ``text`` is not such a line (one word, or
    another question is current). Raises :class:`AnswerError` when the line has more
    words than the seat has questions or a word is not an answer to its question: the
    whole line is refused and nothing is graded.
    """
    questions = seat_line_questions(remaining)
    if isinstance(text, str):
        check_length(text)
    words = text.split() if isinstance(text, str) else []
    if not questions or len(words) < 2:
        return None
    parts: list[str] = []
    for word in words:  # "$ 20" is one amount
        if parts and parts[-1] == "$":
            parts[-1] += word
        else:
            parts.append(word)
    line = " ".join(words)
    seat = questions[0].seat
    if len(parts) > len(questions):
        names = ", ".join(_line_question_name(question) for question in questions)
        raise AnswerError(_(
            "'{line}' has {given} answers but seat {seat} has {count} to give here"
            " ({names}): nothing was graded, type the line again", line=line,
            given=len(parts), seat=seat, count=len(questions), names=names))
    for number, (part, question) in enumerate(zip(parts, questions, strict=False), start=1):
        try:
            parse_answer(question.kind, part)
        except AnswerError as error:
            raise AnswerError(_(
                "Answer {number} of '{line}', {part} of seat {seat}: {error}. Nothing was"
                " graded: type the line again", number=number, line=line,
                part=_line_question_name(question), seat=seat, error=error)) from None
    return parts


def _check_money(amount: object, what: str) -> Decimal:
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise TypeError(f"{what} must be a finite Decimal, got {amount!r}")
    if amount < 0:
        raise AnswerError(f"{what} {amount} is negative: to collect a losing wager use 'take'")
    if amount != amount.quantize(Decimal("0.01")):
        raise AnswerError(f"{what} {amount} has more than two decimals")
    return amount


def coerce_answer(kind: QuestionKind, given: object) -> Answer:
    """Typed text is parsed; an answer object (from buttons or clicks) is checked.

    Raises :class:`AnswerError` for an answer the person must correct, and
    :class:`TypeError` for an object of the wrong type (a programming error).
    """
    # Enums are str subclasses: check answer objects before treating text.
    if kind is QuestionKind.SEAT_HAND and isinstance(given, Category):
        return given
    if kind is QuestionKind.SEAT_HAND and isinstance(given, NamedHand):
        _check_ranks(given.category, given.ranks)
        return _check_named(given, hand_wording(given.category, given.ranks))
    if kind is QuestionKind.SEAT_RESULT and isinstance(given, SeatResult):
        if given is SeatResult.FOLD:
            raise AnswerError(_("A seat that raised did not fold: answer win, lose or tie"))
        return given
    if isinstance(given, str) and not isinstance(given, Category | SeatResult | Outcome):
        return parse_answer(kind, given)
    if kind is QuestionKind.DEALER_HAND and isinstance(given, DealerHandAnswer):
        return validate_dealer_hand(given)
    if kind is QuestionKind.QUALIFIES and isinstance(given, bool):
        return given
    if kind is QuestionKind.NEXT_SEAT and isinstance(given, int) and not isinstance(given, bool):
        if not is_seat_number(given):
            raise AnswerError(_("Seat {seat}: the seats are numbered 1 to 6", seat=given))
        return given
    if kind is QuestionKind.PAYOUT and isinstance(given, PayoutAnswer):
        if not isinstance(given.outcome, Outcome):
            raise TypeError(f"outcome must be an Outcome, got {given.outcome!r}")
        amount = _check_money(given.amount, "the amount")
        if given.outcome is Outcome.WIN and amount == 0:
            raise AnswerError(_(
                "A win pays more than $0.00: a wager that is not paid pushes"))
        if given.outcome is Outcome.PUSH and amount != 0:
            raise AnswerError(_("A push pays nothing: the amount must be $0.00"))
        return given
    if kind is QuestionKind.CAPPED_TOTAL and isinstance(given, Decimal):
        return _check_money(given, "the total")
    raise TypeError(f"{type(given).__name__} {given!r} is not an answer to a {kind} question")

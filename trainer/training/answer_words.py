"""The words a trainee types as answers, per language (no Qt).

Each language has its own table: hand categories, win/lose/tie, yes/no, push/take.
An answer typed in Spanish is read into the same answer object as its English
counterpart (``color`` is :attr:`Category.FLUSH` as ``flush`` is), so it is graded
exactly the same way and stored the same way: what the database keeps is the
language-neutral form (:func:`trainer.training.questions.answer_text`), never the
word typed.

Spanish (docs/glossary-es.md has the casino's words these come from):

==========================  =================================================
hands                       carta alta, pareja, doble pareja, trío, escalera,
                            color, full, póker, escalera de color, escalera real
the seat's result           ``g`` ganar, ``p`` perder, ``e`` empate
yes / no                    ``s`` sí, ``n`` no
a payout                    ``e`` empate (push), ``c`` cobrar (take), an amount
==========================  =================================================

Hands named with their ranks as the trainer describes them are read too: *pareja de
reyes*, *doble pareja, reyes y ochos*, *trío de damas*, *full de ases con reyes*, *póker
de reyes*, *escalera al diez*, *color al as*, *escalera de color al nueve*, *as alto*.

Accents may be left out (``trio``, ``poker``, ``si``). English hand names, the
wordings that name ranks (``king high``, ``pair of fours``) and the English whole
words (``win``, ``lose``, ``tie``, ``yes``, ``push``, ``take``) are read in Spanish
too: none of them means anything else in Spanish, and windows not translated yet still
name them. English one-letter keys are not: ``p`` is *perder* (lose) in Spanish and
*push* in English, so in Spanish only the Spanish keys are single letters.

A language with a catalogue but no table here (a room's own) reads English answers.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from trainer.engine.evaluator import Category
from trainer.engine.settlement import SeatResult
from trainer.i18n import ENGLISH, current_language


@dataclass(frozen=True)
class AnswerWords:
    """One language's answer words (lower case, accents as typed or left out)."""

    categories: dict[str, Category]
    results: dict[str, SeatResult]
    yes: frozenset[str]
    no: frozenset[str]
    push: frozenset[str]
    take: frozenset[str]
    english_hands: bool
    """Whether English hand names (and wordings naming ranks) are read as well."""
    keys: dict[str, str]
    """The word each quick-answer button types: ``yes``, ``no``, ``win``, ``lose``,
    ``tie``, ``push``, ``take`` (the neutral names) to this language's key."""
    hand_wordings: tuple[tuple[re.Pattern[str], Category | None], ...] = field(default=())
    """This language's wordings that name ranks (the trainer's own descriptions, e.g.
    ``pareja de reyes``), each with its category (None: the category word is among the
    groups, see :data:`top_categories`); the groups are rank words of :data:`ranks`."""
    ranks: dict[str, int] = field(default_factory=dict)
    """Rank words (singular and plural, as :meth:`normal` leaves them) to the rank."""
    top_categories: dict[str, Category] = field(default_factory=dict)
    """The category words a wording like ``color al as`` names, to the category."""

    def normal(self, text: str) -> str:
        """``text`` as the table holds it: accents left out for a table that allows it."""
        return text if self is WORDS[ENGLISH] else without_accents(text)


def without_accents(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(char))


def _spanish(words: dict[str, Category]) -> dict[str, Category]:
    return {without_accents(word): category for word, category in words.items()}


ENGLISH_CATEGORIES: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("high card", "high", "nothing", "no pair", "hc"),
    Category.ONE_PAIR: ("one pair", "pair", "a pair", "1 pair"),
    Category.TWO_PAIR: ("two pair", "2 pair", "two pairs", "2 pairs", "twopair", "2pair"),
    Category.THREE_OF_A_KIND: ("three of a kind", "3 of a kind", "trips", "set", "three",
                               "toak", "3oak"),
    Category.STRAIGHT: ("straight",),
    Category.FLUSH: ("flush",),
    Category.FULL_HOUSE: ("full house", "full", "boat", "full boat", "fh"),
    Category.FOUR_OF_A_KIND: ("four of a kind", "4 of a kind", "quads", "quad", "four",
                              "foak", "4oak"),
    Category.STRAIGHT_FLUSH: ("straight flush", "sf"),
    Category.ROYAL_FLUSH: ("royal flush", "royal"),
}

SPANISH_CATEGORIES: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("carta alta", "nada"),
    Category.ONE_PAIR: ("pareja", "una pareja", "par"),
    Category.TWO_PAIR: ("doble pareja", "dobles parejas", "dos parejas", "dos pares"),
    Category.THREE_OF_A_KIND: ("trío", "tercia"),
    Category.STRAIGHT: ("escalera",),
    Category.FLUSH: ("color",),
    Category.FULL_HOUSE: ("full",),
    Category.FOUR_OF_A_KIND: ("póker", "poquer"),
    Category.STRAIGHT_FLUSH: ("escalera de color",),
    Category.ROYAL_FLUSH: ("escalera real", "escalera de color real"),
}
"""Each category's Spanish names, the first the one the trainer shows (the catalogue's)."""

SPANISH_RANKS: dict[str, int] = {
    **{word: rank for rank, word in enumerate(
        ("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "jota",
         "dama", "rey", "as"), start=2)},
    **{word: rank for rank, word in enumerate(
        ("doses", "treses", "cuatros", "cincos", "seises", "sietes", "ochos", "nueves",
         "dieces", "jotas", "damas", "reyes", "ases"), start=2)},
    "reina": 12, "reinas": 12,
}
"""Spanish rank names, singular and plural (docs/glossary-es.md), as answers are read."""

_ES_RANK = "(" + "|".join(sorted(SPANISH_RANKS, key=len, reverse=True)) + ")"
_ES_TOP = {"escalera de color": Category.STRAIGHT_FLUSH, "escalera": Category.STRAIGHT,
           "color": Category.FLUSH}
SPANISH_HAND_WORDINGS: tuple[tuple[re.Pattern[str], Category | None], ...] = tuple(
    (re.compile(f"^{pattern}$"), category) for pattern, category in (
        # The trainer's own descriptions (evaluator.hand_display) first, then the
        # common ways round; text without accents, commas as spaces.
        (f"(?:carta alta )?{_ES_RANK} alt[oa]", Category.HIGH_CARD),
        (f"carta alta (?:de )?{_ES_RANK}", Category.HIGH_CARD),
        (f"(?:una )?pareja (?:de )?{_ES_RANK}", Category.ONE_PAIR),
        (f"(?:doble pareja|dobles parejas|dos parejas|dos pares) (?:de )?{_ES_RANK}"
         f" (?:y|sobre) {_ES_RANK}", Category.TWO_PAIR),
        (f"(?:trio|tercia) (?:de )?{_ES_RANK}", Category.THREE_OF_A_KIND),
        (f"full (?:de )?{_ES_RANK}(?: (?:con|y|sobre) {_ES_RANK})?", Category.FULL_HOUSE),
        (f"(?:poker|poquer) (?:de )?{_ES_RANK}", Category.FOUR_OF_A_KIND),
        (f"(escalera de color|escalera|color) (?:al|a la|a el|de|hasta el|hasta la)"
         f" {_ES_RANK}", None),
    ))
"""Spanish wordings that name ranks: *pareja de reyes*, *doble pareja, reyes y ochos*,
*trío de damas*, *full de ases con reyes*, *póker de reyes*, *color al as*, *escalera al
diez*, *escalera de color al nueve*, *as alto* / *dama alta*."""

WORDS: dict[str, AnswerWords] = {
    ENGLISH: AnswerWords(
        categories={word: category for category, words in ENGLISH_CATEGORIES.items()
                    for word in words},
        results={
            "w": SeatResult.WIN, "win": SeatResult.WIN, "wins": SeatResult.WIN,
            "l": SeatResult.LOSE, "lose": SeatResult.LOSE, "loses": SeatResult.LOSE,
            "loss": SeatResult.LOSE,
            "t": SeatResult.TIE, "tie": SeatResult.TIE, "push": SeatResult.TIE,
            "copy": SeatResult.TIE,
        },
        yes=frozenset({"y", "yes", "true", "qualifies"}),
        no=frozenset({"n", "no", "false"}),
        push=frozenset({"push", "p"}),
        take=frozenset({"take", "t", "lose", "x"}),
        english_hands=True,
        keys={"yes": "yes", "no": "no", "win": "win", "lose": "lose", "tie": "tie",
              "push": "push", "take": "take"},
    ),
    "es": AnswerWords(
        categories=_spanish({word: category for category, words in SPANISH_CATEGORIES.items()
                             for word in words}),
        results={
            "g": SeatResult.WIN, "ganar": SeatResult.WIN, "gana": SeatResult.WIN,
            "p": SeatResult.LOSE, "perder": SeatResult.LOSE, "pierde": SeatResult.LOSE,
            "e": SeatResult.TIE, "empate": SeatResult.TIE, "empata": SeatResult.TIE,
            # the English whole words (not the letters w, l, t)
            "win": SeatResult.WIN, "wins": SeatResult.WIN, "lose": SeatResult.LOSE,
            "loses": SeatResult.LOSE, "loss": SeatResult.LOSE, "tie": SeatResult.TIE,
            "push": SeatResult.TIE, "copy": SeatResult.TIE,
        },
        yes=frozenset({"s", "si", "califica", "yes", "true", "qualifies"}),
        no=frozenset({"n", "no", "no califica", "false"}),
        push=frozenset({"e", "empate", "push"}),
        take=frozenset({"c", "cobrar", "recoger", "take", "lose"}),
        english_hands=True,
        keys={"yes": "s", "no": "n", "win": "g", "lose": "p", "tie": "e",
              "push": "e", "take": "c"},
        hand_wordings=SPANISH_HAND_WORDINGS,
        ranks=SPANISH_RANKS,
        top_categories=_ES_TOP,
    ),
}


def answer_words(language: str | None = None) -> AnswerWords:
    """The answer words of ``language`` (the trainer's current one by default); English
    for a language with no table (the pseudo-language, a room's own)."""
    return WORDS.get(language or current_language(), WORDS[ENGLISH])


def category_word(text: str, words: AnswerWords) -> Category | None:
    """The category ``text`` (cleaned, lower case) names in ``words``'s language, or in
    English where that language reads English hand names too."""
    found = words.categories.get(words.normal(text))
    if found is None and words.english_hands:
        found = WORDS[ENGLISH].categories.get(text)
    return found

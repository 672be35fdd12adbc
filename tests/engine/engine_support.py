"""Helpers shared by the rules-engine tests (not a test module).

Rounds are written in the settle contract's JSON form
(``docs/settle-contract.md``) so that every test reads like a round
an instructor could type, and are settled through the public engine API.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from trainer.engine.cards import DECK, Card, parse_card
from trainer.engine.evaluator import Hand, evaluate
from trainer.engine.round import parse_round
from trainer.engine.settlement import settle, settlement_to_json

REPO_ROOT = Path(__file__).resolve().parents[2]
"""The checkout holding ``trainer/``: tests/engine/ -> tests/ -> repo root."""


def cards(text: str) -> tuple[Card, ...]:
    """``"As Kd 10h"`` -> the three cards."""
    return tuple(parse_card(word) for word in text.split())


def hand(text: str) -> Hand:
    """The engine's best five of 5-7 cards written as text."""
    return evaluate(cards(text))


def ranks(hand_: Hand) -> list[int]:
    """Ranks of the five playing cards in the order the engine lists them."""
    return [card.rank for card in hand_.cards]


def seat(
    number: int,
    hole: str,
    *,
    ante: object = "10",
    raise_: object | None = None,
    folded: bool = False,
    **side: object,
) -> dict[str, Any]:
    """One seat object; with neither ``raise_`` nor ``folded`` the seat raises 3x."""
    entry: dict[str, Any] = {"seat": number, "hole": hole.split(), "ante": ante, "odds": ante}
    if folded:
        entry["folded"] = True
    else:
        entry["raise"] = raise_ if raise_ is not None else _times(ante, 3)
    entry.update(side)
    return entry


def _times(amount: object, multiple: int) -> str:
    return str(Decimal(str(amount)) * multiple)


def make_round(
    dealer: str,
    board: str,
    seats: Sequence[dict[str, Any]],
    *,
    rules: str | None = "ny-2018",
    options: dict[str, str] | None = None,
    **extra: object,
) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if rules is not None:
        data["rules"] = rules
    if options:
        data["options"] = options
    data["dealer"] = dealer.split()
    data["board"] = board.split()
    data["seats"] = list(seats)
    data.update(extra)
    return data


def spare_cards(used: Iterable[str], count: int) -> str:
    """``count`` cards not in ``used``: low, unconnected cards first, for filler hands."""
    taken = {parse_card(text) for text in used}
    # Prefer an order that makes a dull filler: 2c 7d 9h Js 3c 8d Th Qs 4c ...
    preferred = ["2c", "7d", "9h", "Js", "3c", "8d", "Th", "Qs", "4d", "6s", "Kc", "5h"]
    pool = [parse_card(text) for text in preferred] + list(DECK)
    chosen: list[str] = []
    for card in pool:
        if card not in taken and str(card) not in chosen:
            chosen.append(str(card))
            taken.add(card)
        if len(chosen) == count:
            break
    return " ".join(chosen)


def settle_json(data: dict[str, Any], default_rules: str = "ny-2018") -> dict[str, Any]:
    """Settle a round through parse_round -> settle -> settlement_to_json."""
    return settlement_to_json(settle(parse_round(data, default_rules)))


def seat_out(settlement: dict[str, Any], number: int) -> dict[str, Any]:
    for entry in settlement["seats"]:
        if entry["seat"] == number:
            return entry
    raise AssertionError(f"seat {number} missing from {settlement['order']}")


def wager(settlement: dict[str, Any], number: int, name: str) -> dict[str, str]:
    wagers = seat_out(settlement, number)["wagers"]
    assert name in wagers, f"seat {number} has no {name} wager: {sorted(wagers)}"
    return wagers[name]


def win(amount: str) -> dict[str, str]:
    return {"outcome": "win", "amount": amount}


def lose(amount: str) -> dict[str, str]:
    return {"outcome": "lose", "amount": amount}


PUSH = {"outcome": "push", "amount": "0.00"}


def run_cli(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``python -m trainer.cli ARGS`` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        cwd=REPO_ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def json_lines(rounds: Iterable[object]) -> str:
    return "".join(json.dumps(item) + "\n" for item in rounds)


def parse_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


# --- pay tables typed from docs/rules.md §4-§5 (for the reference settler) ------------------
# Keys are the contract's hand names; values are "to 1" odds as (numerator, denominator).

ODDS_WIN = {
    "standard": {
        "royal flush": (500, 1),
        "straight flush": (50, 1),
        "four of a kind": (10, 1),
        "full house": (3, 1),
        "flush": (3, 2),
        "straight": (1, 1),
    },
}
ODDS_WIN["house"] = {**ODDS_WIN["standard"], "flush": (2, 1)}

_BAD_BEAT_ORDER = ("straight flush", "four of a kind", "full house", "flush", "straight")
BAD_BEAT = {
    name: {hand: (odds, 1) for hand, odds in zip(_BAD_BEAT_ORDER, line, strict=True)}
    for name, line in {
        "1": (500, 50, 10, 8, 5),
        "2": (500, 50, 10, 6, 5),
        "3": (500, 50, 10, 5, 4),
        "4": (500, 25, 6, 5, 4),
    }.items()
}

_TRIPS_ORDER = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
)
TRIPS_PLUS = {
    letter: {hand: (column[i], 1) for i, hand in enumerate(_TRIPS_ORDER)}
    for letter, column in {
        "A": (100, 40, 30, 9, 7, 4, 3),
        "B": (100, 40, 30, 8, 6, 5, 3),
        "C": (100, 40, 30, 8, 7, 4, 3),
        "D": (100, 40, 30, 7, 6, 5, 3),
    }.items()
}

POCKET_BONUS = {  # pair of aces, ace-face suited, ace-face unsuited, pair 2s-Ks
    "A": {"aces": (30, 1), "suited": (20, 1), "unsuited": (10, 1), "pair": (5, 1)},
    "B": {"aces": (25, 1), "suited": (20, 1), "unsuited": (10, 1), "pair": (5, 1)},
    "C": {"aces": (30, 1), "suited": (20, 1), "unsuited": (10, 1), "pair": (4, 1)},
}

PRESET_TABLES = {
    # preset: (odds-win table, allowed bad beat, Trips Plus, Pocket Bonus, cap)
    "ny-2018": ("standard", "4", "ABCD", "ABC", None),
    "massachusetts": ("standard", "4", "ABCD", "ABC", None),
    "standard": ("standard", "1234", "ABCD", "ABC", None),
    "house": ("house", "4", "C", "C", Decimal("3000")),
}

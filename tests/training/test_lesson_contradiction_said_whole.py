"""A lesson example the engine contradicts is said in one language (issue 24): the
problem is the lesson file's, in English like its other problems, even while the trainer
reads in Spanish; the hand and reason it quotes are not translated halfway."""

from __future__ import annotations

from pathlib import Path

from tests.training.test_lessons_invalid import GOOD, _only_problem, _write
from trainer.i18n import set_language
from trainer.training.lessons import load_lessons


def test_a_contradicted_hand_is_said_in_english_while_the_trainer_reads_spanish(
        tmp_path: Path) -> None:
    broken = GOOD.format(id="broken").replace("dealer_qualifies = true",
                                              'dealer_hand = "two pair"')
    bad = _write(tmp_path, "20-broken.toml", broken)
    set_language("es")
    try:
        problem = _only_problem(load_lessons([tmp_path]), bad)
    finally:
        set_language("en")
    assert "dealer's best hand is pair of fives (5c 5d Kc 9s 7c), not two pair" in (
        problem.message)
    assert "pareja" not in problem.message

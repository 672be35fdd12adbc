"""What a question trains (:class:`Skill`) and what it asks (:class:`QuestionKind`).

Training asks the questions (:mod:`trainer.training.questions`, which re-exports
both) and storage keeps the answers and reads them back as these enums, so
they live here, importing nothing of either (storage must not import training).
The values are what the database and station files hold: never change one.
"""

from __future__ import annotations

from enum import StrEnum

from trainer.i18n import N_, _


class Skill(StrEnum):
    """What a question trains; per-skill accuracy is reported by this."""

    DEALER_HAND = "dealer_hand"
    QUALIFICATION = "qualification"
    ORDER = "order"
    PLAYER_HAND = "player_hand"
    RESULT = "result"
    ANTE = "ante"
    RAISE = "raise"
    ODDS_WIN = "odds_win"
    ODDS_PUSH_OR_LOSE = "odds"
    BAD_BEAT = "bad_beat"
    TRIPS_PLUS = "trips_plus"
    POCKET_BONUS = "pocket_bonus"
    SIX_CARD_BONUS = "six_card_bonus"
    PROGRESSIVE = "progressive"
    CAP = "cap"
    CHIP_PROCEDURE = "chip_procedure"
    """A payout built in chips, the right amount, graded on its chips by the house's
    procedure (docs/rules.md §10): asked in chip mode only, so no rule set's own skill."""
    SPOT_MISTAKES = "spot_mistakes"
    """A round settled by "a dealer" with 0-2 of the catalogue's mistakes: every wrong
    payout marked, none invented, "all correct" when nothing is wrong (issue 23;
    training/mistakes.py). Its own exercise's, so no rule set's own skill."""
    CORRECT_MISTAKES = "correct_mistakes"
    """The right settlement given for each wrong payout the trainee marked (issue 23)."""
    PROCEDURE = "procedure"
    """Running the round (issue 23; training/procedure.py): each wager before the deal
    accepted or refused, who receives each card, each player's action accepted or
    refused, and clearing the table in order. Its own exercise's, so no rule set's own
    skill (the round's settlement questions count for their own skills)."""

    @property
    def label(self) -> str:
        """The skill's name in the current language (the value is what is stored)."""
        return _(_SKILL_LABELS[self])


_SKILL_LABELS: dict[Skill, str] = {
    Skill.DEALER_HAND: N_("Reading the dealer's hand"),
    Skill.QUALIFICATION: N_("Dealer qualification"),
    Skill.ORDER: N_("Settlement order"),
    Skill.PLAYER_HAND: N_("Reading the player's hand"),
    Skill.RESULT: N_("Win, lose or tie"),
    Skill.ANTE: N_("Settling the ante"),
    Skill.RAISE: N_("Settling the raise"),
    Skill.ODDS_WIN: N_("Paying the odds on a winning hand"),
    Skill.ODDS_PUSH_OR_LOSE: N_("Odds that push or lose"),
    Skill.BAD_BEAT: N_("Paying a bad beat"),
    Skill.TRIPS_PLUS: N_("Settling Trips Plus"),
    Skill.POCKET_BONUS: N_("Settling the Pocket Bonus"),
    Skill.SIX_CARD_BONUS: N_("Settling the 6-Card Bonus"),
    Skill.PROGRESSIVE: N_("Settling the progressive"),
    Skill.CAP: N_("Maximum aggregate payout"),
    Skill.CHIP_PROCEDURE: N_("Chip procedure (paying in the house's chips)"),
    Skill.SPOT_MISTAKES: N_("Spotting a dealer's mistake"),
    Skill.CORRECT_MISTAKES: N_("Correcting a dealer's mistake"),
    Skill.PROCEDURE: N_("Running the round (wagers, deal, decisions, clearing)"),
}


class QuestionKind(StrEnum):
    """The form of a question (and so of its answer)."""

    DEALER_HAND = "dealer_hand"
    QUALIFIES = "qualifies"
    NEXT_SEAT = "next_seat"
    SEAT_HAND = "seat_hand"
    SEAT_RESULT = "seat_result"
    PAYOUT = "payout"
    CAPPED_TOTAL = "capped_total"
    MISTAKE = "mistake"
    """A spot of a round settled by "a dealer" (issue 23, training/mistake_records.py):
    whether it was wrong and marked (skill spot_mistakes), or the right settlement given
    for it (skill correct_mistakes); never asked on the answer panel."""
    PROCEDURE = "procedure"
    """A step of running the round (issue 23, training/procedure_records.py): a wager or
    a player's action accepted or refused, who receives the next card, what is cleared
    next (skill procedure); never asked on the answer panel."""

"""The station's progressive meter (trainer.training.progressive_meter), by hand:
each wager adds CONTRIBUTION ($0.25) before the deal; percent awards come out of the
pool; a 100% award starts it again from SEED ($50,000)."""

from __future__ import annotations

import random
from decimal import Decimal

from tests.engine.engine_support import make_round, seat
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import settle
from trainer.training.progressive_meter import SEED, ProgressiveMeter
from trainer.training.session import Mode, TrainingSession, TrainingSettings


def _round(seats: list[dict[str, object]], board: str = "Qh 4c Jh 2d Th") -> object:
    data = make_round("9c 9d", board, seats, progressive_pool="1.00")
    return parse_round(data, "ny-2018")


def test_each_wager_adds_a_quarter_before_the_deal() -> None:
    meter = ProgressiveMeter(Decimal("1000.00"))
    dealt = meter.deal(_round([seat(1, "5s 6s", progressive="1"),
                               seat(2, "7s 8c", progressive="1"), seat(3, "2h 3h")]))
    assert dealt.progressive_pool == Decimal("1000.50") == meter.amount


def test_a_ten_percent_award_is_taken_from_the_pool_with_its_contribution() -> None:
    meter = ProgressiveMeter(Decimal("99999.75"))
    settlement = settle(meter.deal(_round([seat(1, "Ah Kh", progressive="1")])))
    meter.pay(settlement)
    # pool 99,999.75 + 0.25 = 100,000.00; 10% of it (10,000.00) paid: 90,000.00 left
    assert meter.amount == Decimal("90000.00")


def test_a_hundred_percent_award_starts_the_meter_from_the_seed() -> None:
    meter = ProgressiveMeter(Decimal("123456.00"))
    settlement = settle(meter.deal(_round([seat(1, "As Ks", progressive="1")],
                                          board="Qs Js Ts 2d 3c")))
    meter.pay(settlement)
    assert meter.amount == SEED == Decimal("50000.00")


def test_a_round_without_a_hit_leaves_the_meter_grown_by_its_contributions() -> None:
    meter = ProgressiveMeter(Decimal("60000.00"))
    meter.pay(settle(meter.deal(_round([seat(1, "5s 6d", progressive="1")]))))
    assert meter.amount == Decimal("60000.25")


def test_practice_rounds_show_a_meter_that_never_jumps() -> None:
    """Issue 12: between two rounds the pool moves only by contributions and awards."""
    meter = ProgressiveMeter.started(random.Random(7))
    session = TrainingSession(TrainingSettings(rules="ny-2018", seed=11,
                                               side_bets=(Wager.PROGRESSIVE,)),
                              Mode.PRACTICE, meter=meter)
    before, contributed = meter.amount, 0
    for _ in range(40):
        state = session.next_round()
        wagers = sum("progressive" in s.side_bets for s in state.settlement.round.seats)
        shown = state.settlement.round.progressive_pool
        assert shown == before + Decimal("0.25") * wagers
        before, contributed = meter.amount, contributed + wagers
    assert contributed > 0  # the rounds did carry progressive wagers

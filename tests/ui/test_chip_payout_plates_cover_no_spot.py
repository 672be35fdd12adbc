"""Chip mode's payout plates (the stack being built, and after a graded answer the stack
paid and the stack expected) sit beside the wager paid without covering any wager's spot,
another plate or the edge of the table, for every seat and wager of a full table, at
1366x768 and 3840x2160 (issue 22: the plate beside the odds used to cover the ante)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from tests.ui.test_table_layout import ROUNDS, overlap
from trainer.engine.chips import DEFAULT_RACK
from trainer.engine.round import Wager, parse_round
from trainer.ui.table.view import TableView

D = Decimal
SPOTS = {wager.value for wager in Wager}
STACKS = {
    "eight red": [D(5)] * 8,
    "three colours": [D(100), D(25), D(25), D(5), D("2.50"), D(1)],
    "two full columns": [D(5)] * 20 + [D(1)] * 20,
}


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[TableView]:
    table = TableView()
    qtbot.addWidget(table)
    table.show()
    qtbot.waitExposed(table)
    yield table


def spots(view: TableView) -> dict[str, QRectF]:
    return {name: rect for name, rect in view.layout_items()
            if name.startswith("seat") and name.count(".") == 1
            and name.split(".")[1] in SPOTS}


def inside(rect: QRectF, scene: QRectF) -> bool:
    return scene.contains(rect)


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_no_payout_plate_covers_a_wager_spot_or_another_plate(
        qtbot: QtBot, view: TableView, rules: str, size: tuple[int, int]) -> None:
    view.resize(*size)
    qtbot.waitUntil(lambda: view.viewport().width() == size[0])
    view.show_round(parse_round(ROUNDS[rules]))
    on_table = spots(view)
    scene = view.scene().sceneRect()
    assert len(on_table) >= 6 * 5  # every seat's spots are there to be covered
    for name in sorted(on_table):
        seat, wager = int(name[4]), Wager(name.split(".")[1])
        for label, chips in STACKS.items():
            view.clear_chip_feedback()
            view.show_building(seat, wager, chips, DEFAULT_RACK)
            plate = view.building_stack.layout_rect()
            covered = [other for other, rect in on_table.items() if overlap(plate, rect)]
            assert not covered, f"{label} for {name} covers {covered}"
            assert inside(plate, scene), f"{label} for {name} leaves the table"
        # after a graded answer: paid and expected beside it, then the next payout built
        view.show_chip_feedback(seat, wager, STACKS["eight red"], STACKS["three colours"],
                                DEFAULT_RACK)
        paid = view.paid_stack.layout_rect()
        expected = view.expected_stack.layout_rect()
        assert not overlap(paid, expected), name
        for plate in (paid, expected):
            covered = [other for other, rect in on_table.items() if overlap(plate, rect)]
            assert not covered, f"feedback for {name} covers {covered}"
            assert inside(plate, scene)
        view.show_building(seat, wager, STACKS["two full columns"], DEFAULT_RACK)
        building = view.building_stack.layout_rect()
        assert not overlap(building, paid) and not overlap(building, expected), name

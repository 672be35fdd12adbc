"""A trainee's progress screen, the history chart, PDF output and full-HD screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPageSize
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES
from trainer import reports
from trainer.storage import DayStat, NewAnswer, TrainerDB
from trainer.training.questions import Skill
from trainer.ui.progress.charts import (
    EMPTY_TEXT,
    LINE_COLOUR,
    TARGET_COLOUR,
    TARGET_LEGEND,
    HistoryChart,
    nice_ceiling,
)
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.pdf import write_pdf
from trainer.ui.progress.progress_view import ProgressView

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def practise(db: TrainerDB, trainee: int, day: int, results: list[tuple[str, bool, float]]) -> None:
    """One session on day ``day`` (0 = 2 March 2026): one round, these answers."""
    start = T0 + timedelta(days=day)
    session = db.start_session(trainee, "practice", RULES, at=start)
    round_id = db.record_round(session, ROUND, RULES, 1, at=start)
    for number, (skill, correct, seconds) in enumerate(results):
        db.record_answer(NewAnswer(
            round_id, f"q{number}", "payout", skill, 1, "ante", "10.00",
            "10.00" if correct else "5.00", correct, seconds),
            at=start + timedelta(seconds=10 * (number + 1)),
        )


@pytest.fixture
def ana(db: TrainerDB) -> int:
    """Ana: on day 0, 3 of 4 right; on day 3, 22 ante answers right in 2 s each."""
    trainee = db.create_trainee("Ana", at=T0)
    practise(db, trainee, 0, [("ante", True, 4.0), ("ante", False, 8.0),
                              ("bad_beat", True, 9.0), ("bad_beat", True, 11.0)])
    practise(db, trainee, 3, [("ante", True, 2.0)] * 22)
    return trainee


def make(qtbot: QtBot, widget: QWidget, width: int = 1280, height: int = 800) -> QWidget:
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def closing() -> Iterator[list[QWidget]]:
    widgets: list[QWidget] = []
    yield widgets
    for widget in widgets:
        widget.close()


def table_text(view: ProgressView) -> dict[str, list[str]]:
    proxy = view.skills_proxy
    return {
        proxy.index(row, 0).data(): [
            proxy.index(row, c).data() for c in range(1, proxy.columnCount())
        ]
        for row in range(proxy.rowCount())
    }


@dataclass(frozen=True)
class FakeLesson:
    id: str
    skills: tuple[Skill, ...]
    target_seconds: float


LESSONS = [FakeLesson("settling", (Skill.ANTE, Skill.BAD_BEAT), 8.0)]
"""Ante and bad beat held to 8 s a question; every other skill to the default 10 s."""


# --------------------------------------------------------------------------- progress view


def test_progress_view_shows_each_skill_streaks_and_the_history(
    qtbot: QtBot, db: TrainerDB, ana: int, closing: list[QWidget]
) -> None:
    view = ProgressView(db, ana, lessons=LESSONS)
    closing.append(make(qtbot, view))
    assert view.title.text() == "Ana"
    rows = table_text(view)
    # Every skill of the rule set Ana plays, those not practised yet too; New York 2018
    # has no 6-Card Bonus and no maximum aggregate payout (docs/rules.md, the presets); the
    # chip procedure is chip mode's, listed once answered.
    assert set(rows) == {skill.label for skill in Skill} - {
        Skill.SIX_CARD_BONUS.label, Skill.CAP.label, Skill.CHIP_PROCEDURE.label,
        Skill.SPOT_MISTAKES.label, Skill.CORRECT_MISTAKES.label, Skill.PROCEDURE.label}
    # Ante: 23 of 24 right, 56 s / 24; its last 20 all right in 2 s: a score of 100.
    assert rows["Settling the ante"] == ["24", "95.8%", "2.3 s", "100 (mastered)",
                                         "\u2713 met"]
    # Bad beat: 2 right, median 10 s against 8 s: 100 x (0.8 + 0.2 x 0.8) = 96, 2 answers.
    assert rows["Paying a bad beat"] == ["2", "100.0%", "10.0 s", "96 (proficient)", "not yet"]
    assert rows["Dealer qualification"] == ["0", "\u2014", "\u2014", "\u2014", "not yet"]
    assert view.streak_tile.value.text() == "24"  # 2 bad-beat answers + 22 ante answers
    assert view.best_tile.value.text() == "24"
    assert view.answers_tile.value.text() == "26"
    assert view.accuracy_tile.value.text() == "96.2%"
    assert "target met in 1 of 2 skills practised" in view.subtitle.text()
    days = view.chart.days()
    assert [(d.day, d.answers, d.correct) for d in days] == [
        (date(2026, 3, 2), 4, 3),
        (date(2026, 3, 5), 22, 22),
    ]
    # Skills in the dealer's order of work, not alphabetical.
    assert list(rows)[:3] == [Skill.DEALER_HAND.label, Skill.QUALIFICATION.label,
                              Skill.ORDER.label]


def test_the_target_column_explains_what_is_missing(
    qtbot: QtBot, db: TrainerDB, ana: int, closing: list[QWidget]
) -> None:
    view = ProgressView(db, ana, lessons=LESSONS)
    closing.append(make(qtbot, view))
    proxy = view.skills_proxy
    labels = [proxy.index(r, 0).data() for r in range(proxy.rowCount())]
    headers = [proxy.headerData(c, Qt.Orientation.Horizontal) for c in range(proxy.columnCount())]
    tip = proxy.index(labels.index("Paying a bad beat"), headers.index("Target met?")).data(
        Qt.ItemDataRole.ToolTipRole)
    # A score of 96 is enough; only the answers are missing.
    assert tip.startswith("Not yet: 2 of the 10 answers needed. Over the last 2 answers:"
                          " 100% correct, median 10.0 s against a target of 8 s.")
    assert reports.target_text() in tip
    assert view.target_note.text() == reports.target_text()


def test_a_new_trainee_sees_every_skill_and_no_answers_yet(
    qtbot: QtBot, db: TrainerDB, closing: list[QWidget]
) -> None:
    view = ProgressView(db, db.create_trainee("Newcomer"))
    closing.append(make(qtbot, view))
    assert view.subtitle.text() == "No answers yet: deal a round to start."
    assert view.chart.accessibleDescription() == EMPTY_TEXT
    assert view.accuracy_tile.value.text() == "\u2014"
    rows = table_text(view)
    assert len(rows) == len(Skill)  # no rule set played yet: everything is ahead
    assert all(cells[0] == "0" for cells in rows.values())


def test_refresh_shows_an_answer_given_since(
    qtbot: QtBot, db: TrainerDB, ana: int, closing: list[QWidget]
) -> None:
    view = ProgressView(db, ana)
    closing.append(make(qtbot, view))
    practise(db, ana, 4, [("ante", False, 3.0)])
    assert view.answers_tile.value.text() == "26"
    view.refresh()
    assert view.answers_tile.value.text() == "27"
    assert view.streak_tile.value.text() == "0"
    assert view.best_tile.value.text() == "24"
    assert len(view.chart.days()) == 3


# --------------------------------------------------------------------------- chart


def colour_pixels(image: QImage, colour: QColor, tolerance: int = 40) -> int:
    """How many pixels are close to ``colour`` (sampled every 2 pixels)."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - colour.red())
                + abs(pixel.green() - colour.green())
                + abs(pixel.blue() - colour.blue())
                < tolerance
            ):
                count += 1
    return count


DAYS = [
    DayStat(date(2026, 3, 1), 10, 6, 50.0),
    DayStat(date(2026, 3, 2), 40, 30, 160.0),
    DayStat(date(2026, 3, 5), 25, 24, 60.0),
]


def test_the_chart_draws_the_accuracy_line_over_the_answer_bars(
    qtbot: QtBot, closing: list[QWidget]
) -> None:
    chart = HistoryChart()
    closing.append(make(qtbot, chart, 900, 500))
    empty = chart.grab().toImage()
    assert colour_pixels(empty, LINE_COLOUR) == 0
    chart.set_days(list(reversed(DAYS)))
    assert [stat.day for stat in chart.days()] == [stat.day for stat in DAYS]  # sorted
    drawn = chart.grab().toImage()
    assert colour_pixels(drawn, LINE_COLOUR) > 50
    assert "3 days from 2026-03-01 to 2026-03-05" in chart.accessibleDescription()


def test_the_charts_target_line_is_the_least_accuracy_a_skill_is_mastered_with(
    qtbot: QtBot, closing: list[QWidget]
) -> None:
    # Mastered from a score of 95; all answers on time score 100 x accuracy: 95% correct.
    chart = HistoryChart()
    closing.append(make(qtbot, chart, 900, 500))
    chart.set_days(DAYS)
    geometry = chart._geometry()
    assert geometry is not None
    plot = geometry.plot
    image = chart.grab().toImage()
    scale = image.width() / chart.width()
    def target_green(x: int, y: int) -> bool:  # the dashed line, antialiased onto white
        pixel = image.pixelColor(x, y)
        return pixel.green() - pixel.red() > 40 and pixel.green() - pixel.blue() > 20

    assert TARGET_COLOUR.green() - TARGET_COLOUR.red() > 40
    rows = {
        y
        for y in range(int(plot.top() * scale) + 2, int(plot.bottom() * scale) - 2)
        for x in range(int(plot.left() * scale) + 2, int(plot.right() * scale) - 2, 3)
        if target_green(x, y)
    }
    assert rows, "no target line drawn"
    expected = (plot.bottom() - 0.95 * plot.height()) * scale
    assert all(abs(y - expected) <= 3 * scale for y in rows)
    assert TARGET_LEGEND == "Target: mastered needs 95% correct"


def test_the_chart_finds_the_day_under_the_pointer(qtbot: QtBot, closing: list[QWidget]) -> None:
    chart = HistoryChart()
    closing.append(make(qtbot, chart, 900, 500))
    chart.set_days(DAYS)
    geometry = chart._geometry()
    assert geometry is not None
    assert chart.day_at(geometry.x(date(2026, 3, 2))) == DAYS[1]
    assert chart.day_at(geometry.x(date(2026, 3, 3))) is None  # a day with no answers
    assert chart.day_at(geometry.plot.left() - 5) is None


def test_the_chart_scales_with_the_font_for_high_dpi_screens(
    qtbot: QtBot, closing: list[QWidget]
) -> None:
    small, large = HistoryChart(), HistoryChart()
    font = large.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    large.setFont(font)
    for chart in (small, large):
        closing.append(make(qtbot, chart, 1600, 900))
        chart.set_days(DAYS)
    small_plot, large_plot = small._geometry(), large._geometry()
    assert small_plot is not None and large_plot is not None
    assert large.sizeHint().height() > 1.5 * small.sizeHint().height()
    assert large_plot.plot.left() > 1.5 * small_plot.plot.left()  # room for bigger labels


@pytest.mark.parametrize(
    ("largest", "top", "step"),
    [(0, 4, 1), (3, 4, 1), (5, 8, 2), (9, 12, 3), (22, 24, 6), (37, 40, 10), (41, 48, 12),
     (999, 1000, 250)],
)
def test_the_answers_axis_ends_on_a_round_number(largest: int, top: int, step: int) -> None:
    assert nice_ceiling(largest) == (top, step)
    assert top == 4 * step >= largest


# --------------------------------------------------------------------------- PDF


def test_write_pdf_writes_a_printable_a4_or_letter_file(qtbot: QtBot, tmp_path: Path) -> None:
    html = "<h1>Trainee report: Ana &amp; Ben</h1>" + "<p>Line of text.</p>" * 200
    a4, letter = tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    write_pdf(html, a4, page_size=QPageSize.PageSizeId.A4)
    write_pdf(html, letter, page_size=QPageSize.PageSizeId.Letter)
    for path, box in ((a4, (595, 842)), (letter, (612, 792))):
        data = path.read_bytes()
        assert data.startswith(b"%PDF")
        assert len(data) > 5000
        boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
        assert len(boxes) >= 2  # 200 paragraphs need more than one page
        assert {(round(float(w)), round(float(h))) for w, h in boxes} == {box}


def test_write_pdf_to_a_missing_folder_raises_oserror(qtbot: QtBot, tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_pdf("<p>x</p>", tmp_path / "missing" / "x.pdf")


# --------------------------------------------------------------------------- screenshots


def test_the_screens_render_at_full_hd(
    qtbot: QtBot, db: TrainerDB, ana: int, tmp_path: Path, closing: list[QWidget]
) -> None:
    """Grab the dashboard, a trainee page and the progress view at 1920x1080. Set
    HHE_SCREENSHOT_DIR to keep the PNGs and look at them."""
    db.create_trainee("Ben")
    folder = Path(os.environ.get("HHE_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    dashboard = InstructorDashboard(db)
    closing.append(make(qtbot, dashboard, 1920, 1080))
    progress = ProgressView(db, ana)
    closing.append(make(qtbot, progress, 1920, 1080))
    shots = {"instructor-roster": dashboard, "progress": progress}
    for name, widget in list(shots.items()):
        image = widget.grab().toImage()
        assert (image.width(), image.height()) == (1920, 1080)
        assert image.save(str(folder / f"{name}.png"))
        if name == "instructor-roster":
            dashboard.open_trainee(ana)
            assert dashboard.grab().toImage().save(str(folder / "instructor-trainee.png"))
    assert len(list(folder.glob("*.png"))) == 3

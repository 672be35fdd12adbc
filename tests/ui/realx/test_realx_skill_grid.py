"""The instructor's skill grid on a real X screen: it fits a 1366x768 laptop and a
1080p screen, every skill column visible without scrolling sideways, and its
screenshot is saved (``screenshots/NAME-skill-grid.png``, the README's picture).

The test runs this file as a program on an Xvfb screen with openbox (the driver
below): a class of eight trainees with answers made up from a fixed seed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
NAMES = ("Ana Lopez", "Ben Okafor", "Chloé Martin", "Dev Patel", "Eun-ji Park", "Femi Ade",
         "Gus Novak", "Hana Sato")


def seed(db: object) -> None:
    """Eight trainees: most practised every skill of ny-2018 over the last days, one weak
    at the Pocket Bonus, one slow on the ante, one idle for two weeks, one not started."""
    from trainer.engine.rulesets import load_ruleset
    from trainer.reports.skill_grid import ruleset_skills
    from trainer.storage import NewAnswer, TrainerDB

    assert isinstance(db, TrainerDB)
    rng = random.Random(15)
    now = datetime.now(UTC)
    skills = sorted(ruleset_skills(load_ruleset("ny-2018")))
    round_json = {
        "rules": "ny-2018", "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
        "seats": [{"seat": 1, "hole": ["Ah", "Ad"], "ante": "10.00", "odds": "10.00"}],
    }
    for number, name in enumerate(NAMES):
        trainee = db.create_trainee(name, at=now - timedelta(days=30))
        if number == 7:
            continue  # Hana: not started
        last = now - timedelta(days=15 if number == 6 else rng.uniform(0.1, 3))
        session = db.start_session(trainee, "practice", "ny-2018", at=last)
        round_id = db.record_round(session, round_json, "ny-2018", 1, at=last)
        skill_level = rng.uniform(0.85, 1.0)
        for skill in skills:
            share = min(1.0, skill_level * rng.uniform(0.9, 1.1))
            if number == 0 and skill.value == "pocket_bonus":
                share = 0.35
            seconds = 14.0 if number == 1 and skill.value == "ante" else rng.uniform(1.5, 4.5)
            for answer in range(rng.randint(8 if number != 5 else 2, 20)):
                db.record_answer(
                    NewAnswer(round_id, f"q{answer}", "payout", skill, 1, "ante", "10.00",
                              "10.00", rng.random() < share, round(seconds, 2)),
                    at=last - timedelta(minutes=answer),
                )


def drive(name: str) -> int:
    """On the X screen: the dashboard, maximised, on its Skill grid tab."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.realx.fit_driver import outside, settle, shoot
    from trainer.storage.database import open_database
    from trainer.ui.progress.dashboard import InstructorDashboard

    app = QApplication(["grid", "-platform", "xcb"])
    available = app.primaryScreen().availableGeometry()
    db = open_database()
    seed(db)
    dashboard = InstructorDashboard(db)
    dashboard.setWindowTitle("Instructor area \u2014 skill grid")
    dashboard.setGeometry(available)
    dashboard.show()
    dashboard.roster_tabs.setCurrentWidget(dashboard.skill_grid)
    settle(app, dashboard)
    grid = dashboard.skill_grid.view
    report = {
        "outside": outside(dashboard, available),
        "rows": grid.model().rowCount(),
        "columns_width": grid.horizontalHeader().length(),
        "viewport_width": grid.viewport().width(),
    }
    shoot(app, f"{name}-skill-grid")
    dashboard.close()
    db.close()
    print(json.dumps(report))
    return 0


@pytest.mark.parametrize("x_screen", ["1366x768", "1080p"], indirect=True)
def test_the_skill_grid_fits_the_screen_and_is_photographed(x_screen: object) -> None:
    from realx_support import SCREENSHOTS, XScreen

    assert isinstance(x_screen, XScreen)
    name = f"{x_screen.width}x{x_screen.height}"
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.realx.test_realx_skill_grid", name], cwd=REPO_ROOT,
        env=x_screen.env(), capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["outside"] == []
    assert report["rows"] == len(NAMES)
    assert report["columns_width"] <= report["viewport_width"]
    assert (SCREENSHOTS / f"{name}-skill-grid.png").is_file()


if __name__ == "__main__":
    sys.exit(drive(sys.argv[1]))

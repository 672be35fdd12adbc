"""The practice window, for the real-window test of Run the round from its menu (issue 23).

Run as ``python -m tests.ui.realx.procedure_menu_driver`` on an Xvfb screen. It opens the
practice window for a new trainee at the casino house rules with four seats, maximized;
Run the round's rounds are dealt from seed 5 (the window's seed fixed), by hand (the site
file's default). It prints one JSON line, the keys that run that round right step by
step (:func:`~tests.ui.realx.procedure_driver.press`), once the practice window waits,
then runs until it is closed. The test opens the mode with Ctrl+Shift+R, presses the keys
with xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.realx.procedure_driver import press
from trainer.engine.procedure import DealMethod
from trainer.engine.rulesets import load_ruleset
from trainer.storage.database import open_database
from trainer.training.procedure import deal_run
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.procedure_window import ProcedureWindow

SEED = 5


def main() -> int:
    app = QApplication(["procedure", "-platform", "xcb"])
    opened = ProcedureWindow.__init__

    def seeded(self: ProcedureWindow, *args: Any, **kwargs: Any) -> None:
        opened(self, *args, **{**kwargs, "seed": SEED})

    ProcedureWindow.__init__ = seeded  # type: ignore[method-assign]
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    settings = TrainingSettings(seed=1, sound=False, rules="house", seats=4)
    window = MainWindow(settings, db=db, trainee_id=trainee)
    window.showMaximized()
    QTest.qWaitForWindowExposed(window)
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    round_ = deal_run(SEED, load_ruleset("house"), method=DealMethod.MANUAL, seats=4,
                      options=settings.options, side_bets=settings.side_bets)
    print(json.dumps([press(step) for step in round_.steps]), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())

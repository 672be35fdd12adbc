"""The trainee's windows in Spanish fit a 1366x768 laptop and a 4K screen (issue 24).

Spanish text is about a third longer than the English. Each window runs here on an Xvfb
screen of each size with openbox (tests.ui.realx.spanish_driver): every visible widget
must lie inside the screen's available area and every title be the Spanish one; the
screenshots are saved in ``screenshots/`` to be looked at."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, SCREENSHOTS, XScreen

WINDOWS = ("welcome", "profile", "practice", "help", "help_rules", "settings", "mistakes",
           "lock")


@pytest.mark.parametrize("x_screen", ["1366x768", "4k"], indirect=True)
def test_the_trainees_windows_in_spanish_fit_the_screen(x_screen: XScreen,
                                                        tmp_path: Path) -> None:
    name = f"{x_screen.width}x{x_screen.height}"
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.realx.spanish_driver", name], cwd=REPO_ROOT,
        env=x_screen.env(), capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    for window in WINDOWS:
        assert report[window] == [], window
        assert (SCREENSHOTS / f"{name}-es-{window}.png").is_file()
    assert report["welcome_title"] == "Bienvenida"
    assert report["profile_title"] == "¿Quién entrena?"
    assert report["help_title"] == "Ayuda \u2014 teclas y reglas"
    assert report["settings_title"] == "Ajustes"
    assert report["mistakes_title"] == "Encuentre el error del crupier"

"""Whose language a window is in (issue 24): HHE_TRAINER_LANGUAGE, else the trainee's
own choice, else the room's (the site file's ``[language] default``), else English."""

from __future__ import annotations

import pytest

from trainer.site_config import SiteConfig, language_for
from trainer.site_config.apply import ENV_LANGUAGE


def test_the_trainees_own_choice_comes_before_the_rooms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_LANGUAGE, raising=False)
    room = SiteConfig(language="es")
    assert language_for("en", room) == "en"
    assert language_for(None, room) == "es"  # never chose: the room's default
    assert language_for(None, SiteConfig()) == "en"  # no room's default either


def test_the_environment_overrides_every_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_LANGUAGE, "qps")
    assert language_for("en", SiteConfig(language="es")) == "qps"

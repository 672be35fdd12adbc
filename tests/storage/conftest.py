"""Storage fixtures: every test its own real SQLite file in its own data folder."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.engine.generator import generate_round
from trainer.engine.round import round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.storage import TrainerDB, open_database


@pytest.fixture
def db_path(private_data_dir: Path) -> Path:
    """Where ``open_database()`` puts the database by default in this test."""
    private_data_dir.mkdir(parents=True, exist_ok=True)
    return private_data_dir / "trainer.sqlite3"


@pytest.fixture
def db(db_path: Path) -> Iterator[TrainerDB]:
    """The station's database at its default place (the test's data folder)."""
    database = open_database()
    assert database.path == db_path
    assert database.notice is None
    yield database
    database.close()


@pytest.fixture
def dealt_round() -> dict[str, Any]:
    """A generated round in the settle contract's input form."""
    return round_to_json(generate_round(random.Random(7), load_ruleset("ny-2018")))

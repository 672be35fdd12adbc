"""The site file's [exam] fixes what an instructor's set-up fixes (seats, side bets, the
same hands, attempts, the wait) under the room's [rules]; the station's exam in SQLite
is that set-up, and one stored before schema 5 gets them under its own name (issue 14)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database
from storage_support import at

from trainer.engine.round import Wager
from trainer.site_config import ensure_site_exam, load_site_config
from trainer.storage import TrainerDB, open_database
from trainer.storage.schema import MIGRATION_NAMES, MIGRATIONS

ROOM = """\
[rules]
ruleset = "ny-2018"
options = { trips_plus_table = "B" }

[exam]
name = "Audition"
rounds = 20
pass_mark = 90
seats = 4
side_bets = ["pocket_bonus", "trips_plus"]
seed = 4711
max_attempts = 3
wait_hours = 24
"""


def _site(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site.toml"
    path.write_text(text, "utf-8")
    return path


def test_the_site_exam_fixes_seats_side_bets_hands_and_attempts_under_the_rooms_tables(
    tmp_path: Path, db: TrainerDB
) -> None:
    site = load_site_config(_site(tmp_path, ROOM))
    assert site.rejected is None, site.problems
    config_id = ensure_site_exam(db, site)
    assert config_id is not None and ensure_site_exam(db, site) == config_id
    config = db.get_exam_config(config_id)
    assert config is not None and config.setup is not None
    setup = config.setup
    assert (config.name, setup.rounds, setup.pass_mark) == ("Audition", 20, 90.0)
    assert setup.side_bets == (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)  # the table's order
    assert (setup.seats, setup.seed, setup.max_attempts, setup.wait_hours) == (4, 4711, 3, 24)
    assert setup.options["trips_plus_table"] == "B"  # the room's [rules] letter


@pytest.mark.parametrize(("line", "key"), [
    ("seats = 7", "exam.seats: 7 is not a whole number of occupied seats from 1 to 6"),
    ("seats = 2.5", "exam.seats: 2.5 is not"),
    ('side_bets = ["trips_plus", "trips_plus"]', "exam.side_bets: "),
    ('side_bets = ["bad_beat"]', "exam.side_bets: "),
    ('side_bets = ["six_card_bonus"]',
     "exam.side_bets: 6-Card Bonus is not offered by the rule set 'ny-2018'"),
    ("seed = 0", "exam.seed: 0 is not"),
    ("max_attempts = 9223372036854775807", "exam.max_attempts: "),
    ("wait_hours = -1", "exam.wait_hours: -1 is not"),
])
def test_a_site_exam_that_cannot_be_dealt_as_written_is_refused_by_line_and_key(
    tmp_path: Path, line: str, key: str
) -> None:
    text = "[exam]\nrounds = 20\npass_mark = 90\n" + line + "\n"
    site = load_site_config(_site(tmp_path, text))
    assert site.rejected is not None
    assert any(key in problem for problem in site.problems), site.problems
    assert any(problem.startswith("line 4, ") for problem in site.problems), site.problems


def test_the_sites_exam_stored_before_schema_5_keeps_its_name_and_gets_version_2(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    database = Database(conn)
    MIGRATIONS.apply(database, stop_before=MIGRATION_NAMES[4])
    conn.execute("INSERT INTO exam_configs (name, rounds, ruleset_id, pass_mark, created)"
                 " VALUES ('Audition', 20, 'ny-2018', 90, ?)", (at(0).isoformat(),))
    database.close()
    site = load_site_config(_site(tmp_path, ROOM))
    with open_database(path, backup_on_session=False) as db:
        config_id = ensure_site_exam(db, site)
        [config] = db.list_exam_configs()
        assert (config.id, config.name, config.version) == (config_id, "Audition", 2)
        assert config.setup is not None and config.setup.seats == 4

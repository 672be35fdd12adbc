"""The training room's site file: found, applied, and a bad one reported by line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.storage.storage_support import verify_instructor
from trainer.cli import main
from trainer.site_config import (
    SITE_FILENAME,
    apply_data_folder,
    apply_to_settings,
    create_site_instructor,
    ensure_site_exam,
    export_results,
    find_site_file,
    load_site_config,
)
from trainer.storage import TrainerDB, open_database
from trainer.storage.passwords import hash_password
from trainer.training.session import TrainingSettings

GOOD = """\
[rules]
ruleset = "ny-2018"
options = { trips_plus_table = "B" }
allow_station_rules = false

[exam]
name = "Audition"
rounds = 20
pass_mark = 90
time_limit_minutes = 30

[results]
folder = "results"

[data]
folder = "stations/{user}"

[instructor]
name = "Pat Lee"
password_hash = "HASH"
"""


@pytest.fixture(scope="module")
def password_hash() -> str:
    return hash_password("correct horse")


@pytest.fixture
def site_file(tmp_path: Path, password_hash: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "etc" / SITE_FILENAME
    path.parent.mkdir()
    path.write_text(GOOD.replace("HASH", password_hash), "utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(path))
    return path


@pytest.fixture
def db(tmp_path: Path) -> TrainerDB:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database  # type: ignore[misc]
    database.close()


def test_the_site_file_named_by_the_environment_is_found_first(site_file: Path) -> None:
    assert find_site_file() == site_file


def test_no_site_file_fixes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HHE_TRAINER_SITE", str(tmp_path / "absent.toml"))
    monkeypatch.setattr("trainer.site_config.find.system_folder", lambda: tmp_path / "none")
    site = load_site_config()
    assert site.path is None and site.rejected is None
    assert apply_to_settings(TrainingSettings(), site) == TrainingSettings()


def test_a_locked_rule_set_replaces_the_station_s_choice(site_file: Path) -> None:
    site = load_site_config()
    assert site.rejected is None, site.report
    station = TrainingSettings(rules="house", options={})
    fixed = apply_to_settings(station, site)
    assert fixed.rules == "ny-2018"
    assert fixed.options == {"trips_plus_table": "B"}
    assert fixed.exam_rounds == 20


def test_an_unlocked_rule_set_is_only_the_first_start_default(site_file: Path) -> None:
    text = site_file.read_text("utf-8")
    site_file.write_text(text.replace("allow_station_rules = false", "allow_station_rules = true"))
    site = load_site_config()
    station = TrainingSettings(rules="house", options={})
    assert apply_to_settings(station, site).rules == "house"
    assert apply_to_settings(station, site, first_start=True).rules == "ny-2018"


def test_relative_folders_are_relative_to_the_site_file(site_file: Path) -> None:
    site = load_site_config()
    assert site.results_folder == site_file.parent / "results"
    assert site.data_folder is not None
    assert site.data_folder.parent == site_file.parent / "stations"
    assert "{user}" not in str(site.data_folder)


def test_the_site_data_folder_is_used_unless_hhe_trainer_home_is_set(
    site_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = load_site_config()
    assert apply_data_folder(site) is None  # the test's HHE_TRAINER_HOME wins
    monkeypatch.delenv("HHE_TRAINER_HOME")
    assert apply_data_folder(site) == site.data_folder
    from trainer.paths import data_dir

    assert data_dir() == site.data_folder


def test_the_site_instructor_is_created_once_and_signs_in(site_file: Path, db: TrainerDB) -> None:
    site = load_site_config()
    assert create_site_instructor(db, site) == "Pat Lee"
    assert verify_instructor(db, "Pat Lee", "correct horse")
    assert create_site_instructor(db, site) is None  # an instructor exists: never again
    assert db.list_instructors() == ["Pat Lee"]


def test_the_site_exam_is_set_up_once(site_file: Path, db: TrainerDB) -> None:
    site = load_site_config()
    first = ensure_site_exam(db, site)
    assert ensure_site_exam(db, site) == first
    (config,) = db.list_exam_configs()
    assert (config.name, config.rounds, config.ruleset_id) == ("Audition", 20, "ny-2018")
    assert config.time_limit_seconds == 30 * 60


def test_results_go_to_the_site_results_folder(site_file: Path, db: TrainerDB) -> None:
    site = load_site_config()
    written = export_results(db, site)
    assert written is not None and written.parent == site_file.parent / "results"
    assert written.is_file()


@pytest.mark.parametrize(
    ("change", "line", "key"),
    [
        (("rounds = 20", "rounds = 0"), 8, "exam.rounds"),
        (("pass_mark = 90", "pass_mark = 190"), 9, "exam.pass_mark"),
        (('ruleset = "ny-2018"', 'ruleset = "nowhere-2099"'), 2, "rules.ruleset"),
        (("allow_station_rules = false", "allow_station_rules = 1"), 4, "rules.allow_station"),
        (('name = "Pat Lee"', 'name = "Pat Lee"\npassword = "plain"'), 20, "instructor.password"),
        (("[data]", "[data]\ncolour = 3"), 16, "data.colour"),
    ],
)
def test_a_bad_site_file_is_reported_by_line_and_key_and_not_used(
    site_file: Path, change: tuple[str, str], line: int, key: str
) -> None:
    site_file.write_text(site_file.read_text("utf-8").replace(*change, 1), "utf-8")
    site = load_site_config()
    assert site.rejected == site_file
    assert site.path is None and site.rules is None  # the defaults are in force
    assert f"line {line}, {key}" in site.report, site.report
    assert "NOT used" in site.report and "defaults are in force" in site.report


def test_a_site_file_that_is_not_toml_names_the_line(site_file: Path) -> None:
    site_file.write_text("[rules]\nruleset = ny-2018\n", "utf-8")
    site = load_site_config()
    assert site.rejected == site_file
    assert "line 2" in site.report


def test_site_check_warns_of_a_results_folder_that_does_not_exist(
    site_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file is still used (exit 0): a share may be reachable from the stations only."""
    missing = site_file.parent / "results"  # GOOD's folder, relative to the file
    assert main(["site", "check"]) == 0
    out = capsys.readouterr().out
    assert f"Warning: results.folder {missing} does not exist" in out
    missing.mkdir()
    assert main(["site", "check"]) == 0
    assert "Warning: results.folder" not in capsys.readouterr().out
    missing.rmdir()
    missing.write_text("not a folder", "utf-8")
    assert main(["site", "check"]) == 0
    assert f"Warning: results.folder {missing} is a file, not a folder" in (
        capsys.readouterr().out)


def test_site_check_exits_1_for_a_bad_file(
    site_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["site", "check"]) == 0
    site_file.write_text("[exam]\nrounds = -1\npass_mark = 50\n", "utf-8")
    assert main(["site", "check", str(site_file)]) == 1
    assert "line 2, exam.rounds" in capsys.readouterr().out

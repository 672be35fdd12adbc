"""Issue 21's attack 4: a station file edited to a pass and re-signed with the public
default room key. The instructor's station refuses it unless the site file explicitly
says ``[results] allow_default_room_key = true`` (with no site file too), and
``site check`` says plainly when no room key is set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.storage.storage_support import (
    ROUND,
    RULES,
    answer,
    at,
    create_exam_config,
    find_trainee,
    resign,
)
from trainer.cli import main
from trainer.site_config import SiteConfig, load_site_config
from trainer.storage import DEFAULT_ROOM_KEY, MergeError, TrainerDB, open_database
from trainer.storage.exchange import DEFAULT_KEY_WARNING, TABLES


@pytest.fixture
def failed_station_file(tmp_path: Path) -> Path:
    """Eve's station file: one exam, its only answer wrong (0 %, pass mark 80: failed),
    then edited to 100 % / passed and signed again with the public default key."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        eve = db.create_trainee("Eve")
        exam = db.start_exam(eve, create_exam_config(db, "Final", 1, RULES, 80.0), at=at(10))
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10))
        answer(db, round_id, given="5.00", correct=False, at=at(11))
        db.finish_exam(exam.id, at=at(12))
        exported = db.export_station(tmp_path / "eve.hhe")

    def to_a_pass(content: dict[str, Any]) -> None:
        columns = list(TABLES["exams"])
        [row] = content["tables"]["exams"]["rows"]
        assert (row[columns.index("score")], row[columns.index("passed")]) == (0, False)
        row[columns.index("score")] = 100
        row[columns.index("passed")] = True
        answer_columns = list(TABLES["answers"])
        for answer_row in content["tables"]["answers"]["rows"]:
            answer_row[answer_columns.index("correct")] = True

    return resign(exported, to_a_pass, DEFAULT_ROOM_KEY)


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3",
                       backup_on_session=False) as db:
        yield db


def _merge_as_the_site_says(db: TrainerDB, path: Path, site: SiteConfig) -> object:
    """What the instructor area does: the site's room key and its allow flag."""
    return db.merge_station(path, site.room_key,
                            allow_default_key=site.allow_default_room_key)


def test_attack_4_a_file_edited_to_a_pass_and_resigned_with_the_default_key_is_refused(
    failed_station_file: Path, instructor: TrainerDB,
) -> None:
    site = SiteConfig()  # no site file at all
    with pytest.raises(MergeError) as refused:
        _merge_as_the_site_says(instructor, failed_station_file, site)
    message = str(refused.value)
    assert message.startswith("eve.hhe was signed with the public default room key")
    assert "[results] room_key" in message  # how to merge: a room key of the room's own
    assert "[results] allow_default_room_key = true" in message  # or accept knowingly
    assert message.endswith("nothing was merged")
    assert find_trainee(instructor, "Eve") is None


def test_a_site_file_without_the_flag_refuses_default_key_files(
    failed_station_file: Path, instructor: TrainerDB, tmp_path: Path,
) -> None:
    site_file = tmp_path / "site.toml"
    site_file.write_text(f"[results]\nfolder = '{tmp_path}'\n", encoding="utf-8")
    site = load_site_config(site_file)
    assert site.rejected is None and site.allow_default_room_key is False
    with pytest.raises(MergeError, match="allow_default_room_key = true"):
        _merge_as_the_site_says(instructor, failed_station_file, site)
    assert find_trainee(instructor, "Eve") is None


def test_only_an_explicit_allow_merges_a_default_key_file_and_it_warns(
    failed_station_file: Path, instructor: TrainerDB, tmp_path: Path,
) -> None:
    """The path kept for rooms that merge by hand without a room key: it is the site
    file's decision, and the edited pass then merges with the plain warning."""
    site_file = tmp_path / "site.toml"
    site_file.write_text("[results]\nallow_default_room_key = true\n", encoding="utf-8")
    site = load_site_config(site_file)
    assert site.rejected is None and site.allow_default_room_key is True
    report = _merge_as_the_site_says(instructor, failed_station_file, site)
    assert report.warning == DEFAULT_KEY_WARNING  # type: ignore[attr-defined]
    eve = find_trainee(instructor, "Eve")
    assert eve is not None
    assert [exam.passed for exam in instructor.exam_results(eve.id)] == [True]


def test_the_storage_merge_refuses_the_default_key_unless_told_otherwise(
    failed_station_file: Path, instructor: TrainerDB,
) -> None:
    with pytest.raises(MergeError, match="public default room key"):
        instructor.merge_station(failed_station_file)


def test_site_check_says_plainly_when_no_room_key_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    site_file = tmp_path / "site.toml"
    site_file.write_text('[site]\nroom = "Pit 3"\n', encoding="utf-8")
    assert main(["site", "check", str(site_file)]) == 0
    out = capsys.readouterr().out
    assert "Warning: no room key is set ([results] room_key)" in out
    assert "merging refuses such files" in out


def test_site_check_warns_that_allowing_the_default_key_merges_edited_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    site_file = tmp_path / "site.toml"
    site_file.write_text("[results]\nallow_default_room_key = true\n", encoding="utf-8")
    assert main(["site", "check", str(site_file)]) == 0
    out = capsys.readouterr().out
    assert "Warning: no room key is set" in out
    assert "a failed exam edited to a pass would merge" in out


def test_site_check_is_quiet_about_keys_when_the_room_has_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    site_file = tmp_path / "site.toml"
    site_file.write_text('[results]\nroom_key = "pit 3 own key"\n', encoding="utf-8")
    assert main(["site", "check", str(site_file)]) == 0
    assert "room key" not in capsys.readouterr().out

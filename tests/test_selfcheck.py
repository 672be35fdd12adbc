"""``hhe-trainer --self-check``: passes on a working checkout, names what fails."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from trainer import __version__
from trainer.cli import build_parser, main
from trainer.selfcheck import check_lessons, check_mistakes, run, run_checks
from trainer.training.lessons import LESSONS_ENV
from trainer.training.mistake_catalogue import MISTAKES_ENV, shipped_catalogue


def test_self_check_passes_and_leaves_no_database_in_the_data_folder(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HHE_TRAINER_SITE", str(tmp_path / "no-site.toml"))
    monkeypatch.setattr("trainer.site_config.find.system_folder", lambda: tmp_path / "none")
    out = io.StringIO()
    assert run(out) == 0, out.getvalue()
    text = out.getvalue()
    for check in ("site file", "data folder", "database", "rule sets", "lessons", "mistakes",
                  "table"):
        assert f"ok   {check}" in text
    assert "self-check passed" in text
    assert not list(private_data_dir.glob("*.sqlite3"))  # a temporary database only


def test_self_check_fails_on_a_bad_site_file_and_names_the_key(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "site.toml"
    bad.write_text("[exam]\nrounds = 0\npass_mark = 80\n", "utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(bad))
    out = io.StringIO()
    assert run(out) == 1
    assert "FAIL site file" in out.getvalue()
    assert "line 2, exam.rounds" in out.getvalue()


def test_the_command_line_has_self_check_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as version:
        main(["--version"])
    assert version.value.code == 0
    assert f"hhe-trainer {__version__}" in capsys.readouterr().out
    assert "--self-check" in build_parser().format_help()


@pytest.mark.parametrize("where", ["HHE_TRAINER_LESSONS", "data folder"])
def test_self_check_fails_naming_a_bad_lesson_in_the_instructors_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, where: str
) -> None:
    if where == "data folder":
        monkeypatch.delenv(LESSONS_ENV, raising=False)
        folder = private_data_dir / "lessons"
    else:
        folder = tmp_path / "instructor"
        monkeypatch.setenv(LESSONS_ENV, str(folder))
    folder.mkdir(parents=True)
    bad = folder / "20-mine.toml"
    bad.write_text('id = "mine"\ntitle = "Mine"\norder = 20\ntarget_seconds = inf\n', "utf-8")
    (result,) = run_checks([("lessons", check_lessons)])
    assert not result.ok
    assert f"{bad}:4: target_seconds" in result.detail  # the file, the line, the field
    bad.unlink()
    (result,) = run_checks([("lessons", check_lessons)])
    assert result.ok and str(folder) in result.detail  # the instructor's folder was read


@pytest.mark.parametrize("where", ["HHE_TRAINER_MISTAKES", "data folder"])
def test_self_check_loads_the_rooms_mistake_files_and_names_a_bad_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, where: str
) -> None:
    if where == "data folder":
        monkeypatch.delenv(MISTAKES_ENV, raising=False)
        folder = private_data_dir / "mistakes"
    else:
        folder = tmp_path / "house"
        monkeypatch.setenv(MISTAKES_ENV, str(folder))
    folder.mkdir(parents=True)
    good = folder / "10-ours.toml"  # a house's own sentence for a shipped kind
    good.write_text('[[mistakes]]\nid = "ours-tie"\nwhat = "Paid the ante on a tie."\n'
                    'rule = "§5"\nkind = "tie_paid"\n', "utf-8")
    (result,) = run_checks([("mistakes", check_mistakes)])
    shipped = len(shipped_catalogue().entries)
    assert result.ok, result.detail
    assert result.detail == (f"{shipped + 1} dealer's mistakes ({shipped} shipped, 1 from"
                             f" 1 house file in {folder})")
    bad = folder / "20-typo.toml"  # line 5: a kind the trainer cannot make
    bad.write_text('[[mistakes]]\nid = "typo"\nwhat = "x"\nrule = "§4"\nkind = "odds_paid"\n',
                   "utf-8")
    (result,) = run_checks([("mistakes", check_mistakes)])
    assert not result.ok
    assert result.detail.startswith(f"{bad}:5: mistakes[1] ('typo').kind: 'odds_paid' is not"
                                    " a mistake the trainer can make")

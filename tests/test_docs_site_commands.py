"""The IT guide matches the program: every option of ``site check`` and ``site
hash-password`` is documented, and station files are named with the suffixes the trainer
writes and merges (``.hhe`` saved by hand, ``.hhe-station`` in the results folder)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from trainer.cli import build_parser
from trainer.site_config import RESULTS_SUFFIX
from trainer.ui.progress.dashboard import MERGE_FILES, STATION_FILE

ROOT = Path(__file__).resolve().parents[1]
INSTALLING = (ROOT / "docs" / "installing.md").read_text(encoding="utf-8")
DOCS = {path.name: path.read_text(encoding="utf-8")
        for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}


def _subcommand(parser: argparse.ArgumentParser, *names: str) -> argparse.ArgumentParser:
    for name in names:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[name]
    return parser


def test_every_option_of_the_site_commands_is_in_the_it_guide() -> None:
    for command in ("check", "hash-password"):
        parser = _subcommand(build_parser(), "site", command)
        options = [flag for action in parser._actions for flag in action.option_strings
                   if flag.startswith("--") and flag != "--help"]
        for option in options:
            assert re.search(rf"site {command}[^`\n]*{option}\b", INSTALLING), (
                f"site {command} {option}")
    assert "hash-password" in INSTALLING and "--stdin" in INSTALLING


def test_station_files_are_named_only_with_the_suffixes_the_trainer_uses() -> None:
    written = {f".{STATION_FILE.extension}", RESULTS_SUFFIX}
    assert written == {".hhe", ".hhe-station"}
    for suffix in written:  # the merge dialog lists both
        assert f"*{suffix} " in MERGE_FILES or f"*{suffix})" in MERGE_FILES
    for name, text in DOCS.items():
        named = set(re.findall(r"\.hhe(?:-[a-z]+)?(?![\w-])", text))
        assert named <= written, (name, named - written)
    assert ".hhe-station" in INSTALLING and "`.hhe`" in INSTALLING

"""The wheel carries every package of trainer/ and the shipped lessons and icons (fast)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from trainer.paths import RESOURCES, resource_dir

REPO = Path(__file__).resolve().parents[2]


def _setuptools() -> dict:  # type: ignore[type-arg]
    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]


def test_every_package_of_trainer_is_listed_for_the_wheel() -> None:
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "trainer").rglob("__init__.py")
    }
    listed = set(_setuptools()["packages"])
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"


def test_lessons_and_icons_are_mapped_into_the_package() -> None:
    mapping = _setuptools()["package-dir"]
    for checkout, package in RESOURCES.values():
        assert mapping[f"trainer.{package}"] == checkout
        assert (REPO / checkout).is_dir()


def test_a_checkout_finds_its_lessons_and_icons() -> None:
    assert resource_dir("lessons") == REPO / "lessons"
    assert (resource_dir("icons") / "hhe-trainer-256.png").is_file()


def test_every_shipped_lesson_file_and_translation_goes_into_the_wheel() -> None:
    """lessons/es/*.toml (a lesson's Spanish version) too: a wheel without them reads the
    course in English only."""
    from fnmatch import fnmatch

    patterns = _setuptools()["package-data"]["trainer.lessons_data"]
    files = [path.relative_to(REPO / "lessons").as_posix()
             for path in (REPO / "lessons").rglob("*.toml")]
    assert any("/" in name for name in files)  # the translations are there to carry
    left_out = [name for name in files
                if not any(fnmatch(name, pattern) and name.count("/") == pattern.count("/")
                           for pattern in patterns)]
    assert left_out == []

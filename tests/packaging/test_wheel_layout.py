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

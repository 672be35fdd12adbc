"""The storage protocols (trainer/storage/interfaces.py, issue 20): what callers take
instead of ``TrainerDB``. mypy checks that TrainerDB satisfies them (database.py); these
tests read the same from the running code, and that callers outside storage name the
protocols, not the class."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Protocol

import pytest

from trainer.storage import interfaces
from trainer.storage.database import TrainerDB

TRAINER = Path(__file__).resolve().parents[2] / "trainer"
PROTOCOLS = [getattr(interfaces, name) for name in interfaces.__all__]
STORAGE_ONLY = {
    "conn": "the driver's connection: storage's own (no .conn outside storage)",
    "backup": "taken by storage itself when a session starts",
}
"""Public methods of TrainerDB no caller outside storage uses, and why."""


def members(protocol: type) -> set[str]:
    """A protocol's own and inherited methods, properties and attributes."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if klass in (object, Protocol) or not getattr(klass, "_is_protocol", False):
            continue
        names.update(name for name in vars(klass) if not name.startswith("_"))
        names.update(getattr(klass, "__annotations__", {}))
    return names


def parameters(function: object) -> list[tuple[str, object, object, object]]:
    """Each parameter's name, kind, default and annotation (as written)."""
    return [(p.name, p.kind, p.default, p.annotation)
            for p in inspect.signature(function).parameters.values()]  # type: ignore[arg-type]


def test_every_protocol_is_a_protocol_and_the_list_is_complete() -> None:
    assert len(PROTOCOLS) >= 12
    declared = {name for name, value in vars(interfaces).items()
                if isinstance(value, type) and getattr(value, "_is_protocol", False)
                and value.__module__ == interfaces.__name__}
    assert declared == set(interfaces.__all__)


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=lambda p: p.__name__)
def test_trainerdb_has_each_member_with_the_protocols_parameters(protocol: type) -> None:
    """Each method is TrainerDB's under the same name, with the same parameters (names,
    kinds, defaults and annotations); each property and attribute is there too."""
    for name in sorted(members(protocol)):
        wanted = inspect.getattr_static(protocol, name, None)
        have = inspect.getattr_static(TrainerDB, name, None)
        if inspect.isfunction(wanted):
            assert inspect.isfunction(have), f"{protocol.__name__}.{name}"
            assert parameters(wanted) == parameters(have), f"{protocol.__name__}.{name}"
        elif isinstance(wanted, property):
            assert isinstance(have, property), f"{protocol.__name__}.{name}"
        else:  # an attribute: set on each database as it opens (or by the room's starter)
            assert name in {"path", "notice", "secret", "waiting", "room_required"}, name


def test_each_public_method_of_trainerdb_is_in_a_protocol_or_storages_own() -> None:
    """What the rest of the trainer may call is all in the protocols; the few others
    are storage's own, each with its reason. None is there for the tests only: those
    are helpers in tests/storage/storage_support.py."""
    covered = set().union(*(members(protocol) for protocol in PROTOCOLS))
    public = {name for name in dir(TrainerDB) if not name.startswith("_")}
    assert public - covered == set(STORAGE_ONLY)
    assert covered - public == {"path", "notice", "secret", "waiting"}


def test_the_union_protocol_holds_every_area() -> None:
    every = set().union(*(members(p) for p in PROTOCOLS if p is not interfaces.Storage))
    assert members(interfaces.Storage) == every


def test_no_caller_outside_storage_names_trainerdb() -> None:
    """Callers take a protocol; only opening a database (``open_database``,
    ``open_for_checking``) is imported from storage/database.py."""
    found = []
    for path in sorted(TRAINER.rglob("*.py")):
        if TRAINER / "storage" in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Name) and node.id == "TrainerDB":
                found.append(f"{path.relative_to(TRAINER)}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom) and any(
                    alias.name == "TrainerDB" for alias in node.names):
                found.append(f"{path.relative_to(TRAINER)}:{node.lineno} imports it")
    assert found == []


def test_trainerdb_is_composed_of_areas_not_a_chain_of_mixins(db: TrainerDB) -> None:
    """Each area (writes, accounts, exams, reads, the class view, classes, certificates,
    trainees' languages)
    is an object of its own working through the database's core, and inherits from no
    other area; TrainerDB holds them and inherits none."""
    from trainer.storage.accounts import Accounts
    from trainer.storage.certificates import Certificates
    from trainer.storage.classes import Classes
    from trainer.storage.exams import Exams
    from trainer.storage.grid_queries import GridQueries
    from trainer.storage.queries import Queries
    from trainer.storage.trainee_language import TraineeLanguages
    from trainer.storage.writes import Area, Core, Writes

    kinds = [Writes, Accounts, Exams, Queries, GridQueries, Classes, Certificates,
             TraineeLanguages]
    assert [kind.__bases__ for kind in kinds] == [(Area,)] * len(kinds)
    assert TrainerDB.__bases__ == (Core,)
    held = [value for value in vars(db).values() if isinstance(value, Area)]
    assert sorted(type(area).__name__ for area in held) == sorted(k.__name__ for k in kinds)
    assert all(area.core is db for area in held)

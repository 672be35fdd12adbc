"""The layers are one-way (issue 11): read from the source, every import counted,
including those inside functions.

- ``trainer.engine`` imports nothing else of ``trainer`` but the message catalogue
  (``trainer/i18n.py``, issue 24: the core's words are translated too), which imports
  nothing of ``trainer`` and no Qt;
- nothing outside ``trainer/ui`` and the entry points imports Qt (PySide6,
  shiboken6): ``cli.py`` starts the window, ``selfcheck.py`` (``--self-check``)
  opens one to prove an installed station can;
- ``trainer.storage`` does not import ``trainer.training`` (nor the UI); what
  both need (``trainer/skills.py``) imports neither.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TRAINER = Path(__file__).resolve().parent.parent / "trainer"
QT_PACKAGES = ("PySide6", "shiboken6")
ENTRY_POINTS = {TRAINER / "cli.py", TRAINER / "selfcheck.py"}


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, absolute names (relative imports resolved)."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    package = ".".join(path.relative_to(TRAINER.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def modules_under(folder: str) -> list[Path]:
    return sorted((TRAINER / folder).rglob("*.py")) if folder else sorted(TRAINER.rglob("*.py"))


def violations(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in files:
        for module in sorted(imported_modules(path)):
            if any(module == name or module.startswith(name + ".") for name in forbidden):
                bad.append(f"{path.relative_to(TRAINER.parent)} imports {module}")
    return bad


def test_the_engine_imports_nothing_else_of_the_trainer() -> None:
    files = modules_under("engine")
    assert files
    outside = [f"{path.relative_to(TRAINER.parent)} imports {module}"
               for path in files for module in sorted(imported_modules(path))
               if module.startswith("trainer.") and not module.startswith("trainer.engine")
               and module != "trainer.i18n" and not module.startswith("trainer.i18n.")]
    assert outside == []


def test_the_catalogue_every_layer_shares_imports_nothing_of_the_trainer_nor_qt() -> None:
    imported = imported_modules(TRAINER / "i18n.py")
    assert [module for module in imported if module.startswith("trainer")] == []
    assert violations([TRAINER / "i18n.py"], QT_PACKAGES) == []


def test_only_the_ui_and_the_entry_points_import_qt() -> None:
    files = [path for path in modules_under("")
             if "ui" not in path.relative_to(TRAINER).parts and path not in ENTRY_POINTS]
    assert violations(files, QT_PACKAGES) == []


@pytest.mark.parametrize("layer", ["engine", "training", "storage"])
def test_no_layer_below_the_ui_imports_the_ui(layer: str) -> None:
    assert violations(modules_under(layer), ("trainer.ui",)) == []


def test_storage_does_not_import_training() -> None:
    assert violations(modules_under("storage"), ("trainer.training",)) == []


def test_what_storage_and_training_share_imports_nothing_of_the_trainer() -> None:
    """``trainer/skills.py`` (Skill, QuestionKind) is read by both, so it imports neither:
    only the message catalogue (a skill's name for people, issue 24), which itself
    imports nothing of the trainer."""
    inside = [module for module in imported_modules(TRAINER / "skills.py")
              if (module == "trainer" or module.startswith("trainer."))
              and not module.startswith("trainer.i18n")]
    assert inside == []
    catalogue = [module for module in imported_modules(TRAINER / "i18n.py")
                 if module == "trainer" or module.startswith("trainer.")]
    assert catalogue == []


def test_the_contract_sees_imports_inside_functions() -> None:
    """The reader itself: selfcheck imports Qt only inside a function, and it is found."""
    assert violations([TRAINER / "selfcheck.py"], QT_PACKAGES)



DRIVERS = ("sqlite3", "sqlite_utils")


def database_access(path: Path) -> list[str]:
    """Where a file reaches the database itself: each ``.conn`` and each driver import
    (inside functions too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr == "conn":
            found.append(f"{path.name}:{node.lineno} uses .conn")
        elif isinstance(node, ast.Import):
            found += [f"{path.name}:{node.lineno} imports {alias.name}"
                      for alias in node.names if alias.name.split(".")[0] in DRIVERS]
        elif isinstance(node, ast.ImportFrom) and not node.level and (
                (node.module or "").split(".")[0] in DRIVERS):
            found.append(f"{path.name}:{node.lineno} imports {node.module}")
    return found


def test_only_storage_speaks_to_the_database() -> None:
    """No ``.conn`` and no ``sqlite3``/``sqlite_utils`` import outside trainer/storage
    (issue 20): every read and write goes through storage's methods, so another store
    can stand behind them."""
    storage = TRAINER / "storage"
    outside = [path for path in modules_under("") if storage not in path.parents]
    assert len(outside) > 100
    assert [found for path in outside for found in database_access(path)] == []


def test_the_database_rule_sees_a_conn_and_the_driver_imports(tmp_path: Path) -> None:
    """The rule's reader finds ``.conn`` and each form of the driver's import, and
    leaves a name that merely ends in .sqlite3 alone."""
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nNAME = 'self-check.sqlite3'\n\n\ndef f(db):\n"
                      "    import sqlite3\n    from sqlite_utils import Database\n"
                      "    return db.conn\n", "utf-8")
    assert database_access(sample) == [
        "sample.py:6 imports sqlite3", "sample.py:7 imports sqlite_utils",
        "sample.py:8 uses .conn"]


def test_exchange_does_not_import_the_database_that_imports_it() -> None:
    """``storage/database.py`` imports ``storage/exchange.py``; exchange takes the
    protocol it needs (``StationDatabase``) instead of importing ``TrainerDB`` back, not
    even for type checking (issue 20)."""
    assert "trainer.storage.exchange" in imported_modules(TRAINER / "storage" / "database.py")
    assert violations([TRAINER / "storage" / "exchange.py"], ("trainer.storage.database",)) == []


def test_storage_modules_import_one_another_without_a_cycle() -> None:
    """No import circle inside trainer/storage, counting imports inside functions and
    under TYPE_CHECKING (issue 20: database <-> exchange, connection <-> waiting were)."""
    graph = {}
    for path in modules_under("storage"):
        name = ".".join(path.relative_to(TRAINER.parent).with_suffix("").parts)
        graph[name] = {module for module in imported_modules(path)
                       if module.startswith("trainer.storage.") and module.count(".") == 2
                       and module != name}
    assert len(graph) > 15

    def reached(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for module in graph.get(todo.pop(), ()):
                if module not in seen:
                    seen.add(module)
                    todo.append(module)
        return seen

    assert [name for name in sorted(graph) if name in reached(name)] == []

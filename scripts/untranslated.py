"""How much of the trainer's prose is in the catalogue yet, package by package (issue 24).

    .venv/bin/python scripts/untranslated.py          # a table; `make catalogues` prints it

A *prose string* is a string literal (an f-string counts once) with two words or more
in it, outside a docstring, a logging call or SQL. It is *marked* when it is the message
of a ``_()``, ``ngettext()`` or ``N_()`` call (so it is in the catalogue), *unmarked*
otherwise: a person may read it in English whatever their language. The count is a
planning figure, not a proof: some unmarked strings are never shown (keys, formats),
and machine-readable output must stay untranslated.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

TRAINER = Path(__file__).resolve().parents[1] / "trainer"
MARKERS = {"_", "ngettext", "N_"}
LOGGERS = {"log", "logger", "logging"}
PROSE = re.compile(r"[A-Za-z']{2,}[ ,.:;]+[A-Za-z']{2,}")
SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|PRAGMA|BEGIN)\b",
                 re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # attribute docstrings: a bare string statement after an assignment
        body = getattr(node, "body", None)
        for child in body if isinstance(body, list) else []:
            if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                found.add(id(child.value))
    return found


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else " x "
                       for part in node.values)
    return ""


def count_file(path: Path) -> tuple[int, int]:
    """(marked, unmarked) prose strings in one file."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    skip = _docstrings(tree)
    marked_nodes: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name in MARKERS:
            marked_nodes.update(id(arg) for arg in node.args[:2])
        elif name.split(".")[0] in LOGGERS:
            skip.update(id(sub) for arg in node.args for sub in ast.walk(arg))
    marked = unmarked = 0
    inside_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                       for part in node.values}
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inside_fstrings:
            continue
        text = _text(node)
        if not text or not PROSE.search(text) or SQL.match(text):
            continue
        if id(node) in marked_nodes:
            marked += 1
        else:
            unmarked += 1
    return marked, unmarked


def package_of(path: Path) -> str:
    parts = path.relative_to(TRAINER).parts
    return parts[0] if len(parts) > 1 else "(top: cli, preferences, ...)"


def counts() -> dict[str, tuple[int, int]]:
    marked: Counter[str] = Counter()
    unmarked: Counter[str] = Counter()
    for path in sorted(TRAINER.rglob("*.py")):
        done, left = count_file(path)
        marked[package_of(path)] += done
        unmarked[package_of(path)] += left
    return {package: (marked[package], unmarked[package])
            for package in sorted(set(marked) | set(unmarked))}


def main() -> int:
    table = counts()
    print(f"{'package':<30} {'in catalogue':>12} {'untranslated':>12}")
    for package, (done, left) in table.items():
        print(f"{package:<30} {done:>12} {left:>12}")
    total_done = sum(done for done, _left in table.values())
    total_left = sum(left for _done, left in table.values())
    print(f"{'all':<30} {total_done:>12} {total_left:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

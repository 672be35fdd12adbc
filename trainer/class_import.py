"""A class's trainees read from a CSV file: names, and employee ids (no Qt).

The file is UTF-8 text (Excel's "CSV UTF-8"; a byte-order mark is fine), fields
separated by commas, semicolons or tabs (whichever the first line uses). A first
line naming the columns (``Name``, and ``Employee id``; any case, other columns
ignored) picks them; without it, the first column is the name and the second,
if any, the employee id. Blank lines are skipped.

Reading refuses, naming the line, what it cannot read as a name and an employee
id; whether each name and id fits the station (a plain name, an id not someone
else's) is checked by :meth:`~trainer.storage.classes.Classes.add_class_members`,
which writes all or nothing.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from trainer.i18n import _
from trainer.storage.classes import NewMember

MAX_FILE_BYTES = 1_000_000
"""A class list larger than this is not a list of names."""
MAX_PEOPLE = 2000
"""The most trainees one file adds."""
NAME_TITLES = frozenset({"name", "trainee", "trainee name", "full name",
                         "nombre", "alumno", "nombre del alumno", "nombre completo"})
EMPLOYEE_ID_TITLES = frozenset({"employee id", "employee_id", "employee number", "staff id",
                                "staff number", "id", "n.º de empleado", "nº de empleado",
                                "n.o de empleado", "número de empleado",
                                "numero de empleado", "id de empleado"})
"""A class list's column titles, in either language (a Spanish list's *Nombre* and
*N.º de empleado*, as the roster's CSV file titles them), compared without case."""


class ClassImportError(ValueError):
    """The file cannot be read as a class list; the text says where and why."""


def read_class_csv(path: Path | str) -> list[NewMember]:
    """The trainees a CSV file lists; :class:`ClassImportError` naming what is wrong."""
    target = Path(path)
    try:
        with target.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        raise ClassImportError(_("{name} could not be read: {reason}", name=target.name,
                                 reason=reason)) from None
    if len(data) > MAX_FILE_BYTES:
        raise ClassImportError(_("{name} is larger than {size} MB: not a class list",
                                 name=target.name, size=MAX_FILE_BYTES // 1_000_000))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise ClassImportError(_("line {line}: not UTF-8 text (save the file as"
                                 " \u201cCSV UTF-8\u201d)", line=line)) from None
    return parse_class_csv(text)


def _delimiter(first: str) -> str:
    for candidate in (",", ";", "\t"):
        if candidate in first:
            return candidate
    return ","


def parse_class_csv(text: str) -> list[NewMember]:
    """The trainees a class list's text names, each with its line number."""
    text = text.removeprefix("\ufeff")  # a byte-order mark is not part of a name
    if "\x00" in text:
        raise ClassImportError(_("the file holds NUL characters: not a CSV text file"))
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(first))
    people: list[NewMember] = []
    name_column, id_column = 0, 1
    titled: bool | None = None  # None until the first line with something on it
    try:
        for row in reader:
            line = reader.line_num
            cells = [cell.strip() for cell in row]
            if not any(cells):
                continue
            if titled is None:
                titles = [cell.casefold() for cell in cells]
                names = [i for i, title in enumerate(titles) if title in NAME_TITLES]
                titled = bool(names)
                if titled:
                    name_column = names[0]
                    ids = [i for i, title in enumerate(titles) if title in EMPLOYEE_ID_TITLES]
                    id_column = ids[0] if ids else -1
                    continue
            if not titled and len(cells) > 2:
                raise ClassImportError(_(
                    "line {line}: {count} columns and no title line; give a first line naming"
                    " the columns (Name, Employee id) or only a name and an employee id on"
                    " each line", line=line, count=len(cells)))
            if name_column >= len(cells) or not cells[name_column]:
                raise ClassImportError(_("line {line}: no name", line=line))
            employee = cells[id_column] if 0 <= id_column < len(cells) else ""
            people.append(NewMember(line, cells[name_column], employee or None))
            if len(people) > MAX_PEOPLE:
                raise ClassImportError(_("line {line}: more than {most} trainees in one file",
                                         line=line, most=MAX_PEOPLE))
    except csv.Error as error:
        raise ClassImportError(_("line {line}: {error}", line=reader.line_num,
                                 error=error)) from None
    if not people:
        raise ClassImportError(_("the file names no trainee"))
    return people

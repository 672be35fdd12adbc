"""A class list read from CSV (names and employee ids) and put in a class all or nothing:
every bad line named, nothing half applied."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from trainer.class_import import ClassImportError, parse_class_csv, read_class_csv
from trainer.storage import StorageError, TrainerDB
from trainer.storage.classes import MembersAdded, NewMember


def test_a_titled_list_reads_names_and_employee_ids_whatever_the_column_order() -> None:
    text = "Employee ID;Shift;Name\nE-1;late;Ana\n\n;early;Ben\n"
    assert parse_class_csv(text) == [NewMember(2, "Ana", "E-1"), NewMember(4, "Ben", None)]


def test_an_untitled_list_is_a_name_and_an_optional_employee_id_per_line() -> None:
    text = "\ufeffAna López, E-1\r\nBen\r\n\"Cy, Jr.\",E-3\r\n"
    assert parse_class_csv(text) == [
        NewMember(1, "Ana López", "E-1"), NewMember(2, "Ben", None),
        NewMember(3, "Cy, Jr.", "E-3")]


@pytest.mark.parametrize(("text", "message"), [
    ("Name,Employee id\nAna,E-1\n,E-2\n", "line 3: no name"),
    ("Ana,E-1\nBen,E-2,late\n", "line 2: 3 columns and no title line"),
    ("Name\n\n\n", "the file names no trainee"),
    ("", "the file names no trainee"),
    ("Ana\x00\n", "NUL characters"),
])
def test_a_list_that_cannot_be_read_is_refused_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(ClassImportError, match=message):
        parse_class_csv(text)


def test_a_file_that_is_not_utf8_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "class.csv"
    path.write_bytes("Name\nAna\nJos\u00e9\n".encode("cp1252"))
    with pytest.raises(ClassImportError, match=r"line 3: not UTF-8 text \(save the file as"):
        read_class_csv(path)


def test_a_file_that_is_too_large_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(b"Ana\n" * 300_000)  # 1.2 MB
    with pytest.raises(ClassImportError, match="larger than 1 MB"):
        read_class_csv(path)


def test_twenty_trainees_join_a_class_at_once_new_and_known_ones(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    ben = db.create_trainee("Ben")
    db.set_employee_id(ben, "E-2")
    spring = db.create_class("Spring 2026", date(2026, 3, 2))
    db.add_class_member(spring, ben)
    people = [NewMember(1, "ana", "E-1"), NewMember(2, "Ben", "E-2")] + [
        NewMember(line, f"Trainee {line:02d}", None) for line in range(3, 21)]
    done = db.add_class_members(spring, people)
    assert done == MembersAdded(
        created=tuple(f"Trainee {n:02d}" for n in range(3, 21)), added=("Ana",),
        already=("Ben",), employee_ids_set=("Ana",))
    assert done.text == ("20 trainees: 18 new, 1 already on the station; 1 was in the class"
                         " already; employee id set for Ana.")
    assert len(db.class_members(spring)) == 20
    found = db.get_trainee(ana)
    assert found is not None and found.employee_id == "E-1"


def test_a_list_with_bad_lines_changes_nothing_and_names_every_bad_line(
    db: TrainerDB
) -> None:
    ben = db.create_trainee("Ben")
    db.set_employee_id(ben, "E-2")
    db.create_trainee("Cy")
    spring = db.create_class("Spring 2026", date(2026, 3, 2))
    people = [
        NewMember(2, "Dee", "E-4"),
        NewMember(3, "Ben", "E-9"),  # Ben's id on the station is E-2
        NewMember(4, "DEE", None),  # the same name again
        NewMember(5, "Cy", "E-2"),  # Ben's id
        NewMember(6, "Eve", "E-4"),  # Dee's id in the list
        NewMember(7, "Fay\u202e", None),  # a right-to-left override in a name
        NewMember(8, "Gus", "E" * 41),
    ]
    before = [t.name for t in db.list_trainees()]
    with pytest.raises(StorageError) as refused:
        db.add_class_members(spring, people)
    said = str(refused.value)
    for expected in ("line 3: Ben has employee id E-2 on this station, not E-9",
                     "line 4: DEE is on line 2 already",
                     "line 5: employee id E-2 is Ben's on this station",
                     "line 6: employee id E-4 is on line 2 already",
                     "line 7: name: contains the control character U+202E",
                     "line 8: employee id: "):
        assert expected in said
    assert "line 2" not in said.split(";")[0]  # Dee herself is fine
    assert [t.name for t in db.list_trainees()] == before  # Dee was not made
    assert db.class_members(spring) == []

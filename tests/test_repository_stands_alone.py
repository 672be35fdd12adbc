"""A clone of the repository is all a reader needs (issue 11).

No file points outside the repository (the rules and the settle contract live
in ``docs/``), nothing cites the rules by a file name the repository does not
have, every rules section cited (``rules §3``, ``docs/rules.md §4-§6``) is a
section heading of ``docs/rules.md``, and every link between the documents
leads to a file and a heading that exist.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
THIS_FILE = Path(__file__).resolve()

# Written in two pieces so that this file does not contain what it looks for.
OUTSIDE = ("../" + "shared", "/work/" + "shared")
OLD_NAMES = re.compile(r"(?<![\w/-])(?:RULES|settle)" + r"\.md")
"""The rules and the contract by the names they had outside the repository."""

SECTION_HEADING = re.compile(r"^#{2,6}[ \t]+§(\d+)\b", re.MULTILINE)
SEPARATOR = r"(-|\u2013|/|,|and|or)\s*§?(\d+)"
"""Between two sections cited together: a hyphen or en dash (a range), ``/``, ``,``,
``and`` or ``or``."""
CITATION = re.compile(r"§(\d+)((?:\s*" + SEPARATOR + r"\b(?!\())*)(\()?")
"""``§4``, ``§3-§7``, ``§3-4``, ``§5/§7``, ``§4 and §9``; a ``(`` right after the
number marks a regulator's clause (``Massachusetts §12(a)``), not a rules section."""
SOURCE_BEFORE = re.compile(r"(Massachusetts|New York[^;§]{0,12}|Pa\. Code)\s*$")
"""A section number of a regulator's text, e.g. ``Massachusetts §12``, the first
clause of ``Massachusetts §7(f)-(g)`` or ``58 Pa. Code §611a.5`` (the table test record)."""
MARKDOWN_LINK = re.compile(r"\]\(([^()\s]*)\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
CITING_FOLDERS = ("trainer/", "lessons/", "tests/")
CITING_FILES = ("README.md", "docs/settle-contract.md", "docs/installing.md")


def repository_files() -> list[str]:
    """The files git tracks, as paths relative to the root."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"not a git checkout ({error}): nothing to list")
    return [name for name in listing.decode("utf-8").split("\0") if name]


def text_files() -> Iterator[tuple[str, str]]:
    """(path, text) of every tracked file that is text; binary files are left out."""
    for name in repository_files():
        path = ROOT / name
        if path.resolve() == THIS_FILE or not path.is_file():
            continue  # this test names what it looks for; a file deleted but not yet committed
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue
        try:
            yield name, data.decode("utf-8")
        except UnicodeDecodeError:
            continue


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def rules_sections() -> set[int]:
    return {int(number) for number in SECTION_HEADING.findall(RULES_DOC.read_text("utf-8"))}


def cited_sections(text: str) -> Iterator[tuple[int, int]]:
    """(section, line) of each rules section the text cites; a range cites every
    section in it."""
    for match in CITATION.finditer(text):
        if match.group(5) or SOURCE_BEFORE.search(text[max(0, match.start() - 40) : match.start()]):
            continue
        numbers = [int(match.group(1))]
        for separator, number in re.findall(SEPARATOR, match.group(2)):
            if separator in "-\u2013":
                numbers.extend(range(numbers[-1] + 1, int(number) + 1))
            else:
                numbers.append(int(number))
        line = line_of(text, match.start())
        for number in numbers:
            yield number, line


def test_no_file_points_outside_the_repository() -> None:
    found = [
        f"{name}:{line_of(text, text.index(outside))}: {outside}"
        for name, text in text_files()
        for outside in OUTSIDE
        if outside in text
    ]
    assert not found, "point to docs/rules.md or docs/settle-contract.md instead:\n" + "\n".join(
        found
    )


def test_no_file_cites_the_rules_or_the_contract_by_a_name_the_repository_lacks() -> None:
    found = [
        f"{name}:{line_of(text, match.start())}: {match.group()}"
        for name, text in text_files()
        for match in OLD_NAMES.finditer(text)
    ]
    assert not found, (
        "write 'docs/rules.md §N' (code, comments) or '(rules §N)' (text people read),"
        " 'docs/settle-contract.md' for the contract:\n" + "\n".join(found)
    )


def test_the_rules_keep_their_section_numbers_one_to_ten() -> None:
    # §10, paying with chips, came with issue 22; §1-§9 keep their numbers.
    assert rules_sections() == set(range(1, 11))


def test_every_rules_section_cited_is_a_section_of_the_rules() -> None:
    sections = rules_sections()
    citing = [
        (name, text)
        for name, text in text_files()
        if name.startswith(CITING_FOLDERS) or name in CITING_FILES
    ]
    assert any(name.startswith("trainer/") for name, _ in citing)
    found = [
        f"{name}:{line}: §{number}"
        for name, text in citing
        for number, line in cited_sections(text)
        if number not in sections
    ]
    assert not found, "not a section of docs/rules.md:\n" + "\n".join(found)


def heading_anchors(markdown: str) -> set[str]:
    """The anchors a Markdown viewer (GitHub) gives the headings: lower case, only
    letters, digits, ``-`` and ``_`` kept, spaces made ``-`` (``§7 Procedure`` is
    ``7-procedure``)."""
    anchors = set()
    for title in HEADING.findall(markdown):
        title = re.sub(r"[`*_\[\]]|\]\([^)]*\)", "", title).lower()
        anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_every_link_between_the_repository_documents_leads_somewhere() -> None:
    broken = []
    for name, text in text_files():
        if not name.endswith(".md"):
            continue
        for match in MARKDOWN_LINK.finditer(text):
            target, _, anchor = match.group(1).partition("#")
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path = (ROOT / name).parent / target if target else ROOT / name
            where = f"{name}:{line_of(text, match.start())}: {match.group(1)}"
            if not path.exists():
                broken.append(f"{where} (no such file)")
            elif (
                anchor
                and path.suffix == ".md"
                and anchor not in heading_anchors(path.read_text("utf-8"))
            ):
                broken.append(f"{where} (no such heading)")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(rules §3)", [3]),
        ("docs/rules.md §3-§7", [3, 4, 5, 6, 7]),
        ("(docs/rules.md §3-4).", [3, 4]),
        ("docs/rules.md §5/§7: a folded seat", [5, 7]),
        ("docs/rules.md §4 and §9, on a $10 odds wager", [4, 9]),
        ('citation = "Massachusetts §12(d); rules §8"', [8]),
        ("Massachusetts §7(f)-(g); rules §12", [12]),
        ('citation = "Massachusetts §12(b)"', []),
        ("New York 2018 §5 and", []),
    ],
)
def test_citations_are_read_as_rules_sections_and_regulator_clauses_are_not(
    text: str, expected: list[int]
) -> None:
    assert [number for number, _ in cited_sections(text)] == expected

"""The one TOML line finder (lesson files, the site file): each key's line, worked by hand."""

from __future__ import annotations

import pytest

from trainer.tomllines import TomlError, key_lines, loads, locate

TEXT = '''\
id = "x"
exam.rounds = 3
[[examples]]
note = """
rounds = 99
"""
[[examples]]
note = "second"
[[examples.round.seats]]
seat = 6
'''


def test_each_key_and_table_is_found_on_the_line_it_is_written() -> None:
    lines = key_lines(TEXT)
    assert lines[("id",)] == 1
    assert lines[("exam", "rounds")] == 2
    assert lines[("exam",)] == 2  # a dotted key at the top writes its table too
    assert lines[("examples", 0)] == 3 and lines[("examples", 0, "note")] == 4
    assert lines[("examples", 1)] == 7 and lines[("examples", 1, "note")] == 8
    assert lines[("examples", 1, "round", "seats", 0, "seat")] == 10


def test_a_key_inside_a_multi_line_string_is_not_a_key() -> None:
    assert ("examples", 0, "rounds") not in key_lines(TEXT)


def test_a_missing_key_points_at_the_nearest_table_written_down() -> None:
    lines = key_lines(TEXT)
    assert locate(lines, ("exam", "pass_mark")) == 2
    assert locate(lines, ("examples", 1, "expect", "seats", 0)) == 7
    assert locate(lines, ("rulings", 0)) is None


@pytest.mark.parametrize(("text", "words", "line"), [
    ('title = "unclosed\n', "not valid TOML: ", 1),
    ("a = 1\nb = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply", None),
    ("a = 1" + "0" * 5000 + "\n", "a number too long", None),
])
def test_a_text_tomllib_cannot_read_is_one_error_with_a_sentence(
    text: str, words: str, line: int | None
) -> None:
    with pytest.raises(TomlError, match=words) as caught:
        loads(text)
    assert caught.value.line == line

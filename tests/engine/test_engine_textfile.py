"""A person's text file is read only when it is a regular, bounded, UTF-8 file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trainer.engine.textfile import TextFileError, read_text_file


def test_regular_utf8_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text("name = \"Ana\"\n", "utf-8")
    assert read_text_file(path, limit=100) == "name = \"Ana\"\n"


def test_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_bytes(b"\xef\xbb\xbfx = 1\n")
    assert read_text_file(path, limit=100) == "x = 1\n"


def test_device_is_refused_without_reading_it() -> None:
    with pytest.raises(TextFileError, match="rule-set file /dev/zero: not a regular file"):
        read_text_file("/dev/zero", limit=1000, what="rule-set file")


def test_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "lesson.toml"
    link.symlink_to("/dev/zero")
    with pytest.raises(TextFileError, match="not a regular file"):
        read_text_file(link, limit=1000)


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(TextFileError, match="not a regular file"):
        read_text_file(fifo, limit=1000)


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TextFileError, match="a folder"):
        read_text_file(tmp_path, limit=1000)


def test_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"x" * 101)
    with pytest.raises(TextFileError, match="101 bytes, more than the 100 allowed"):
        read_text_file(path, limit=100)


def test_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "full.toml"
    path.write_bytes(b"x" * 100)
    assert read_text_file(path, limit=100) == "x" * 100


def test_non_utf8_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b"ok\n\xff\n")
    with pytest.raises(TextFileError, match=r"not UTF-8 text \(byte 0xff at offset 3\)"):
        read_text_file(path, limit=100)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(TextFileError, match="no such file"):
        read_text_file(tmp_path / "none.toml", limit=100, what="site file")

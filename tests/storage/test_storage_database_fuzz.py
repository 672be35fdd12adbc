"""Any bytes at all as trainer.sqlite3: open_database never raises, says so when
it did not open the file as it was, and nothing saved is lost (issue 10)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.storage import open_database

NAMES = ["Ana", "Ben", "Cy"]
BACKUP_NAME = "trainer-20260101T000000000000Z.sqlite3"
# Each example works in a folder of its own (the autouse data-folder fixture is not used).
FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@dataclass(frozen=True)
class Good:
    """A healthy database holding NAMES, as bytes (a plain rollback-journal file)."""

    data: bytes


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Good]:
    folder = tmp_path_factory.mktemp("good")
    with open_database(folder / "trainer.sqlite3", backup_on_session=False) as db:
        for name in NAMES:
            db.create_trainee(name)
        copy = db.backup(folder / "copy.sqlite3")
    yield Good(copy.read_bytes())


def _bytes(good: Good) -> st.SearchStrategy[bytes]:
    """Random bytes, a truncated database, bit flips, a valid header over garbage."""
    size = len(good.data)
    flipped = st.lists(st.integers(0, size * 8 - 1), min_size=1, max_size=40).map(
        lambda bits: _flip(good.data, bits)
    )
    return st.one_of(
        st.binary(max_size=20_000),
        st.integers(0, size - 1).map(lambda end: good.data[:end]),
        flipped,
        st.binary(min_size=1, max_size=20_000).map(lambda tail: good.data[:100] + tail),
    )


def _flip(data: bytes, bits: list[int]) -> bytes:
    out = bytearray(data)
    for bit in bits:
        out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


def _names(db_path: Path) -> list[str]:
    with open_database(db_path, backup_on_session=False) as db:
        return [t.name for t in db.list_trainees()]


@FUZZ
@given(data=st.data(), with_backup=st.booleans())
def test_any_bytes_as_the_database_never_raise_and_never_lose_what_was_saved(
    good: Good, data: st.DataObject, with_backup: bool
) -> None:
    content = data.draw(_bytes(good), label="content")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "trainer.sqlite3"
        path.write_bytes(content)
        backup = folder / "backups" / BACKUP_NAME
        if with_backup:
            backup.parent.mkdir()
            backup.write_bytes(good.data)

        db = open_database(path, backup_on_session=False)  # must not raise
        try:
            notice, opened = db.notice, db.path
            trainees = [t.name for t in db.list_trainees()] if notice else None
        finally:
            db.close()

        kept = [
            p
            for p in folder.glob("trainer.sqlite3.damaged-*")
            if not p.name.endswith(("-wal", "-shm", "-journal"))
        ]
        if notice is None:  # opened as it was: nothing set aside, nothing moved
            assert opened == path and not kept
            if not content.startswith(b"SQLite format 3\x00"):
                assert content == b"" and not with_backup
        elif opened == path:  # set aside and recovered
            (copy,) = kept
            assert copy.read_bytes() == content  # the damaged file, byte for byte
            # What the damaged file still holds after the backup (or at all, with none) is
            # copied in, and the notice says so (issue 19, item 6).
            assert trainees is not None
            copied = "Copied from the damaged file:" in notice
            if with_backup:
                assert "was restored" in notice and trainees[:3] == NAMES
                assert len(trainees) == 3 or copied
            elif trainees:
                assert "a new database was started" in notice and copied
            else:
                assert "new, empty database" in notice
        else:  # refused and left untouched; the session went to a side file
            assert path.read_bytes() == content and not kept
        if with_backup:
            assert backup.read_bytes() == good.data
        if not content.startswith(b"SQLite format 3\x00") and content and with_backup:
            assert trainees == NAMES  # random bytes: the backup is what comes back


def test_the_fuzzed_template_is_a_healthy_database(good: Good, tmp_path: Path) -> None:
    """The fuzz test above starts from a good file holding NAMES."""
    path = tmp_path / "trainer.sqlite3"
    path.write_bytes(good.data)
    assert _names(path) == NAMES

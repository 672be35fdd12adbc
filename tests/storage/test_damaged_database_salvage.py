"""Issue 19, item 6: a damaged database loses only what its damaged pages held. The
newest backup is restored and every row the damaged file still holds after it is
copied in; the notice counts what was copied and what could not be read, seals are
never made anew, and the ``.damaged`` file is left byte for byte as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage_support import ROUND, RULES, answer

from trainer.storage import open_database

PAGE = 4096
BEFORE = 40
"""Answers in the backup (the first session's)."""
AFTER_ROUNDS, PER_ROUND = 3, 20
AFTER = AFTER_ROUNDS * PER_ROUND
"""Answers given after the backup (the second session's): only in the damaged file."""


def build(db_path: Path, *, backups: bool = True) -> None:
    """Session 1: 40 answers. Session 2 (its start backs the database up): 3 rounds of 20."""
    with open_database(backup_on_session=backups) as db:
        trainee = db.create_trainee("Ana")
        first = db.start_session(trainee, "practice", RULES)
        round_id = db.record_round(first, ROUND, RULES, 3)
        for number in range(BEFORE):
            answer(db, round_id, question_id=f"a{number}", given="x" * 200)
        db.end_session(first)
        second = db.start_session(trainee, "practice", RULES)
        for round_number in range(AFTER_ROUNDS):
            round_id = db.record_round(second, ROUND, RULES, 3)
            for number in range(PER_ROUND):
                answer(db, round_id, question_id=f"b{round_number}-{number}", given="y" * 200)
        db.end_session(second)
    assert not Path(f"{db_path}-wal").exists()  # closed: everything is in the file


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: (value, next offset)."""
    value = 0
    for index in range(8):
        byte = data[at + index]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + index + 1
    return (value << 8) | data[at + 8], at + 9


def rowids_on_page(data: bytes, page: int) -> list[int]:
    """The rowids a table leaf page holds, read from its bytes (header, cell pointers,
    each cell's payload size then rowid): the answers that page's damage takes."""
    start = (page - 1) * PAGE
    assert data[start] == 0x0D, "a table leaf page"
    cells = int.from_bytes(data[start + 3 : start + 5], "big")
    ids = []
    for cell in range(cells):
        pointer = int.from_bytes(data[start + 8 + 2 * cell : start + 10 + 2 * cell], "big")
        _, after_size = _varint(data, start + pointer)
        ids.append(_varint(data, after_size)[0])
    return ids


def leaf_pages(db_path: Path, table: str) -> list[int]:
    conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        rows = conn.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'"
                            " ORDER BY pageno", (table,)).fetchall()
    finally:
        conn.close()
    return [row[0] for row in rows]


def damaged_copy(folder: Path) -> Path:
    (kept,) = [p for p in folder.glob("trainer.sqlite3.damaged-*")
               if not p.name.endswith(("-wal", "-shm"))]
    return kept


def test_answers_after_the_backup_are_copied_from_the_damaged_file_but_a_damaged_page_s(
        db_path: Path) -> None:
    build(db_path)
    data = bytearray(db_path.read_bytes())
    # A leaf page in the middle of the answers given after the backup.
    pages = [(page, rowids_on_page(data, page)) for page in leaf_pages(db_path, "answers")]
    after_pages = [(page, ids) for page, ids in pages if min(ids) > BEFORE]
    assert len(after_pages) >= 3
    page, lost_ids = after_pages[len(after_pages) // 2]
    lost = len(lost_ids)
    assert 0 < lost < AFTER
    start = (page - 1) * PAGE
    data[start : start + PAGE] = bytes((n * 37 + 11) % 251 for n in range(PAGE))
    db_path.write_bytes(bytes(data))

    with open_database(backup_on_session=False) as db:
        notice = db.notice
        assert notice is not None and "was restored" in notice
        assert (f"Copied from the damaged file: {AFTER - lost} answers, 3 rounds and"
                f" 1 session.") in notice
        assert f"On its damaged pages {lost} answers could not be read: they are lost" in notice
        # The answer right after the lost page cannot show its predecessor: it reads altered.
        assert "Seal check of what was copied: 1 answer read as altered" in notice
        assert db.roster()[0].answers == BEFORE + AFTER - lost
        ids = [row[0] for row in db.conn.execute("SELECT id FROM answers ORDER BY id")]
        assert ids == [n for n in range(1, BEFORE + AFTER + 1) if n not in lost_ids]
        (ended,) = db.conn.execute("SELECT count(*) FROM sessions WHERE ended IS NOT NULL")
        assert ended == (2,)
        check = db.check_records()
        assert [(f.table, f.row_id) for f in check.altered] == [("answers", max(lost_ids) + 1)]
        # New answers chain on the recovered ones and read valid.
        session = db.start_session(1, "practice", RULES)
        new = answer(db, db.record_round(session, ROUND, RULES, 3))
        assert db.check_records().altered == check.altered
        assert new == BEFORE + AFTER + 1
    assert damaged_copy(db_path.parent).read_bytes() == bytes(data)  # never changed


def test_with_no_backup_everything_the_damaged_file_still_holds_is_recovered(
        db_path: Path) -> None:
    build(db_path, backups=False)
    data = bytearray(db_path.read_bytes())
    # Damage the index of the answers' uids: SQLite's check fails, every row is readable.
    conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    (index_page,) = conn.execute(
        "SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_answers_1'"
        " ORDER BY pageno LIMIT 1").fetchone()
    (station,) = conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()
    conn.close()
    start = (index_page - 1) * PAGE
    data[start + 8 : start + PAGE] = bytes(PAGE - 8)
    db_path.write_bytes(bytes(data))

    with open_database(backup_on_session=False) as db:
        notice = db.notice
        assert notice is not None
        assert "There is no good backup, so a new database was started." in notice
        assert (f"Copied from the damaged file: {BEFORE + AFTER} answers, 4 rounds,"
                " 2 sessions and 1 trainee. Nothing it held was left behind.") in notice
        assert db.roster()[0].answers == BEFORE + AFTER == 100
        assert db.station == station  # the same station, as its exports said
        assert db.check_records().altered == []  # every seal as made, the chain's end too
    assert damaged_copy(db_path.parent).read_bytes() == bytes(data)


def test_a_file_with_nothing_readable_says_nothing_could_be_read(db_path: Path) -> None:
    build(db_path)
    db_path.write_bytes(bytes((n * 37 + 11) % 251 for n in range(20_000)))
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None
        assert "was restored. Nothing could be read from the damaged file" in db.notice
        assert db.roster()[0].answers == BEFORE


def test_a_file_shorter_than_sqlite_s_header_is_kept_not_written_over(db_path: Path) -> None:
    """One byte is no database: SQLite would take it for a new file and write over it."""
    db_path.write_bytes(b"\x00")
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None
        assert "is not an SQLite database (only 1 byte)" in db.notice
    assert damaged_copy(db_path.parent).read_bytes() == b"\x00"

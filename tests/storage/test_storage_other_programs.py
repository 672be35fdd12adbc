"""Nothing lost when other programs open the trainer's database (issue 19).

On POSIX, closing any descriptor of a file drops every record lock the process
holds on it. The trainer once re-opened its own database, ``-wal`` and ``-shm`` to
set their modes, so it ran without SQLite's locks: the next ``hhe-trainer verify``
or ``sqlite3`` that closed the file deleted the live write-ahead log, and every
answer committed after that went into a deleted file, gone at a kill.

These tests run the trainer as a real process (``trainer_process.py``) and read
the kernel's own list of locks (``/proc/locks``), then kill trainers at random
moments while other processes verify, export, back up and read the same file.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import child_env

from trainer.engine.textfile import TextFileError, keep_closed, read_text_file
from trainer.paths import private_file
from trainer.storage import open_database

DRIVER = Path(__file__).resolve().parent / "trainer_process.py"
REPO_ROOT = Path(__file__).resolve().parents[2]
KILLS_PER_TRAINER = 100
"""Two trainers killed this many times each: 200 kills."""
WINDOW_KILLS = 10
CLI = "import sys; from trainer.cli import main; sys.exit(main(sys.argv[1:]))"

pytestmark = pytest.mark.skipif(not Path("/proc/locks").exists(),
                                reason="reads the kernel's lock list (/proc/locks, Linux)")


def locked_inodes(pid: int) -> set[int]:
    """The inodes on which process ``pid`` holds a POSIX record lock."""
    inodes = set()
    for line in Path("/proc/locks").read_text().splitlines():
        parts = line.split()
        if "->" in parts:  # a lock waited for, not held
            continue
        if len(parts) >= 6 and parts[1] == "POSIX" and parts[4] == str(pid):
            inodes.add(int(parts[5].rsplit(":", 1)[1]))
    return inodes


def deleted_files_open(pid: int, folder: Path) -> list[str]:
    """Files of ``folder`` that process ``pid`` still has open although they were deleted."""
    found = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(str(folder)) and target.endswith("(deleted)"):
            found.append(target)
    return found


def assert_holds_sqlite_locks(pid: int, database: Path, moment: str) -> None:
    """SQLite in WAL mode keeps a read lock on ``-shm`` for as long as the connection
    is open (it tells others the log is in use) and a shared lock on the database."""
    held = locked_inodes(pid)
    shm = Path(f"{database}-shm")
    assert shm.stat().st_ino in held, f"after {moment}: no lock on {shm.name}"
    assert database.stat().st_ino in held, f"after {moment}: no lock on {database.name}"
    assert Path(f"{database}-wal").exists(), f"after {moment}: the live WAL was deleted"
    assert deleted_files_open(pid, database.parent) == [], f"after {moment}"


class Trainer:
    """``trainer_process.py`` in its own process, on the data folder ``home``."""

    def __init__(self, home: Path, *args: str) -> None:
        env = child_env()
        env["HHE_TRAINER_HOME"] = str(home)
        env["QT_QPA_PLATFORM"] = "offscreen"
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), *args], cwd=REPO_ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = self.line()
        assert first.startswith("ready "), first + self.process.stderr.read()  # type: ignore[union-attr]
        self.pid = int(first.split()[1])

    def line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.line()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate(timeout=30)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "station"


@pytest.fixture
def trainer(home: Path) -> Iterator[Trainer]:
    running = Trainer(home)
    yield running
    running.stop()


def run_cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CLI, *args, "--data-folder", str(home)],
                          cwd=REPO_ROOT, env=child_env(), capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_running_trainer_holds_its_sqlite_locks_after_start_backup_export_verify_and_the_instructor_area(  # noqa: E501
        trainer: Trainer, home: Path, tmp_path: Path) -> None:
    database = home / "trainer.sqlite3"
    assert_holds_sqlite_locks(trainer.pid, database, "start")
    assert trainer.ask("answer").startswith("answer ")
    assert trainer.ask("backup").startswith("backup ")
    assert_holds_sqlite_locks(trainer.pid, database, "a backup")
    assert trainer.ask(f"export {tmp_path / 'station.hhe-station'}").startswith("export ")
    assert_holds_sqlite_locks(trainer.pid, database, "a station-file export")
    verified = run_cli(home, "verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert_holds_sqlite_locks(trainer.pid, database, "hhe-trainer verify")
    assert trainer.ask("instructor") == "instructor"
    assert_holds_sqlite_locks(trainer.pid, database, "opening the instructor area")
    # What is committed now is in the file every other program reads.
    answered = int(trainer.ask("answer").split()[1])
    with sqlite3.connect(database) as other:
        assert other.execute("SELECT id FROM answers WHERE id = ?", (answered,)).fetchall()
    other.close()
    assert_holds_sqlite_locks(trainer.pid, database, "another program's read")


def test_setting_the_database_modes_never_opens_the_files_sqlite_holds(tmp_path: Path) -> None:
    database = tmp_path / "station.sqlite3"
    db = open_database(database)
    try:
        for suffix in ("", "-wal", "-shm"):
            os.chmod(f"{database}{suffix}", 0o644)
            private_file(Path(f"{database}{suffix}"))
            assert os.stat(f"{database}{suffix}").st_mode & 0o777 == 0o600
        assert_holds_sqlite_locks(os.getpid(), database, "private_file on each file")
    finally:
        db.close()


def test_the_open_database_is_refused_as_a_persons_file_and_keeps_its_locks(
        tmp_path: Path) -> None:
    """A station file or rule set picked by mistake must not be the live database:
    reading it would close a descriptor of it and drop SQLite's locks."""
    database = tmp_path / "station.sqlite3"
    db = open_database(database)
    try:
        for suffix in ("", "-wal", "-shm"):
            with pytest.raises(TextFileError, match="the trainer's open database"):
                read_text_file(f"{database}{suffix}", limit=10_000_000, what="station file")
        assert_holds_sqlite_locks(os.getpid(), database, "a refused read")
    finally:
        db.close()


class OtherPrograms(threading.Thread):
    """Until stopped: verify, a station-file export, a backup (each its own process)
    and a plain sqlite3 read, in turn, on the same data folder."""

    def __init__(self, home: Path, out: Path) -> None:
        super().__init__(daemon=True)
        self.home, self.out = home, out
        self.stopping = threading.Event()
        self.runs: dict[str, int] = defaultdict(int)
        self.failures: list[str] = []

    def run(self) -> None:
        database = self.home / "trainer.sqlite3"
        open_and = ("import sys; from trainer.storage import open_database;"
                    " db = open_database(sys.argv[1]); {};"
                    " db.close(); sys.exit(1 if db.notice else 0)")
        jobs = {
            "verify": lambda: run_cli(self.home, "verify"),
            "export": lambda: self._python(open_and.format("db.export_station(sys.argv[2])"),
                                           str(database), str(self.out)),
            "backup": lambda: self._python(open_and.format("db.backup()"), str(database)),
        }
        while not self.stopping.is_set():
            for name, job in jobs.items():
                done = job()
                self.runs[name] += 1
                if "Traceback" in done.stderr:
                    self.failures.append(f"{name}: {done.stderr[-600:]}")
                self._read(database)
                if self.stopping.is_set():
                    return

    def _python(self, code: str, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO_ROOT,
                              env=child_env(), capture_output=True, text=True, timeout=120,
                              check=False)

    def _read(self, database: Path) -> None:
        """sqlite3 as another program would: a read-write connection, closed at once."""
        conn = sqlite3.connect(database, timeout=30)
        try:
            conn.execute("SELECT COUNT(*) FROM answers").fetchone()
            self.runs["sqlite3 read"] += 1
        except sqlite3.Error as error:
            self.failures.append(f"sqlite3 read: {error}")
        finally:
            conn.close()


def kill_repeatedly(home: Path, kills: int, seed: int, acknowledged: dict[str, set[int]],
                    *args: str) -> None:
    """Start a trainer, let it work for a random moment, SIGKILL it; ``kills`` times.
    Every acknowledgement it printed before dying is added to ``acknowledged``."""
    chance = random.Random(seed)
    for run in range(kills):
        trainer = Trainer(home, *args)
        if args == ():  # the window: answers one command at a time
            for _ in range(chance.randint(0, 6)):
                kind, row = trainer.ask("answer").split()
                acknowledged[kind].add(int(row))
            assert trainer.process.stdin is not None
            trainer.process.stdin.write("answer\n" * 5)  # killed somewhere in these
            trainer.process.stdin.flush()
        # Mostly within a quarter second; every tenth run lives long enough to reach the
        # slow writes too (a certification unlocks the instructor's key: scrypt, ~0.1-0.4 s).
        time.sleep(chance.uniform(0, 0.25) if run % 10 else chance.uniform(0.8, 1.6))
        trainer.process.send_signal(signal.SIGKILL)
        out, _ = trainer.process.communicate(timeout=30)
        for line in out.splitlines():
            kind, _, row = line.partition(" ")
            if row.isdigit():
                acknowledged[kind].add(int(row))


TABLES = {"answer": "answers", "class": "classes", "setup": "exam_configs",
          "certification": "certifications"}


def assert_nothing_acknowledged_was_lost(home: Path, acknowledged: dict[str, set[int]]) -> None:
    database = home / "trainer.sqlite3"
    conn = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        for kind, ids in acknowledged.items():
            stored = {row for (row,) in conn.execute(f"SELECT id FROM {TABLES[kind]}")}
            assert ids - stored == set(), f"{kind}s acknowledged and lost"
    finally:
        conn.close()
    assert not (home / "side").exists() or not any((home / "side").iterdir())
    assert list(home.glob("*.damaged-*")) == []


def test_200_killed_trainers_lose_no_acknowledged_answer_or_instructor_write_while_other_programs_use_the_file(  # noqa: E501
        home: Path, tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    print(f"seed {seed}")
    Trainer(home, "--loop").stop()  # the database made before the others start
    others = OtherPrograms(home, tmp_path / "out.hhe-station")
    others.start()
    acknowledged: dict[str, set[int]] = defaultdict(set)
    second: dict[str, set[int]] = defaultdict(set)
    try:
        # Two trainers on the same folder, each killed KILLS_PER_TRAINER times.
        beside = threading.Thread(target=kill_repeatedly,
                                  args=(home, KILLS_PER_TRAINER, seed + 1, second, "--loop"))
        beside.start()
        kill_repeatedly(home, KILLS_PER_TRAINER, seed, acknowledged, "--loop")
        beside.join()
    finally:
        others.stopping.set()
        others.join()
    for kind, ids in second.items():
        acknowledged[kind] |= ids
    assert others.failures == []
    assert min(others.runs.values()) >= 1 and len(others.runs) == 4, dict(others.runs)
    assert all(acknowledged[kind] for kind in TABLES), {k: len(v) for k, v in acknowledged.items()}
    assert_nothing_acknowledged_was_lost(home, acknowledged)


def test_killed_trainer_windows_lose_no_acknowledged_answer_while_other_programs_use_the_file(
        home: Path, tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    print(f"seed {seed}")
    Trainer(home, "--loop").stop()
    others = OtherPrograms(home, tmp_path / "out.hhe-station")
    others.start()
    acknowledged: dict[str, set[int]] = defaultdict(set)
    try:
        kill_repeatedly(home, WINDOW_KILLS, seed, acknowledged)
    finally:
        others.stopping.set()
        others.join()
    assert others.failures == []
    assert acknowledged["answer"]
    assert_nothing_acknowledged_was_lost(home, acknowledged)


def test_a_file_no_longer_at_the_databases_place_reads_as_text_again(tmp_path: Path) -> None:
    """The refusal follows the database's path: once it is gone from there, its inode
    (which a new file may reuse) is an ordinary file again."""
    first = tmp_path / "old.sqlite3"
    first.write_text("[lesson]\n", encoding="utf-8")
    keep_closed(first, "the trainer's open database (old.sqlite3)")
    with pytest.raises(TextFileError, match="open database"):
        read_text_file(first, limit=100, what="lesson file")
    moved = tmp_path / "lesson.toml"
    os.replace(first, moved)  # the same inode, no longer the database's path
    assert read_text_file(moved, limit=100, what="lesson file") == "[lesson]\n"

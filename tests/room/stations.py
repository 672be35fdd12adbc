"""Stations for the room tests: a real station database that answers, and what the
room and the station hold, read independently of the sender."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from pathlib import Path

import psycopg
from room_server import STATION_PASSWORD, as_role, without_user

from trainer.cli import main
from trainer.engine.generator import generate_round
from trainer.engine.round import round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.room.credentials import Credentials
from trainer.room.inbox import receive_once
from trainer.room.outbox import sync_once
from trainer.room.schema import STATION_ROLE
from trainer.room.target import RoomTarget
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import NewAnswer
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.room_cache import StationCache

RULESET = "ny-2018"


def station_target(room_url: str, port: int | None = None) -> RoomTarget:
    """The room as a station reaches it (the site file's URL and credentials); through
    ``port`` on loopback when given (a proxy)."""
    url = without_user(room_url)
    if port is not None:
        _host, rest = url.removeprefix("postgresql://").split("/", 1)
        url = f"postgresql://127.0.0.1:{port}/{rest}"
    return RoomTarget(url, Credentials(STATION_ROLE, STATION_PASSWORD))


def room_import(room_url: str, credentials: Path, source: Path) -> int:
    """``hhe-trainer room import SOURCE`` into the room, as IT runs it; its exit code."""
    return main(["room", "import", str(source), "--url", without_user(room_url),
                 "--credentials", str(credentials)])


def station_url(room_url: str) -> str:
    return as_role(room_url, STATION_ROLE, STATION_PASSWORD)



def send(station: Station, room_url: str) -> None:
    """One pass of the station's sender: every record it holds in the room, none refused."""
    result = sync_once(StationOutbox.of(station.db), station_target(room_url))
    assert result.refused == ()


def receive(station: Station, room_url: str, *following: str) -> dict[str, int]:
    """One pass of the station's receiver for the trainees' uids ``following``: the rows
    merged, by table."""
    cache = StationCache.open(station.path, station.db.secret)
    try:
        return receive_once(cache, station_target(room_url), following).merged
    finally:
        cache.close()


def uid_of(db: TrainerDB, trainee_id: int) -> str:
    """The trainee's uid, the key every station and the room know them by."""
    return str(db.conn.execute("SELECT uid FROM trainees WHERE id = ?",
                               (trainee_id,)).fetchone()[0])


class Station:
    """A station's database with one trainee in one session, answering."""

    def __init__(self, path: Path, trainee: str = "Ana", seed: int = 7) -> None:
        self.path = path
        self.db: TrainerDB = open_database(path, backup_on_session=False)
        assert self.db.notice is None, self.db.notice
        self.random = random.Random(seed)
        self.trainee = self.db.create_trainee(trainee)
        self.session = self.db.start_session(self.trainee, "practice", RULESET)
        self.round = self.new_round()

    def new_round(self) -> int:
        dealt = round_to_json(generate_round(self.random, load_ruleset(RULESET)))
        self.round = self.db.record_round(self.session, dealt, RULESET, 1)
        return self.round

    def answer(self, count: int = 1, *, per_round: int = 3) -> None:
        """``count`` answers, ``per_round`` to a round (a new round when one is full)."""
        for _ in range(count):
            if self.answers_on_round() >= per_round:
                self.new_round()
            self.db.record_answer(NewAnswer(
                round_id=self.round, question_id="q-payout-1", kind=QuestionKind.PAYOUT,
                skill=Skill.ANTE, seat=1, wager=None, expected="10.00", given="10.00",
                correct=True, seconds=1.5))

    def answers_on_round(self) -> int:
        with sqlite3.connect(self.path) as conn:
            row = conn.execute("SELECT COUNT(*) FROM answers WHERE round_id = ?",
                               (self.round,)).fetchone()
        return int(row[0])

    def close(self) -> None:
        self.db.close()


def station_uids(path: Path, table: str) -> list[str]:
    """The uids of ``table``'s rows on the station (ended sessions for ``session_ends``,
    finished exams for ``exam_finishes``)."""
    query = {
        "session_ends": "SELECT uid FROM sessions WHERE ended IS NOT NULL",
        "exam_finishes": "SELECT uid FROM exams WHERE finished IS NOT NULL",
    }.get(table, f"SELECT uid FROM {table}")
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return sorted(str(row[0]) for row in conn.execute(query))
    finally:
        conn.close()


def room_uids(room_url: str, table: str) -> Counter[str]:
    """How many times each uid is in the room's ``table`` (read as the server's admin)."""
    key = {"session_ends": "session", "exam_finishes": "exam"}.get(table, "uid")
    with psycopg.connect(room_url) as conn:
        return Counter(str(row[0]) for row in conn.execute(f"SELECT {key} FROM {table}"))


def lost_and_doubled(room_url: str, path: Path, table: str = "answers") -> tuple[int, int]:
    """Rows of the station not in the room, and rows in the room more than once."""
    room = room_uids(room_url, table)
    station = station_uids(path, table)
    lost = sum(1 for uid in station if uid not in room)
    doubled = sum(count - 1 for count in room.values() if count > 1)
    return lost, doubled

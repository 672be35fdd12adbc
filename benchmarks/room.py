"""A training room on one PostgreSQL server: how soon an answer reaches the room.

    .venv/bin/python benchmarks/room.py [--stations 30] [--minutes 10] [--every 2] [--nudge]

Starts a throw-away PostgreSQL cluster from Debian's server binaries (the room
tests' starter, ``tests/room/room_server.py``; ``apt-get install postgresql``),
makes a room in it with ``init_room``, and runs ``--stations`` simulated stations,
each a process of its own with its own data folder and SQLite file, each with the
room sender (``trainer.room.worker.RoomWorker``, a pass a second) on a thread. Every
station answers a question every ``--every`` seconds (a new dealt round every three
answers), committed to its SQLite first as the trainer does, for ``--minutes``; then
it ends its session and waits until its worker says nothing is waiting.

Printed: answers recorded, the time from an answer's commit on its station to the
room holding it (the room's ``arrived``, stamped by the server, minus the answer's
``answered_at``, stamped by the station just before its commit; one machine, one
clock), p50, p99 and worst, and the rows lost (on a station, not in the room) and
doubled (in the room more than once), which must both be 0. ``--nudge``: each
station wakes its worker after each commit (``RoomWorker.nudge``), as the GUI may.
Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "room"))

from room_server import STATION_PASSWORD, RoomServer, server_binaries  # noqa: E402

from trainer.room.credentials import Credentials  # noqa: E402
from trainer.room.schema import STATION_ROLE  # noqa: E402
from trainer.room.target import RoomTarget  # noqa: E402

TABLES = {"trainees": "SELECT uid FROM trainees", "sessions": "SELECT uid FROM sessions",
          "rounds": "SELECT uid FROM rounds", "answers": "SELECT uid FROM answers",
          "session_ends": "SELECT uid FROM sessions WHERE ended IS NOT NULL"}
ROOM_KEYS = {"session_ends": "session"}


def station_main(index: int, folder: Path, url: str, seconds: float, every: float,
                 nudge: bool) -> None:
    """One station: answer every ``every`` seconds for ``seconds``, then wait to be sent."""
    os.environ["HHE_TRAINER_HOME"] = str(folder)
    from trainer.engine.generator import generate_round
    from trainer.engine.round import round_to_json
    from trainer.engine.rulesets import load_ruleset
    from trainer.room.outbox import Waiting
    from trainer.room.worker import RoomState, RoomWorker
    from trainer.skills import QuestionKind, Skill
    from trainer.storage import open_database
    from trainer.storage.models import NewAnswer

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "trainer.sqlite3"
    db = open_database(path, backup_on_session=False)
    rules = load_ruleset("ny-2018")
    rng = random.Random(index)
    trainee = db.create_trainee(f"Trainee {index:02d}")
    session = db.start_session(trainee, "practice", "ny-2018")
    worker = RoomWorker(path, RoomTarget(url, Credentials(STATION_ROLE, STATION_PASSWORD)))
    worker.start()
    time.sleep(rng.uniform(0, every))  # the stations do not answer in step
    end = time.monotonic() + seconds
    due = time.monotonic()
    answers = 0
    round_id = 0
    while time.monotonic() < end:
        if answers % 3 == 0:
            dealt = round_to_json(generate_round(rng, rules))
            round_id = db.record_round(session, dealt, "ny-2018", rules.version)
        correct = rng.random() < 0.8
        db.record_answer(NewAnswer(
            round_id=round_id, question_id="q-payout-1", kind=QuestionKind.PAYOUT,
            skill=Skill.ANTE, seat=1, wager=None, expected="10.00",
            given="10.00" if correct else "5.00", correct=correct, seconds=1.5))
        if nudge:
            worker.nudge()
        answers += 1
        due += every
        time.sleep(max(0.0, due - time.monotonic()))
    db.end_session(session)
    finished = time.monotonic()
    done = worker.wait_for(
        lambda status: status.state is RoomState.CONNECTED
        and status.waiting == Waiting(0, 0) and status.last_sent is not None
        and time.monotonic() - finished > 1.5, 180)
    status = worker.status()
    worker.stop()
    print(json.dumps({"station": db.station, "path": str(path), "answers": answers,
                      "synced": done is not None, "status": status.sentence()}), flush=True)
    db.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stations", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--every", type=float, default=2.0, help="seconds between answers")
    parser.add_argument("--nudge", action="store_true",
                        help="wake each station's sender after each commit")
    parser.add_argument("--station-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.station_child is not None:
        station_main(args.station_child, args.folder, args.url, args.minutes * 60, args.every,
                     args.nudge)
        return 0

    binaries = server_binaries()
    if binaries is None or not (binaries / "initdb").exists():
        print("needs PostgreSQL's server binaries (apt-get install postgresql)", file=sys.stderr)
        return 2
    import psycopg

    from trainer.room.admin import init_room

    server = RoomServer(binaries)
    work = Path(tempfile.mkdtemp(prefix="hhe-room-bench-"))
    try:
        admin_url = server.create_database("hhe_room_bench")
        init_room(admin_url, STATION_PASSWORD)
        url = "postgresql://" + admin_url.split("@", 1)[1]
        print(f"{args.stations} stations, an answer every {args.every:g} s each, for"
              f" {args.minutes:g} min{' (nudged)' if args.nudge else ''}; PostgreSQL"
              f" {binaries.parent.name} on 127.0.0.1:{server.port}", flush=True)
        started = time.monotonic()
        children = [subprocess.Popen(
            [sys.executable, __file__, "--station-child", str(index), "--folder",
             str(work / f"station-{index:02d}"), "--url", url, "--minutes", str(args.minutes),
             "--every", str(args.every), *(["--nudge"] if args.nudge else [])],
            stdout=subprocess.PIPE, text=True) for index in range(args.stations)]
        reports = []
        for child in children:
            out, _ = child.communicate()
            if child.returncode != 0 or not out.strip():
                print(f"a station failed (exit {child.returncode})", file=sys.stderr)
                return 1
            reports.append(json.loads(out.strip().splitlines()[-1]))
        took = time.monotonic() - started
        with psycopg.connect(admin_url) as conn:
            delays = [(arrived - datetime.fromisoformat(answered)).total_seconds()
                      for answered, arrived in conn.execute(
                          "SELECT answered_at, arrived FROM answers")]
            room: dict[str, list[str]] = {}
            for table in TABLES:
                key = ROOM_KEYS.get(table, "uid")
                room[table] = [uid for (uid,) in conn.execute(f"SELECT {key} FROM {table}")]
        # Lost: a row a station holds that the room has not, whoever made it (a station
        # also holds the other stations' trainees it received); doubled: a row the room
        # holds twice.
        doubled = sum(len(uids) - len(set(uids)) for uids in room.values())
        lost = 0
        recorded = 0
        for report in reports:
            conn_station = sqlite3.connect(f"file:{report['path']}?mode=ro", uri=True)
            try:
                for table, query in TABLES.items():
                    mine = {row[0] for row in conn_station.execute(query)}
                    lost += len(mine - set(room[table]))
                    if table == "answers":
                        recorded += len(mine)
            finally:
                conn_station.close()
        unsynced = [r["status"] for r in reports if not r["synced"]]
        print(f"answers recorded: {recorded:,} ({sum(r['answers'] for r in reports):,} by the"
              f" stations' count), in the room: {len(delays):,}; run {took:.0f} s")
        print(f"commit to room: p50 {statistics.median(delays) * 1000:.0f} ms,"
              f" p99 {percentile(delays, 0.99) * 1000:.0f} ms,"
              f" worst {max(delays) * 1000:.0f} ms")
        print(f"lost: {lost}, doubled: {doubled}"
              f"{'; stations not synced at the end: ' + str(unsynced) if unsynced else ''}")
        return 0 if lost == 0 and doubled == 0 and not unsynced else 1
    finally:
        server.close()
        import shutil

        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())

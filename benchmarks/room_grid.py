"""The class grid read from the room: 200 trainees x 1,000,000 answers on PostgreSQL.

    .venv/bin/python benchmarks/room_grid.py [--trainees 200] [--answers 1000000] [--repeat 7]

Starts a throw-away PostgreSQL cluster (the room tests' starter,
``tests/room/room_server.py``; ``apt-get install postgresql``), makes a room with
``init_room``, bulk-loads one station's records with COPY (``--trainees`` trainees,
50 sessions each, three answers a round, over sixteen skills and 26 weeks; the room's
own triggers stamp them and keep ``skill_recent``), then signs in as the stations do
and times what the instructor's views read through :class:`trainer.room.reads.RoomReads`:
the class grid (:func:`trainer.reports.skill_grid.skill_grid`: trainees, each one's
latest answers per skill, the rule sets played; target < 300 ms), the roster (from
``trainee_totals``, kept by the room's trigger as answers arrive, room migration 5;
target < 300 ms, checked against a count of every answer), and, for information, the
weekly trends and the most-missed, which count every answer. Printed: the load's time
and each read's best and median of ``--repeat``.
Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "room"))

from room_server import STATION_PASSWORD, RoomServer, server_binaries  # noqa: E402

from trainer.reports.skill_grid import skill_grid  # noqa: E402
from trainer.room.admin import init_room  # noqa: E402
from trainer.room.credentials import Credentials  # noqa: E402
from trainer.room.reads import RoomReads  # noqa: E402
from trainer.room.schema import STATION_ROLE  # noqa: E402
from trainer.room.target import RoomTarget  # noqa: E402
from trainer.skills import Skill  # noqa: E402

SESSIONS_PER_TRAINEE = 50
ANSWERS_PER_ROUND = 3
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
SKILLS = [skill.value for skill in Skill]


def _copy(conn: object, table: str, columns: str, lines: io.StringIO) -> None:
    lines.seek(0)
    with conn.cursor().copy(f"COPY {table} ({columns}) FROM STDIN") as copy:  # type: ignore[attr-defined]
        while chunk := lines.read(1 << 20):
            copy.write(chunk)


def load(admin_url: str, trainees: int, answers: int) -> float:
    """The records, bulk-loaded as the station 'bench' would have sent them; seconds."""
    import psycopg

    begun = time.perf_counter()
    rounds = -(-answers // ANSWERS_PER_ROUND)
    sessions = trainees * SESSIONS_PER_TRAINEE
    span = timedelta(weeks=26).total_seconds()
    seq = 0

    def stamp(offset: float) -> str:
        return (START + timedelta(seconds=offset)).isoformat(timespec="microseconds")

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute("INSERT INTO stations (station) VALUES ('bench')")
        out = io.StringIO()
        for t in range(trainees):
            seq += 1
            out.write(f"t{t:05d}\tTrainee {t:03d}\t{stamp(0)}\tbench\t{seq}\n")
        _copy(conn, "trainees", "uid, name, created, station, station_seq", out)
        out = io.StringIO()
        for s in range(sessions):
            seq += 1
            out.write(f"s{s:06d}\tt{s % trainees:05d}\tpractice\tny-2018\t{stamp(0)}"
                      f"\tbench\t{seq}\n")
        _copy(conn, "sessions", "uid, trainee, mode, ruleset_id, started, station, station_seq",
              out)
        out = io.StringIO()
        for r in range(rounds):
            seq += 1
            out.write(f"r{r:07d}\ts{r % sessions:06d}\tny-2018\t1\t{{}}\t{stamp(0)}"
                      f"\tbench\t{seq}\n")
        _copy(conn, "rounds", "uid, session, ruleset_id, ruleset_version, round_json,"
              " dealt_at, station, station_seq", out)
        out = io.StringIO()
        for a in range(answers):
            seq += 1
            r = a // ANSWERS_PER_ROUND
            skill = SKILLS[(a * 7 + r) % len(SKILLS)]
            right = "t" if (a * 2654435761) % 100 < 78 else "f"
            when = stamp(span * a / answers)
            out.write(f"a{a:08d}\tr{r:07d}\tq1\tpayout\t{skill}\t1\tante\t10.00\t10.00"
                      f"\t{right}\t{1.5 + (a % 9)}\t{when}\tbench\t{seq}\n")
        _copy(conn, "answers", "uid, round, question_id, kind, skill, seat, wager, expected,"
              " given, correct, seconds, answered_at, station, station_seq", out)
        conn.execute("VACUUM ANALYZE")
    return time.perf_counter() - begun


def timed(read: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        begun = time.perf_counter()
        read()
        times.append((time.perf_counter() - begun) * 1000)
    return min(times), statistics.median(times)


@contextmanager
def loaded_room(name: str, trainees: int, answers: int) -> Iterator[str]:
    """A throw-away PostgreSQL cluster with a room in database ``name``, ``answers``
    answers of ``trainees`` trainees bulk-loaded (none when 0): its admin URL; the
    cluster is removed after. SystemExit with a sentence without the server binaries."""
    binaries = server_binaries()
    if binaries is None:
        raise SystemExit("PostgreSQL's server binaries are missing (apt-get install postgresql)")
    server = RoomServer(binaries)
    try:
        admin_url = server.create_database(name)
        init_room(admin_url, STATION_PASSWORD)
        if answers:
            seconds = load(admin_url, trainees, answers)
            print(f"loaded {trainees} trainees, {answers:,} answers with COPY"
                  f" in {seconds:.1f} s", flush=True)
        yield admin_url
    finally:
        server.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=200)
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with loaded_room("room_grid", args.trainees, args.answers) as admin_url:
        url = "postgresql://" + admin_url.split("@", 1)[1]
        reads = RoomReads(RoomTarget(url, Credentials(STATION_ROLE, STATION_PASSWORD)))
        reads.list_trainees()  # connected and warm
        for name, read in (
            ("class grid (target < 300 ms)", lambda: skill_grid(reads)),
            ("  of which: latest by skill", reads.recent_by_skill),
            ("  of which: rule sets played", reads.rulesets_of),
            ("weekly trends", reads.weekly_skill_stats),
            ("most-missed", reads.missed_groups),
            ("roster (target < 300 ms)", reads.roster),
            ("change poll (max arrived)", reads.latest_arrival),
        ):
            best, median = timed(read, args.repeat)
            print(f"{name:32} best {best:8.1f} ms   median {median:8.1f} ms")
        grid = skill_grid(reads)
        print(f"grid: {len(grid.rows)} rows x {len(grid.skills)} skills")
        roster = reads.roster()
        counted = sum(row.answers for row in roster), sum(row.rounds_played for row in roster)
        expected = args.answers, -(-args.answers // ANSWERS_PER_ROUND)
        print(f"roster: {len(roster)} trainees, {counted[0]:,} answers in {counted[1]:,}"
              f" rounds ({'as loaded' if counted == expected else f'NOT {expected}'})")
        reads.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

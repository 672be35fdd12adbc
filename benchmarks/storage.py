"""Storage speed with a training room's worth of data.

    .venv/bin/python benchmarks/storage.py [--trainees 200] [--answers 1000000] [--dir DIR]

Builds a fresh database in a temporary folder (or ``--dir``, emptied first):
200 trainees and 1,000,000 answers on real generated rounds, bulk-inserted in
one transaction. Then, on the database reopened through ``open_database``:

* the instructor's roster, ``roster()``                           target < 300 ms
* a trainee page: ``skill_stats`` + ``history`` + ``trainee_mistakes``
  + ``streak`` + each skill's mastery (``reports.skill_mastery``: the
  latest answers of each skill) for one trainee                    target < 200 ms
* the seals of that trainee's answers, course answers and exams checked
  (``record_seals``, what their page shows; counted in the page's figure)
* the class's skill grid, ``reports.skill_grid`` for every trainee
  (each trainee's mastery of each skill, weakest skill and flags) target < 300 ms
* committing one answer, ``record_answer``, p95 over 1,000         target < 5 ms

Each query figure is the median and the worst of ``--repeat`` runs (the first
run, straight after opening, included). Also printed: build time, file size,
the time ``open_database`` takes (its ``quick_check`` reads the whole file), a
full ``backup()``, sealing the bulk-loaded answers (what opening a file from
before schema 5 does once) and ``hhe-trainer verify``'s whole check.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer import reports  # noqa: E402
from trainer.engine.generator import generate_round  # noqa: E402
from trainer.engine.round import Wager, round_to_json  # noqa: E402
from trainer.engine.rulesets import load_ruleset  # noqa: E402
from trainer.reports.skill_grid import skill_grid  # noqa: E402
from trainer.skills import QuestionKind, Skill  # noqa: E402
from trainer.storage import NewAnswer, open_database, seal  # noqa: E402
from trainer.storage.database import SYNCHRONOUS  # noqa: E402

SKILLS = {
    "dealer_hand": 0.92,
    "qualification": 0.95,
    "ante": 0.90,
    "raise": 0.88,
    "odds_win": 0.80,
    "bad_beat": 0.70,
    "trips_plus": 0.78,
    "pocket_bonus": 0.85,
    "six_card_bonus": 0.72,
    "progressive": 0.75,
    "cap": 0.82,
    "order": 0.90,
}
ANSWERS_PER_ROUND = 8
ROUNDS_PER_SESSION = 25
RULESET = "ny-2018"


def build(path: Path, trainees: int, answers: int, seed: int) -> None:
    rng = random.Random(seed)
    ruleset = load_ruleset(RULESET)

    dealt = [
        json.dumps(round_to_json(generate_round(rng, ruleset)), separators=(",", ":"))
        for _ in range(500)
    ]
    skills = list(SKILLS)
    now = datetime.now(UTC)
    per_trainee = answers // trainees
    with open_database(path, backup_on_session=False) as db:
        ids = [db.create_trainee(f"Trainee {n:03d}") for n in range(1, trainees + 1)]
        conn = db.conn
        conn.execute("PRAGMA cache_size = -262144")  # 256 MiB for the bulk load only
        conn.execute("BEGIN IMMEDIATE")
        session_id = round_id = 0
        for number, trainee in enumerate(ids):
            sessions, rounds, rows = [], [], []
            left = per_trainee + (1 if number < answers % trainees else 0)
            moment = now - timedelta(days=120)
            while left:
                session_id += 1
                moment += timedelta(hours=rng.uniform(6, 60))
                started = moment.isoformat()
                for _ in range(ROUNDS_PER_SESSION):
                    if not left:
                        break
                    round_id += 1
                    rounds.append(
                        (
                            round_id,
                            uuid.uuid4().hex,
                            session_id,
                            RULESET,
                            ruleset.version,
                            rng.choice(dealt),
                            moment.isoformat(),
                        )
                    )
                    for question in range(min(ANSWERS_PER_ROUND, left)):
                        skill = rng.choice(skills)
                        correct = rng.random() < SKILLS[skill]
                        seconds = round(rng.lognormvariate(1.3, 0.5), 2)
                        moment += timedelta(seconds=seconds + 1)
                        rows.append(
                            (
                                uuid.uuid4().hex,
                                round_id,
                                f"q{question}",
                                "payout",
                                skill,
                                rng.randint(1, 6),
                                "ante",
                                "15.00",
                                "15.00" if correct else "10.00",
                                int(correct),
                                seconds,
                                moment.isoformat(timespec="microseconds"),
                            )
                        )
                        left -= 1
                sessions.append(
                    (
                        session_id,
                        uuid.uuid4().hex,
                        trainee,
                        "practice",
                        RULESET,
                        started,
                        moment.isoformat(),
                    )
                )
            conn.executemany(
                "INSERT INTO sessions (id, uid, trainee_id, mode, ruleset_id, started, ended)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                sessions,
            )
            conn.executemany(
                "INSERT INTO rounds (id, uid, session_id, ruleset_id, ruleset_version,"
                " round_json, dealt_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                rounds,
            )
            conn.executemany(
                "INSERT INTO answers (uid, round_id, question_id, kind, skill, seat, wager,"
                " expected, given, correct, seconds, answered_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        start = time.perf_counter()
        sealed = seal.seal_rows_after(conn, db.secret, "answers", 0)
        print(f"sealed {sealed:,} answers in {time.perf_counter() - start:.1f} s"
              " (the one-time sealing of a file upgraded from before schema 5)")
        conn.execute("COMMIT")
        conn.execute("PRAGMA optimize")


def timed(run: object, repeat: int) -> list[float]:
    figures = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        figures.append((time.perf_counter() - start) * 1000)
    return figures


def verdict(value: float, target: float) -> str:
    return "ok" if value < target else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=200)
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--dir", type=Path, help="work folder (emptied); default: a temp folder")
    args = parser.parse_args()

    folder = args.dir or Path(tempfile.mkdtemp(prefix="hhe-storage-bench-"))
    if args.dir:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    path = folder / "bench.sqlite3"
    os.environ["HHE_TRAINER_HOME"] = str(folder / "data")  # the seals' secret, not the user's
    try:
        print(f"database: {path} (synchronous={SYNCHRONOUS})")
        start = time.perf_counter()
        build(path, args.trainees, args.answers, args.seed)
        built = time.perf_counter() - start
        size = os.path.getsize(path) / 1e6
        print(
            f"built {args.trainees} trainees, {args.answers:,} answers in {built:.1f} s"
            f" ({size:.0f} MB)"
        )

        start = time.perf_counter()
        db = open_database(path, backup_on_session=False)
        opened = (time.perf_counter() - start) * 1000
        assert db.notice is None, db.notice
        try:
            print(f"open_database (quick_check + migrations check): {opened:.0f} ms")

            roster = timed(db.roster, args.repeat)
            worst = max(roster)
            print(
                f"roster(), {len(db.roster())} rows: median {statistics.median(roster):.1f} ms,"
                f" worst {worst:.1f} ms (target < 300 ms: {verdict(worst, 300)})"
            )
            sorted_roster = timed(lambda: db.roster("accuracy", descending=True), args.repeat)
            print(f"roster() sorted by accuracy: worst {max(sorted_roster):.1f} ms")

            rng = random.Random(args.seed)
            trainees = [row.trainee_id for row in db.roster()]
            mistakes = 0
            lessons = reports.course_lessons()  # read once a run of the program

            def page() -> None:
                nonlocal mistakes
                trainee = rng.choice(trainees)
                db.skill_stats(trainee)
                db.history(trainee)
                mistakes = len(db.trainee_mistakes(trainee))
                db.streak(trainee)
                reports.skill_mastery(db, trainee, lessons)
                db.record_seals(trainee)

            pages = timed(page, args.repeat)
            worst = max(pages)
            print(
                f"trainee page (skills + history + {mistakes} mistakes + streak + mastery"
                " + seals):"
                f" median {statistics.median(pages):.1f} ms, worst {worst:.1f} ms"
                f" (target < 200 ms: {verdict(worst, 200)})"
            )

            cells = 0

            def grid() -> None:
                nonlocal cells
                shown = skill_grid(db, lessons=lessons)
                cells = len(shown.rows) * len(shown.skills)

            grids = timed(grid, args.repeat)
            worst = max(grids)
            print(
                f"class skill grid, {len(trainees)} trainees ({cells} cells):"
                f" median {statistics.median(grids):.1f} ms, worst {worst:.1f} ms"
                f" (target < 300 ms: {verdict(worst, 300)})"
            )

            session = db.start_session(trainees[0], "practice", RULESET)
            ruleset = load_ruleset(RULESET)
            dealt = round_to_json(generate_round(rng, ruleset))
            round_id = db.record_round(session, dealt, RULESET, ruleset.version)
            commits = []
            for number in range(args.commits):
                start = time.perf_counter()
                db.record_answer(
                    NewAnswer(
                        round_id,
                        f"b{number}",
                        QuestionKind.PAYOUT,
                        Skill.ANTE,
                        1,
                        Wager.ANTE,
                        "15.00",
                        "15.00",
                        True,
                        3.2,
                    )
                )
                commits.append((time.perf_counter() - start) * 1000)
            commits.sort()
            p95 = commits[int(len(commits) * 0.95) - 1]
            print(
                f"record_answer commit over {args.commits}: median"
                f" {statistics.median(commits):.2f} ms, p95 {p95:.2f} ms, p99"
                f" {commits[int(len(commits) * 0.99) - 1]:.2f} ms, worst {commits[-1]:.2f} ms"
                f" (target p95 < 5 ms: {verdict(p95, 5)})"
            )

            start = time.perf_counter()
            checked = db.check_records()
            print(f"verify, every seal ({sum(checked.checked.values()):,} records,"
                  f" {len(checked.findings)} findings):"
                  f" {(time.perf_counter() - start):.1f} s")

            start = time.perf_counter()
            copy = db.backup(folder / "backup.sqlite3")
            print(
                f"backup(): {(time.perf_counter() - start) * 1000:.0f} ms"
                f" ({os.path.getsize(copy) / 1e6:.0f} MB)"
            )
        finally:
            db.close()
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

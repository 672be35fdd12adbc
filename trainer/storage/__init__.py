"""Storage: one SQLite file per station, through sqlite-utils. No Qt here.

db = open_database()          # never fails; db.notice says what went wrong
trainee = db.create_trainee("Ana")
session = db.start_session(trainee, "practice", "ny-2018")
round_id = db.record_round(session, round_to_json(round_), "ny-2018", ruleset.version)
db.record_answer(NewAnswer(round_id, ...))   # committed when it returns
db.record_course_answer(trainee, "ruling", item, correct, seconds, lesson="irregularities")
"""

from trainer.storage.database import DEFAULT_FILENAME, TrainerDB, open_database
from trainer.storage.exchange import DEFAULT_ROOM_KEY
from trainer.storage.models import (
    AnswerRecord,
    CourseAnswer,
    CourseAnswerKind,
    DayStat,
    Exam,
    ExamConfig,
    ExamStatus,
    MergeError,
    MergeReport,
    Mistake,
    Mode,
    NewAnswer,
    RosterColumn,
    RosterRow,
    SkillStat,
    StorageError,
    Streak,
    Trainee,
)
from trainer.storage.schema import SCHEMA_VERSION

__all__ = [
    "DEFAULT_FILENAME",
    "DEFAULT_ROOM_KEY",
    "SCHEMA_VERSION",
    "AnswerRecord",
    "CourseAnswer",
    "CourseAnswerKind",
    "DayStat",
    "Exam",
    "ExamConfig",
    "ExamStatus",
    "MergeError",
    "MergeReport",
    "Mistake",
    "Mode",
    "NewAnswer",
    "RosterColumn",
    "RosterRow",
    "SkillStat",
    "StorageError",
    "Streak",
    "Trainee",
    "TrainerDB",
    "open_database",
]

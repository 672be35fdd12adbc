"""The training room's site file, ``site.toml`` (no Qt).

IT places one file per station (the installers do) to fix, for every
station, what a training room must not leave to each trainee::

    [rules]                       # the rule set and pay-table letters in force
    ruleset = "ny-2018"           # a preset, or a rule-set file (relative: to this file)
    options = { trips_plus_table = "A", pocket_bonus_table = "A" }
    allow_station_rules = false   # false: Settings cannot change them (the default)

    [exam]                        # the room's exam, offered in Exam mode
    name = "Audition"             # optional; "Training room exam"
    rounds = 20
    pass_mark = 90                # percent of answers right
    time_limit_minutes = 30       # optional; none by default
    allow_station_exam = false    # false: a practice exam's length is fixed too

    [results]
    folder = '\\\\server\\hhe-results'  # each station writes its results file here on exit
    room_key = "..."              # optional: signs the files (see trainer.storage.exchange)

    [data]
    folder = 'D:\\hhe-trainer\\{user}'  # optional: the data folder instead of the user's own

    [instructor]                  # created on a station that has no instructor yet
    name = "Pat Lee"
    password_hash = "scrypt$16384$8$1$..."  # hhe-trainer site hash-password; never a password

What a station may override, and what it may not:

- rule set and tables: only with ``allow_station_rules = true`` (then the
  site's choice is just the first-start default);
- the exam set-up: never (an instructor adds others in the app); the length of
  a *practice* exam only with ``allow_station_exam = true``;
- the results folder and the data folder: never from the app. The
  ``HHE_TRAINER_HOME`` environment variable still wins over ``[data]``
  (for IT and tests);
- the initial instructor: used once, on a station with no instructor;
- everything else (side bets, seats, deck colours, sound): always the station's.

The file is looked for, first found wins (no merging), at: ``$HHE_TRAINER_SITE``;
``site.toml`` beside the installed executable (the installation folder); then
``/etc/hhe-trainer/site.toml`` (Linux), ``%PROGRAMDATA%\\HHE Trainer\\site.toml``
(Windows) or ``/Library/Application Support/HHE Trainer/site.toml`` (macOS). A
file with any problem is not used at all: :func:`load_site_config` reports
every problem (line and key) and returns the defaults, so a bad file never
stops a station, and ``hhe-trainer --self-check`` fails until it is mended.
``hhe-trainer site check`` and a start read the file through the same
:func:`load_site_config`, so the check accepts exactly what a start accepts:
every number within its range (:data:`MAX_EXAM_ROUNDS`...), every path and name
usable, the password hash one that sign-in can verify, the rule-set file
readable. A UTF-8 byte-order mark (as Notepad writes) is accepted.
"""

from __future__ import annotations

import argparse
import getpass
import math
import os
import re
import socket
import sys
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.engine.money import shown

if TYPE_CHECKING:
    from trainer.storage.database import TrainerDB
    from trainer.training.session import TrainingSettings

SITE_FILENAME = "site.toml"
ENV_SITE = "HHE_TRAINER_SITE"
ENV_HOME = "HHE_TRAINER_HOME"
DEFAULT_EXAM_NAME = "Training room exam"
RESULTS_SUFFIX = ".hhe-station"

SITE_FILE_LIMIT = 64 * 1024
"""Largest site file read, in bytes (a real one is well under 2 KB)."""
MIN_EXAM_ROUNDS = 1
MAX_EXAM_ROUNDS = 1000
"""Rounds of an exam, the site's or a station's (settings.json's ``exam_rounds``)."""
MIN_PASS_MARK = 0
MAX_PASS_MARK = 100
"""A pass mark is a percentage of answers right."""
MIN_TIME_LIMIT_MINUTES = 1
MAX_TIME_LIMIT_MINUTES = 600
"""An exam's time limit, in minutes (fractions allowed: 22.5)."""
MAX_TEXT_LENGTH = 1000
"""Longest folder, rule-set path or room key; names are held to the database's limit."""


class SiteConfigError(ValueError):
    """A site file that cannot be used; ``problems`` holds one sentence per fault."""

    def __init__(self, path: Path | None, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        where = f"{path}: " if path else ""
        super().__init__(where + "; ".join(self.problems))


@dataclass(frozen=True)
class ExamSetup:
    name: str
    rounds: int
    pass_mark: float
    time_limit_minutes: float | None = None

    @property
    def time_limit_seconds(self) -> int | None:
        if self.time_limit_minutes is None:
            return None
        return round(self.time_limit_minutes * 60)

    @property
    def figures(self) -> str:
        """``20 rounds, pass 90%, 30 min``."""
        limit = self.time_limit_minutes
        return f"{self.rounds} rounds, pass {self.pass_mark:g}%" + (
            f", {limit:g} min" if limit else ""
        )


@dataclass(frozen=True)
class InitialInstructor:
    name: str
    password_hash: str = field(repr=False)


@dataclass(frozen=True)
class SiteConfig:
    """What the site file in force fixes; the default (no file) fixes nothing."""

    path: Path | None = None
    """The file in force; None when there is none (or it could not be used)."""
    rules: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    allow_station_rules: bool = True
    exam: ExamSetup | None = None
    allow_station_exam: bool = True
    results_folder: Path | None = None
    room_key: str | None = field(default=None, repr=False)
    data_folder: Path | None = None
    instructor: InitialInstructor | None = None
    rejected: Path | None = None
    """A site file that was found but not used (see ``problems``)."""
    problems: tuple[str, ...] = ()
    """Why ``rejected`` was not used, one sentence per problem, naming the key."""

    @property
    def report(self) -> str:
        """One paragraph for a person: which file is in force, or what is wrong."""
        if self.rejected is not None:
            return (
                f"The training-room site file {self.rejected} was NOT used (the defaults are"
                f" in force) because: " + "; ".join(self.problems) + "."
            )
        if self.path is None:
            return "No training-room site file; this station's own settings are in force."
        fixed = []
        if self.rules:
            tables = ", ".join(f"{k} {v}" for k, v in sorted(self.options.items()))
            lock = "" if self.allow_station_rules else ", locked"
            fixed.append(f"rule set {self.rules}" + (f" ({tables})" if tables else "") + lock)
        if self.exam:
            fixed.append(f"exam {self.exam.name!r}: {self.exam.figures}")
        if self.results_folder:
            fixed.append(f"results to {self.results_folder}")
        if self.data_folder:
            fixed.append(f"data in {self.data_folder}")
        if self.instructor:
            fixed.append(f"initial instructor {self.instructor.name}")
        return f"Site file {self.path}: " + ("; ".join(fixed) or "fixes nothing") + "."


# --- where the file is -----------------------------------------------------------


def installation_folders() -> list[Path]:
    """The folder of the installed program: the bundle's folder, or the venv's."""
    if getattr(sys, "frozen", False):
        folder = Path(sys.executable).resolve().parent
        folders = [folder]
        if sys.platform == "darwin" and folder.name == "MacOS":  # X.app/Contents/MacOS
            folders.append(folder.parent.parent.parent)  # beside X.app
        return folders
    return [Path(sys.prefix)]


def system_folder() -> Path:
    if sys.platform == "win32":
        base = os.environ.get("PROGRAMDATA") or r"C:\ProgramData"
        return Path(base) / "HHE Trainer"
    if sys.platform == "darwin":
        return Path("/Library/Application Support/HHE Trainer")
    return Path("/etc/hhe-trainer")


def site_file_candidates() -> list[Path]:
    """Every place looked at, in order."""
    candidates = []
    explicit = os.environ.get(ENV_SITE)
    if explicit:
        candidates.append(Path(explicit))
    candidates += [folder / SITE_FILENAME for folder in installation_folders()]
    candidates.append(system_folder() / SITE_FILENAME)
    return candidates


def _present(candidate: Path) -> bool:
    """Whether something is at ``candidate``: a file, or (to be reported) anything else."""
    return os.path.lexists(candidate)


def find_site_file() -> Path | None:
    """The first candidate where anything is: a folder or a device there is reported, not
    skipped, so that IT learns why the file they meant is not in force."""
    for candidate in site_file_candidates():
        if _present(candidate):
            return candidate
    return None


# --- reading and checking ---------------------------------------------------------

_SECTIONS: dict[str, set[str]] = {
    "rules": {"ruleset", "options", "allow_station_rules"},
    "exam": {"name", "rounds", "pass_mark", "time_limit_minutes", "allow_station_exam"},
    "results": {"folder", "room_key"},
    "data": {"folder"},
    "instructor": {"name", "password_hash"},
}

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def is_password_hash(text: object) -> bool:
    """Whether ``text`` is a stored hash that sign-in can verify (trainer.storage.passwords)."""
    from trainer.storage.passwords import is_password_hash as stored_form

    return stored_form(text)


def in_range(value: object, low: float, high: float, *, whole: bool = False) -> bool:
    """Whether ``value`` is a number (not true/false, not NaN or infinity) from low to high;
    ``whole``: an integer."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and (whole or not math.isfinite(value)):
        return False
    return low <= value <= high


def _expand(text: str, base: Path) -> Path:
    """``~``, environment variables and ``{user}`` expanded; relative to ``base``.

    Raises ValueError when ``{user}`` is used and this station has no user name.
    """
    if "{user}" in text:
        user = os.environ.get("USERNAME") or os.environ.get("USER")
        if not user:
            try:
                user = getpass.getuser()
            except (KeyError, OSError):
                raise ValueError("{user} is used but this station has no user name") from None
        text = text.replace("{user}", user)
    text = os.path.expandvars(os.path.expanduser(text))
    path = Path(text)
    return path if path.is_absolute() or text.startswith("\\\\") else base / path


def parse_site_config(data: Mapping[str, Any], path: Path) -> SiteConfig:
    """Check a site file's content; :class:`SiteConfigError` lists every problem.

    Everything accepted here is usable by a start (the exam set-up, the
    folders, the instructor): this is the one check, for ``site check`` too.
    """
    from trainer.storage.database import MAX_NAME_LENGTH

    problems: list[str] = []
    base = path.parent

    def section(name: str) -> dict[str, Any]:
        raw = data.get(name, {})
        if not isinstance(raw, dict):
            problems.append(f"[{name}]: expected a table (a [{name}] section)")
            return {}
        for key in sorted(set(raw) - _SECTIONS[name]):
            if (name, key) == ("instructor", "password"):
                problems.append(
                    "instructor.password: a password is never written in the site file;"
                    " put password_hash (from 'hhe-trainer site hash-password') instead"
                )
                continue
            allowed = ", ".join(sorted(_SECTIONS[name]))
            problems.append(f"{name}.{key}: unknown key (known: {allowed})")
        return raw

    def flag(raw: dict[str, Any], where: str, key: str, default: bool) -> bool:
        value = raw.get(key, default)
        if not isinstance(value, bool):
            problems.append(f"{where}.{key}: {shown(value)} is not true or false")
            return default
        return value

    def text(raw: dict[str, Any], where: str, key: str,
             longest: int = MAX_TEXT_LENGTH) -> str | None:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}.{key}: {shown(value)} is not a non-empty text")
            return None
        value = value.strip()
        if _CONTROL.search(value):
            problems.append(f"{where}.{key}: {shown(value)} holds a control character")
            return None
        if len(value) > longest:
            problems.append(f"{where}.{key}: {len(value):,} characters; at most {longest:,}")
            return None
        return value

    def number(raw: dict[str, Any], key: str, low: int, high: int, what: str,
               *, whole: bool) -> None:
        kind = "whole number" if whole else "number"
        expected = f"a {kind} of {what} from {low:,} to {high:,}"
        if key not in raw:
            problems.append(f"exam.{key}: missing ({expected})")
        elif not in_range(raw[key], low, high, whole=whole):
            problems.append(f"exam.{key}: {shown(raw[key])} is not {expected}")

    def folder(raw: dict[str, Any], where: str) -> Path | None:
        given = text(raw, where, "folder")
        if given is None:
            return None
        try:
            return _expand(given, base)
        except ValueError as error:
            problems.append(f"{where}.folder: {error}")
            return None

    for key in sorted(set(data) - set(_SECTIONS)):
        known = ", ".join(f"[{name}]" for name in _SECTIONS)
        problems.append(f"{key}: unknown section or key (known sections: {known})")

    # [rules]
    rules_raw = section("rules")
    rules = text(rules_raw, "rules", "ruleset")
    options_raw = rules_raw.get("options", {})
    options: dict[str, str] = {}
    if not isinstance(options_raw, dict) or not all(
        isinstance(v, str) for v in options_raw.values()
    ):
        problems.append(f"rules.options: {shown(options_raw)} is not a table of table letters")
    else:
        options = dict(options_raw)
    if options and rules is None:
        problems.append("rules.options: table letters given without rules.ruleset")
    allow_rules = flag(rules_raw, "rules", "allow_station_rules", rules is None)
    if rules is not None:
        from trainer.engine.rulesets import PRESETS, RuleSetError, load_ruleset

        if rules not in PRESETS:
            rules = str(_expand(rules, base))
        try:
            load_ruleset(rules).choose_tables(options)
        except (RuleSetError, ValueError, OSError, RecursionError) as error:
            # RuleSetError, or the reader's TextFileError (a ValueError): named by the key
            problems.append(f"rules.ruleset/options: {error}")

    # [exam]
    exam_raw = section("exam")
    exam = None
    allow_exam = flag(exam_raw, "exam", "allow_station_exam", "rounds" not in exam_raw)
    if exam_raw.keys() - {"allow_station_exam"}:
        before = len(problems)
        number(exam_raw, "rounds", MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS, "rounds", whole=True)
        number(exam_raw, "pass_mark", MIN_PASS_MARK, MAX_PASS_MARK,
               "percent (answers right)", whole=False)
        if "time_limit_minutes" in exam_raw:
            number(exam_raw, "time_limit_minutes", MIN_TIME_LIMIT_MINUTES,
                   MAX_TIME_LIMIT_MINUTES, "minutes", whole=False)
        name = text(exam_raw, "exam", "name", MAX_NAME_LENGTH) or DEFAULT_EXAM_NAME
        if len(problems) == before:
            exam = ExamSetup(name, exam_raw["rounds"], float(exam_raw["pass_mark"]),
                             exam_raw.get("time_limit_minutes"))

    # [results], [data]
    results_raw = section("results")
    results = folder(results_raw, "results")
    room_key = text(results_raw, "results", "room_key")
    data_folder = folder(section("data"), "data")

    # [instructor]
    instructor_raw = section("instructor")
    instructor = None
    if instructor_raw:
        name = text(instructor_raw, "instructor", "name", MAX_NAME_LENGTH)
        if "name" not in instructor_raw:
            problems.append("instructor.name: missing")
        stored = instructor_raw.get("password_hash")
        if not is_password_hash(stored):
            problems.append(
                "instructor.password_hash: missing or not a hash made by"
                " 'hhe-trainer site hash-password' (one this version can verify)"
            )
        elif name is not None:
            instructor = InitialInstructor(name, stored)  # type: ignore[arg-type]

    if problems:
        raise SiteConfigError(path, problems)
    return SiteConfig(
        path=path,
        rules=rules,
        options=options,
        allow_station_rules=allow_rules,
        exam=exam,
        allow_station_exam=allow_exam,
        results_folder=results,
        room_key=room_key,
        data_folder=data_folder,
        instructor=instructor,
    )


_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_-]+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*=")


def key_lines(source: str) -> dict[str, int]:
    """Line numbers (from 1) of the sections and keys of a TOML text: ``{"exam.rounds": 4}``.

    Enough for pointing a person at a line: ``[section]`` headers, ``key =``
    and dotted ``section.key =`` lines (arrays of tables are not used here).
    """
    lines: dict[str, int] = {}
    section = ""
    for number, line in enumerate(source.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            section = header.group(1)
            lines.setdefault(f"[{section}]", number)
            continue
        key = _KEY.match(line)
        if key:
            dotted = f"{section}.{key.group(1)}" if section else key.group(1)
            lines.setdefault(dotted, number)
            if not section:  # `exam = { ... }` or `exam.rounds = 3` at the top
                lines.setdefault(f"[{key.group(1).split('.')[0]}]", number)
    return lines


def locate(problem: str, lines: Mapping[str, int]) -> str:
    """``"exam.rounds: ..."`` -> ``"line 4, exam.rounds: ..."`` when the key is in the file.

    A missing key points at its section's line.
    """
    key = problem.split(": ", 1)[0].split("/")[0].strip()
    section = key.strip("[]").split(".")[0]
    number = lines.get(key) or lines.get(f"[{section}]")
    return f"line {number}, {problem}" if number else problem


def toml_problem(error: ValueError | RecursionError) -> str:
    """A sentence for a TOML text ``tomllib`` cannot read (it may raise more than
    TOMLDecodeError: ValueError for a number over 4,300 digits, RecursionError
    for arrays nested thousands deep)."""
    if isinstance(error, tomllib.TOMLDecodeError):
        return f"not valid TOML ({error})"
    if isinstance(error, RecursionError):
        return "not valid TOML (arrays or tables nested too deeply)"
    if "digits" in str(error):
        return "not valid TOML (a number too long: more than 4,300 digits)"
    return f"not valid TOML ({error})"


def read_site_file(path: Path) -> SiteConfig:
    """Read and check one site file; :class:`SiteConfigError` when it cannot be used.

    Each problem names the line and the key (``line 4, exam.rounds: 0 is not ...``).
    """
    from trainer.engine.textfile import TextFileError, read_text_file

    try:
        source = read_text_file(path, limit=SITE_FILE_LIMIT, what="site file")
    except TextFileError as error:
        reason = str(error).removeprefix(f"site file {path}: ")
        raise SiteConfigError(path, [reason]) from None
    try:
        data = tomllib.loads(source)
    except (ValueError, RecursionError) as error:
        raise SiteConfigError(path, [toml_problem(error)]) from None
    try:
        return parse_site_config(data, path)
    except SiteConfigError as error:
        lines = key_lines(source)
        raise SiteConfigError(path, [locate(p, lines) for p in error.problems]) from None


def load_site_config(path: Path | None = None) -> SiteConfig:
    """The site file in force, or the defaults with the problems; never raises.

    Both a start and ``hhe-trainer site check`` call this: what one accepts,
    the other accepts.
    """
    path = path or find_site_file()
    if path is None:
        return SiteConfig()
    try:
        return read_site_file(path)
    except SiteConfigError as error:
        return SiteConfig(rejected=path, problems=error.problems)


# --- applying it -------------------------------------------------------------------


def apply_data_folder(site: SiteConfig) -> Path | None:
    """Point the data folder at the site's (``HHE_TRAINER_HOME`` set beforehand wins).

    Call once at start, before anything opens the database or the logs.
    """
    if site.data_folder is None or os.environ.get(ENV_HOME):
        return None
    os.environ[ENV_HOME] = str(site.data_folder)
    return site.data_folder


def apply_to_settings(
    settings: TrainingSettings, site: SiteConfig, *, first_start: bool = False
) -> TrainingSettings:
    """The station's settings with what the site fixes put in force.

    A locked rule set (or exam length) replaces the station's; an unlocked one
    is only the first start's default (``first_start``: no settings saved yet).
    """
    changes: dict[str, Any] = {}
    if site.rules is not None and (first_start or not site.allow_station_rules):
        changes.update(rules=site.rules, options=dict(site.options))
    if site.exam is not None and (first_start or not site.allow_station_exam):
        changes.update(exam_rounds=site.exam.rounds)
    return replace(settings, **changes) if changes else settings


def _exam_names(exam: ExamSetup) -> Iterator[str]:
    """The set-up's name, then (when the site changes its figures) names beside it,
    each within the database's name limit: ``Audition (20 rounds, pass 90%) 2``."""
    from trainer.storage.database import MAX_NAME_LENGTH

    yield exam.name
    for number in range(1, 1000):
        suffix = f" ({exam.figures})" + (f" {number}" if number > 1 else "")
        yield exam.name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix


def ensure_site_exam(db: TrainerDB, site: SiteConfig) -> int | None:
    """The exam set-up the site fixes, created in the database if not there yet."""
    exam = site.exam
    if exam is None:
        return None
    ruleset = site.rules or "ny-2018"
    wanted = (exam.rounds, ruleset, exam.pass_mark, exam.time_limit_seconds)
    taken: dict[str, int | None] = {}
    for config in db.list_exam_configs():
        have = (config.rounds, config.ruleset_id, config.pass_mark, config.time_limit_seconds)
        taken[config.name.casefold()] = config.id if have == wanted else None
    for name in _exam_names(exam):
        if name.casefold() not in taken:
            return db.create_exam_config(name, exam.rounds, ruleset, exam.pass_mark,
                                         exam.time_limit_seconds)
        found = taken[name.casefold()]
        if found is not None:
            return found
    return None


def create_site_instructor(db: TrainerDB, site: SiteConfig) -> str | None:
    """Create the site's initial instructor on a station that has none; their name, or None.

    Only the hash from the site file is stored (the clear password never
    reaches this station).
    """
    instructor = site.instructor
    if instructor is None or db.list_instructors():
        return None
    if db.create_first_instructor_from_hash(instructor.name, instructor.password_hash) is None:
        return None
    return instructor.name


def results_file(db: TrainerDB, site: SiteConfig) -> Path | None:
    """Where this station's results file goes in the results folder (None: no folder)."""
    if site.results_folder is None:
        return None
    host = re.sub(r"[^A-Za-z0-9_.-]+", "-", socket.gethostname()) or "station"
    return site.results_folder / f"{host}-{db.station[:8]}{RESULTS_SUFFIX}"


def export_results(db: TrainerDB, site: SiteConfig) -> Path | None:
    """Write this station's results to the results folder; OSError if it cannot."""
    target = results_file(db, site)
    if target is None:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    return db.export_station(target, site.room_key)


# --- hhe-trainer site ... ----------------------------------------------------------


def _read_password(from_stdin: bool) -> str:
    from trainer.storage.passwords import MIN_PASSWORD_LENGTH

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("Instructor's password: ")
        if getpass.getpass("Again: ") != password:
            raise SystemExit("hhe-trainer site: the two passwords differ; nothing written")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise SystemExit(
            f"hhe-trainer site: a password needs at least {MIN_PASSWORD_LENGTH} characters"
        )
    return password


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main(argv: Sequence[str] | None = None) -> int:
    """``hhe-trainer site check [FILE]`` and ``hhe-trainer site hash-password --name NAME``."""
    parser = argparse.ArgumentParser(
        prog="hhe-trainer site", description="The training room's site file (for IT)."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser("check", help="say which site file is in force and check it")
    check.add_argument("file", nargs="?", type=Path, help="check this file instead")
    hashing = commands.add_parser(
        "hash-password", help="print the [instructor] section for a site file"
    )
    hashing.add_argument("--name", required=True, help="the instructor's name")
    hashing.add_argument(
        "--stdin", action="store_true", help="read the password from the first line of stdin"
    )
    args = parser.parse_args(argv)
    if args.command == "hash-password":
        from trainer.storage.passwords import hash_password

        stored = hash_password(_read_password(args.stdin))
        print("[instructor]")
        print(f"name = {_toml_string(args.name.strip())}")
        print(f"password_hash = {_toml_string(stored)}")
        return 0
    if args.file is None:
        print("Looked for the site file at, in order:")
        for candidate in site_file_candidates():
            print(f"  {candidate}{'  <- found' if _present(candidate) else ''}")
    site = load_site_config(args.file)
    print(site.report)
    return 1 if site.rejected is not None else 0


if __name__ == "__main__":
    sys.exit(main())

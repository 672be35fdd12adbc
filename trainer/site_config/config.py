"""The site file's content: the :class:`SiteConfig` model, and reading and checking it (no Qt).

IT places one file per station (the installers do) to fix, for every
station, what a training room must not leave to each trainee::

    [rules]                       # the rule set and pay-table letters in force
    ruleset = "ny-2018"           # a preset, or a rule-set file (relative: to this file)
    options = { trips_plus_table = "A", pocket_bonus_table = "A" }
    allow_station_rules = false   # false: Settings cannot change them (the default)

    [exam]                        # the room's exam, offered in Exam mode (under [rules])
    name = "Audition"             # optional; "Training room exam"
    rounds = 20
    pass_mark = 90                # percent of answers right
    time_limit_minutes = 30       # optional; none by default
    seats = 6                     # optional: occupied seats in every round (6 by default)
    side_bets = ["trips_plus", "pocket_bonus"]  # optional; every one the rule set offers
    seed = 4711                   # optional: the same hands for every candidate
    max_attempts = 3              # optional: attempts per trainee; no limit by default
    wait_hours = 24               # optional: hours between attempts; none by default
    allow_station_exam = false    # false: a practice exam's length is fixed too

    [site]
    room = "Pit 3 training room"  # optional: the room's name, printed on reports

    [results]
    folder = '\\\\server\\hhe-results'  # each station writes its results file here on exit
    room_key = "..."              # signs the files (see trainer.storage.exchange)
    allow_default_room_key = true # optional: accept files signed with the public
                                  # default key (refused unless this says true)

    [data]
    folder = 'D:\\hhe-trainer\\{user}'  # optional: the data folder instead of the user's own

    [room]                        # optional: the room's PostgreSQL database (trainer.room)
    database = "postgresql://training-server/hhe_room"  # no password here, ever
    credentials = "/etc/hhe-trainer/room-station.toml"  # from 'hhe-trainer room init'

    [instructor]                  # created once on each station (see site_config.apply)
    name = "Pat Lee"
    password_hash = "scrypt$16384$8$1$..."  # hhe-trainer site hash-password; never a password

    [signing]                     # the instructors' public keys that certificates count
    instructors = { "Pat Lee" = "..." }  # hhe-trainer instructor public-key NAME; a list
                                  # of keys for one name is accepted (an old key and a new)

    [security]                    # trainees' PINs and the idle lock (see site_config.security)
    trainee_pin = "optional"      # "required", "optional" (the default) or "off"
    idle_lock_minutes = 10        # 1 to 240

    [language]                    # optional (see site_config.language)
    default = "es"                # the room's language until a trainee chooses one
    number_format = "1.000,50"    # or "1,000.50" (the default)

    [chips]                       # the room's rack and chip procedure (see site_config.chips)
    values = [1, 5, 20, 25, 100, 500, 1000]   # optional: the default rack otherwise
    colours = { 1 = "blue", 20 = "yellow" }    # optional: colour names other than the usual
    procedure = "colour-for-colour"           # or "convert", "colour-for-colour-black-and-up"
    odd_cents = "round-down"                  # or "round-up"

    [procedure]                   # running the round (see site_config.procedure)
    rounds_per_hour = 40          # the house's pace, 10 to 120 (40 by default)
    deal = "manual"               # or "shoe" (an automated shoe, docs/rules.md §7)

A file with any problem is not used at all: :func:`read_site_file` names
every problem (line and key). Everything :func:`parse_site_config` accepts a
start can use: every number within its range (the exam's are
:mod:`trainer.exam_setup`'s), every path and name usable, the password hash
one that sign-in can verify and at least as costly as the trainer's own, the
rule-set file readable. A UTF-8 byte-order mark (as Notepad writes) is accepted.
"""

from __future__ import annotations

import getpass
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer.engine.money import shown
from trainer.engine.rulesets import DEFAULT_RULES
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.exam_setup import (
    FILE_KEYS,
    ExamSetup,
    exam_from_values,
    exam_value_problems,
)
from trainer.i18n import DEFAULT_NUMBER_FORMAT, NumberFormat, _
from trainer.site_config.chips import CHIP_KEYS, DEFAULT_CHIPS, RoomChips, room_chips
from trainer.site_config.language import LANGUAGE_KEYS, room_language, room_number_format
from trainer.site_config.procedure import (
    DEFAULT_PROCEDURE,
    PROCEDURE_KEYS,
    RoomProcedure,
    room_procedure,
)
from trainer.site_config.security import (
    DEFAULT_IDLE_LOCK_MINUTES,
    DEFAULT_PIN_POLICY,
    SECURITY_KEYS,
    PinPolicy,
    idle_lock_minutes,
    pin_policy,
)
from trainer.tomllines import TomlError, dotted, key_lines, loads, locate

DEFAULT_EXAM_NAME = "Training room exam"
SITE_FILE_LIMIT = 64 * 1024
"""Largest site file read, in bytes (a real one is well under 2 KB)."""
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
    allow_default_room_key: bool = False
    """True only when the file says so: merging accepts a station file signed with the
    public default room key (refused otherwise, with no site file too)."""
    data_folder: Path | None = None
    instructor: InitialInstructor | None = None
    trainee_pin: PinPolicy = DEFAULT_PIN_POLICY
    idle_lock_minutes: int = DEFAULT_IDLE_LOCK_MINUTES
    room: str | None = None
    """The training room's name, printed on reports and certificates."""
    room_database: str | None = None
    """The room's PostgreSQL database (``postgresql://host/db``, no password); None: none."""
    room_credentials: Path | None = None
    """The stations' credentials file for ``room_database`` (trainer.room.credentials)."""
    chips: RoomChips = DEFAULT_CHIPS
    """The room's rack, chip procedure and odd-cents rule (``[chips]``)."""
    language: str | None = None
    """``[language] default``: the room's language until a trainee chooses one."""
    number_format: NumberFormat = DEFAULT_NUMBER_FORMAT
    """``[language] number_format``: how the room writes and types amounts."""
    procedure: RoomProcedure = DEFAULT_PROCEDURE
    """The house's pace and deal for running the round (``[procedure]``)."""
    signing_keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """``[signing] instructors``: each instructor's pinned public keys (base64 Ed25519);
    a certificate counts only when one of them signed it."""
    rejected: Path | None = None
    """A site file that was found but not used (see ``problems``)."""
    problems: tuple[str, ...] = ()
    """Why ``rejected`` was not used, one sentence per problem, naming the key."""

    @property
    def report(self) -> str:
        """One paragraph for a person: which file is in force, or what is wrong."""
        if self.rejected is not None:
            return _(
                "The training-room site file {path} was NOT used (the defaults are in force)"
                " because: {problems}.", path=self.rejected, problems="; ".join(self.problems))
        if self.path is None:
            return _("No training-room site file; this station's own settings are in force.")
        fixed = []
        if self.rules:
            tables = ", ".join(f"{k} {v}" for k, v in sorted(self.options.items()))
            if tables and not self.allow_station_rules:
                fixed.append(_("rule set {rules} ({tables}), locked", rules=self.rules,
                               tables=tables))
            elif tables:
                fixed.append(_("rule set {rules} ({tables})", rules=self.rules, tables=tables))
            elif not self.allow_station_rules:
                fixed.append(_("rule set {rules}, locked", rules=self.rules))
            else:
                fixed.append(_("rule set {rules}", rules=self.rules))
        if self.exam:
            fixed.append(_("exam {name}: {figures}", name=repr(self.exam.name),
                           figures=self.exam.figures))
        if self.room:
            fixed.append(_("room {room}", room=repr(self.room)))
        if self.results_folder:
            fixed.append(_("results to {folder}", folder=self.results_folder))
        if self.allow_default_room_key:
            fixed.append(_("station files signed with the public default room key accepted"))
        if self.data_folder:
            fixed.append(_("data in {folder}", folder=self.data_folder))
        if self.room_database:
            fixed.append(_("room database {database}", database=self.room_database))
        if self.instructor:
            fixed.append(_("initial instructor {name}", name=self.instructor.name))
        if self.signing_keys:
            fixed.append(_("signing keys pinned for {names}",
                           names=", ".join(sorted(self.signing_keys))))
        if self.trainee_pin is not DEFAULT_PIN_POLICY:
            fixed.append(_("trainee PIN {policy}", policy=self.trainee_pin.value))
        if self.idle_lock_minutes != DEFAULT_IDLE_LOCK_MINUTES:
            fixed.append(_("idle lock after {minutes} min", minutes=self.idle_lock_minutes))
        if self.chips != DEFAULT_CHIPS:
            fixed.append(self.chips.summary)
        if self.language:
            fixed.append(_("language {language}", language=self.language))
        if self.number_format is not DEFAULT_NUMBER_FORMAT:
            fixed.append(_("amounts written {format}", format=self.number_format.value))
        if self.procedure != DEFAULT_PROCEDURE:
            fixed.append(self.procedure.summary)
        if not fixed:
            return _("Site file {path}: fixes nothing.", path=self.path)
        return _("Site file {path}: {settings}.", path=self.path, settings="; ".join(fixed))

    def folder_warnings(self) -> list[str]:
        """What ``site check`` warns of in the folders the file names, as seen from here
        (the file is still used: a share may be reachable from the stations only).

        The results folder: missing (a station makes it when it closes, if it can: a
        mistyped path makes a folder nobody collects), not a folder, or not writable."""
        folder = self.results_folder
        if self.rejected is not None or folder is None:
            return []
        where = f"results.folder {folder}"
        try:
            if not folder.exists():
                return [_("{where} does not exist (or cannot be reached from here): check"
                          " the path; each station tries to create it when it closes and"
                          " writes its results file there", where=where)]
            if not folder.is_dir():
                return [_("{where} is a file, not a folder: no station can write its"
                          " results there", where=where)]
        except OSError as error:
            return [_("{where} cannot be checked from here: {error}", where=where,
                      error=error.strerror or error)]
        if not os.access(folder, os.W_OK | os.X_OK):
            return [_("{where} cannot be written to from here (by this account): check that"
                      " the stations' accounts may write there", where=where)]
        return []

    def room_key_warnings(self) -> list[str]:
        """What ``site check`` says of ``[results]``'s keys: plainly when no room key is
        set (no site file, or one not used, included), and what that means for merging."""
        if self.room_key is None:
            if self.allow_default_room_key:
                return [_("no room key is set ([results] room_key): this station's results"
                          " files are signed with the public default room key, which anyone"
                          " can use to re-sign an edited file, and allow_default_room_key ="
                          " true makes merging accept such files (a failed exam edited to a"
                          " pass would merge); set a room key of the room's own on every"
                          " station")]
            return [_("no room key is set ([results] room_key): this station's results files"
                      " are signed with the public default room key, and merging refuses such"
                      " files; set a room key of the room's own on every station (or,"
                      " knowingly, [results] allow_default_room_key = true on the station"
                      " that merges)")]
        if self.allow_default_room_key:
            return [_("results.allow_default_room_key = true has no effect while"
                      " results.room_key is set: files are checked with the room's key")]
        return []

    def room_warnings(self) -> list[str]:
        """What ``site check`` warns of in ``[room]``: a credentials file this account
        cannot use (missing, unreadable, readable by others, not as room init wrote it)."""
        if self.rejected is not None or self.room_credentials is None:
            return []
        from trainer.room.credentials import CredentialsError, read_credentials

        try:
            read_credentials(self.room_credentials)
        except CredentialsError as error:
            return [_("room.credentials: {error}; this station cannot reach the room"
                      " database until it is fixed", error=error)]
        return []


# --- reading and checking ---------------------------------------------------------

_SECTIONS: dict[str, set[str]] = {
    "rules": {"ruleset", "options", "allow_station_rules"},
    "exam": {"name", *FILE_KEYS, "allow_station_exam"},
    "site": {"room"},
    "results": {"folder", "room_key", "allow_default_room_key"},
    "data": {"folder"},
    "room": {"database", "credentials"},
    "instructor": {"name", "password_hash"},
    "signing": {"instructors"},
    "security": set(SECURITY_KEYS),
    "chips": set(CHIP_KEYS),
    "language": set(LANGUAGE_KEYS),
    "procedure": set(PROCEDURE_KEYS),
}

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

def is_password_hash(text: object) -> bool:
    """Whether ``text`` is a stored hash that sign-in can verify (trainer.storage.passwords)."""
    from trainer.storage.passwords import is_password_hash as stored_form

    return stored_form(text)


def _hash_weakness(text: object) -> str | None:
    """Why a site file's hash is too cheap (trainer.storage.passwords); None when it will do."""
    from trainer.storage.passwords import hash_weakness

    return hash_weakness(text)


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
                raise ValueError(_("{user} is used but this station has no user name",
                                   user="{user}")) from None
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
            problems.append(_("[{name}]: expected a table (a [{name}] section)", name=name))
            return {}
        for key in sorted(set(raw) - _SECTIONS[name]):
            if (name, key) == ("instructor", "password"):
                problems.append(_(
                    "instructor.password: a password is never written in the site file;"
                    " put password_hash (from 'hhe-trainer site hash-password') instead"
                ))
                continue
            allowed = ", ".join(sorted(_SECTIONS[name]))
            problems.append(_("{key}: unknown key (known: {allowed})", key=".".join((name, key)),
                              allowed=allowed))
        return raw

    def flag(raw: dict[str, Any], where: str, key: str, default: bool) -> bool:
        value = raw.get(key, default)
        if not isinstance(value, bool):
            problems.append(_("{key}: {value} is not true or false", key=".".join((where, key)),
                              value=shown(value)))
            return default
        return value

    def text(raw: dict[str, Any], where: str, key: str,
             longest: int = MAX_TEXT_LENGTH) -> str | None:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            problems.append(_("{key}: {value} is not a non-empty text", key=".".join((where, key)),
                              value=shown(value)))
            return None
        value = value.strip()
        if _CONTROL.search(value):
            problems.append(_("{key}: {value} holds a control character",
                              key=".".join((where, key)), value=shown(value)))
            return None
        if len(value) > longest:
            problems.append(_("{key}: {length} characters; at most {longest}",
                              key=".".join((where, key)), length=format(len(value), ","),
                              longest=format(longest, ",")))
            return None
        return value

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
        problems.append(_("{key}: unknown section or key (known sections: {known})",
                          key=key, known=known))

    # [rules]
    rules_raw = section("rules")
    rules = text(rules_raw, "rules", "ruleset")
    options_raw = rules_raw.get("options", {})
    options: dict[str, str] = {}
    if not isinstance(options_raw, dict) or not all(
        isinstance(v, str) for v in options_raw.values()
    ):
        problems.append(_("rules.options: {value} is not a table of table letters",
                          value=shown(options_raw)))
    else:
        options = dict(options_raw)
    if options and rules is None:
        problems.append(_("rules.options: table letters given without rules.ruleset"))
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
        problems.extend(f"exam.{problem}" for problem in exam_value_problems(exam_raw))
        name = text(exam_raw, "exam", "name", MAX_NAME_LENGTH) or DEFAULT_EXAM_NAME
        if len(problems) == before:
            try:  # under the room's rule set and table letters
                exam = exam_from_values(name, exam_raw, rules or DEFAULT_RULES, options)
            except ValueError as error:
                problems.append(f"exam.{error}")

    # [results], [data]
    results_raw = section("results")
    results = folder(results_raw, "results")
    room_key = text(results_raw, "results", "room_key")
    allow_default_key = flag(results_raw, "results", "allow_default_room_key", False)
    data_folder = folder(section("data"), "data")
    room = text(section("site"), "site", "room", MAX_NAME_LENGTH)
    room_database, room_credentials = _room_database(section("room"), base, text, problems)

    # [instructor]
    instructor_raw = section("instructor")
    instructor = None
    if instructor_raw:
        instructor_name = text(instructor_raw, "instructor", "name", MAX_NAME_LENGTH)
        if "name" not in instructor_raw:
            problems.append(_("instructor.name: missing"))
        stored = instructor_raw.get("password_hash")
        weakness = _hash_weakness(stored)
        if not is_password_hash(stored):
            problems.append(_(
                "instructor.password_hash: missing or not a hash made by"
                " 'hhe-trainer site hash-password' (one this version can verify)"
            ))
        elif weakness is not None:
            problems.append(_(
                "instructor.password_hash: {weakness}; make it again with"
                " 'hhe-trainer site hash-password'", weakness=weakness
            ))
        elif instructor_name is not None and isinstance(stored, str):
            instructor = InitialInstructor(instructor_name, stored)

    # [signing]
    signing_keys = _signing_keys(section("signing"), MAX_NAME_LENGTH, problems)

    # [security]
    security_raw = section("security")
    trainee_pin = pin_policy(security_raw, problems)
    idle_minutes = idle_lock_minutes(security_raw, problems)

    # [chips]
    chips = room_chips(section("chips"), problems)

    # [procedure]
    procedure = room_procedure(section("procedure"), problems)

    # [language]
    language_raw = section("language")
    language = room_language(language_raw, problems)
    number_format = room_number_format(language_raw, problems)

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
        allow_default_room_key=allow_default_key,
        data_folder=data_folder,
        instructor=instructor,
        trainee_pin=trainee_pin,
        idle_lock_minutes=idle_minutes,
        room=room,
        room_database=room_database,
        room_credentials=room_credentials,
        chips=chips,
        procedure=procedure,
        signing_keys=signing_keys,
        language=language,
        number_format=number_format,
    )


def _signing_keys(raw: dict[str, Any], longest_name: int,
                  problems: list[str]) -> dict[str, tuple[str, ...]]:
    """``[signing] instructors``: name = "key" (or a list of keys), each key the base64
    text 'hhe-trainer instructor public-key' prints."""
    from trainer.storage.signing import public_key_problem

    given = raw.get("instructors")
    if given is None:
        return {}
    if not isinstance(given, dict):
        problems.append(_('signing.instructors: expected a table, {example}',
                          example='{ "Pat Lee" = "<public key>" }'))
        return {}
    pinned: dict[str, tuple[str, ...]] = {}
    for name, value in given.items():
        where = f'signing.instructors."{name}"'
        if not name.strip() or len(name.strip()) > longest_name or _CONTROL.search(name):
            problems.append(_("{where}: not an instructor's name", where=where))
            continue
        keys = value if isinstance(value, list) else [value]
        if not keys:
            problems.append(_("{where}: no key", where=where))
            continue
        bad = [problem for key in keys if (problem := public_key_problem(key)) is not None]
        if bad:
            problems.append(f"{where}: {bad[0]}")
            continue
        if name.strip().casefold() in {known.casefold() for known in pinned}:
            problems.append(_("{where}: this instructor is pinned twice", where=where))
            continue
        pinned[name.strip()] = tuple(key.strip() for key in keys)
    return pinned


_ROOM_SCHEMES = ("postgresql", "postgres")


def _room_database(raw: dict[str, Any], base: Path, text: Any,
                   problems: list[str]) -> tuple[str | None, Path | None]:
    """``[room] database`` and ``credentials``: a PostgreSQL URL without a password, and
    the credentials file it needs (relative to the site file)."""
    from urllib.parse import urlsplit

    url = text(raw, "room", "database")
    credentials = text(raw, "room", "credentials")
    if url is None:
        if credentials is not None:
            problems.append(_("room.credentials: given without room.database"))
        return None, None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        problems.append(_("room.database: {url} is not a URL ({error})", url=shown(url),
                          error=error))
        return None, None
    if parts.scheme not in _ROOM_SCHEMES or not parts.hostname or parts.path in ("", "/"):
        problems.append(_("room.database: {url} is not {form}", url=shown(url),
                          form="postgresql://HOST[:PORT]/DATABASE"))
        return None, None
    if parts.password is not None:
        problems.append(_("room.database: a password is never written in the site file; it"
                          " belongs in the file room.credentials names"))
        return None, None
    if port == 0:
        problems.append(_("room.database: port 0 in {url}", url=shown(url)))
        return None, None
    if credentials is None:
        problems.append(_("room.credentials: missing (the file 'hhe-trainer room init'"
                          " wrote)"))
        return None, None
    try:
        return url, _expand(credentials, base)
    except ValueError as error:
        problems.append(f"room.credentials: {error}")
        return None, None


def _with_line(problem: str, lines: Mapping[tuple[str | int, ...], int]) -> str:
    """``"exam.rounds: ..."`` -> ``"line 4, exam.rounds: ..."`` when the key is in the file.

    A missing key points at its section's line.
    """
    key = problem.split(": ", 1)[0].split("/")[0].strip()
    number = locate(lines, dotted(key.strip("[]")))
    return _("line {number}, {problem}", number=number, problem=problem) if number else problem


def read_site_file(path: Path) -> SiteConfig:
    """Read and check one site file; :class:`SiteConfigError` when it cannot be used.

    Each problem names the line and the key (``line 4, exam.rounds: 0 is not ...``).
    """
    try:
        source = read_text_file(path, limit=SITE_FILE_LIMIT, what="site file")
    except TextFileError as error:
        reason = str(error).removeprefix(f"site file {path}: ")
        raise SiteConfigError(path, [reason]) from None
    try:
        data = loads(source)
    except TomlError as error:
        raise SiteConfigError(path, [str(error)]) from None
    try:
        return parse_site_config(data, path)
    except SiteConfigError as error:
        lines = key_lines(source)
        raise SiteConfigError(path, [_with_line(p, lines) for p in error.problems]) from None

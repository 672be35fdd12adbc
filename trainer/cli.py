"""``hhe-trainer``: the GUI by default; ``settle``, ``explain``, ``generate``, ``site``,
``instructor``; ``chips`` (in :mod:`trainer.chips_cli`).

``hhe-trainer --self-check`` checks an installation without a screen
(:mod:`trainer.selfcheck`); ``hhe-trainer site check|hash-password`` is for the
training room's site file (:mod:`trainer.site_config`); ``hhe-trainer instructor
list|reset NAME`` is IT's recovery of a forgotten instructor password, on the station;
``instructor public-key NAME`` prints the ``[signing]`` line IT pins in the site file.

``settle`` follows ``docs/settle-contract.md`` exactly: JSON Lines in, one
JSON line out per round, error lines for rejected rounds, exit 2 when any
round was rejected. No input ends the stream early: standard input is read as
bytes, a line at a time and never more than :data:`MAX_ROUND_BYTES` of it, so
a line that is not UTF-8, not JSON, too long or nested too deeply becomes an
error line naming its line number, and every other round is still settled,
in order, with or without worker processes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from functools import partial
from pathlib import Path
from queue import Empty, Queue
from threading import Thread
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, TextIO

from trainer import __version__
from trainer.engine.money import dollars, shown, shown_name
from trainer.engine.round import TABLE_SEATS, RoundError, Wager, parse_round, round_to_json
from trainer.engine.rulesets import DEFAULT_RULES, PRESETS, RuleSetError, load_ruleset
from trainer.engine.settlement import Settlement, settle, settlement_to_json
from trainer.engine.textfile import BOM, TextFileError, read_text_file
from trainer.i18n import N_, _, in_language, ngettext

if TYPE_CHECKING:
    from trainer.storage.interfaces import Maintenance, Storage

EXIT_REJECTED = 2
BATCH_SIZE = 250
BATCH_BYTES = 1024 * 1024
MAX_ROUND_BYTES = 64 * 1024
"""A round in JSON (one line of ``settle``'s input, or ``explain --json``'s file) is
at most this long; a six-seat round with every wager is under 2 kB."""
MAX_ERROR_CHARS = 2000
"""The longest error message written; every value in one is already cut short."""
MAX_INT_DIGITS = 40
"""A JSON whole number longer than this is read as a Decimal (and refused by name),
because Python refuses to convert more than 4,300 digits to an int."""


# --- reading a round's JSON --------------------------------------------------------------


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _json_int(text: str) -> int | Decimal:
    return int(text) if len(text) <= MAX_INT_DIGITS else Decimal(text)


def _json_float(text: str) -> Decimal | str:
    """A JSON number with a point or exponent, exactly as written (7.5 is Decimal("7.5"))."""
    try:
        return Decimal(text)
    except InvalidOperation:  # an exponent beyond Decimal's range: refused as written
        return text


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return result


def loads_round(text: str) -> object:
    """Parse a round's JSON text; anything that is not JSON is a :class:`RoundError`.

    Numbers are read exactly (no float rounding), a key given twice in one object
    is refused rather than the last one silently kept, and nesting deeper than
    Python can follow is refused rather than ending the program.
    """
    try:
        return json.loads(
            text, parse_int=_json_int, parse_float=_json_float, object_pairs_hook=_json_object
        )
    except json.JSONDecodeError as error:
        where = f"column {error.colno}"
        if error.lineno > 1:
            where = f"line {error.lineno} {where}"
        raise RoundError(f"not valid JSON ({error.msg} at {where})") from None
    except RecursionError:
        raise RoundError("not a round: lists or objects nested too deeply") from None
    except _RepeatedKey as error:
        raise RoundError(f"{shown_name(error.key)}: given twice in one object") from None


# --- settle ------------------------------------------------------------------------------


_SKIP_CHUNK = 1024 * 1024


class InputLine(NamedTuple):
    """One line of ``settle``'s input, as bytes; a line longer than allowed is not kept."""

    number: int
    """1 for the first line of the input, counting blank lines."""
    data: bytes
    too_long: int = 0
    """The length in bytes (line ending included) of a line over :data:`MAX_ROUND_BYTES`
    before its line ending; ``data`` is then empty."""


def read_lines(stream: BinaryIO, limit: int = MAX_ROUND_BYTES) -> Iterator[InputLine]:
    """The lines of ``stream``, holding at most ``limit`` + 1 bytes of one at a time."""
    readline = stream.readline
    number = 0
    while True:
        data = readline(limit + 1)
        if not data:
            return
        number += 1
        if len(data) > limit and not data.endswith(b"\n"):  # over the limit: skip the rest
            length = len(data)
            while data and not data.endswith(b"\n"):
                data = readline(_SKIP_CHUNK)
                length += len(data)
            yield InputLine(number, b"", length)
            continue
        yield InputLine(number, data)


def settle_line(line: InputLine, default_rules: str) -> tuple[dict[str, Any], bool] | None:
    """Settle one input line: (output object, ok), or None for a blank line.

    Never raises: whatever the line holds, the answer is a settlement or an error.
    """
    number = line.number
    if line.too_long:
        return {
            "error": f"line {number}: {line.too_long:,} bytes; a round takes at most"
            f" {MAX_ROUND_BYTES:,} (a six-seat round is under 2 kB)"
        }, False
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as error:
        return {
            "error": f"line {number}: not UTF-8 text (byte 0x{line.data[error.start]:02x}"
            f" at column {error.start + 1})"
        }, False
    if number == 1:
        text = text.removeprefix(BOM)
    if not text.strip():
        return None
    try:
        data = loads_round(text)
        if not isinstance(data, dict):  # not a round at all: name the line
            parse_round(data)
    except RoundError as error:
        return {"error": f"line {number}: {error}"}, False
    try:
        return settlement_to_json(settle(parse_round(data, default_rules), explain=False)), True
    except (RoundError, RuleSetError) as error:
        message = str(error)
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS] + "…"
        return {"error": message}, False
    except Exception as error:  # a bug: this round is refused, the stream goes on
        return {
            "error": f"line {number}: internal error settling this round"
            f" ({type(error).__name__}); please report it with the round"
        }, False


def settle_lines(lines: Iterable[InputLine], default_rules: str) -> tuple[str, int]:
    """Settle a batch of lines; returns the output text and how many were rejected."""
    rejected = 0
    parts = []
    dumps = json.dumps
    for line in lines:
        answer = settle_line(line, default_rules)
        if answer is None:
            continue
        result, ok = answer
        rejected += not ok
        parts.append(dumps(result) + "\n")
    return "".join(parts), rejected


def _batches(lines: Iterable[InputLine], size: int) -> Iterator[list[InputLine]]:
    """Group lines into batches without ever waiting for input that has not come.

    A reader thread queues lines as they arrive; a batch is handed on as soon
    as it is full (``size`` lines or :data:`BATCH_BYTES`) or the queue runs dry,
    so a caller that writes one round and waits for its answer is answered at
    once. The queue and the batches are bounded, so memory is too, whatever
    the input.
    """
    queue: Queue[InputLine | None] = Queue(maxsize=size * 2)

    def read() -> None:
        try:
            for line in lines:
                queue.put(line)
        finally:
            queue.put(None)

    Thread(target=read, daemon=True).start()
    while True:
        line = queue.get()
        if line is None:
            return
        batch = [line]
        held = len(line.data)
        while len(batch) < size and held < BATCH_BYTES:
            try:
                line = queue.get_nowait()
            except Empty:
                break
            if line is None:
                yield batch
                return
            batch.append(line)
            held += len(line.data)
        yield batch


def settle_stream(source: BinaryIO, out: TextIO, default_rules: str, jobs: int = 1) -> int:
    """Stream rounds (JSON Lines as bytes) to settlements, in order; returns how many
    lines were rejected.

    With ``jobs`` > 1 batches are settled in worker processes (the engine is
    pure Python, so this is how a second core helps); the output is the same,
    line for line.
    """
    rejected = 0
    lines = read_lines(source)
    if jobs <= 1:
        for line in lines:
            text, line_rejected = settle_lines((line,), default_rules)
            rejected += line_rejected
            out.write(text)
        out.flush()
        return rejected
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        work = pool.imap(
            partial(settle_lines, default_rules=default_rules), _batches(lines, BATCH_SIZE)
        )
        for text, batch_rejected in work:
            out.write(text)
            out.flush()
            rejected += batch_rejected
    return rejected


def available_cores() -> int:
    """The cores this process may run on (fewer than the machine's in a container)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


AUTOMATIC_JOBS_MAX = 4
"""``--jobs 0`` (the default) starts one worker per core, at most this many."""


def _cmd_settle(args: argparse.Namespace) -> int:
    try:
        load_ruleset(args.rules)
    except RuleSetError as error:
        print(_("hhe-trainer settle: --rules: {error}", error=error), file=sys.stderr)
        return EXIT_REJECTED
    cores = available_cores()
    jobs = args.jobs if args.jobs > 0 else min(cores, AUTOMATIC_JOBS_MAX)
    if jobs > cores:
        print(_("hhe-trainer settle: --jobs {jobs} is more than the {count} core(s) here;"
                " using {count}", jobs=args.jobs, count=cores), file=sys.stderr)
        jobs = cores
    rejected = settle_stream(sys.stdin.buffer, sys.stdout, args.rules, jobs)
    if rejected:
        print(_("hhe-trainer settle: {count} round(s) rejected; see the error lines",
                count=rejected), file=sys.stderr)
        return EXIT_REJECTED
    return 0


# --- explain -----------------------------------------------------------------

_SEAT_HELP = N_(
    "a seat as 'N: CARD CARD ante=X [odds=X] (raise=Y | fold) [trips_plus=Z]"
    " [pocket_bonus=Z] [six_card_bonus=Z] [progressive=1]', e.g. '6: Ah Ad ante=10 raise=30'"
)
_SEAT_ALIASES = {
    "trips": Wager.TRIPS_PLUS.value,
    "pocket": Wager.POCKET_BONUS.value,
    "six_card": Wager.SIX_CARD_BONUS.value,
    "play": Wager.RAISE.value,
}


def parse_seat_spec(spec: str) -> dict[str, Any]:
    """Read the command-line seat form into the settle contract's seat object.

    ``odds`` may be left out: it is the mandatory equal of the ante. A wager
    named twice is refused, not overwritten.
    """
    head, _colon, rest = spec.partition(":")
    if not re.fullmatch(r"\s*[0-9]{1,2}\s*", head, re.ASCII):
        raise RoundError(_("--seat {seat}: expected 'N: CARD CARD ante=X ...'",
                           seat=shown(spec)))
    number = int(head)
    words = rest.split()
    if len(words) < 2:
        raise RoundError(_("--seat {seat}: expected two hole cards after 'N:'",
                           seat=shown(spec)))
    seat: dict[str, Any] = {"seat": number, "hole": words[:2]}
    for word in words[2:]:
        value: str | bool
        if word.lower() in ("fold", "folded"):
            key, value = "folded", True
        else:
            name, sep, text = word.partition("=")
            if not sep:
                raise RoundError(_("--seat {seat}: {word} is not 'name=amount' or 'fold'",
                                   seat=shown(spec), word=shown(word)))
            key, value = _SEAT_ALIASES.get(name.lower(), name.lower()), text
        if key in seat:
            raise RoundError(_("--seat {seat}: {wager} given twice", seat=shown(spec),
                               wager=shown_name(key)))
        seat[key] = value
    if "ante" in seat and "odds" not in seat:
        seat["odds"] = seat["ante"]
    return seat


def _rules_line(settlement: Settlement) -> str:
    """``Rule set: New York 2018 (ny-2018 v1); Trips Plus A, ...``: what the round was
    settled under."""
    ruleset, tables = settlement.round.ruleset, settlement.round.tables
    named = {"name": ruleset.name, "ruleset": ruleset.id, "version": ruleset.version,
             "trips": tables.trips_plus_letter, "pocket": tables.pocket_bonus_letter,
             "bad_beat": tables.bad_beat_name}
    if tables.progressive_letter:
        return _("Rule set: {name} ({ruleset} v{version}); Trips Plus {trips}, Pocket Bonus"
                 " {pocket}, bad beat table {bad_beat}, progressive {progressive}",
                 progressive=tables.progressive_letter, **named)
    return _("Rule set: {name} ({ruleset} v{version}); Trips Plus {trips}, Pocket Bonus"
             " {pocket}, bad beat table {bad_beat}", **named)


def explain_text(settlement: Settlement) -> str:
    """A person's account of a settlement, in the order the dealer works."""
    round_ = settlement.round
    lines = [
        _rules_line(settlement),
        _("Board: {cards}", cards=" ".join(map(str, round_.board))),
        _("Dealer: {cards} -> {hand} ({five})", cards=" ".join(map(str, round_.dealer)),
          hand=settlement.dealer.describe(),
          five=" ".join(map(str, settlement.dealer.cards))),
        _("Dealer qualifies (pair or better).")
        if settlement.dealer_qualifies
        else _("Dealer does NOT qualify (less than a pair): antes of raised seats push."),
        _("Settlement order: {seats}",
          seats=", ".join(_("seat {seat}", seat=n) for n in settlement.order)),
    ]
    for seat in settlement.seats:
        source = round_.seat(seat.seat)
        lines.append("")
        lines.append(_(
            "Seat {seat}: {cards} -> {hand} ({five}); {result}", seat=seat.seat,
            cards=" ".join(map(str, source.hole)), hand=seat.hand.describe(),
            five=" ".join(map(str, seat.hand.cards)), result=seat.result.display_name.upper()))
        for wager in seat.wagers:
            lines.append(f"  {wager.reason}")
        if seat.capped and seat.cap_reason:
            lines.append("  " + _("CAP: {reason}", reason=seat.cap_reason))
        lines.append("  " + _("Seat total: {amount}", amount=dollars(seat.total)))
    return "\n".join(lines)


def read_round_file(name: str) -> object:
    """``explain --json``'s round: a file of at most MAX_ROUND_BYTES, or ``-`` for stdin."""
    where = (_("--json - (standard input)") if name == "-"
             else _("--json file {name}", name=name))
    if name == "-":
        data = sys.stdin.buffer.read(MAX_ROUND_BYTES + 1)
        if len(data) > MAX_ROUND_BYTES:
            raise RoundError(_("{where}: more than the {limit} bytes a round may take",
                               where=where, limit=format(MAX_ROUND_BYTES, ",")))
        try:
            text = data.decode("utf-8").removeprefix(BOM)
        except UnicodeDecodeError as error:
            raise RoundError(_("{where}: not UTF-8 text (byte 0x{byte} at offset {offset})",
                               where=where, byte=format(data[error.start], "02x"),
                               offset=error.start)) from None
    else:
        try:
            text = read_text_file(name, limit=MAX_ROUND_BYTES, what="--json file")
        except TextFileError as error:  # it names the file
            raise RoundError(str(error)) from None
        except ValueError as error:  # a path the system refuses
            raise RoundError(_("{where}: {error}", where=where, error=error)) from None
    try:
        return loads_round(text)
    except RoundError as error:
        raise RoundError(_("{where}: {error}", where=where, error=error)) from None


def _explain_round(args: argparse.Namespace) -> dict[str, Any] | None:
    """The round the command line describes, or None when it describes none."""
    if not (args.dealer and args.board and args.seat):
        return None
    data: dict[str, Any] = {
        "rules": args.rules,
        "dealer": args.dealer.split(),
        "board": args.board.split(),
        "seats": [parse_seat_spec(spec) for spec in args.seat],
    }
    options = {
        key: value
        for key, value in (
            ("trips_plus_table", args.trips_plus_table),
            ("pocket_bonus_table", args.pocket_bonus_table),
            ("bad_beat_table", args.bad_beat_table),
            ("progressive_table", args.progressive_table),
        )
        if value is not None
    }
    if options:
        data["options"] = options
    if args.six_card_bonus_cards is not None:
        data["six_card_bonus_cards"] = args.six_card_bonus_cards.split()
    for key in ("six_card_bonus_jackpot", "progressive_pool"):
        value = getattr(args, key)
        if value is not None:
            data[key] = value
    return data


def _cmd_explain(args: argparse.Namespace) -> int:
    try:
        load_ruleset(args.rules)
    except RuleSetError as error:
        print(_("hhe-trainer explain: --rules: {error}", error=error), file=sys.stderr)
        return EXIT_REJECTED
    try:
        data = read_round_file(args.json) if args.json is not None else _explain_round(args)
        if data is None:
            print(_("hhe-trainer explain: give --dealer, --board and at least one --seat,"
                    " or --json FILE"), file=sys.stderr)
            return EXIT_REJECTED
        text = explain_text(settle(parse_round(data, args.rules)))
    except (RoundError, RuleSetError) as error:
        print(_("hhe-trainer explain: {error}", error=error), file=sys.stderr)
        return EXIT_REJECTED
    print(text)
    return 0


# --- generate ----------------------------------------------------------------


def generate_lines(count: int, seed: int | None, rules: str, seats: int | None) -> Iterator[str]:
    from trainer.engine.generator import generate_round

    rng = random.Random(seed)
    ruleset = load_ruleset(rules)
    for _number in range(count):
        yield json.dumps(round_to_json(generate_round(rng, ruleset, seats=seats)))


def _cmd_generate(args: argparse.Namespace) -> int:
    try:
        load_ruleset(args.rules)
    except RuleSetError as error:
        print(_("hhe-trainer generate: --rules: {error}", error=error), file=sys.stderr)
        return EXIT_REJECTED
    write = sys.stdout.write
    for line in generate_lines(args.count, args.seed, args.rules, args.seats):
        write(line + "\n")
    sys.stdout.flush()
    return 0


# --- command-line numbers ----------------------------------------------------


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number within bounds, in ASCII digits only (no
    Arabic-Indic digits, ``1_000`` or `` 5 ``, which ``int()`` would quietly accept)."""

    def read(text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,30}", text, re.ASCII):
            raise argparse.ArgumentTypeError(
                _("{value} is not a whole number such as 4", value=shown(text)))
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                refusal = _("{value} is not allowed: give from {low} to {high}", value=value,
                            low=low, high=high)
            elif low is not None:
                refusal = _("{value} is not allowed: give {low} or more", value=value, low=low)
            else:
                refusal = _("{value} is not allowed: give at most {high}", value=value,
                            high=high)
            raise argparse.ArgumentTypeError(refusal)
        return value

    return read


def _cmd_gui(args: argparse.Namespace) -> int:
    if args.self_check:
        from trainer.selfcheck import run

        return run()
    from trainer.ui.app import run_app

    return run_app(rules=args.rules)


def _read_password(from_stdin: bool, command: str = "site",
                   prompt: str | None = None) -> str:
    """A new password, typed twice without echo (or the first line of stdin); a refusal
    exits 1 naming ``hhe-trainer <command>``."""
    from trainer.storage.passwords import MIN_PASSWORD_LENGTH

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        import getpass

        password = getpass.getpass(_("Instructor's password: ") if prompt is None else prompt)
        if getpass.getpass(_("Again: ")) != password:
            raise SystemExit(_("hhe-trainer {command}: the two passwords differ; nothing"
                               " written", command=command))
    if len(password) < MIN_PASSWORD_LENGTH:
        raise SystemExit(_("hhe-trainer {command}: a password needs at least {length}"
                           " characters", command=command, length=MIN_PASSWORD_LENGTH))
    return password


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cmd_site(args: argparse.Namespace) -> int:
    """``site check [FILE]``: which site file is in force, and what is wrong with it (exit 1);
    ``site hash-password --name NAME``: the ``[instructor]`` section for a site file."""
    if args.site_command == "hash-password":
        from trainer.storage.passwords import hash_password

        stored = hash_password(_read_password(args.stdin))
        print("[instructor]")
        print(f"name = {_toml_string(args.name.strip())}")
        print(f"password_hash = {_toml_string(stored)}")
        return 0
    from trainer.site_config import is_present, load_site_config, site_file_candidates

    if args.file is None:
        print(_("Looked for the site file at, in order:"))
        for candidate in site_file_candidates():
            found = _("  <- found") if is_present(candidate) else ""
            print(f"  {candidate}{found}")
    site = load_site_config(args.file)
    print(site.report)
    for warning in [*site.room_key_warnings(), *site.folder_warnings(),
                    *site.room_warnings()]:  # used: exit 0
        print(_("Warning: {warning}.", warning=warning))
    return 1 if site.rejected is not None else 0


def _cmd_instructor(args: argparse.Namespace) -> int:
    """``instructor list``, ``instructor reset NAME``: for IT, on the station itself.

    Uses the database the trainer would open (the site file's data folder, or
    ``HHE_TRAINER_HOME``). Exit 0 when done, 1 when refused (unknown name, a
    short password, the two typings differ, a database that cannot be used).
    """
    from trainer.site_config import apply_data_folder, load_site_config
    from trainer.storage.database import open_database
    from trainer.storage.models import StorageError

    command = f"instructor {args.instructor_command}"
    site = load_site_config()
    if site.rejected is not None:
        print(f"hhe-trainer {command}: {site.report}", file=sys.stderr)
    apply_data_folder(site)
    with open_database(backup_on_session=False) as db:
        if db.notice:
            print(f"hhe-trainer {command}: {db.notice}", file=sys.stderr)
            print(_("hhe-trainer {command}: nothing was changed", command=command),
                  file=sys.stderr)
            return 1
        if args.instructor_command == "list":
            for name in db.list_instructors():
                print(name)
            return 0
        if args.instructor_command == "public-key":
            return _print_public_key(db, args, command)
        try:
            known = db.known_instructor(args.name)
        except StorageError as error:
            print(_("hhe-trainer {command}: {error} (database {path}); nothing changed",
                    command=command, error=error, path=db.path), file=sys.stderr)
            return 1
        password = _read_password(args.password_stdin, command,
                                  _("New password for instructor {name}: ", name=known))
        try:
            stored = db.reset_instructor_password(known, password)
        except StorageError as error:
            print(_("hhe-trainer {command}: {error}; nothing changed", command=command,
                    error=error), file=sys.stderr)
            return 1
    again = "hhe-trainer instructor public-key " + _toml_string(stored)
    print(_("The password of instructor {name} is reset in {path}; their wrong tries are"
            " cleared. Their signing key is new (the old one could not be unlocked without"
            " the old password): pin it again in the site file with '{command}'.",
            name=stored, path=db.path, command=again))
    return 0


def _print_public_key(db: Any, args: argparse.Namespace, command: str) -> int:
    """The site file's ``[signing]`` line for one instructor, after their password."""
    from trainer.storage.models import StorageError

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        import getpass

        password = getpass.getpass(_("Password of instructor {name}: ",
                                     name=args.name.strip()))
    try:
        name, key = db.instructor_public_key(args.name, password)
    except StorageError as error:
        print(f"hhe-trainer {command}: {error}", file=sys.stderr)
        return 1
    print(_("# Pin it in the site file's [signing] section (one line per instructor):"))
    print(f"instructors = {{ {_toml_string(name)} = {_toml_string(key)} }}")
    return 0


VERIFY_VALID, VERIFY_ALTERED, VERIFY_UNKNOWN, VERIFY_UNCHECKABLE, VERIFY_NO_DATABASE = range(5)
VERIFY_NOT_SIGNED = 5
"""``hhe-trainer verify``'s exit codes: 0 valid, 1 altered, 2 no record has that code,
3 cannot be checked (the station secret is not the one it was sealed with, or the file
is another program's or another version's of the trainer), 4 no database could be read
(none there, empty or damaged), 5 a certificate not signed by a key the site file pins
(unsigned, or signed by any other key: it proves nothing). Verify only reads: it writes
nothing in the data folder."""


def _cmd_verify(args: argparse.Namespace) -> int:
    """``verify [CODE]``: one exam's (or certification's) code checked on this station,
    or with no code every sealed record of the database (see VERIFY_* for exit codes)."""
    from trainer.site_config import apply_data_folder, load_site_config
    from trainer.storage.database import DEFAULT_FILENAME, CannotCheck, open_for_checking

    site = load_site_config()  # its [signing] keys are the ones a certificate counts
    if site.rejected is not None:
        print(_("hhe-trainer verify: {problem}", problem=site.report), file=sys.stderr)
    if args.data_folder is not None:
        if not args.data_folder.is_dir():
            print(_("hhe-trainer verify: there is no data folder {folder}",
                    folder=args.data_folder), file=sys.stderr)
            return VERIFY_NO_DATABASE
        os.environ["HHE_TRAINER_HOME"] = str(args.data_folder)
    else:
        apply_data_folder(site)
    from trainer.paths import data_dir

    folder = data_dir()
    path = folder / DEFAULT_FILENAME
    if not path.is_file():
        print(_("hhe-trainer verify: there is no trainer database at {path}", path=path),
              file=sys.stderr)
        return VERIFY_NO_DATABASE
    try:  # read-only: a check writes nothing (no side file, no upgrade, no secret)
        opened = open_for_checking(path)
    except CannotCheck as refused:
        print(_("hhe-trainer verify: {problem}", problem=refused), file=sys.stderr)
        return VERIFY_UNCHECKABLE if refused.readable else VERIFY_NO_DATABASE
    with opened as db:
        if args.code is None:
            return _verify_database(db)
        if site.room_database is None or site.room_credentials is None:
            return _verify_code(db, args.code, site.signing_keys, site.path)
        keys, site_keys, room_url = _room_pins(site.signing_keys, site.room_database,
                                               site.room_credentials)
        return _verify_code(db, args.code, keys, site.path, site_pinned=site_keys,
                            room_url=room_url)


def _room_pins(site_keys: Mapping[str, tuple[str, ...]], url: str, credentials_path: Path
               ) -> tuple[Mapping[str, tuple[str, ...]], Mapping[str, tuple[str, ...]],
                          str | None]:
    """With [room]: the keys that count (the site file's and the room's, less those the
    room unpinned), the site file's part of them, and the room's URL; the site file's
    alone and None when the room cannot be read (printed, with why)."""
    from trainer.room.credentials import CredentialsError, read_credentials
    from trainer.room.keys import effective_pins  # psycopg: only with a room

    try:
        credentials = read_credentials(credentials_path)
    except CredentialsError as error:
        print("  " + _("the keys pinned in the room could not be read ({error}): only the site"
                       " file's pins counted", error=error))
        return site_keys, site_keys, None
    pins = effective_pins(site_keys, url, credentials)
    if pins.problem is not None:
        print(f"  {pins.problem}")
        return pins.keys, pins.site_keys, None
    return pins.keys, pins.site_keys, url


def _verdict(state: object) -> int:
    from trainer.storage.models import SealState

    print(_("Record: {state}", state=_seal_word(state)))
    return {SealState.VALID: VERIFY_VALID, SealState.ALTERED: VERIFY_ALTERED,
            SealState.UNCHECKABLE: VERIFY_UNCHECKABLE}[state]  # type: ignore[index]


def _seal_word(state: object) -> str:
    """``valid``, ``altered``, ``cannot be checked`` in the site's language (the exit code
    is what a script reads)."""
    from trainer.storage.models import SealState

    words = {SealState.VALID: _("valid"), SealState.ALTERED: _("altered"),
             SealState.UNCHECKABLE: _("cannot be checked")}
    return words.get(state, str(state))  # type: ignore[call-overload]


def _worst(*states: object) -> object:
    from trainer.storage.models import SealState

    for state in (SealState.ALTERED, SealState.UNCHECKABLE):
        if state in states:
            return state
    return SealState.VALID


def _signature_verdict(db: Storage, certification_id: int,
                       pinned: Mapping[str, Iterable[str]], pinned_in: Path | None, *,
                       site_pinned: Mapping[str, Iterable[str]] | None = None,
                       room_url: str | None = None) -> int:
    """Print what the certificate's signature says; its exit code (valid: 0). With
    ``room_url`` (the room's keys were read), ``site_pinned`` is the site file's part of
    ``pinned``: the verdict says which of the two pinned the signer's key."""
    from trainer.storage.models import SignatureState

    check = db.check_signature(certification_id, pinned)
    if room_url is not None:
        print("  " + _("keys pinned in the room {url} (and in the site file)", url=room_url))
    if pinned and pinned_in is not None:
        print("  " + _("keys pinned in {path}", path=pinned_in))
        if os.access(pinned_in, os.W_OK) or os.access(pinned_in.parent, os.W_OK):
            print("  " + _("WARNING: this account can change {path} (or its folder): whoever"
                           " uses it can pin a key of their own. Install the site file where"
                           " only administrators write (docs/installing.md).", path=pinned_in))
    if check.state is SignatureState.NOT_PINNED:
        problems = "; ".join(check.problems)
        print("  " + (
            _("signature: NOT by a key the site file pins: {problems}. This certificate"
              " proves nothing.", problems=problems) if room_url is None
            else _("signature: NOT by a key the site file or the room pins: {problems}. This"
                   " certificate proves nothing.", problems=problems)))
        return VERIFY_NOT_SIGNED
    in_room = room_url is not None and db.check_signature(
        certification_id, site_pinned or {}).signer != check.signer
    print("  " + (_("signature: by {name}'s key, pinned in the room", name=check.signer)
                  if in_room else
                  _("signature: by {name}'s key, pinned in the site file", name=check.signer)))
    if check.revoked_by is not None:
        print("  " + _("revocation signed by {name}'s pinned key", name=check.revoked_by))
    if check.state is SignatureState.ALTERED:
        for problem in check.problems:
            print("  " + _("ALTERED after signing: {problem}", problem=problem))
        return VERIFY_ALTERED
    return VERIFY_VALID


def _verify_code(db: Storage, code: str, pinned: Mapping[str, Iterable[str]] | None = None,
                 pinned_in: Path | None = None, *,
                 site_pinned: Mapping[str, Iterable[str]] | None = None,
                 room_url: str | None = None) -> int:
    from trainer import reports
    from trainer.storage import seal
    from trainer.storage.certificates import normalise_code
    from trainer.storage.models import SealState

    exam_id = db.find_exam_by_code(code)
    certification = None
    if exam_id is None and normalise_code(code) is not None:
        certification = db.find_certification(code)
        exam_id = None if certification is None else certification.exam_id
    if exam_id is None:
        print(_("hhe-trainer verify: no exam or certification on this station has the code"
                " {code} (database {path})", code=repr(code.strip()), path=db.path),
              file=sys.stderr)
        return VERIFY_UNKNOWN
    [exam] = [e for e in db.exam_results() if e.id == exam_id]
    trainee = db.get_trainee(exam.trainee_id)
    if certification is not None:
        print(_("Certification {code}", code=certification.code))
        signed_at = reports.local_time(certification.signed_at)
        line = (_("signed by {name} on {moment}, valid until {day}", name=certification.signed_by,
                  moment=signed_at, day=certification.expires) if certification.expires
                else _("signed by {name} on {moment}", name=certification.signed_by,
                       moment=signed_at))
        if certification.revoked:
            line = _("{signed}, REVOKED {moment}", signed=line,
                     moment=reports.local_time(certification.revoked))
        print("  " + line)
    print(_("Exam #{exam} ({code})", exam=exam.id, code=exam.verification_code)
          if exam.verification_code else _("Exam #{exam}", exam=exam.id))
    print("  " + _("trainee: {name}", name=trainee.name if trainee else _("(no such trainee)")))
    print("  " + _("set-up: {setup}, attempt {attempt}, rule set {ruleset}",
                   setup=reports.exam_setup_name(exam) or "-",
                   attempt=reports.attempt_text(exam), ruleset=exam.ruleset_id))
    print("  " + _("started {started}, finished {finished}",
                   started=reports.local_time(exam.started),
                   finished=reports.local_time(exam.finished) or _("not finished")))
    print("  " + _("score {score} (pass mark {mark}%): {result}",
                   score=reports.score_text(exam.score), mark=format(exam.pass_mark, "g"),
                   result=reports.exam_result_text(exam)))
    answers = (SealState.VALID if exam.session_id is None
               else db.session_answers_state(exam.session_id))
    states = [exam.seal_state, answers]
    if certification is not None:
        states.append(db.certification_seal(certification.id))
    signed = (VERIFY_VALID if certification is None
              else _signature_verdict(db, certification.id, pinned or {}, pinned_in,
                                      site_pinned=site_pinned, room_url=room_url))
    state = _worst(*states)
    if state is SealState.UNCHECKABLE:
        print(seal.uncheckable_sentence(db.secret))
    elif state is SealState.ALTERED:
        print(_("The record, or one of the exam's answers, was changed outside the trainer:"
                " its score and result are not to be believed."))
    if signed == VERIFY_ALTERED or state is SealState.ALTERED:
        return _verdict(SealState.ALTERED)
    if signed == VERIFY_NOT_SIGNED:
        print(_("Record: not signed by a pinned key"))
        return VERIFY_NOT_SIGNED
    return _verdict(state)


def _verify_database(db: Maintenance) -> int:
    from trainer.storage import seal
    from trainer.storage.models import SealState

    checked = db.check_records()
    counted = ", ".join(_table_count(table, count) for table, count in checked.checked.items())
    print(_("Checked {counted} in {path}.", counted=counted, path=db.path))
    for finding in checked.altered:
        print(_("ALTERED: {what}", what=finding.what))
    if checked.uncheckable:
        print(ngettext("{count} record cannot be checked. {why}",
                       "{count} records cannot be checked. {why}", len(checked.uncheckable),
                       why=seal.uncheckable_sentence(db.secret)))
    if checked.altered:
        print(ngettext("{count} altered: its figures are not to be believed.",
                       "{count} altered: their figures are not to be believed.",
                       len(checked.altered)))
        return _verdict(SealState.ALTERED)
    return _verdict(SealState.UNCHECKABLE if checked.uncheckable else SealState.VALID)


_TABLE_WORDS = {
    "answers": N_("answers"),
    "course_answers": N_("course answers"),
    "exams": N_("exams"),
    "certifications": N_("certifications"),
}
"""The sealed tables verify counts, as a person reads them (a table not here by its
name)."""


def _table_count(table: str, count: int) -> str:
    """``2957 answers``: a table's records counted, as ``verify`` says it."""
    word = _TABLE_WORDS.get(table)
    return _("{count} {records}", count=count,
             records=_(word) if word else table.replace("_", " "))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hhe-trainer",
        description=_("Heads Up Hold'em dealer trainer. With no command, opens the trainer."),
    )
    parser.add_argument(
        "--rules", default=None,
        help=_("rule set: {presets} or a rule-set file", presets=", ".join(PRESETS))
    )
    parser.add_argument(
        "--self-check",
        action="store_true",
        help=_("check this installation without a screen (database, lessons, rule sets, one"
        " table drawn offscreen) and exit: 0 when all is well"),
    )
    parser.add_argument("--version", action="version", version=f"hhe-trainer {__version__}")
    parser.set_defaults(func=_cmd_gui)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    rules_help = _("default rule set for rounds that name none: {presets} or a file",
                   presets=", ".join(PRESETS))

    settle_parser = commands.add_parser(
        "settle", help=_("settle JSON Lines rounds from stdin (the audit contract)")
    )
    settle_parser.add_argument("--rules", default=DEFAULT_RULES, help=rules_help)
    settle_parser.add_argument(
        "--jobs",
        type=whole_number(low=0),
        default=0,
        help=_("worker processes (default 0: one per core, at most {most}; 1: settle"
               " in-process; more than the cores here is cut to the cores)",
               most=AUTOMATIC_JOBS_MAX),
    )
    settle_parser.set_defaults(func=_cmd_settle)

    explain_parser = commands.add_parser(
        "explain", help=_("settle one round and explain every payout, for a person")
    )
    explain_parser.add_argument("--rules", default=DEFAULT_RULES, help=rules_help)
    explain_parser.add_argument(
        "--json", metavar="FILE", help=_("read the round as JSON from FILE ('-' for stdin)")
    )
    explain_parser.add_argument("--dealer", help=_("the dealer's two cards, e.g. 'As Kd'"))
    explain_parser.add_argument("--board", help=_("the five community cards"))
    explain_parser.add_argument("--seat", action="append", help=_(_SEAT_HELP))
    for option in ("trips_plus_table", "pocket_bonus_table", "bad_beat_table", "progressive_table"):
        explain_parser.add_argument("--" + option.replace("_", "-"), dest=option)
    explain_parser.add_argument(
        "--six-card-bonus-cards", dest="six_card_bonus_cards", help=_("the four 6-Card Bonus cards")
    )
    explain_parser.add_argument("--six-card-bonus-jackpot", dest="six_card_bonus_jackpot")
    explain_parser.add_argument("--progressive-pool", dest="progressive_pool")
    explain_parser.set_defaults(func=_cmd_explain)

    generate_parser = commands.add_parser(
        "generate", help=_("print random rounds in the settle input format")
    )
    generate_parser.add_argument("--count", type=whole_number(low=0), default=10)
    generate_parser.add_argument("--seed", type=whole_number(), default=None)
    generate_parser.add_argument(
        "--seats",
        type=whole_number(low=1, high=TABLE_SEATS),
        default=None,
        help=_("occupied seats per round (default: 1-6 at random)"),
    )
    generate_parser.add_argument("--rules", default=DEFAULT_RULES, help=rules_help)
    generate_parser.set_defaults(func=_cmd_generate)

    site_parser = commands.add_parser(
        "site",
        help=_("the training room's site file: 'site check [FILE]', 'site hash-password --name N'"),
        description=_("The training room's site file (for IT)."),
    )
    site_parser.set_defaults(func=_cmd_site)
    site_commands = site_parser.add_subparsers(dest="site_command", required=True,
                                               metavar="COMMAND")
    check = site_commands.add_parser(
        "check", help=_("say which site file is in force and check it"))
    check.add_argument("file", nargs="?", type=Path, help=_("check this file instead"))
    hashing = site_commands.add_parser(
        "hash-password", help=_("print the [instructor] section for a site file")
    )
    hashing.add_argument("--name", required=True, help=_("the instructor's name"))
    hashing.add_argument(
        "--stdin", action="store_true", help=_("read the password from the first line of stdin")
    )

    instructor_parser = commands.add_parser(
        "instructor",
        help=_("this station's instructors, for IT: 'instructor list', 'instructor reset NAME',"
             " 'instructor public-key NAME'"),
        description=_("This station's instructors (for IT, run on the station as its user)."),
    )
    instructor_parser.set_defaults(func=_cmd_instructor)
    instructor_commands = instructor_parser.add_subparsers(
        dest="instructor_command", required=True, metavar="COMMAND")
    instructor_commands.add_parser("list", help=_("print the instructors' names"))
    reset = instructor_commands.add_parser(
        "reset", help=_("set a new password for a forgotten one (asks twice, no echo)"))
    reset.add_argument("name", help=_("the instructor's name, as in 'instructor list'"))
    reset.add_argument("--password-stdin", action="store_true",
                       help=_("read the new password from the first line of stdin"))
    public = instructor_commands.add_parser(
        "public-key", help=_("print the instructor's public key, the [signing] line to pin"
                           " in the site file (asks their password)"))
    public.add_argument("name", help=_("the instructor's name, as in 'instructor list'"))
    public.add_argument("--password-stdin", action="store_true",
                        help=_("read the password from the first line of stdin"))
    _add_verify(commands)
    _add_room(commands)
    _add_chips(commands)
    return parser


def _add_chips(commands: Any) -> None:
    from trainer.chips_cli import add_chips_parser  # its own module: the chips contract

    add_chips_parser(commands)


def _add_room(commands: Any) -> None:
    from trainer.room.commands import add_room_parser

    add_room_parser(commands)


def _add_verify(commands: Any) -> None:
    verify = commands.add_parser(
        "verify",
        help=_("check an exam's verification code, or with no code every record, on this"
        " station"),
        description=_("Check on this station that an exam result (or certification) is as the"
        " trainer recorded it; reads only, writes nothing. Exit 0 valid, 1 altered, 2 unknown"
        " code, 3 cannot be checked (another secret, program or version), 4 no database."),
    )
    verify.add_argument("code", nargs="?", help=_("the code printed on the exam report"
                        " (E-XXXX-XXXX-XXXX) or certificate; none: check every record"))
    verify.add_argument("--data-folder", type=Path, default=None,
                        help=_("the station's data folder (default: the one the trainer uses)"))
    verify.set_defaults(func=_cmd_verify)


def _site_language() -> str:
    """The commands' words for people (help, messages, ``verify``'s report) in the site's
    language: ``HHE_TRAINER_LANGUAGE``, else the site file's ``[language] default``, else
    English. Not a station user's Settings: a command is run by IT or an instructor for
    the room. A language that cannot be shown leaves English (``site check`` names it).
    What scripts read stays as it is in every language: settle's and chips' JSON, the
    exit codes."""
    from trainer.i18n import ENGLISH, language_problem
    from trainer.site_config.apply import ENV_LANGUAGE

    chosen = os.environ.get(ENV_LANGUAGE)
    if not chosen:
        from trainer.site_config import load_site_config

        chosen = load_site_config().language or ENGLISH
    return ENGLISH if language_problem(chosen) else chosen


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()  # settle's workers in a frozen installer build
    argv = list(sys.argv[1:] if argv is None else argv)
    with in_language(_site_language()):  # put back after: main may run inside a program
        args = build_parser().parse_args(argv)
        try:
            return int(args.func(args))
        except BrokenPipeError:
            return 0


__all__ = ["Wager", "main", "settle_stream"]

if __name__ == "__main__":
    sys.exit(main())
